package scenarios

import (
	"strings"
	"testing"
)

const checkpointBase = `
	queues: [{name: q, arguments: {x-message-ttl: 100}}]
	steps:
	  - publish: {routing_key: q, body: a}
	  - wait: 1s
	`

// TestCheckpointErrors: a bad checkpoint is refused at its line and
// column, with a message that says what a checkpoint needs.
func TestCheckpointErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"no place", `
			checkpoints:
			  - text: look
			`, `6:5: checkpoint needs step: N`},
		{"both places", `
			checkpoints:
			  - {step: 0, at: 1s, text: look}
			`, `6:5: checkpoint: give either step`},
		{"no text", `
			checkpoints:
			  - {step: 0}
			`, `6:5: checkpoint needs text`},
		{"step out of range", `
			checkpoints:
			  - {step: 2, text: look}
			`, `6:5: checkpoint: step 2 does not exist (the steps are numbered 0 to 1)`},
		{"time after the end", `
			checkpoints:
			  - {at: 2s, text: look}
			`, `6:5: checkpoint: at 2s is after the last step`},
		{"bad time", `
			checkpoints:
			  - {at: soon, text: look}
			`, `6:10: at: invalid duration "soon"`},
		{"unknown key", `
			checkpoints:
			  - {step: 0, text: look, anwser: 1}
			`, `6:27: unknown key "anwser" in checkpoint; did you mean "answer"?`},
		{"question without choices", `
			checkpoints:
			  - {step: 0, text: look, question: which?, answer: 1}
			`, `checkpoint: a question needs choices`},
		{"question without answer", `
			checkpoints:
			  - {step: 0, text: look, question: which?, choices: [a, b]}
			`, `6:5: checkpoint: a question needs answer: N`},
		{"answer out of range", `
			checkpoints:
			  - {step: 0, text: look, question: which?, choices: [a, b], answer: 3}
			`, `6:70: checkpoint: answer 3 names no choice: 1 to 2`},
		{"choices without a question", `
			checkpoints:
			  - {step: 0, text: look, choices: [a, b]}
			`, `6:27: checkpoint: choices only goes with a question`},
		{"translations do not match", `
			checkpoints:
			  - {step: 0, text: look, question: which?, choices: [a, b], choices_zh: [甲], answer: 1}
			`, `6:74: checkpoint: choices_zh has 1 entries and choices 2`},
		{"too many choices", `
			checkpoints:
			  - {step: 0, text: look, question: which?, choices: [a, b, c, d, e, f, g], answer: 1}
			`, `6:54: choices: 7 answers; the limit is 6`},
		{"not a list", `
			checkpoints: {step: 0}
			`, `5:14: checkpoints: expected a list`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := dedent(checkpointBase) + dedent(tt.src)
			_, err := Parse("test.yaml", []byte(src))
			if err == nil {
				t.Fatalf("parsed without error; want %s", tt.want)
			}
			want := tt.want
			if want[0] >= '0' && want[0] <= '9' {
				want = "test.yaml:" + want
			}
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error:\n  %v\nwant it to contain:\n  %s\nsource:\n%s", err, want, src)
			}
		})
	}
}

// TestCheckpointRoundTrip: checkpoints survive a share link and the YAML
// writer field for field, and a scenario without any encodes as before.
func TestCheckpointRoundTrip(t *testing.T) {
	sc := parseString(t, checkpointBase+`
	checkpoints:
	  - step: 0
	    text: a is in q
	    text_zh: a 在 q 中
	    question: when does it leave?
	    question_zh: 它何时离开？
	    choices: [at 100 ms, never]
	    choices_zh: [100 毫秒时, 永不]
	    answer: 1
	    explain: the queue's TTL is 100 ms
	    explain_zh: 队列的 TTL 是 100 毫秒
	  - {at: 100ms, text: it expired}
	`)
	if len(sc.Checkpoints) != 2 || *sc.Checkpoints[0].Step != 0 || *sc.Checkpoints[1].At != 100 || sc.Checkpoints[0].Answer != 1 {
		t.Fatalf("checkpoints = %+v", sc.Checkpoints)
	}
	link, err := Encode(sc)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(link)
	if err != nil {
		t.Fatal(err)
	}
	if !deepEqual(stripPos(back).Checkpoints, stripPos(sc).Checkpoints) {
		t.Errorf("link round trip:\n got %+v\nwant %+v", back.Checkpoints, sc.Checkpoints)
	}
	y, err := FormatYAML(sc)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Parse("again.yaml", y)
	if err != nil {
		t.Fatalf("%v\n%s", err, y)
	}
	if !deepEqual(stripPos(again).Checkpoints, stripPos(sc).Checkpoints) {
		t.Errorf("YAML round trip:\n%s", y)
	}

	plain := parseString(t, checkpointBase)
	withNone, _ := Encode(plain)
	plain.Checkpoints = []Checkpoint{}
	withEmpty, _ := Encode(plain)
	if withNone != withEmpty || strings.Contains(string(mustBytes(t, withNone)), "checkpoints") {
		t.Errorf("an empty checkpoints list changes the link")
	}
}

func mustBytes(t *testing.T, link string) []byte {
	t.Helper()
	b, err := DecodeBytes(link)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCheckpointsDoNotChangeTheRun: the same steps with and without
// checkpoints make the same observation.
func TestCheckpointsDoNotChangeTheRun(t *testing.T) {
	a := run(t, parseString(t, checkpointBase))
	b := run(t, parseString(t, checkpointBase+`
	checkpoints: [{step: 0, text: look}, {at: 500ms, text: again}]
	`))
	if !deepEqual(a, b) {
		t.Errorf("checkpoints changed the run")
	}
}
