package scenarios

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/goccy/go-yaml/ast"
)

// DecodeStrict reads one YAML (or JSON) document into v, a pointer to a
// struct whose fields carry `yaml:"key"` tags, by walking the parser's tree
// the way Parse does. It is for the other brokers' formats
// (scenarios/rocketmq): the YAML library's own reflective decoder is never
// linked, which keeps about 1 MB of code out of the browser's app.wasm
// (BENCHMARKS.md "app.wasm: where the bytes go").
//
// The rules are Parse's: an unknown key is an error suggesting the nearest
// known one; strings take any scalar as written (name: 42 is "42"), integers
// only integers, booleans only true and false; null (or an empty value)
// leaves the zero value; anchors, aliases, merge keys, tags other than !!str
// and a second document are errors. A field of type any takes plain values:
// mappings become map[string]any, lists []any, integers int64, numbers
// float64. Every error has the file, line and column; the result is an
// ErrorList. An empty document leaves v as it is.
func DecodeStrict(name string, data []byte, v any) error {
	bodies, err := yamlBodies(name, data)
	if err != nil {
		return ErrorList{err}
	}
	if len(bodies) == 0 {
		return nil
	}
	root, err := oneBody(name, bodies)
	if err != nil {
		return ErrorList{err}
	}
	d := &decoder{file: name}
	d.into(root, reflect.ValueOf(v).Elem(), "", 0)
	if len(d.errs) > 0 {
		return d.errs
	}
	return nil
}

// into decodes n into dst (settable); path names the field in messages
// ("topics[0].queues"), "" at the top.
func (d *decoder) into(n ast.Node, dst reflect.Value, path string, depth int) {
	if depth > MaxDepth {
		d.errorf(n, "%s: nested more than %d levels deep (MaxDepth)", path, MaxDepth)
		return
	}
	switch n.(type) {
	case nil, *ast.NullNode:
		dst.SetZero()
		return
	case *ast.AnchorNode, *ast.AliasNode:
		d.errorf(n, "anchors (&) and aliases (*) are not supported: write the value out")
		return
	}
	switch dst.Kind() {
	case reflect.Pointer:
		p := reflect.New(dst.Type().Elem())
		d.into(n, p.Elem(), path, depth)
		dst.Set(p)
	case reflect.Struct:
		d.structInto(n, dst, path, depth)
	case reflect.Slice:
		seq, ok := n.(*ast.SequenceNode)
		if !ok {
			d.errorf(n, "%s: expected a list, got %s", nameOf(path), describe(n))
			return
		}
		s := reflect.MakeSlice(dst.Type(), len(seq.Values), len(seq.Values))
		for i, e := range seq.Values {
			d.into(e, s.Index(i), fmt.Sprintf("%s[%d]", path, i), depth+1)
		}
		dst.Set(s)
	case reflect.Map:
		mvs, ok := d.mapping(n, nameOf(path))
		if !ok {
			return
		}
		m := reflect.MakeMapWithSize(dst.Type(), len(mvs))
		for _, mv := range mvs {
			k, ok := d.keyOf(mv)
			if !ok {
				continue
			}
			e := reflect.New(dst.Type().Elem()).Elem()
			d.into(mv.Value, e, join(path, k), depth+1)
			m.SetMapIndex(reflect.ValueOf(k).Convert(dst.Type().Key()), e)
		}
		dst.Set(m)
	case reflect.String:
		if s, ok := d.stringOf(n, nameOf(path)); ok {
			dst.SetString(s)
		}
	case reflect.Int, reflect.Int64, reflect.Int32:
		if v, ok := d.intOf(unwrapTag(d, n), nameOf(path)); ok {
			if dst.OverflowInt(v) {
				d.errorf(n, "%s: %d is out of range", nameOf(path), v)
				return
			}
			dst.SetInt(v)
		}
	case reflect.Bool:
		if b, ok := n.(*ast.BoolNode); ok {
			dst.SetBool(b.Value)
			return
		}
		d.errorf(n, "%s: expected true or false, got %s", nameOf(path), describe(n))
	case reflect.Interface:
		if v, ok := d.plain(n, nameOf(path), depth); ok && v != nil {
			dst.Set(reflect.ValueOf(v))
		}
	default:
		panic("scenarios.DecodeStrict: unsupported field type " + dst.Type().String())
	}
}

// structInto reads a mapping into a struct by its fields' yaml tags.
func (d *decoder) structInto(n ast.Node, dst reflect.Value, path string, depth int) {
	t := dst.Type()
	var known []string
	index := map[string]int{}
	for i := range t.NumField() {
		k, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		if k != "" && k != "-" && t.Field(i).IsExported() {
			known = append(known, k)
			index[k] = i
		}
	}
	what := nameOf(path)
	f := d.object(n, what, known)
	if f == nil {
		return
	}
	for _, k := range f.list {
		d.into(f.vals[k], dst.Field(index[k]), join(path, k), depth+1)
	}
}

// plain converts a value of an `any` field: the JSON-like values a share
// link can carry back (json.Marshal refuses infinities, so they are errors).
func (d *decoder) plain(n ast.Node, path string, depth int) (any, bool) {
	n = unwrapTag(d, n)
	switch v := n.(type) {
	case *ast.MappingNode, *ast.MappingValueNode:
		mvs, ok := d.mapping(v, path)
		if !ok {
			return nil, false
		}
		m := make(map[string]any, len(mvs))
		for _, mv := range mvs {
			k, ok := d.keyOf(mv)
			if !ok {
				return nil, false
			}
			x, ok := d.plain(mv.Value, join(path, k), depth+1)
			if !ok {
				return nil, false
			}
			m[k] = x
		}
		return m, true
	case *ast.SequenceNode:
		if depth > MaxDepth {
			d.errorf(n, "%s: nested more than %d levels deep (MaxDepth)", path, MaxDepth)
			return nil, false
		}
		l := make([]any, 0, len(v.Values))
		for i, e := range v.Values {
			x, ok := d.plain(e, fmt.Sprintf("%s[%d]", path, i), depth+1)
			if !ok {
				return nil, false
			}
			l = append(l, x)
		}
		return l, true
	case *ast.StringNode:
		return v.Value, true
	case nil:
		return nil, false // unwrapTag said why
	}
	return d.scalar(n, path)
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// nameOf is the path for messages; the top level is "scenario".
func nameOf(path string) string {
	if path == "" {
		return "scenario"
	}
	return path
}
