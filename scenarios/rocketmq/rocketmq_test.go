package rocketmq

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func lessons(t *testing.T) map[string][]byte {
	t.Helper()
	files, _ := filepath.Glob("../library/rocketmq/*.yaml")
	if len(files) == 0 {
		t.Fatal("no RocketMQ lessons")
	}
	out := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = data
	}
	return out
}

// Every lesson parses, has English and Chinese texts and an expect block,
// passes it, and round-trips through a share link with the same outcome.
func TestLessons(t *testing.T) {
	for name, data := range lessons(t) {
		if !IsRocketMQ(data) {
			t.Fatalf("%s: not seen as RocketMQ", name)
		}
		sc, err := Parse(name, data)
		if err != nil {
			t.Fatal(err)
		}
		if sc.Title == "" || sc.Summary == "" || sc.TitleZH == "" || sc.SummaryZH == "" || sc.Expect == nil {
			t.Errorf("%s: title, summary, title_zh, summary_zh and expect are required", name)
		}
		obs, err := Run(sc, false)
		if err != nil {
			t.Fatal(err)
		}
		if fails := Check(sc, obs); len(fails) > 0 {
			t.Errorf("%s:\n%s", name, strings.Join(fails, "\n"))
		}
		link, err := Encode(sc)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Decode("http://x/#s=" + link)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		again, _ := Encode(back)
		if again != link {
			t.Errorf("%s: link does not round-trip", name)
		}
		obs2, _ := Run(back, false)
		a, _ := obs.JSON()
		b, _ := obs2.JSON()
		if string(a) != string(b) {
			t.Errorf("%s: the decoded link runs differently", name)
		}
	}
}

// Bad input is a clear error: unknown keys with their line, bad values
// named by their path.
func TestParseErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"broker: rocketmq\ntopics: [{name: t}]\ncolour: red\n", "colour"},
		{"broker: rocketmq\nprofile: rocketmq-9\ntopics: [{name: t}]\n", "unknown RocketMQ profile"},
		{"broker: rocketmq\ntopics: []\n", "topics"},
		{"broker: rocketmq\ntopics: [{name: t}]\nsteps: [{wait: soon}]\n", "steps[0].wait"},
		{"broker: rocketmq\ntopics: [{name: t}]\nsteps: [{}]\n", "exactly one"},
		{"broker: rocketmq\ntopics: [{name: t}]\ngroups: [{name: g, subscribe: [{topic: t}], consumers: [{id: c, listener: [{actions: [{result: maybe}]}]}]}]\n", "result \"maybe\""},
		{"broker: rocketmq\ntopics: [{name: t}]\nconfig: {delay_levels: 1x}\n", "delay_levels"},
		{"broker: rocketmq\ntopics: [{name: t}]\nsteps: [{send: {topic: t, count: 999999}}]\n", "count"},
	}
	for _, c := range cases {
		_, err := Parse("x.yaml", []byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.in, err, c.want)
		}
	}
	if IsRocketMQ([]byte("queues: [{name: q}]\n")) || IsRocketMQ([]byte("\x00{[")) {
		t.Error("a RabbitMQ scenario or garbage seen as RocketMQ")
	}
}

// A step that the broker refuses is recorded and the run goes on; a
// runaway run stops at the work budget with a clear error.
func TestRunErrorsAndBudget(t *testing.T) {
	sc, err := Parse("x", []byte("broker: rocketmq\ntopics: [{name: t, queues: 1}]\nsteps: [{send: {topic: nope}}, {wait: 1s}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	obs, _ := Run(sc, true)
	if len(obs.Errors) != 1 || obs.EndMs != 1000 || len(obs.Trace) == 0 {
		t.Fatalf("errors %v end %d", obs.Errors, obs.EndMs)
	}
	loop := "broker: rocketmq\ntopics: [{name: t, queues: 1}]\ngroups: [{name: g, orderly: true, subscribe: [{topic: t}], " +
		"consumers: [{id: c, listener: [{actions: [{result: suspend, suspend: 10ms}]}]}]}]\nsteps: [{send: {topic: t}}, {wait: 30d}]\n"
	sc, err = Parse("x", []byte(loop))
	if err != nil {
		t.Fatal(err)
	}
	obs, _ = Run(sc, false)
	if !strings.Contains(obs.Error, "work budget") {
		t.Fatalf("error %q", obs.Error)
	}
}

// Hostile input is refused by the shared text bounds before any YAML
// parser runs, and detection reads the text only.
func TestHostileInput(t *testing.T) {
	deep := "broker: rocketmq\ntopics: " + strings.Repeat("[", 100000) + "\n"
	if !IsRocketMQ([]byte(deep)) {
		t.Fatal("not detected")
	}
	if _, err := Parse("deep.yaml", []byte(deep)); err == nil {
		t.Fatal("deep nesting accepted")
	}
	if !IsRocketMQ([]byte(`{"broker":"rocketmq","topics":[]}`)) || IsRocketMQ([]byte("  broker: rocketmq\n")) {
		t.Fatal("JSON or indented key misread")
	}
}
