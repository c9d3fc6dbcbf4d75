package model

import (
	"strings"
	"testing"
	"time"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// lesson loads a library scenario into a new session.
func lesson(t *testing.T, name string) *Session {
	t.Helper()
	s := New()
	if !s.LoadLesson(name) {
		t.Fatalf("LoadLesson(%q): %+v", name, s.Notice())
	}
	return s
}

func canon(t *testing.T, s *Session) string {
	t.Helper()
	b, err := scenarios.CanonicalJSON(s.Scenario())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// deathsOf selects the message with the lineage and returns its x-death
// rows as "queue/reason=count".
func deathsOf(s *Session, lineage uint64) []string {
	s.SelectMessage("", lineage, 0, -1)
	var out []string
	for _, r := range s.MessageDetail().XDeath {
		out = append(out, r.Queue+"/"+r.Reason+"="+formatInt(r.Count))
	}
	return out
}

func TestLibraryParses(t *testing.T) {
	lib := Library()
	if len(lib) == 0 {
		t.Fatal("the embedded library is empty")
	}
	for _, l := range lib {
		if l.Err != "" {
			t.Errorf("%s: %s", l.Name, l.Err)
		}
		if l.Title == "" || l.Title == l.Name {
			t.Errorf("%s has no title", l.Name)
		}
	}
}

// TestPlayShowsXDeath: a library scenario played to a time shows the
// x-death counts the broker wrote, at that time.
func TestPlayShowsXDeath(t *testing.T) {
	cases := []struct {
		lesson string
		at     core.Time
		want   []string // x-death of message 1, most recent first
	}{
		{"retry-loop", 0, []string{"main/rejected=1"}}, // rejected at once, waiting in wait
		{"retry-loop", 100, []string{"main/rejected=1"}},
		{"retry-loop", 350, []string{"main/rejected=2", "wait/expired=1"}},
		{"retry-loop", 650, []string{"main/rejected=3", "wait/expired=2"}},
		{"reject-to-dlq", 1000, []string{"orders/rejected=1"}},
	}
	t.Run("acked message shown as last seen", func(t *testing.T) {
		s := lesson(t, "retry-loop")
		s.JumpBy(5000)
		s.SelectMessage("", 1, 0, -1)
		md := s.MessageDetail()
		if !md.Gone || len(md.XDeath) != 2 || md.XDeath[0].Count < 3 {
			t.Errorf("gone=%v x-death=%+v", md.Gone, md.XDeath)
		}
	})
	for _, c := range cases {
		t.Run(c.lesson+"@"+formatInt(int64(c.at)), func(t *testing.T) {
			s := lesson(t, c.lesson)
			if c.at > 0 {
				s.JumpBy(c.at)
			} else {
				s.StepNext() // runs the steps at t=0
			}
			if s.Now() != c.at {
				t.Fatalf("now = %d, want %d", s.Now(), c.at)
			}
			if got := deathsOf(s, 1); strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Errorf("x-death = %v, want %v", got, c.want)
			}
		})
	}
}

// TestPlayingTicks: Tick moves time by wall time × speed while playing.
func TestPlayingTicks(t *testing.T) {
	s := lesson(t, "retry-loop")
	s.Tick(time.Second)
	if s.Now() != 0 || s.Started() {
		t.Fatalf("paused session moved: now %d, started %v", s.Now(), s.Started())
	}
	s.SetSpeed(10)
	s.Play()
	if s.Checkpoint() == nil {
		t.Fatal("the lesson's first checkpoint did not stop Play")
	}
	s.Continue()
	s.Tick(time.Second + 50*time.Millisecond)
	if s.Now() != 300 || s.Checkpoint() == nil || s.Playing() {
		t.Fatalf("after 50 ms at 10×: now = %d, want 300 (the next checkpoint)", s.Now())
	}
	if len(s.Snapshot().Tokens) == 0 {
		t.Error("no tokens while messages move")
	}
	s.Pause()
	s.Tick(2 * time.Second)
	if s.Now() != 300 {
		t.Errorf("paused clock moved to %d", s.Now())
	}
}

// TestReplayIsDeterministic: restart and jump gives what continuous
// stepping gave.
func TestReplayIsDeterministic(t *testing.T) {
	a := lesson(t, "retry-loop")
	for a.Now() < 1000 && a.StepNext() {
	}
	b := lesson(t, "retry-loop")
	b.JumpBy(a.Now())
	if x, y := traceOf(a), traceOf(b); x != y {
		t.Fatalf("step-by-step and jump differ:\n%s\n---\n%s", x, y)
	}
	a.Restart()
	if a.Now() != 0 || a.Started() {
		t.Fatalf("restart: now %d started %v", a.Now(), a.Started())
	}
	a.JumpBy(b.Now())
	if x, y := traceOf(a), traceOf(b); x != y {
		t.Fatalf("replay after restart differs")
	}
}

// traceOf is the run's events as text: the session keeps them all while
// the run fits in its window (every lesson does).
func traceOf(s *Session) string {
	var b strings.Builder
	if s.ob.win.lost > 0 {
		panic("the run no longer fits the window of events")
	}
	for i := 0; i < s.ob.win.len(); i++ {
		b.WriteString(s.ob.win.at(i).String())
		b.WriteByte('\n')
	}
	return b.String()
}

func TestUndoRedo(t *testing.T) {
	s := New()
	before := canon(t, s)
	if !s.PutQueue("", scenarios.NewQueue("q1")) {
		t.Fatalf("PutQueue: %+v", s.Notice())
	}
	after := canon(t, s)
	if _, ok := s.Broker().Queue("q1"); !ok {
		t.Fatal("q1 not declared")
	}
	if !s.Undo() || canon(t, s) != before {
		t.Fatalf("undo: %s", canon(t, s))
	}
	if _, ok := s.Broker().Queue("q1"); ok {
		t.Fatal("q1 still declared after undo")
	}
	if !s.Redo() || canon(t, s) != after {
		t.Fatalf("redo: %s", canon(t, s))
	}
	if s.Redo() {
		t.Error("redo with nothing to redo")
	}
}

// TestInvalidArgumentChangesNothing: the broker's 406 text, and the
// scenario is exactly as before.
func TestInvalidArgumentChangesNothing(t *testing.T) {
	cases := []struct {
		name string
		args core.Table
		want string
	}{
		{"negative ttl", core.Table{"x-message-ttl": int64(-1)},
			"PRECONDITION_FAILED - invalid arg 'x-message-ttl' for queue 'q' in vhost '/': {value_negative,-1}"},
		{"text ttl", core.Table{"x-message-ttl": ParseValue(QueueArgs, "x-message-ttl", "soon")},
			"PRECONDITION_FAILED - invalid arg 'x-message-ttl' for queue 'q' in vhost '/': \"expected integer, got longstr\""},
		{"bad overflow", core.Table{"x-overflow": "explode"},
			"PRECONDITION_FAILED - invalid arg 'x-overflow' for queue 'q' in vhost '/'"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := lesson(t, "retry-loop")
			s.JumpBy(400)
			before := canon(t, s)
			undo := s.CanUndo()
			q := scenarios.NewQueue("q")
			q.Arguments = c.args
			if s.PutQueue("", q) {
				t.Fatal("PutQueue accepted an invalid argument")
			}
			n := s.Notice()
			if n == nil || !n.Error || !strings.HasPrefix(n.Text, c.want) {
				t.Fatalf("notice = %+v, want text starting %q", n, c.want)
			}
			if canon(t, s) != before {
				t.Error("the scenario changed")
			}
			if s.Now() != 400 {
				t.Errorf("time moved to %d", s.Now())
			}
			if s.CanUndo() != undo {
				t.Error("a rejected edit became an undo entry")
			}
		})
	}
}

// TestBuildFromEmpty is journey 2 without a browser: an exchange, a
// queue with TTL and DLX, a binding, a DLQ; publish with expiration;
// advance; the DLQ holds the message, expired, with original-expiration.
func TestBuildFromEmpty(t *testing.T) {
	s := New()
	must := func(ok bool) {
		t.Helper()
		if !ok {
			t.Fatalf("edit refused: %+v", s.Notice())
		}
	}
	x := scenarios.NewExchange("orders")
	must(s.PutExchange("", x))
	dlx := scenarios.NewExchange("orders.dlx")
	dlx.Type = core.Fanout
	must(s.PutExchange("", dlx))
	q := scenarios.NewQueue("work")
	q.Arguments = core.Table{"x-message-ttl": int64(5000), "x-dead-letter-exchange": "orders.dlx"}
	must(s.PutQueue("", q))
	must(s.PutQueue("", scenarios.NewQueue("work.dlq")))
	must(s.AddBinding(scenarios.NewBinding("orders", "work", "new")))
	must(s.AddBinding(scenarios.NewBinding("orders.dlx", "work.dlq", "")))
	must(s.Publish(PublishForm{Exchange: "orders", RoutingKey: "new", Body: "hello", Expiration: "1000"}))
	if v, _ := s.Broker().Queue("work"); v.Ready != 1 {
		t.Fatalf("work holds %d, want 1", v.Ready)
	}
	s.JumpBy(1000)
	d := s.QueueDetail("work.dlq", 0, 10)
	if len(d.Messages) != 1 {
		t.Fatalf("work.dlq holds %d messages, want 1", len(d.Messages))
	}
	m := d.Messages[0]
	s.SelectMessage("work.dlq", m.Lineage, m.Instance, m.Position)
	md := s.MessageDetail()
	if len(md.XDeath) != 1 {
		t.Fatalf("x-death = %+v", md.XDeath)
	}
	xd := md.XDeath[0]
	if xd.Reason != "expired" || xd.OrigExpiration != "1000" || xd.Queue != "work" || xd.Count != 1 {
		t.Errorf("x-death entry = %+v", xd)
	}
	for _, p := range md.Props {
		if p.K == "expiration" {
			t.Errorf("expiration still set after dead-lettering: %v", p.V)
		}
	}
	// the graph shows the dead-letter link and where it comes from
	g := s.Graph()
	found := false
	for _, e := range g.Edges {
		if e.Kind == EdgeDLX && e.From == QueueKey("work") && strings.Contains(e.Label, "argument x-dead-letter-exchange") {
			found = true
		}
	}
	if !found {
		t.Errorf("no DLX edge from work: %+v", g.Edges)
	}
	// the message's story
	var keys []string
	for _, h := range md.History {
		keys = append(keys, h.Key)
	}
	if got := strings.Join(keys, " "); !strings.Contains(got, "hist.published hist.routed hist.expired hist.deadlettered") {
		t.Errorf("history = %s", got)
	}
}

func TestInsertAt(t *testing.T) {
	w := func(d int) scenarios.Step { return waitStep(core.Time(d)) }
	pub := scenarios.Step{Publish: &scenarios.PublishStep{Body: "new", Count: 1}}
	old := scenarios.Step{Publish: &scenarios.PublishStep{Body: "old", Count: 1}}
	cases := []struct {
		name  string
		steps []scenarios.Step
		at    core.Time
		want  string
		first int
	}{
		{"empty at 0", nil, 0, "P(new)", 0},
		{"empty later", nil, 500, "wait 500ms, P(new)", 1},
		{"after t=0 steps", []scenarios.Step{old, w(100)}, 0, "P(old), P(new), wait 100ms", 1},
		{"splits a wait", []scenarios.Step{old, w(1000), old}, 400, "P(old), wait 400ms, P(new), wait 600ms, P(old)", 2},
		{"at a wait's end", []scenarios.Step{w(300), old, w(100)}, 300, "wait 300ms, P(old), P(new), wait 100ms", 2},
		{"past the end", []scenarios.Step{w(300)}, 1000, "wait 300ms, wait 700ms, P(new)", 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc := &scenarios.Scenario{Steps: c.steps}
			got, first := insertAt(sc, c.at, pub)
			if s := describe(got.Steps); s != c.want || first != c.first {
				t.Errorf("got %s (first %d), want %s (first %d)", s, first, c.want, c.first)
			}
			if len(sc.Steps) != len(c.steps) {
				t.Error("the original scenario changed")
			}
		})
	}
}

func describe(steps []scenarios.Step) string {
	var parts []string
	for _, st := range steps {
		switch {
		case st.Wait != nil:
			parts = append(parts, "wait "+st.Wait.String())
		case st.Publish != nil:
			parts = append(parts, "P("+st.Publish.Body+")")
		default:
			parts = append(parts, st.Kind())
		}
	}
	return strings.Join(parts, ", ")
}

// TestPublishMidRunKeepsLaterSteps: publishing in the middle of a wait
// splits it; the scenario's later steps keep their times.
func TestPublishMidRunKeepsLaterSteps(t *testing.T) {
	s := lesson(t, "reject-to-dlq")
	s.JumpBy(400)
	end := s.EndTime()
	if !s.Publish(PublishForm{Exchange: "orders", RoutingKey: "new", Body: "order-3"}) {
		t.Fatalf("publish: %+v", s.Notice())
	}
	if s.EndTime() != end {
		t.Errorf("end moved from %d to %d", end, s.EndTime())
	}
	if s.Now() != 400 {
		t.Errorf("now = %d", s.Now())
	}
	s.JumpBy(2000)
	if got := len(s.QueueDetail("orders.dlq", 0, 10).Messages); got != 2 {
		t.Errorf("orders.dlq holds %d, want 2 (order-2 and order-3; order-1 was taken by get)", got)
	}
	if !s.Undo() {
		t.Fatal("undo")
	}
	if got := len(s.QueueDetail("orders.dlq", 0, 10).Messages); got != 1 {
		t.Errorf("after undo orders.dlq holds %d, want 1", got)
	}
}

func TestPublishErrorChangesNothing(t *testing.T) {
	s := New()
	before := canon(t, s)
	if s.Publish(PublishForm{Exchange: "nope", RoutingKey: "k", Body: "b"}) {
		t.Fatal("publish to a missing exchange accepted")
	}
	if n := s.Notice(); n == nil || n.Text != "NOT_FOUND - no exchange 'nope' in vhost '/'" {
		t.Errorf("notice = %+v", n)
	}
	if canon(t, s) != before {
		t.Error("scenario changed")
	}
}

// TestByHand: a consumer with no script holds every delivery; the
// learner settles them in any order, each as a step.
func TestByHand(t *testing.T) {
	s := New()
	s.PutQueue("", scenarios.NewQueue("q"))
	s.Attach(scenarios.Consumer{Name: "me", Queue: "q", Prefetch: 0})
	for _, body := range []string{"a", "b"} {
		if !s.Publish(PublishForm{RoutingKey: "q", Body: body}) {
			t.Fatalf("publish: %+v", s.Notice())
		}
	}
	d := s.QueueDetail("q", 0, 10)
	if len(d.Held) != 2 || !d.Held[0].ByHand {
		t.Fatalf("held = %+v", d.Held)
	}
	// settle the second first: a step with n: 2
	if !s.SettleByHand("me", d.Held[1].Instance, SettleAck) {
		t.Fatalf("settle b: %+v", s.Notice())
	}
	if !s.SettleByHand("me", d.Held[0].Instance, SettleReject) {
		t.Fatalf("settle a: %+v", s.Notice())
	}
	if v, _ := s.Broker().Queue("q"); v.Unacked != 0 {
		t.Fatalf("unacked = %d", v.Unacked)
	}
	// both survive a replay
	s.Restart()
	s.JumpBy(10)
	if v, _ := s.Broker().Queue("q"); v.Unacked != 0 || s.Broker().Stats().Acked != 1 {
		t.Errorf("after replay: unacked %d, acked %d", v.Unacked, s.Broker().Stats().Acked)
	}
}

// heldBodies lists the bodies a queue's consumers hold, oldest first.
func heldBodies(s *Session, queue string) []string {
	var out []string
	for _, h := range s.QueueDetail(queue, 0, 0).Held {
		out = append(out, h.Body)
	}
	return out
}

// heldInstance is the instance of the held delivery with the body.
func heldInstance(t *testing.T, s *Session, queue, body string) uint64 {
	t.Helper()
	for _, h := range s.QueueDetail(queue, 0, 0).Held {
		if h.Body == body {
			return h.Instance
		}
	}
	t.Fatalf("%s holds no %q: %v", queue, body, heldBodies(s, queue))
	return 0
}

// byHandQueue is a session with q (dead-lettering to dlq), a consumer
// "me" settling by hand, and a, b, c published at t=0 and held.
func byHandQueue(t *testing.T) *Session {
	t.Helper()
	s := New()
	q := scenarios.NewQueue("q")
	q.Arguments = core.Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"}
	s.PutQueue("", q)
	s.PutQueue("", scenarios.NewQueue("dlq"))
	s.Attach(scenarios.Consumer{Name: "me", Queue: "q"})
	for _, body := range []string{"a", "b", "c"} {
		if !s.Publish(PublishForm{RoutingKey: "q", Body: body}) {
			t.Fatalf("publish: %+v", s.Notice())
		}
	}
	return s
}

// TestByHandSecondSurvivesLink: rejecting the second held delivery by
// hand is a step (reject: {consumer: me, n: 2}); a share link opened
// elsewhere replays it: the same delivery dead-lettered, the same held.
func TestByHandSecondSurvivesLink(t *testing.T) {
	s := byHandQueue(t)
	s.JumpBy(40)
	if !s.SettleByHand("me", heldInstance(t, s, "q", "b"), SettleReject) {
		t.Fatalf("settle b: %+v", s.Notice())
	}
	if c := canon(t, s); !strings.Contains(c, `{"reject":{"consumer":"me","n":2}}`) {
		t.Fatalf("no settle step naming the 2nd delivery:\n%s", c)
	}
	s.JumpBy(60)
	want := func(t *testing.T, o *Session, what string) {
		t.Helper()
		if got := strings.Join(heldBodies(o, "q"), ","); got != "a,c" {
			t.Errorf("%s: q holds %s, want a,c", what, got)
		}
		if d := o.QueueDetail("dlq", 0, 10); len(d.Messages) != 1 || d.Messages[0].Body != "b" {
			t.Errorf("%s: dlq = %+v, want b", what, d.Messages)
		}
	}
	want(t, s, "here")
	frag, err := s.ShareFragment()
	if err != nil {
		t.Fatal(err)
	}
	o := New()
	if err := o.OpenFragment(frag); err != nil {
		t.Fatal(err)
	}
	if o.Now() != 100 || canon(t, o) != canon(t, s) {
		t.Fatalf("opened at %d:\n%s", o.Now(), canon(t, o))
	}
	want(t, o, "opened link")
	o.Restart()
	o.JumpBy(100)
	want(t, o, "replayed link")
}

// TestRestoreAdoptsJournal: an autosave from a build that kept by-hand
// settles in a journal beside the steps restores with them as steps.
func TestRestoreAdoptsJournal(t *testing.T) {
	s := byHandQueue(t)
	s.JumpBy(50)
	js, err := scenarios.CanonicalJSON(s.Scenario())
	if err != nil {
		t.Fatal(err)
	}
	inst := heldInstance(t, s, "q", "b")
	old := `{"v":1,"scenario":` + string(js) + `,"t":100,"started":true,"speed":2,` +
		`"journal":[{"t":50,"consumer":"me","instance":` + formatInt(int64(inst)) + `,"action":"ack"}]}`
	r := New()
	if err := r.Restore([]byte(old)); err != nil {
		t.Fatal(err)
	}
	if c := canon(t, r); !strings.Contains(c, `{"wait":"50ms"},{"ack":{"consumer":"me","n":2}}`) {
		t.Errorf("the journal entry is not a step at 50 ms:\n%s", c)
	}
	if r.Now() != 100 || strings.Join(heldBodies(r, "q"), ",") != "a,c" || r.CanUndo() || r.Speed() != 2 {
		t.Errorf("restored: now %d, held %v, can undo %v, speed %v", r.Now(), heldBodies(r, "q"), r.CanUndo(), r.Speed())
	}
	if data, _ := r.Save(); strings.Contains(string(data), "journal") {
		t.Errorf("a save still writes a journal: %s", data)
	}
}

func TestShareAndSave(t *testing.T) {
	s := lesson(t, "retry-loop")
	s.JumpBy(650)
	s.Select("queue", "wait")
	frag, err := s.ShareFragment()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(frag, "s=1.") || !strings.Contains(frag, "&t=650") {
		t.Fatalf("fragment = %q", frag)
	}
	o := New()
	if err := o.OpenFragment("#" + frag); err != nil {
		t.Fatal(err)
	}
	if o.Now() != 650 || canon(t, o) != canon(t, s) || o.Selection().Name != "wait" {
		t.Errorf("opened: now %d sel %+v", o.Now(), o.Selection())
	}
	if err := o.OpenFragment("s=1.@@@"); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("bad link: %v", err)
	}
	if err := o.OpenFragment("x=1"); err != ErrNoLink {
		t.Errorf("no link: %v", err)
	}

	data, err := s.Save()
	if err != nil {
		t.Fatal(err)
	}
	r := New()
	if err := r.Restore(data); err != nil {
		t.Fatal(err)
	}
	if r.Now() != 650 || canon(t, r) != canon(t, s) || traceOf(r) != traceOf(s) {
		t.Errorf("restored: now %d", r.Now())
	}
	if err := r.Restore([]byte("{")); err == nil {
		t.Error("damaged save accepted")
	}
}

func TestYAMLErrorsArePositioned(t *testing.T) {
	s := New()
	errs := s.ApplyYAML("version: 1\nqueues:\n  - {name: q, argumentz: {}}\n")
	if len(errs) == 0 || errs[0].Line != 3 {
		t.Fatalf("errors = %v", errs)
	}
	if errs := s.ApplyYAML(lessonYAML(t, "retry-loop")); errs != nil {
		t.Fatalf("valid YAML refused: %v", errs)
	}
	if _, ok := s.Broker().Queue("main"); !ok {
		t.Error("main not declared")
	}
}

func lessonYAML(t *testing.T, name string) string {
	s := lesson(t, name)
	return s.YAML()
}

func TestGraphLayers(t *testing.T) {
	s := lesson(t, "reject-to-dlq")
	g := s.Graph()
	x := func(key string) float64 {
		n, ok := g.Node(key)
		if !ok {
			t.Fatalf("no node %s", key)
		}
		return n.Y
	}
	// publisher → exchange → queue → DLX → DLQ, top to bottom
	order := []string{PublisherKey, ExchangeKey("orders"), QueueKey("orders"), ExchangeKey("orders.dlx"), QueueKey("orders.dlq")}
	for i := 1; i < len(order); i++ {
		if x(order[i]) <= x(order[i-1]) {
			t.Errorf("%s (y=%v) is not below %s (y=%v)", order[i], x(order[i]), order[i-1], x(order[i-1]))
		}
	}
	s.MoveNode(QueueKey("orders.dlq"), 10, 20)
	if n, _ := s.Graph().Node(QueueKey("orders.dlq")); n.X != 10 || n.Y != 20 || !n.Pinned {
		t.Errorf("moved node at %v,%v", n.X, n.Y)
	}
	if !s.Undo() {
		t.Fatal("undo move")
	}
	if n, _ := s.Graph().Node(QueueKey("orders.dlq")); n.Pinned {
		t.Error("still pinned after undo")
	}
}

func TestPolicyDLXShowsPolicyName(t *testing.T) {
	s := New()
	s.PutExchange("", scenarios.NewExchange("dlx"))
	s.PutQueue("", scenarios.NewQueue("jobs"))
	if !s.PutPolicy("", scenarios.NewPolicy("dl", "^jobs$", core.Table{"dead-letter-exchange": "dlx"})) {
		t.Fatalf("policy: %+v", s.Notice())
	}
	for _, e := range s.Graph().Edges {
		if e.Kind == EdgeDLX && e.Label == "DLX · policy dl" {
			return
		}
	}
	t.Errorf("no DLX edge labelled with the policy: %+v", s.Graph().Edges)
}

func TestImportExport(t *testing.T) {
	s := New()
	defs := `{"rabbit_version": "3.12.0", "users": [{"name": "guest", "password_hash": "x"}],
	  "vhosts": [{"name": "/"}],
	  "queues": [{"name": "jobs", "vhost": "/", "durable": true, "auto_delete": false,
	              "arguments": {"x-dead-letter-exchange": "jobs.dlx"}}],
	  "exchanges": [{"name": "jobs.dlx", "vhost": "/", "type": "fanout", "durable": true, "auto_delete": false,
	                 "internal": false, "arguments": {}}],
	  "bindings": [], "policies": []}`
	warnings, err := s.ImportDefinitions([]byte(defs))
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) == 0 {
		t.Error("users were dropped without a warning")
	}
	if _, ok := s.Broker().Queue("jobs"); !ok {
		t.Fatal("jobs not declared")
	}
	out, err := s.ExportDefinitions()
	if err != nil || !strings.Contains(out, `"jobs.dlx"`) || strings.Contains(out, "password_hash") {
		t.Errorf("export = %s (%v)", out, err)
	}
	admin, err := s.ExportRabbitmqadmin()
	if err != nil || !strings.Contains(admin, "rabbitmqadmin declare queue") {
		t.Errorf("rabbitmqadmin = %s (%v)", admin, err)
	}
	if !s.Undo() {
		t.Fatal("an import is undoable")
	}
	if _, ok := s.Broker().Queue("jobs"); ok {
		t.Error("undo kept the import")
	}
	if _, err := s.ImportDefinitions([]byte("{not json")); err == nil {
		t.Error("bad JSON imported")
	}
}

func TestProfileSwitch(t *testing.T) {
	s := lesson(t, "retry-loop")
	if !s.SetProfile("rabbitmq-3.12") || s.Profile() != "rabbitmq-3.12" {
		t.Fatalf("profile = %s", s.Profile())
	}
	s.JumpBy(100)
	s.SelectMessage("", 1, 0, -1)
	for _, h := range s.MessageDetail().Headers {
		if strings.HasPrefix(h.K, "x-last-death") {
			t.Errorf("3.12 has no %s", h.K)
		}
	}
	if s.SetProfile("rabbitmq-9") {
		t.Error("unknown profile accepted")
	}
	if !s.Undo() || s.Profile() != "rabbitmq-4.3" {
		t.Errorf("undo: profile %s", s.Profile())
	}
}

// TestEveryLessonPlays: every library lesson loads, draws and plays to
// its end without the session hitting a limit.
func TestEveryLessonPlays(t *testing.T) {
	for _, l := range Library() {
		t.Run(l.Name, func(t *testing.T) {
			s := lesson(t, l.Name)
			s.JumpBy(s.EndTime() + 1000)
			if len(s.Graph().Nodes) == 0 {
				t.Error("nothing drawn")
			}
			if n := s.Notice(); n != nil && n.Error {
				t.Errorf("notice: %+v", n)
			}
			s.DepthCharts(300, 50)
			s.Timeline(300, 20)
			for _, q := range s.Broker().Queues() {
				s.QueueDetail(q.Name, 0, 20)
			}
		})
	}
}

// TestHeadOfLine: a message whose TTL is shorter than the one before it
// is marked as waiting for the head.
func TestHeadOfLine(t *testing.T) {
	s := New()
	s.PutQueue("", scenarios.NewQueue("q"))
	for _, exp := range []string{"60000", "10000", "30000"} {
		s.Publish(PublishForm{RoutingKey: "q", Body: exp, Expiration: exp})
	}
	d := s.QueueDetail("q", 0, 10)
	var got []bool
	for _, m := range d.Messages {
		got = append(got, m.Blocked)
	}
	if len(got) != 3 || got[0] || !got[1] || !got[2] {
		t.Errorf("blocked = %v, want [false true true]", got)
	}
	if d := s.QueueDetail("q", 1, 1); len(d.Messages) != 1 || !d.Messages[0].Blocked {
		t.Errorf("a window from position 1 lost what is before it: %+v", d.Messages)
	}
}
