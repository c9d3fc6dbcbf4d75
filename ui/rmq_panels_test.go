package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	"github.com/dlxlab/dlxlab/ui/model"
)

// fakeHost is a page holding one RocketMQ session.
type fakeHost struct {
	s       *model.RocketSession
	lang    string
	changes int
}

func (f *fakeHost) rocket() *model.RocketSession     { return f.s }
func (f *fakeHost) t(key string, args ...any) string { return tr(f.lang, key, args...) }
func (f *fakeHost) rocketChanged()                   { f.changes++ }

// The RocketMQ panels draw every lesson at its end, in both languages,
// without a placeholder left unfilled or a key left untranslated.
func TestRMQPanelsRender(t *testing.T) {
	for _, l := range model.RocketLibrary() {
		sc := model.RocketLesson(l.Name)
		s, err := model.NewRocket(sc)
		if err != nil {
			t.Fatal(l.Name, err)
		}
		s.FastForward()
		for _, lang := range []string{langEN, langZH} {
			h := &fakeHost{s: s, lang: lang}
			for _, c := range []interface{ Render() app.UI }{
				NewRMQOpsPanel(h, 1), NewRMQCharts(h, 1), NewRMQBuildPanel(h, 1), NewRMQPublishPanel(h, 1),
			} {
				html := app.HTMLString(c.Render())
				if strings.Contains(html, "%!") || strings.Contains(html, "rmqops.") || strings.Contains(html, "rmqform.") ||
					strings.Contains(html, "rmqchart.") || strings.Contains(html, "rmqpub.") {
					t.Errorf("%s (%s): %T shows a raw key or a bad placeholder:\n%s", l.Name, lang, c, clipHTML(html))
				}
			}
		}
	}
}

func clipHTML(s string) string {
	if len(s) > 2000 {
		return s[:2000]
	}
	return s
}

// The reset procedure through the panel's handlers: execute only after
// stop and a dry run; the preview is drawn; resume restarts the consumer.
func TestRMQResetPanelFlow(t *testing.T) {
	if n := len(model.RocketLibrary()); n < 10 {
		t.Fatalf("only %d RocketMQ lessons", n)
	}
	s, err := model.NewRocket(model.RocketLesson("rocketmq-reset-offset-not-redrive"))
	if err != nil {
		t.Fatal(err)
	}
	s.JumpBy(660_000)
	h := &fakeHost{s: s, lang: langEN}
	p := NewRMQOpsPanel(h, 1)
	p.Render()
	if ok, _ := p.reset.CanExecute(model.RMQOperations(s.Broker())[0], s.Now()); ok {
		t.Fatal("execute offered with the consumer online")
	}
	p.onStop(nil, app.Event{})
	if len(model.RMQOperations(s.Broker())[0].Consumers) != 0 || h.changes != 1 {
		t.Fatal("stop did not stop the consumer")
	}
	p.Render()
	p.onDryRun(nil, app.Event{})
	html := app.HTMLString(p.Render())
	if !strings.Contains(html, `id="rmq-reset-preview"`) || p.reset.Summary.Replayed != 10 {
		t.Fatalf("dry run: %+v\n%s", p.reset.Summary, clipHTML(html))
	}
	dlq := len(model.RMQOperations(s.Broker())[0].DLQ)
	p.onExecute(nil, app.Event{})
	p.onResume(nil, app.Event{})
	if p.err != "" || len(model.RMQOperations(s.Broker())[0].Consumers) != 1 {
		t.Fatalf("execute and resume: %q", p.err)
	}
	s.JumpBy(120_000)
	if got := len(model.RMQOperations(s.Broker())[0].DLQ); got != dlq+2 {
		t.Fatalf("%d dead letters after the reset, want %d: the outage orders fail again", got, dlq+2)
	}
}

func TestTickLabel(t *testing.T) {
	for in, want := range map[int64]string{0: "0s", 10_000: "10s", 60_000: "1m", 600_000: "10m", 3_600_000: "1h", 17_140_000: "4h46m"} {
		if got := tickLabel(rmqTimeOf(in)); got != want {
			t.Errorf("tickLabel(%d) = %q, want %q", in, got, want)
		}
	}
}

func rmqTimeOf(ms int64) rmq.Time { return rmq.Time(ms) }
