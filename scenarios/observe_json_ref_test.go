package scenarios

import "encoding/json"

// referenceJSON is the observation as encoding/json writes it from struct
// tags, headers converted by jsonValue: what JSON() was before the
// observation had its own encoder. TestWriteJSONSame holds the encoder
// to it.
func referenceJSON(o *Observation) ([]byte, error) {
	type message struct {
		Body       string         `json:"body"`
		Exchange   string         `json:"exchange"`
		RoutingKey string         `json:"routing_key"`
		Properties map[string]any `json:"properties"`
		BodyRef    int            `json:"body_ref,omitempty"`
		Headers    any            `json:"headers"`
	}
	msg := func(m Message) message {
		return message{m.Body, m.Exchange, m.RoutingKey, m.Properties, m.BodyRef, jsonValue(tableOrEmpty(m.Headers))}
	}
	type queued struct {
		message
		Redelivered bool `json:"redelivered"`
	}
	type queue struct {
		Messages []queued `json:"messages"`
		Unacked  int      `json:"unacked"`
	}
	queues := func(qs map[string]QueueState) map[string]queue {
		if qs == nil {
			return nil
		}
		out := map[string]queue{}
		for name, q := range qs {
			var ms []queued
			if q.Messages != nil {
				ms = []queued{}
			}
			for _, m := range q.Messages {
				ms = append(ms, queued{msg(m.Message), m.Redelivered})
			}
			out[name] = queue{ms, q.Unacked}
		}
		return out
	}
	type delivery struct {
		TMS         int64   `json:"t_ms"`
		Consumer    string  `json:"consumer,omitempty"`
		Get         bool    `json:"get,omitempty"`
		Queue       string  `json:"queue"`
		Redelivered bool    `json:"redelivered"`
		Action      string  `json:"action"`
		Message     message `json:"message"`
	}
	type ret struct {
		TMS       int64   `json:"t_ms"`
		ReplyCode int     `json:"reply_code"`
		ReplyText string  `json:"reply_text"`
		Message   message `json:"message"`
	}
	type drop struct {
		TMS         int64   `json:"t_ms"`
		Queue       string  `json:"queue"`
		Reason      string  `json:"reason"`
		DeathReason string  `json:"death_reason,omitempty"`
		Detail      string  `json:"detail,omitempty"`
		Message     message `json:"message"`
	}
	type snapshot struct {
		Name       string           `json:"name"`
		Step       int              `json:"step"`
		ClockMS    int64            `json:"clock_ms"`
		Queues     map[string]queue `json:"queues"`
		Deliveries int              `json:"deliveries"`
		Returns    int              `json:"returns"`
		Drops      int              `json:"drops"`
		Errors     int              `json:"errors"`
	}
	var out struct {
		Profile    string           `json:"profile"`
		ClockMS    int64            `json:"clock_ms"`
		Queues     map[string]queue `json:"queues"`
		Deliveries []delivery       `json:"deliveries"`
		Returns    []ret            `json:"returns"`
		Drops      []drop           `json:"drops"`
		Errors     []StepError      `json:"errors"`
		Snapshots  []snapshot       `json:"snapshots,omitempty"`
		Bodies     []string         `json:"bodies,omitempty"`
	}
	out.Profile, out.ClockMS, out.Queues, out.Errors, out.Bodies = o.Profile, o.ClockMS, queues(o.Queues), o.Errors, o.Bodies
	if o.Deliveries != nil {
		out.Deliveries = []delivery{}
	}
	for _, d := range o.Deliveries {
		out.Deliveries = append(out.Deliveries, delivery{d.TMS, d.Consumer, d.Get, d.Queue, d.Redelivered, d.Action, msg(d.Message)})
	}
	if o.Returns != nil {
		out.Returns = []ret{}
	}
	for _, r := range o.Returns {
		out.Returns = append(out.Returns, ret{r.TMS, r.ReplyCode, r.ReplyText, msg(r.Message)})
	}
	if o.Drops != nil {
		out.Drops = []drop{}
	}
	for _, d := range o.Drops {
		out.Drops = append(out.Drops, drop{d.TMS, d.Queue, d.Reason, d.DeathReason, d.Detail, msg(d.Message)})
	}
	for _, s := range o.Snapshots {
		out.Snapshots = append(out.Snapshots, snapshot{s.Name, s.Step, s.ClockMS, queues(s.Queues), s.Deliveries, s.Returns, s.Drops, s.Errors})
	}
	return json.MarshalIndent(&out, "", "  ")
}
