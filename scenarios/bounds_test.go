package scenarios

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
)

// Hostile documents are refused before the YAML parser sees them, with a
// positioned error naming the limit.
func TestParseBoundsRefuse(t *testing.T) {
	var anchors strings.Builder
	anchors.WriteString("title: t\nlayout:\n")
	for i := 0; i < 50_000; i++ {
		fmt.Fprintf(&anchors, "  k%d: &a%d 1\n", i, i)
	}
	indented := "queues:\n"
	for i := 0; i < 60; i++ {
		indented += strings.Repeat("  ", i+1) + "a:\n"
	}
	tests := []struct{ name, src, want string }{
		{"block sequences on one line", strings.Repeat("- ", 20_000) + "x\n", "nested more than 40 levels deep (MaxNesting)"},
		{"block sequences on many lines", "steps:\n" + func() string {
			var b strings.Builder
			for i := 0; i < 100; i++ {
				b.WriteString(strings.Repeat(" ", i) + "-\n")
			}
			return b.String()
		}(), "nested more than 40 levels deep"},
		{"mappings by indentation", indented, "nested more than 40 levels deep"},
		{"flow", "steps: " + strings.Repeat("[", 100) + "\n", "nested more than 40 levels deep"},
		{"flow inside block", "a:\n" + strings.Repeat(" - ", 30) + strings.Repeat("{b: ", 20) + "\n", "nested more than 40 levels deep"},
		{"anchors", anchors.String(), "more than 64 anchors (&) and aliases (*) (MaxAnchors)"},
		{"aliases", "a: &x 1\nb: [" + strings.Repeat("*x, ", 100) + "]\n", "(MaxAnchors)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("f.yaml", []byte(tt.src))
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "f.yaml:") {
				t.Fatalf("error %v, want %q with a position", err, tt.want)
			}
		})
	}
}

// What looks deep but is not stays accepted: text in a block scalar,
// brackets and anchors inside quotes, '*' inside a plain word, a BOM.
func TestParseBoundsAccept(t *testing.T) {
	deepText := "summary: |\n" + func() string {
		var b strings.Builder
		for i := 0; i < 100; i++ {
			b.WriteString(strings.Repeat(" ", i+2) + "- & * [ {\n")
		}
		return b.String()
	}()
	tests := []struct{ name, src string }{
		{"block scalar", "title: t\n" + deepText + "queues: [{name: q}]\n"},
		{"quoted", `title: "` + strings.Repeat("[{&a *b ", 100) + `"` + "\nqueues: [{name: q}]\n"},
		{"single quoted", "title: '" + strings.Repeat("[it''s ", 100) + "'\nqueues: [{name: q}]\n"},
		{"plain words", "title: a*b 5&6 x#y\nqueues: [{name: q}]\n"},
		{"byte order mark", "\ufeffversion: 1\ntitle: t\nqueues: [{name: q}]\n"},
		{"byte order mark JSON", "\ufeff{\"version\": 1, \"queues\": [{\"name\": \"q\"}]}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Parse("f.yaml", []byte(tt.src)); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// Bytes after the final deflate block are refused, not ignored.
func TestDecodeRefusesTrailingBytes(t *testing.T) {
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.BestCompression)
	w.Write([]byte(`{"version":1,"queues":[{"name":"q"}]}`))
	w.Close()
	good := "1." + base64.RawURLEncoding.EncodeToString(z.Bytes())
	if _, err := Decode(good); err != nil {
		t.Fatal(err)
	}
	bad := "1." + base64.RawURLEncoding.EncodeToString(append(z.Bytes(), "extra"...))
	if _, err := Decode(bad); err == nil || !strings.Contains(err.Error(), "5 bytes follow the end of the compressed data") {
		t.Fatalf("error %v", err)
	}
}

// Names, keys, properties and field names are AMQP short strings: more
// than 255 bytes is refused at parse time, with the place.
func TestParseShortStrings(t *testing.T) {
	long := strings.Repeat("k", 256)
	ok := strings.Repeat("k", 255)
	if _, err := Parse("f.yaml", []byte("queues: [{name: "+ok+"}]\nbindings: [{source: amq.topic, destination: "+ok+", routing_key: "+ok+"}]\n")); err != nil {
		t.Fatalf("255 bytes refused: %v", err)
	}
	tests := []struct{ src, want string }{
		{"queues: [{name: " + long + "}]", "f.yaml:1:17: name: 256 bytes; AMQP 0-9-1 carries names"},
		{"exchanges: [{name: " + long + ", type: topic}]", "name: 256 bytes"},
		{"queues: [{name: q}]\nbindings: [{source: amq.topic, destination: q, routing_key: '" + long + "'}]", "routing_key: 256 bytes"},
		{"queues: [{name: q}]\nsteps: [{publish: {routing_key: " + long + "}}]", "routing_key: 256 bytes"},
		{"queues: [{name: q}]\nsteps: [{publish: {routing_key: q, properties: {message_id: " + long + "}}}]", "message_id: 256 bytes"},
		{"queues: [{name: q}]\nsteps: [{publish: {routing_key: q, properties: {headers: {" + long + ": 1}}}}]", "a field name of 256 bytes"},
		{"queues: [{name: q}]\nconsumers: [{name: " + long + ", queue: q}]", "name: 256 bytes"},
	}
	for _, tt := range tests {
		_, err := Parse("f.yaml", []byte(tt.src))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%.60s…: error %v, want %q", tt.src, err, tt.want)
		}
	}
}

// ParseUnbounded and Options.Unbounded (`dlxlab run --unbounded`) lift the
// limits on messages, and only those.
func TestUnbounded(t *testing.T) {
	src := []byte("queues: [{name: q}]\nsteps:\n  - publish: {routing_key: q, count: 60000}\n  - publish: {routing_key: q, count: 60000}\n")
	if _, err := Parse("big.yaml", src); err == nil {
		t.Fatal("Parse accepted 60,000 messages in one publish step")
	}
	sc, err := ParseUnbounded("big.yaml", src)
	if err != nil {
		t.Fatal(err)
	}
	if obs, _ := Run(sc, Options{NoTrace: true, BodiesOnly: true}); len(obs.Errors) != 1 || !strings.Contains(obs.Errors[0].Text, "live message copies") {
		t.Errorf("without Options.Unbounded the broker's limit should stop the run: %v", obs.Errors)
	}
	obs, err := Run(sc, Options{NoTrace: true, BodiesOnly: true, Unbounded: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(obs.Queues["q"].Messages); n != 120_000 || len(obs.Errors) != 0 {
		t.Errorf("q holds %d, errors %v; want 120,000 and none", n, obs.Errors)
	}
	if _, err := ParseUnbounded("steps.yaml", []byte("queues: [{name: q}]\nsteps:\n"+strings.Repeat("  - wait: 1ms\n", MaxSteps+1))); err == nil {
		t.Error("ParseUnbounded lifted the limit on steps")
	}
}
