package model

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	"github.com/dlxlab/dlxlab/scenarios"
	rmqsc "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

// The RocketMQ build forms: a topic, a consumer group, a consumer, and a
// message to publish. Each form's text fields are checked here, every
// error attached to the field it is about, and turned into an edit of the
// scenario (topology) or a step (publish). Rules the broker owns (names,
// which clients a version has) are asked of a core/rocketmq broker; the
// scenario format checks the result as a whole (rmqCheck).

// RMQFieldError is what is wrong with one field: a catalogue key and its
// values, or the broker's or format's own text (never translated).
type RMQFieldError struct {
	Key  string
	Args []string
	Text string
}

// RMQFieldErrors maps a field name to its error; "" is the whole form.
type RMQFieldErrors map[string]RMQFieldError

func (fe RMQFieldErrors) set(field, key string, args ...string) {
	if _, ok := fe[field]; !ok {
		fe[field] = RMQFieldError{Key: key, Args: args}
	}
}

func (fe RMQFieldErrors) text(field string, err error) {
	if _, ok := fe[field]; !ok {
		fe[field] = RMQFieldError{Key: "rmqform.err.broker", Text: err.Error()}
	}
}

// RMQTopicForm is the topic form.
type RMQTopicForm struct {
	Name   string
	Queues string // default 4
}

// RMQGroupForm is the consumer group form.
type RMQGroupForm struct {
	Name      string
	Topic     string // the subscription
	Tags      string // "*" or "a || b"
	Mode      string // clustering | broadcasting
	Orderly   bool
	Client    string // remoting | grpc-push | simple
	MaxRetry  string // maxReconsumeTimes (remoting): -1 = default
	RetryMax  string // group retryMaxTimes (5.x clients)
	Policy    string // customized | exponential (5.x clients)
	RetryNums string // retryQueueNums
}

// RMQConsumerForm is the consumer form.
type RMQConsumerForm struct {
	Group  string
	ID     string
	Script string // the listener (rmq_listener_script.go)
}

// RMQPublishForm is the publish panel.
type RMQPublishForm struct {
	Topic      string
	Keys       string // separated by spaces or commas
	Tags       string
	Body       string
	Queue      string // "" = round robin
	DelayLevel string // "" or 0 = none
	DeliverIn  string // 5.x deliver time, from now
	Count      string // default 1
	Every      string
}

func probe(sc *rmqsc.Scenario) *rmq.Broker {
	p, err := rmq.ParseProfile(sc.Profile)
	if err != nil {
		p = rmq.DefaultProfile
	}
	b, _ := rmq.New(p, rmq.Config{})
	return b
}

func hasTopic(sc *rmqsc.Scenario, name string) bool {
	return slices.ContainsFunc(sc.Topics, func(t rmqsc.Topic) bool { return t.Name == name })
}

func groupIndex(sc *rmqsc.Scenario, name string) int {
	return slices.IndexFunc(sc.Groups, func(g rmqsc.Group) bool { return g.Name == name })
}

// intField reads an optional whole number in [lo, hi].
func intField(fe RMQFieldErrors, field, text string, lo, hi int) (int, bool) {
	text = strings.TrimSpace(text)
	if text == "" {
		return 0, false
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < lo || n > hi {
		fe.set(field, "rmqform.err.range", strconv.Itoa(lo), strconv.Itoa(hi))
		return 0, false
	}
	return n, true
}

func durationOf(text string) (int64, error) {
	d, err := scenarios.ParseDuration(strings.TrimSpace(text))
	return int64(d), err
}

// RMQAddTopic adds a topic to a copy of sc.
func RMQAddTopic(sc *rmqsc.Scenario, f RMQTopicForm) (*rmqsc.Scenario, RMQFieldErrors) {
	fe := RMQFieldErrors{}
	name := strings.TrimSpace(f.Name)
	if hasTopic(sc, name) {
		fe.set("name", "rmqform.err.exists", name)
	} else if err := probe(sc).CreateTopic(name, 1); err != nil {
		fe.text("name", err)
	}
	n, set := intField(fe, "queues", f.Queues, 1, rmq.MaxQueuesPerTopic)
	if !set {
		n = 4
	}
	if len(fe) > 0 {
		return sc, fe
	}
	c := rmqClone(sc)
	c.Topics = append(c.Topics, rmqsc.Topic{Name: name, Queues: n})
	return rmqCheck(sc, c, fe)
}

// RMQAddGroup adds a consumer group with one subscription to a copy of sc.
func RMQAddGroup(sc *rmqsc.Scenario, f RMQGroupForm) (*rmqsc.Scenario, RMQFieldErrors) {
	fe := RMQFieldErrors{}
	g := rmqsc.Group{Name: strings.TrimSpace(f.Name), Orderly: f.Orderly, Mode: f.Mode, Client: f.Client, Policy: f.Policy}
	if groupIndex(sc, g.Name) >= 0 {
		fe.set("name", "rmqform.err.exists", g.Name)
	} else if err := probe(sc).CreateGroup(rmq.DefaultGroupConfig(g.Name)); err != nil {
		fe.text("name", err)
	}
	topic := strings.TrimSpace(f.Topic)
	if !hasTopic(sc, topic) && !isDLQOf(sc, topic) {
		fe.set("topic", "rmqform.err.notopic", topic)
	}
	g.Subscribe = []rmqsc.Subscription{{Topic: topic, Tags: strings.TrimSpace(f.Tags)}}
	if n, ok := intField(fe, "maxretry", f.MaxRetry, -1, 1000); ok {
		g.MaxReconsumeTimes = &n
	}
	if n, ok := intField(fe, "retrymax", f.RetryMax, 0, 1000); ok {
		g.RetryMaxTimes = &n
	}
	if n, ok := intField(fe, "retrynums", f.RetryNums, 0, 64); ok {
		g.RetryQueueNums = &n
	}
	// The client, mode and version must go together: the broker says.
	cfg := rmq.DefaultGroupConfig(g.Name)
	if _, bad := fe["name"]; bad {
		cfg.Name = "group"
	}
	cfg.Client, cfg.Broadcasting = rmq.ClientKind(cmpOrStr(f.Client, string(rmq.Remoting))), f.Mode == "broadcasting"
	if err := probe(sc).CreateGroup(cfg); err != nil {
		fe.text("client", err)
	}
	if len(fe) > 0 {
		return sc, fe
	}
	c := rmqClone(sc)
	c.Groups = append(c.Groups, g)
	return rmqCheck(sc, c, fe)
}

// isDLQOf reports a %DLQ% topic of a group of sc: a DLQ consumer
// subscribes it although the broker only creates it at the first dead
// letter.
func isDLQOf(sc *rmqsc.Scenario, topic string) bool {
	g, ok := strings.CutPrefix(topic, rmq.DLQPrefix)
	return ok && groupIndex(sc, g) >= 0
}

// RMQAddConsumer adds a consumer with its listener to a group of a copy of sc.
func RMQAddConsumer(sc *rmqsc.Scenario, f RMQConsumerForm) (*rmqsc.Scenario, RMQFieldErrors) {
	fe := RMQFieldErrors{}
	gi := groupIndex(sc, f.Group)
	id := strings.TrimSpace(f.ID)
	switch {
	case gi < 0:
		fe.set("group", "rmqform.err.nogroup", f.Group)
	case id == "" || strings.ContainsAny(id, " \t"):
		fe.set("id", "rmqform.err.id")
	case slices.ContainsFunc(sc.Groups[gi].Consumers, func(c rmqsc.Consumer) bool { return c.ID == id }):
		fe.set("id", "rmqform.err.exists", id)
	}
	rules, err := ParseListenerScript(f.Script)
	if err != nil {
		fe.text("script", err)
	}
	if len(fe) > 0 {
		return sc, fe
	}
	c := rmqClone(sc)
	g := c.Groups[gi]
	g.Consumers = append(slices.Clone(g.Consumers), rmqsc.Consumer{ID: id, Listener: rules})
	c.Groups[gi] = g
	return rmqCheck(sc, c, fe)
}

// RMQPublishStep reads the publish panel into a send step. Hints are not
// errors: they say what the broker will do with an unusual message.
func RMQPublishStep(sc *rmqsc.Scenario, f RMQPublishForm) (st rmqsc.Step, fe RMQFieldErrors, hints []RMQFieldError) {
	fe = RMQFieldErrors{}
	s := &rmqsc.Send{Topic: strings.TrimSpace(f.Topic), Tags: strings.TrimSpace(f.Tags), Body: f.Body}
	ti := slices.IndexFunc(sc.Topics, func(t rmqsc.Topic) bool { return t.Name == s.Topic })
	if ti < 0 {
		fe.set("topic", "rmqform.err.notopic", s.Topic)
	}
	s.Keys = strings.FieldsFunc(f.Keys, func(r rune) bool { return r == ',' || r == ' ' })
	if ti >= 0 {
		n := sc.Topics[ti].Queues
		if n == 0 {
			n = 4 // the format's default
		}
		if q, ok := intField(fe, "queue", f.Queue, 0, n-1); ok {
			s.Queue = &q
		}
	}
	levels := probe(sc).Delays().Levels()
	if sc.Config != nil && sc.Config.DelayLevels != "" {
		if t, err := rmq.ParseDelayLevels(sc.Config.DelayLevels); err == nil {
			levels = t.Levels()
		}
	}
	s.DelayLevel, _ = intField(fe, "delay", f.DelayLevel, 0, levels)
	if in := strings.TrimSpace(f.DeliverIn); in != "" {
		if d, err := durationOf(in); err != nil || d < 0 {
			fe.set("deliver", "rmqform.err.duration")
		} else if d > rmq.DefaultTimerMaxDelayMs {
			fe.set("deliver", "rmqform.err.timermax")
		} else {
			s.DeliverIn = in
		}
	}
	if n, ok := intField(fe, "count", f.Count, 1, rmqsc.MaxSends); ok && n > 1 {
		s.Count = n
	}
	if ev := strings.TrimSpace(f.Every); ev != "" {
		if _, err := durationOf(ev); err != nil {
			fe.set("every", "rmqform.err.duration")
		} else if s.Count > 1 {
			s.Every = ev
		}
	}
	if s.DelayLevel > 0 && s.DeliverIn != "" {
		hints = append(hints, RMQFieldError{Key: "rmqform.hint.levelwins"})
	}
	if s.DeliverIn != "" && s.DelayLevel == 0 && sc.Profile == string(rmq.RocketMQ49) {
		hints = append(hints, RMQFieldError{Key: "rmqform.hint.notimer49"})
	}
	return rmqsc.Step{Send: s}, fe, hints
}

// rmqCheck has the scenario format check the edited scenario; an error it
// finds belongs to the whole form, and the scenario stays as it was.
func rmqCheck(old, edited *rmqsc.Scenario, fe RMQFieldErrors) (*rmqsc.Scenario, RMQFieldErrors) {
	js, err := rmqsc.CanonicalJSON(edited)
	if err == nil {
		_, err = rmqsc.Parse("form", js)
	}
	if err != nil {
		fe.text("", err)
		return old, fe
	}
	return edited, nil
}

// rmqClone copies the lists an edit changes.
func rmqClone(sc *rmqsc.Scenario) *rmqsc.Scenario {
	c := *sc
	c.Topics = slices.Clone(sc.Topics)
	c.Groups = slices.Clone(sc.Groups)
	c.Steps = slices.Clone(sc.Steps)
	return &c
}

func cmpOrStr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// String lists the fields and their catalogue keys, for tests and logs.
func (fe RMQFieldErrors) String() string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(fe)) {
		e := fe[k]
		parts = append(parts, fmt.Sprintf("%s: %s", k, e.Key))
	}
	return strings.Join(parts, "; ")
}
