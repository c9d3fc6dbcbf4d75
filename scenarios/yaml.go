package scenarios

import (
	"bytes"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"

	"github.com/dlxlab/dlxlab/core"
)

// FormatYAML writes a scenario as YAML in its canonical form: defaults
// left out, short entries on one line in flow style, like the library
// files. Parse reads it back to the same scenario.
func FormatYAML(sc *Scenario) ([]byte, error) {
	w := &yamlWriter{}
	if err := w.block(sc.tree(), 0); err != nil {
		return nil, err
	}
	return w.b.Bytes(), nil
}

// lineWidth is where the writer switches from flow to block style.
const lineWidth = 110

type yamlWriter struct{ b bytes.Buffer }

func (w *yamlWriter) indent(n int) { w.b.WriteString(strings.Repeat(" ", n)) }

// block writes an object's keys, one per line, at indent.
func (w *yamlWriter) block(o obj, indent int) error {
	for i, e := range o {
		if i > 0 {
			w.indent(indent)
		}
		if err := w.entry(e, indent); err != nil {
			return err
		}
	}
	return nil
}

// entry writes `key: value` (the cursor is already indented) and ends the line.
func (w *yamlWriter) entry(e kv, indent int) error {
	key := yamlString(e.k)
	w.b.WriteString(key + ":")
	flow, err := yamlFlow(e.v)
	if err != nil {
		return err
	}
	if _, isList := e.v.([]any); !isList || isEmptyFlow(flow) {
		if indent+len(key)+2+len(flow) <= lineWidth || !isCollection(e.v) {
			w.b.WriteString(" " + flow + "\n")
			return nil
		}
	}
	w.b.WriteString("\n")
	return w.nested(e.v, indent+2)
}

func isEmptyFlow(s string) bool { return s == "[]" || s == "{}" }

func isCollection(v any) bool {
	switch v.(type) {
	case obj, core.Table, []any, []string:
		return true
	}
	return false
}

// nested writes a collection on its own lines at indent.
func (w *yamlWriter) nested(v any, indent int) error {
	switch x := v.(type) {
	case core.Table:
		return w.nested(tableObj(x), indent)
	case obj:
		w.indent(indent)
		return w.block(x, indent)
	case []string:
		l := make([]any, len(x))
		for i := range x {
			l[i] = x[i]
		}
		return w.nested(l, indent)
	case []any:
		for _, item := range x {
			w.indent(indent)
			w.b.WriteString("- ")
			if o, ok := item.(obj); ok && len(o) == 1 { // a step: `- publish: {…}`
				if err := w.entry(o[0], indent+2); err != nil {
					return err
				}
				continue
			}
			flow, err := yamlFlow(item)
			if err != nil {
				return err
			}
			if indent+2+len(flow) <= lineWidth || !isCollection(item) {
				w.b.WriteString(flow + "\n")
				continue
			}
			switch it := item.(type) {
			case obj:
				if err := w.block(it, indent+2); err != nil {
					return err
				}
			case core.Table:
				if err := w.block(tableObj(it), indent+2); err != nil {
					return err
				}
			default:
				w.b.WriteString("\n")
				if err := w.nested(item, indent+2); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func tableObj(t core.Table) obj {
	o := make(obj, 0, len(t))
	for _, k := range t.SortedKeys() {
		o = append(o, kv{k, t[k]})
	}
	return o
}

// yamlFlow writes a value on one line in flow style.
func yamlFlow(v any) (string, error) {
	switch x := v.(type) {
	case obj:
		parts := make([]string, len(x))
		for i, e := range x {
			s, err := yamlFlow(e.v)
			if err != nil {
				return "", err
			}
			parts[i] = yamlString(e.k) + ": " + s
		}
		return "{" + strings.Join(parts, ", ") + "}", nil
	case core.Table:
		return yamlFlow(tableObj(x))
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			s, err := yamlFlow(e)
			if err != nil {
				return "", err
			}
			parts[i] = s
		}
		return "[" + strings.Join(parts, ", ") + "]", nil
	case []string:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = yamlString(e)
		}
		return "[" + strings.Join(parts, ", ") + "]", nil
	case string:
		return yamlString(x), nil
	}
	return scalarText(v)
}

// yamlString writes s plain when it reads back as the same string in
// flow and block context, else double-quoted (JSON quoting is valid YAML).
func yamlString(s string) string {
	if plainSafe(s) {
		return s
	}
	return jsonString(s)
}

func plainSafe(s string) bool {
	if s == "" || len(s) > 120 || s[len(s)-1] == ' ' || s[0] == ' ' || s[0] == '-' || s[0] == '.' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			c == '_' || c == '-' || c == '.' || c == '/' || c == ' ' || c == '+' || c == '@' || c == '^'
		if !ok {
			return false
		}
	}
	if looksInteger(s) || looksFloat(s) || strings.Contains(s, "  ") {
		return false
	}
	// Let the YAML parser decide the rest (true, null, 0x1F, 1_000, 1.5…).
	f, err := parser.ParseBytes([]byte("[ "+s+" ]"), 0)
	if err != nil || len(f.Docs) != 1 {
		return false
	}
	seq, ok := f.Docs[0].Body.(*ast.SequenceNode)
	if !ok || len(seq.Values) != 1 {
		return false
	}
	str, ok := seq.Values[0].(*ast.StringNode)
	return ok && str.Value == s && str.GetToken().Type != tokenDoubleQuote && str.GetToken().Type != tokenSingleQuote
}
