package model

import (
	"strings"
	"testing"

	"github.com/dlxlab/dlxlab/core/delay"
)

func TestDelayLabOpensHeadOfLine(t *testing.T) {
	d := NewDelayLab()
	if d.Lesson() != "head-of-line.yaml" || len(d.Lessons()) < 3 {
		t.Fatalf("lesson %q of %d", d.Lesson(), len(d.Lessons()))
	}
	for _, l := range d.Lessons() {
		if strings.Contains(l.Name, "bench") {
			t.Fatalf("the benchmark is in the browser's picker")
		}
	}
	r := d.Results()[0]
	if r.Kind != delay.KindRabbitTTL || r.Max != 25_000 {
		t.Fatalf("%s max %d", r.Kind, r.Max)
	}
	tl, ok := d.Timeline(300, 20)
	if !ok || len(tl.Rows) != 9 || len(tl.Due) != 2 {
		t.Fatalf("timeline %v rows %d due %d", ok, len(tl.Rows), len(tl.Due))
	}
	// Per-message TTL: A, B, C all at 30 s (half way: the table scan ends at 60 s), stacked.
	row := tl.Rows[0]
	if row.Marks[1].X != 150 || row.Marks[1].Late != 25_000 || row.Marks[2].Stack != 2 {
		t.Fatalf("row %+v", row)
	}
}

func TestDelayLabEdit(t *testing.T) {
	d := NewDelayLab()
	i := 0
	for j, r := range d.Results() {
		if r.Kind == delay.KindTableScan {
			i = j
		}
	}
	k, _ := delay.LookupKind(delay.KindTableScan)
	p, _ := k.Param("every")
	if got := d.ParamText(i, *p); got != "1m" {
		t.Fatalf("every shows %q", got)
	}
	if err := d.SetParam(i, "every", "5s"); err != nil {
		t.Fatal(err)
	}
	// Due at 5 s and 30 s; "expire_at < now" waits for the scans at 10 s and 35 s.
	if r := d.Results()[i]; r.Max != 5_000 || r.P50 != 5_000 {
		t.Fatalf("after every=5s: max %d p50 %d", r.Max, r.P50)
	}
	if err := d.SetParam(i, "every", "soon"); err == nil || d.ParamText(i, *p) != "5s" {
		t.Fatalf("a bad value: %v, value now %q", err, d.ParamText(i, *p))
	}
	if err := d.SetParam(i, "every", "0"); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Fatalf("out of range: %v", err)
	}
	link, err := d.Link()
	if err != nil || !strings.HasPrefix(link, "d=1.") {
		t.Fatalf("link %q %v", link, err)
	}
	e := NewDelayLab()
	if err := e.OpenLink("#" + link); err != nil {
		t.Fatal(err)
	}
	if e.ParamText(i, *p) != "5s" || e.Results()[i].Max != 5_000 || e.Lesson() != "" {
		t.Fatalf("the link lost the edit: %q", e.ParamText(i, *p))
	}
	if err := e.OpenLink("#d=1.broken!"); err == nil || e.Results()[i].Max != 5_000 {
		t.Fatalf("a bad link: %v", err)
	}
	tiers := 1
	if err := d.SetParam(tiers, "tiers", "5s, 30s"); err != nil || d.ParamText(tiers, delay.Param{Name: "tiers", Kind: delay.ParamDurations}) != "5s 30s" {
		t.Fatalf("tiers: %v", err)
	}
}

func TestLatenessBars(t *testing.T) {
	var r delay.Result
	r.Histogram[1], r.Histogram[5] = 100, 1
	bars := LatenessBars(r, 100, 41)
	if len(bars) != delay.NumBuckets || bars[1].H != 40 || bars[5].H != 4 || bars[0].H != 0 || bars[1].W != 8 {
		t.Fatalf("bars %+v", bars)
	}
	r.Held = []int{0, 2, 1}
	if got := HeldPoints(r, 30, 12, 2); got != "0.0,11.0 10.0,11.0 10.0,1.0 20.0,1.0 20.0,6.0 30.0,6.0" {
		t.Fatalf("points %q", got)
	}
}

func TestDelayLabEditWorkload(t *testing.T) {
	d := NewDelayLab()
	y := d.YAML()
	if !strings.Contains(y, "{name: A, delay: 30s}") {
		t.Fatalf("YAML:\n%s", y)
	}
	if err := d.Edit("messages:\n  - {name: X, delay: 2s}\n  - {name: Y, delay: soon}\n"); err == nil || !strings.HasPrefix(err.Error(), "workload:3:22: delay:") {
		t.Fatalf("error %v", err)
	}
	if d.Lesson() != "head-of-line.yaml" {
		t.Fatal("a bad edit changed the lab")
	}
	if err := d.Edit("generate: [{kind: uniform, count: 20001}]\n"); err == nil || !strings.Contains(err.Error(), "MaxBrowserMessages") {
		t.Fatalf("too many: %v", err)
	}
	if err := d.Edit("messages:\n  - {name: X, delay: 2s}\n  - {name: Y, delay: 1s}\n"); err != nil {
		t.Fatal(err)
	}
	// Y waits behind X in one per-message-TTL queue: 1 s late.
	if r := d.Results()[0]; d.Lesson() != "" || len(d.Messages()) != 2 || r.Max != 1000 {
		t.Fatalf("lesson %q, %d messages, max %d", d.Lesson(), len(d.Messages()), r.Max)
	}
}
