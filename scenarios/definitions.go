package scenarios

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/dlxlab/dlxlab/core"
)

// definitions.json sections a scenario keeps, with the fields it reads.
var definitionSections = []struct {
	key    string
	fields []string
}{
	{"exchanges", append([]string{"vhost"}, exchangeKeys...)},
	{"queues", append([]string{"vhost"}, queueKeys...)},
	{"bindings", append([]string{"vhost"}, bindingKeys...)},
	{"policies", append([]string{"vhost"}, policyKeys...)},
}

// ImportDefinitions makes a scenario from a RabbitMQ definitions.json
// export: the exchanges, queues, bindings and policies of one vhost
// (default "/"). Users (and their password hashes), permissions, vhosts,
// parameters and anything else are dropped, never stored, and each drop
// is reported in the warnings.
func ImportDefinitions(data []byte, vhost string) (*Scenario, []string, error) {
	if vhost == "" {
		vhost = "/"
	}
	if len(data) > MaxFileSize {
		return nil, nil, fmt.Errorf("definitions file is %d bytes; the limit is %d (MaxFileSize)", len(data), MaxFileSize)
	}
	var doc map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return nil, nil, fmt.Errorf("not a definitions.json export: %v", err)
	}
	if doc == nil {
		return nil, nil, errors.New("not a definitions.json export: expected a JSON object")
	}
	imp := &importer{vhost: vhost}
	tree := imp.scenarioTree(doc)
	if imp.err != nil {
		return nil, nil, imp.err
	}
	js, labels := imp.lines(tree)
	sc, err := Parse("definitions.json", js)
	if err != nil {
		return nil, imp.warnings, relabel(err, labels)
	}
	sc.Name = "definitions.json"
	sc.Warnings = imp.warnings
	return sc, imp.warnings, nil
}

type importer struct {
	vhost    string
	warnings []string
	err      error
}

func (imp *importer) warnf(format string, args ...any) {
	imp.warnings = append(imp.warnings, fmt.Sprintf(format, args...))
}

func (imp *importer) scenarioTree(doc map[string]any) obj {
	o := obj{{"version", int64(Version)}}
	title := "Imported definitions (vhost " + imp.vhost + ")"
	o.put("title", title)
	if v, ok := doc["rabbitmq_version"].(string); ok {
		o.put("summary", "From a RabbitMQ "+v+" definitions export")
	} else if v, ok := doc["rabbit_version"].(string); ok {
		o.put("summary", "From a RabbitMQ "+v+" definitions export")
	}
	for _, sec := range definitionSections {
		if entries := imp.section(doc, sec.key, sec.fields); len(entries) > 0 {
			o.put(sec.key, entries)
		}
	}
	imp.reportDropped(doc)
	return o
}

// section keeps the entries of one vhost with the fields a scenario reads.
func (imp *importer) section(doc map[string]any, key string, fields []string) []any {
	raw, ok := doc[key]
	if !ok || raw == nil {
		return nil
	}
	list, ok := raw.([]any)
	if !ok {
		imp.err = fmt.Errorf("definitions.json: %s must be a list", key)
		return nil
	}
	var out []any
	otherVhost, predeclared := 0, 0
	dropped := map[string]bool{}
	for i, e := range list {
		m, ok := e.(map[string]any)
		if !ok {
			imp.err = fmt.Errorf("definitions.json: %s[%d] must be an object", key, i)
			return nil
		}
		if v, has := m["vhost"]; has && v != imp.vhost {
			otherVhost++
			continue
		}
		if key == "exchanges" && isPredeclared(m["name"]) {
			predeclared++
			continue
		}
		t := core.Table{}
		for k, v := range m {
			if k == "vhost" {
				continue
			}
			if !slices.Contains(fields, k) {
				dropped[k] = true
				continue
			}
			t[k] = amqpValue(v)
		}
		out = append(out, t)
	}
	if otherVhost > 0 {
		imp.warnf("skipped %d %s of other vhosts (importing vhost %q)", otherVhost, key, imp.vhost)
	}
	if predeclared > 0 {
		imp.warnf("skipped %d predeclared exchanges (amq.*): every broker has them", predeclared)
	}
	if len(dropped) > 0 {
		imp.warnf("ignored fields of %s: %s", key, strings.Join(slices.Sorted(maps.Keys(dropped)), ", "))
	}
	return out
}

func isPredeclared(name any) bool {
	s, _ := name.(string)
	return s == "" || strings.HasPrefix(s, "amq.")
}

// reportDropped names every other section, counting entries, never values.
func (imp *importer) reportDropped(doc map[string]any) {
	for _, k := range slices.Sorted(maps.Keys(doc)) {
		switch k {
		case "exchanges", "queues", "bindings", "policies", "rabbit_version", "rabbitmq_version", "product_name", "product_version":
			continue
		case "users":
			imp.warnf("dropped users (%d): names and password hashes are never kept in a scenario", entryCount(doc[k]))
		default:
			imp.warnf("dropped %s (%d): a scenario keeps only exchanges, queues, bindings and policies", k, entryCount(doc[k]))
		}
	}
}

func entryCount(v any) int {
	switch x := v.(type) {
	case []any:
		return len(x)
	case map[string]any:
		return len(x)
	case nil:
		return 0
	}
	return 1
}

// amqpValue converts decoded JSON to AMQP values: integers are long, as
// RabbitMQ's own definitions import makes them.
func amqpValue(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := strconv.ParseInt(string(x), 10, 64); err == nil {
			return i
		}
		f, _ := x.Float64()
		return f
	case map[string]any:
		t := make(core.Table, len(x))
		for k, e := range x {
			t[k] = amqpValue(e)
		}
		return t
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = amqpValue(e)
		}
		return out
	}
	return v
}

// lines writes the import as JSON with one entry per line, and labels each
// line ("queues[3]") so that errors can say which entry is wrong.
func (imp *importer) lines(tree obj) ([]byte, map[int]string) {
	var b bytes.Buffer
	labels := map[int]string{}
	line := 1
	b.WriteString("{\n")
	line++
	for i, e := range tree {
		writeJSONString(&b, e.k)
		b.WriteString(":")
		if list, ok := e.v.([]any); ok {
			b.WriteString("[\n")
			line++
			for j, item := range list {
				labels[line] = fmt.Sprintf("%s[%d]", e.k, j)
				if name := entryName(item); name != "" {
					labels[line] += fmt.Sprintf(" (%q)", name)
				}
				writeJSON(&b, item)
				if j < len(list)-1 {
					b.WriteString(",")
				}
				b.WriteString("\n")
				line++
			}
			b.WriteString("]")
		} else {
			writeJSON(&b, e.v)
		}
		if i < len(tree)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
		line++
	}
	b.WriteString("}\n")
	return b.Bytes(), labels
}

func entryName(v any) string {
	if t, ok := v.(core.Table); ok {
		if s, ok := t["name"].(string); ok {
			return s
		}
		if s, ok := t["destination"].(string); ok {
			return s
		}
	}
	return ""
}

// relabel replaces the line numbers of the generated JSON with entry names.
func relabel(err error, labels map[int]string) error {
	var list ErrorList
	if !errors.As(err, &list) {
		return err
	}
	out := make(ErrorList, len(list))
	for i, e := range list {
		c := *e
		if l, ok := labels[e.Line]; ok {
			c.Msg = l + ": " + c.Msg
		}
		c.Line, c.Col = 0, 0
		out[i] = &c
	}
	return out
}

// ExportDefinitions writes the scenario's topology (exchanges, queues,
// bindings, policies; not what steps declare later) as a definitions.json
// for the vhost "/", loadable with `rabbitmqctl import_definitions` or the
// management UI.
func ExportDefinitions(sc *Scenario) ([]byte, error) {
	o := obj{}
	var xs, qs, bs, ps []any
	for _, x := range sc.Exchanges {
		xs = append(xs, obj{{"name", x.Name}, {"vhost", "/"}, {"type", x.Type}, {"durable", x.Durable},
			{"auto_delete", x.AutoDelete}, {"internal", x.Internal}, {"arguments", tableOrEmpty(x.Arguments)}})
	}
	for _, q := range sc.Queues {
		qs = append(qs, obj{{"name", q.Name}, {"vhost", "/"}, {"durable", q.Durable},
			{"auto_delete", q.AutoDelete}, {"arguments", tableOrEmpty(q.Arguments)}})
	}
	for _, b := range sc.Bindings {
		bs = append(bs, obj{{"source", b.Source}, {"vhost", "/"}, {"destination", b.Destination},
			{"destination_type", b.DestinationType}, {"routing_key", b.RoutingKey}, {"arguments", tableOrEmpty(b.Arguments)}})
	}
	for _, p := range sc.Policies {
		ps = append(ps, obj{{"vhost", "/"}, {"name", p.Name}, {"pattern", p.Pattern}, {"apply-to", p.ApplyTo},
			{"definition", tableOrEmpty(p.Definition)}, {"priority", p.Priority}})
	}
	o.put("vhosts", []any{obj{{"name", "/"}}})
	o.put("policies", orEmpty(ps))
	o.put("queues", orEmpty(qs))
	o.put("exchanges", orEmpty(xs))
	o.put("bindings", orEmpty(bs))
	var b bytes.Buffer
	if err := writeJSON(&b, o); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b.Bytes(), "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

func orEmpty(l []any) []any {
	if l == nil {
		return []any{}
	}
	return l
}

// ExportRabbitmqadmin writes the topology as rabbitmqadmin commands, one
// a line, quoted for a POSIX shell.
func ExportRabbitmqadmin(sc *Scenario) (string, error) {
	var b strings.Builder
	title := sc.Title
	if title == "" {
		title = "scenario"
	}
	fmt.Fprintf(&b, "# %s: topology for rabbitmqadmin (vhost /), made by dlxlab export\n", strings.ReplaceAll(title, "\n", " "))
	line := func(kind string, args ...string) {
		b.WriteString("rabbitmqadmin declare " + kind)
		for _, a := range args {
			if a != "" {
				b.WriteString(" " + a)
			}
		}
		b.WriteString("\n")
	}
	var err error
	arg := func(k string, t core.Table) string {
		if len(t) == 0 {
			return ""
		}
		var js bytes.Buffer
		if e := writeJSON(&js, t); e != nil {
			err = e
		}
		return k + "=" + shellQuote(js.String())
	}
	kv := func(k, v string) string { return k + "=" + shellQuote(v) }
	opt := func(k string, on bool) string {
		if on {
			return k + "=true"
		}
		return ""
	}
	for _, x := range sc.Exchanges {
		line("exchange", kv("name", x.Name), kv("type", x.Type), "durable="+strconv.FormatBool(x.Durable),
			opt("auto_delete", x.AutoDelete), opt("internal", x.Internal), arg("arguments", x.Arguments))
	}
	for _, q := range sc.Queues {
		line("queue", kv("name", q.Name), "durable="+strconv.FormatBool(q.Durable), opt("auto_delete", q.AutoDelete),
			arg("arguments", q.Arguments))
	}
	for _, bd := range sc.Bindings {
		line("binding", kv("source", bd.Source), kv("destination", bd.Destination), kv("destination_type", bd.DestinationType),
			kv("routing_key", bd.RoutingKey), arg("arguments", bd.Arguments))
	}
	for _, p := range sc.Policies {
		def := arg("definition", p.Definition)
		if def == "" {
			def = "definition='{}'"
		}
		line("policy", kv("name", p.Name), kv("pattern", p.Pattern), def, kv("apply-to", p.ApplyTo),
			"priority="+strconv.FormatInt(p.Priority, 10))
	}
	return b.String(), err
}

// shellQuote leaves safe words alone and single-quotes the rest.
func shellQuote(s string) string {
	safe := s != ""
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("_-./:@%+,", c)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
