package model

import (
	"fmt"
	"strconv"
	"strings"

	rmqsc "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

// A consumer's listener as a few lines a learner can type, one rule a
// line: what it matches, then what each delivery does, by reconsumeTimes
// (the last action repeats):
//
//	key=order-9: throw, throw, success
//	tag=paid: reconsume_later level=5
//	*: success take=20s
//
// Options after a result: level=N (delayLevelWhenNextConsume), take=D (how
// long the call runs), suspend=D (orderly suspend), ack=N (a batch's
// ackIndex). A line without a colon matches every message. The rules are
// the scenario format's listener (docs/scenario-format.md "RocketMQ
// scenarios"), which checks them.

// RMQResults are the listener results the script accepts.
var RMQResults = []string{"success", "reconsume_later", "throw", "null", "suspend", "no_ack", "timeout"}

// ParseListenerScript reads a script into rules; an error names the line.
func ParseListenerScript(text string) ([]rmqsc.Rule, error) {
	var rules []rmqsc.Rule
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		r, err := parseRuleLine(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n+1, err)
		}
		rules = append(rules, r)
	}
	return rules, nil
}

func parseRuleLine(line string) (rmqsc.Rule, error) {
	var r rmqsc.Rule
	match, acts, ok := strings.Cut(line, ":")
	if !ok {
		match, acts = "*", line
	}
	for _, f := range strings.Fields(match) {
		k, v, _ := strings.Cut(f, "=")
		switch {
		case f == "*":
		case k == "key" && v != "":
			r.Key = v
		case k == "tag" && v != "":
			r.Tag = v
		case k == "body" && v != "":
			r.Body = v
		default:
			return r, fmt.Errorf("%q: a match is *, key=…, tag=… or body=…", f)
		}
	}
	for _, a := range strings.Split(acts, ",") {
		act, err := parseAction(strings.Fields(a))
		if err != nil {
			return r, err
		}
		r.Actions = append(r.Actions, act)
	}
	return r, nil
}

func parseAction(fs []string) (rmqsc.Action, error) {
	var a rmqsc.Action
	if len(fs) == 0 {
		return a, fmt.Errorf("an action is missing (one of %s)", strings.Join(RMQResults, ", "))
	}
	a.Result = fs[0]
	known := false
	for _, r := range RMQResults {
		known = known || r == a.Result
	}
	if !known {
		return a, fmt.Errorf("%q: the result is one of %s", a.Result, strings.Join(RMQResults, ", "))
	}
	for _, f := range fs[1:] {
		k, v, _ := strings.Cut(f, "=")
		var err error
		switch k {
		case "level":
			a.DelayLevel, err = strconv.Atoi(v)
		case "take":
			a.Take, err = v, durCheck(v)
		case "suspend":
			a.Suspend, err = v, durCheck(v)
		case "ack":
			var n int
			n, err = strconv.Atoi(v)
			a.AckIndex = &n
		default:
			err = fmt.Errorf("an option is level=, take=, suspend= or ack=")
		}
		if err != nil {
			return a, fmt.Errorf("%q: %v", f, err)
		}
	}
	return a, nil
}

func durCheck(s string) error {
	_, err := durationOf(s)
	return err
}

// FormatListenerScript writes rules back as a script.
func FormatListenerScript(rules []rmqsc.Rule) string {
	var b strings.Builder
	for _, r := range rules {
		var match []string
		for _, kv := range [][2]string{{"key", r.Key}, {"tag", r.Tag}, {"body", r.Body}} {
			if kv[1] != "" {
				match = append(match, kv[0]+"="+kv[1])
			}
		}
		if len(match) == 0 {
			match = []string{"*"}
		}
		b.WriteString(strings.Join(match, " ") + ": ")
		for i, a := range r.Actions {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(a.Result)
			if a.DelayLevel != 0 {
				b.WriteString(" level=" + strconv.Itoa(a.DelayLevel))
			}
			if a.Take != "" {
				b.WriteString(" take=" + a.Take)
			}
			if a.Suspend != "" {
				b.WriteString(" suspend=" + a.Suspend)
			}
			if a.AckIndex != nil {
				b.WriteString(" ack=" + strconv.Itoa(*a.AckIndex))
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}
