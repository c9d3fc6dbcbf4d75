package scenarios

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"

	"github.com/dlxlab/dlxlab/core"
)

// byteOrderMark is UTF-8's BOM, which some editors put first in a file.
var byteOrderMark = []byte("\ufeff")

// Parse reads one scenario document, YAML or JSON (JSON is read as the
// YAML it also is), fills in the defaults and validates it. name is used
// in errors ("retry.yaml:7:5: …"). The error is an ErrorList with every
// problem found, each with its line and column.
func Parse(name string, data []byte) (*Scenario, error) {
	return parse(name, data, false)
}

// ParseUnbounded is Parse without the limits on messages (MaxPublishCount
// and MaxPublishTotal), for benchmarking on one's own machine only (`dlxlab
// run --unbounded`): such a file can ask for more memory than the machine
// has. Run it with Options.Unbounded. Links and the app never use it.
func ParseUnbounded(name string, data []byte) (*Scenario, error) {
	return parse(name, data, true)
}

func parse(name string, data []byte, unbounded bool) (*Scenario, error) {
	if len(data) > MaxFileSize {
		return nil, ErrorList{{File: name, Msg: fmt.Sprintf("file is %d bytes; the limit is %d (MaxFileSize)", len(data), MaxFileSize)}}
	}
	data = bytes.TrimPrefix(data, byteOrderMark)
	if err := checkText(name, data); err != nil {
		return nil, ErrorList{err}
	}
	root, err := parseYAML(name, data)
	if err != nil {
		return nil, ErrorList{err}
	}
	d := &decoder{file: name, unbounded: unbounded}
	sc := d.scenario(root)
	if len(d.errs) == 0 {
		d.validate(sc)
	}
	if len(d.errs) > 0 {
		return nil, d.errs
	}
	sc.Name = name
	return sc, nil
}

// parseYAML parses one document and returns its body (nil when empty).
func parseYAML(name string, data []byte) (ast.Node, *Error) {
	bodies, err := yamlBodies(name, data)
	if err != nil {
		return nil, err
	}
	if len(bodies) == 0 {
		return nil, &Error{File: name, Line: 1, Col: 1, Msg: "empty scenario: expected a mapping with version, title, queues, steps, expect…"}
	}
	return oneBody(name, bodies)
}

// oneBody is the only document's body: a second one is an error.
func oneBody(name string, bodies []ast.Node) (ast.Node, *Error) {
	if len(bodies) > 1 {
		p := pos(bodies[1])
		return nil, &Error{File: name, Line: p.Line, Col: p.Col, Msg: "a second YAML document: a scenario is one document (remove the ---)"}
	}
	return bodies[0], nil
}

// yamlBodies parses YAML text into the bodies of its documents.
// The YAML library is not trusted not to panic on hostile input.
func yamlBodies(name string, data []byte) (bodies []ast.Node, err *Error) {
	defer func() {
		if r := recover(); r != nil {
			bodies, err = nil, &Error{File: name, Msg: fmt.Sprintf("the YAML parser failed on this input: %v", r)}
		}
	}()
	f, perr := parser.ParseBytes(data, 0)
	if perr != nil {
		return nil, yamlError(name, perr)
	}
	for _, doc := range f.Docs {
		if doc != nil && doc.Body != nil {
			bodies = append(bodies, doc.Body)
		}
	}
	return bodies, nil
}

// yamlError turns the library's error into ours, keeping its position.
func yamlError(name string, err error) *Error {
	var se *yaml.SyntaxError
	if errors.As(err, &se) && se.Token != nil && se.Token.Position != nil {
		return &Error{File: name, Line: se.Token.Position.Line, Col: se.Token.Position.Column, Msg: se.Message}
	}
	var ye interface{ GetMessage() string }
	if errors.As(err, &ye) {
		return &Error{File: name, Msg: ye.GetMessage()}
	}
	return &Error{File: name, Msg: err.Error()}
}

const (
	tokenDoubleQuote = token.DoubleQuoteType
	tokenSingleQuote = token.SingleQuoteType
)

// decoder walks the YAML tree into a Scenario, collecting errors.
type decoder struct {
	file string
	errs ErrorList
	// unbounded lifts the limits on messages (ParseUnbounded).
	unbounded bool
	refs      []ref // names to resolve once everything is read

	snapshots []ref // snapshot steps, in order (names must be unique)
}

// ref is a name used before the whole scenario is known: checked by validate.
type ref struct {
	kind string // "queue" or "consumer"
	name string
	what string // where it is used, for the message
	at   Pos
}

func (d *decoder) errorAt(p Pos, format string, args ...any) {
	if len(d.errs) >= maxErrors {
		return
	}
	d.errs = append(d.errs, &Error{File: d.file, Line: p.Line, Col: p.Col, Msg: fmt.Sprintf(format, args...)})
}

func (d *decoder) errorf(n ast.Node, format string, args ...any) { d.errorAt(pos(n), format, args...) }

// pos is where a node starts. For a block mapping that is its first key.
func pos(n ast.Node) Pos {
	if n == nil {
		return Pos{}
	}
	if m, ok := n.(*ast.MappingNode); ok && !m.IsFlowStyle && len(m.Values) > 0 {
		return pos(m.Values[0].Key)
	}
	if mv, ok := n.(*ast.MappingValueNode); ok {
		return pos(mv.Key)
	}
	tk := n.GetToken()
	if tk == nil || tk.Position == nil {
		return Pos{}
	}
	return Pos{Line: tk.Position.Line, Col: tk.Position.Column}
}

// fields is a mapping read against a list of known keys.
type fields struct {
	d       *decoder
	what    string
	node    ast.Node
	vals    map[string]ast.Node
	keys    map[string]ast.Node
	list    []string // keys in source order
	ignored []string // ignored keys present, in source order
}

// object reads n as a mapping whose keys must be among known; an unknown
// key is an error suggesting the nearest known one. ignore lists keys that
// are accepted and skipped (definitions.json's vhost). nil when n is not a mapping.
func (d *decoder) object(n ast.Node, what string, known []string, ignore ...string) *fields {
	mvs, ok := d.mapping(n, what)
	if !ok {
		return nil
	}
	f := &fields{d: d, what: what, node: n, vals: map[string]ast.Node{}, keys: map[string]ast.Node{}}
	for _, mv := range mvs {
		k, ok := d.keyOf(mv)
		if !ok {
			continue
		}
		if slices.Contains(ignore, k) {
			f.ignored = append(f.ignored, k)
			continue
		}
		if !slices.Contains(known, k) {
			d.errorf(mv.Key, "unknown key %q in %s%s", k, what, suggestKnown(k, known))
			continue
		}
		f.vals[k] = mv.Value
		f.keys[k] = mv.Key
		f.list = append(f.list, k)
	}
	return f
}

func suggestKnown(k string, known []string) string {
	if s := suggest(k, known); s != "" {
		return s
	}
	return " (known keys: " + strings.Join(known, ", ") + ")"
}

// mapping returns the entries of a mapping node, unwrapping what the YAML
// library may hand back for a one-entry mapping.
func (d *decoder) mapping(n ast.Node, what string) ([]*ast.MappingValueNode, bool) {
	switch m := n.(type) {
	case *ast.MappingNode:
		return m.Values, true
	case *ast.MappingValueNode:
		return []*ast.MappingValueNode{m}, true
	case *ast.AnchorNode, *ast.AliasNode:
		d.errorf(n, "anchors (&) and aliases (*) are not supported: write the value out")
		return nil, false
	case nil:
		d.errorAt(Pos{}, "missing %s", what)
		return nil, false
	}
	d.errorf(n, "%s must be a mapping {key: value, …}, got %s", what, describe(n))
	return nil, false
}

func (d *decoder) keyOf(mv *ast.MappingValueNode) (string, bool) {
	switch k := mv.Key.(type) {
	case *ast.StringNode:
		return k.Value, true
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode, *ast.NullNode:
		return k.GetToken().Value, true
	case *ast.MergeKeyNode:
		d.errorf(k, "merge keys (<<) are not supported: write the keys out")
		return "", false
	}
	d.errorf(mv.Key, "a key must be plain text, got %s", describe(mv.Key))
	return "", false
}

// describe names a node's kind for "expected X, got Y" messages.
func describe(n ast.Node) string {
	switch v := n.(type) {
	case *ast.MappingNode, *ast.MappingValueNode:
		return "a mapping"
	case *ast.SequenceNode:
		return "a list"
	case *ast.StringNode:
		return fmt.Sprintf("the string %q", clip(v.Value))
	case *ast.LiteralNode:
		return "a block of text"
	case *ast.IntegerNode:
		return "the integer " + v.GetToken().Value
	case *ast.FloatNode:
		return "the number " + v.GetToken().Value
	case *ast.BoolNode:
		return "the boolean " + v.GetToken().Value
	case *ast.NullNode:
		return "nothing (null)"
	case nil:
		return "nothing"
	}
	return "a " + n.Type().String()
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

func (f *fields) has(key string) bool { _, ok := f.vals[key]; return ok }

func (f *fields) at(key string) Pos {
	if n, ok := f.keys[key]; ok {
		return pos(n)
	}
	return pos(f.node)
}

// valAt is where a field's value starts (the key's place if absent).
func (f *fields) valAt(key string) Pos {
	if n, ok := f.vals[key]; ok {
		if p := pos(n); p.Line > 0 {
			return p
		}
	}
	return f.at(key)
}

// str reads a string field; numbers and booleans are taken as written
// (routing_key: 42 is "42"), null is "".
func (f *fields) str(key string, dst *string) {
	n, ok := f.vals[key]
	if !ok {
		return
	}
	s, ok := f.d.stringOf(n, key)
	if ok {
		*dst = s
	}
}

// short reads a string field that AMQP carries as a short string (a name,
// a key, a message property): more than core.MaxShortString bytes is an
// error here, where it has a line and column, rather than in the run.
func (f *fields) short(key string, dst *string) {
	f.str(key, dst)
	if len(*dst) > core.MaxShortString {
		f.d.errorAt(f.valAt(key), "%s: %d bytes; AMQP 0-9-1 carries names, keys and message properties as short strings of at most %d bytes, so no client can send this to RabbitMQ",
			key, len(*dst), core.MaxShortString)
	}
}

func (d *decoder) stringOf(n ast.Node, key string) (string, bool) {
	n = unwrapTag(d, n)
	switch v := n.(type) {
	case *ast.StringNode:
		return v.Value, true
	case *ast.LiteralNode:
		return v.Value.Value, true
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode:
		return v.GetToken().Value, true
	case *ast.NullNode:
		return "", true
	case nil:
		return "", false
	}
	d.errorf(n, "%s: expected a string, got %s", key, describe(n))
	return "", false
}

func (f *fields) boolean(key string, dst *bool) {
	n, ok := f.vals[key]
	if !ok {
		return
	}
	if b, ok := n.(*ast.BoolNode); ok {
		*dst = b.Value
		return
	}
	f.d.errorf(n, "%s: expected true or false, got %s", key, describe(n))
}

// integer reads a whole number within [lo, hi].
func (f *fields) integer(key string, lo, hi int64) (int64, bool) {
	n, ok := f.vals[key]
	if !ok {
		return 0, false
	}
	v, ok := f.d.intOf(n, key)
	if !ok {
		return 0, false
	}
	if v < lo || v > hi {
		f.d.errorf(n, "%s: %d is out of range [%d, %d]", key, v, lo, hi)
		return 0, false
	}
	return v, true
}

func (d *decoder) intOf(n ast.Node, key string) (int64, bool) {
	if v, ok := n.(*ast.IntegerNode); ok {
		switch x := v.Value.(type) {
		case int64:
			return x, true
		case uint64:
			if x <= math.MaxInt64 {
				return int64(x), true
			}
		}
		d.errorf(n, "%s: %s does not fit in a 64-bit integer", key, v.GetToken().Value)
		return 0, false
	}
	d.errorf(n, "%s: expected an integer, got %s", key, describe(n))
	return 0, false
}

func (f *fields) intField(key string, lo, hi int64, dst *int) {
	if v, ok := f.integer(key, lo, hi); ok {
		*dst = int(v)
	}
}

// duration reads "250ms", "2s", "1h30m" or an integer of milliseconds.
func (d *decoder) duration(n ast.Node, key string) (Duration, bool) {
	var (
		dur Duration
		err error
	)
	switch v := unwrapTag(d, n).(type) {
	case *ast.IntegerNode:
		ms, ok := d.intOf(v, key)
		if !ok {
			return 0, false
		}
		dur, err = checkDuration(v.GetToken().Value, ms)
	case *ast.StringNode:
		dur, err = ParseDuration(v.Value)
	default:
		d.errorf(n, "%s: expected a duration (250ms, 2s, 5m, 1h30m, or milliseconds), got %s", key, describe(n))
		return 0, false
	}
	if err != nil {
		d.errorf(n, "%s: %v", key, err)
		return 0, false
	}
	return dur, true
}

// table reads an AMQP field table (arguments, headers, policy definition).
func (f *fields) table(key string, dst *core.Table) {
	n, ok := f.vals[key]
	if !ok {
		return
	}
	if _, isNull := n.(*ast.NullNode); isNull {
		return
	}
	v, ok := f.d.value(n, key, 0)
	if !ok {
		return
	}
	t, ok := v.(core.Table)
	if !ok {
		f.d.errorf(n, "%s: expected a table {key: value, …}, got %s", key, describe(n))
		return
	}
	if len(t) > 0 {
		*dst = t
	}
}

// value converts a YAML value to the AMQP value RabbitMQ's definitions
// import would make: integers are long (int64), other numbers double
// (float64), strings longstr, lists arrays, mappings tables.
func (d *decoder) value(n ast.Node, path string, depth int) (any, bool) {
	if depth > MaxDepth {
		d.errorf(n, "%s: nested more than %d levels deep (MaxDepth)", path, MaxDepth)
		return nil, false
	}
	n = unwrapTag(d, n)
	switch v := n.(type) {
	case *ast.StringNode:
		return d.plainString(v, path)
	case *ast.SequenceNode:
		arr := make([]any, 0, len(v.Values))
		for i, e := range v.Values {
			x, ok := d.value(e, fmt.Sprintf("%s[%d]", path, i), depth+1)
			if !ok {
				return nil, false
			}
			arr = append(arr, x)
		}
		return arr, true
	case *ast.MappingNode, *ast.MappingValueNode:
		mvs, _ := d.mapping(n, path)
		t := make(core.Table, len(mvs))
		for _, mv := range mvs {
			k, ok := d.keyOf(mv)
			if !ok {
				return nil, false
			}
			if len(k) > core.MaxShortString {
				d.errorf(mv.Key, "%s: a field name of %d bytes; AMQP tables name fields with short strings of at most %d bytes", path, len(k), core.MaxShortString)
				return nil, false
			}
			x, ok := d.value(mv.Value, path+"."+k, depth+1)
			if !ok {
				return nil, false
			}
			t[k] = x
		}
		return t, true
	}
	return d.scalar(n, path)
}

// scalar converts the scalars both readers of free-form values take
// alike (value's AMQP values, plain's JSON-like ones): numbers, which
// must be finite, booleans, null, a literal block; anchors and aliases
// are refused, anything else is an unsupported value. Plain strings
// differ between the two and are read by each.
func (d *decoder) scalar(n ast.Node, path string) (any, bool) {
	switch v := n.(type) {
	case *ast.LiteralNode:
		return v.Value.Value, true
	case *ast.IntegerNode:
		return d.intOf(v, path)
	case *ast.FloatNode:
		if math.IsInf(v.Value, 0) || math.IsNaN(v.Value) {
			d.errorf(n, "%s: %s is not a finite number", path, v.GetToken().Value)
			return nil, false
		}
		return v.Value, true
	case *ast.InfinityNode, *ast.NanNode:
		d.errorf(n, "%s: %s is not a finite number", path, v.GetToken().Value)
		return nil, false
	case *ast.BoolNode:
		return v.Value, true
	case *ast.NullNode:
		return nil, true
	case *ast.AnchorNode, *ast.AliasNode:
		d.errorf(n, "anchors (&) and aliases (*) are not supported: write the value out")
		return nil, false
	}
	d.errorf(n, "%s: unsupported value %s", path, describe(n))
	return nil, false
}

// plainString: an unquoted scalar the YAML library left as a string may be
// a number it does not read (1e3) or an integer too large for a long.
func (d *decoder) plainString(v *ast.StringNode, path string) (any, bool) {
	tk := v.GetToken()
	if tk == nil || tk.Type == tokenDoubleQuote || tk.Type == tokenSingleQuote {
		return v.Value, true
	}
	s := v.Value
	if looksInteger(s) {
		d.errorf(v, "%s: %s does not fit in a 64-bit integer (quote it to send a string)", path, s)
		return nil, false
	}
	if looksFloat(s) {
		f, err := strconv.ParseFloat(s, 64)
		if err == nil && !math.IsInf(f, 0) {
			return f, true
		}
		d.errorf(v, "%s: %s is not a finite number", path, s)
		return nil, false
	}
	return s, true
}

func looksInteger(s string) bool {
	s = strings.TrimLeft(s, "+-")
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// looksFloat: [sign] digits [. digits] (e|E) [sign] digits, the JSON forms
// YAML 1.2's core schema leaves out.
func looksFloat(s string) bool {
	s = strings.TrimLeft(s, "+-")
	mant, exp, ok := strings.Cut(strings.ToLower(s), "e")
	if !ok {
		return false
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	return intPart != "" && allDigits(intPart) && allDigits(frac) && looksInteger(exp)
}

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// unwrapTag accepts the !!str tag (and no other) on scalars.
func unwrapTag(d *decoder, n ast.Node) ast.Node {
	t, ok := n.(*ast.TagNode)
	if !ok {
		return n
	}
	if t.Start.Value != "!!str" {
		d.errorf(n, "the tag %s is not supported (only !!str)", t.Start.Value)
		return nil
	}
	if t.Value == nil {
		return &ast.StringNode{BaseNode: &ast.BaseNode{}, Token: t.Start, Value: ""}
	}
	if tk := t.Value.GetToken(); tk != nil {
		switch t.Value.(type) {
		case *ast.StringNode, *ast.LiteralNode:
			return t.Value
		}
		qt := *tk
		qt.Type = tokenDoubleQuote // keep it a string in plainString
		return &ast.StringNode{BaseNode: &ast.BaseNode{}, Token: &qt, Value: tk.Value}
	}
	return t.Value
}
