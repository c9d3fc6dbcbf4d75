// Package rocketmq reads, runs, checks and shares RocketMQ scenarios: files
// with `broker: rocketmq` (docs/scenario-format.md "RocketMQ scenarios"),
// played on the core/rocketmq model. Like package scenarios it does no I/O
// and reads no clock, so the browser can use it too.
package rocketmq

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/dlxlab/dlxlab/scenarios"
)

// Broker is the value of the `broker` key that selects this format.
const Broker = "rocketmq"

// Limits of a RocketMQ scenario, checked at parse time.
const (
	MaxSends      = 20_000 // messages all send steps send together
	MaxSteps      = 1_000
	MaxEntries    = 100 // topics, groups, consumers, rules, actions each
	MaxEventsBase = 200_000
	MaxPerMessage = 60 // events one message may cause (a full ladder is about 55)
)

// Scenario is one RocketMQ scenario file.
type Scenario struct {
	Broker    string   `json:"broker" yaml:"broker"`
	Version   int      `json:"version,omitempty" yaml:"version"`
	Title     string   `json:"title,omitempty" yaml:"title"`
	Summary   string   `json:"summary,omitempty" yaml:"summary"`
	TitleZH   string   `json:"title_zh,omitempty" yaml:"title_zh"`
	SummaryZH string   `json:"summary_zh,omitempty" yaml:"summary_zh"`
	Profile   string   `json:"profile,omitempty" yaml:"profile"`
	Config    *Config  `json:"config,omitempty" yaml:"config"`
	Topics    []Topic  `json:"topics" yaml:"topics"`
	Groups    []Group  `json:"groups,omitempty" yaml:"groups"`
	Steps     []Step   `json:"steps,omitempty" yaml:"steps"`
	Expect    *Expect  `json:"expect,omitempty" yaml:"expect"`
	Layout    any      `json:"layout,omitempty" yaml:"layout"`
	Name      string   `json:"-" yaml:"-"`
	Warnings  []string `json:"-" yaml:"-"`
}

// Config is the broker configuration a lesson changes.
type Config struct {
	DelayLevels      string `json:"delay_levels,omitempty" yaml:"delay_levels"`
	FileReserved     string `json:"file_reserved,omitempty" yaml:"file_reserved"` // a duration, default 72h
	TimerPrecisionMs int64  `json:"timer_precision_ms,omitempty" yaml:"timer_precision_ms"`
}

// Topic is a topic with its queue count (default 4).
type Topic struct {
	Name   string `json:"name" yaml:"name"`
	Queues int    `json:"queues,omitempty" yaml:"queues"`
}

// Group is a consumer group, its subscriptions and its consumers.
type Group struct {
	Name              string         `json:"name" yaml:"name"`
	Mode              string         `json:"mode,omitempty" yaml:"mode"`     // clustering (default) | broadcasting
	Client            string         `json:"client,omitempty" yaml:"client"` // remoting (default) | grpc-push | simple
	Orderly           bool           `json:"orderly,omitempty" yaml:"orderly"`
	MaxReconsumeTimes *int           `json:"max_reconsume_times,omitempty" yaml:"max_reconsume_times"`
	RetryQueueNums    *int           `json:"retry_queue_nums,omitempty" yaml:"retry_queue_nums"`
	RetryMaxTimes     *int           `json:"retry_max_times,omitempty" yaml:"retry_max_times"`
	Policy            string         `json:"policy,omitempty" yaml:"policy"` // customized (default) | exponential
	Suspend           string         `json:"suspend,omitempty" yaml:"suspend"`
	ConsumeTimeout    string         `json:"consume_timeout,omitempty" yaml:"consume_timeout"`
	Invisible         string         `json:"invisible,omitempty" yaml:"invisible"`
	Batch             int            `json:"batch,omitempty" yaml:"batch"`
	Subscribe         []Subscription `json:"subscribe" yaml:"subscribe"`
	Consumers         []Consumer     `json:"consumers,omitempty" yaml:"consumers"`
}

// Subscription is a topic and a tag expression (default "*").
type Subscription struct {
	Topic string `json:"topic" yaml:"topic"`
	Tags  string `json:"tags,omitempty" yaml:"tags"`
}

// Consumer is one consumer with its scripted listener.
type Consumer struct {
	ID       string `json:"id" yaml:"id"`
	Listener []Rule `json:"listener,omitempty" yaml:"listener"`
}

// Rule: for messages matching key/tag/body (all optional), actions[i] is
// what delivery i (by reconsumeTimes) does; the last repeats.
type Rule struct {
	Key     string   `json:"key,omitempty" yaml:"key"`
	Tag     string   `json:"tag,omitempty" yaml:"tag"`
	Body    string   `json:"body,omitempty" yaml:"body"`
	Actions []Action `json:"actions" yaml:"actions"`
}

// Action is one listener outcome.
type Action struct {
	Result     string `json:"result" yaml:"result"`
	Take       string `json:"take,omitempty" yaml:"take"`
	DelayLevel int    `json:"delay_level,omitempty" yaml:"delay_level"`
	Suspend    string `json:"suspend,omitempty" yaml:"suspend"`
	AckIndex   *int   `json:"ack_index,omitempty" yaml:"ack_index"`
}

// Step is one step; exactly one field is set.
type Step struct {
	Send           *Send          `json:"send,omitempty" yaml:"send"`
	Wait           string         `json:"wait,omitempty" yaml:"wait"`
	AddConsumer    *AddConsumer   `json:"add_consumer,omitempty" yaml:"add_consumer"`
	RemoveConsumer *GroupConsumer `json:"remove_consumer,omitempty" yaml:"remove_consumer"`
	Subscribe      *GroupTopic    `json:"subscribe,omitempty" yaml:"subscribe"`
	Resend         *DLQRef        `json:"resend,omitempty" yaml:"resend"`
	Republish      *DLQRef        `json:"republish,omitempty" yaml:"republish"`
	ResetOffset    *ResetOffset   `json:"reset_offset,omitempty" yaml:"reset_offset"`
	UpdatePerm     *UpdatePerm    `json:"update_perm,omitempty" yaml:"update_perm"`
}

// Send sends count messages (default 1), every apart (time moves).
type Send struct {
	Topic      string            `json:"topic" yaml:"topic"`
	Tags       string            `json:"tags,omitempty" yaml:"tags"`
	Keys       []string          `json:"keys,omitempty" yaml:"keys"`
	Body       string            `json:"body,omitempty" yaml:"body"`
	Props      map[string]string `json:"props,omitempty" yaml:"props"`
	Queue      *int              `json:"queue,omitempty" yaml:"queue"`
	DelayLevel int               `json:"delay_level,omitempty" yaml:"delay_level"`
	DeliverIn  string            `json:"deliver_in,omitempty" yaml:"deliver_in"` // 5.x deliver time, from now
	Count      int               `json:"count,omitempty" yaml:"count"`
	Every      string            `json:"every,omitempty" yaml:"every"`
}

// AddConsumer starts a consumer of a group.
type AddConsumer struct {
	Group    string `json:"group" yaml:"group"`
	ID       string `json:"id" yaml:"id"`
	Listener []Rule `json:"listener,omitempty" yaml:"listener"`
}

// GroupConsumer names a consumer of a group.
type GroupConsumer struct {
	Group string `json:"group" yaml:"group"`
	ID    string `json:"id" yaml:"id"`
}

// GroupTopic subscribes a group to a topic (a DLQ consumer subscribes %DLQ%g).
type GroupTopic struct {
	Group string `json:"group" yaml:"group"`
	Topic string `json:"topic" yaml:"topic"`
	Tags  string `json:"tags,omitempty" yaml:"tags"`
}

// DLQRef names a dead letter of a group: the n-th in its DLQ (0 = oldest).
type DLQRef struct {
	Group string `json:"group" yaml:"group"`
	N     int    `json:"n,omitempty" yaml:"n"`
}

// ResetOffset is mqadmin resetOffsetByTime (time: a virtual time, "0s" = the start).
type ResetOffset struct {
	Group string `json:"group" yaml:"group"`
	Topic string `json:"topic" yaml:"topic"`
	Time  string `json:"time" yaml:"time"`
}

// UpdatePerm is mqadmin updateTopicPerm.
type UpdatePerm struct {
	Topic string `json:"topic" yaml:"topic"`
	Perm  int    `json:"perm" yaml:"perm"`
}

// IsRocketMQ reports whether a scenario document says `broker: rocketmq`
// at its top level (a YAML line at column 0, or the JSON key). It reads the
// text only, in one linear pass, so hostile input costs nothing here.
func IsRocketMQ(data []byte) bool {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if jsonBroker.Match(data) {
		return true
	}
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		v, ok := bytes.CutPrefix(line, []byte("broker:"))
		if !ok {
			continue
		}
		if i := bytes.IndexByte(v, '#'); i >= 0 {
			v = v[:i]
		}
		v = bytes.Trim(bytes.TrimSpace(v), `"'`)
		return strings.EqualFold(string(v), Broker)
	}
	return false
}

var jsonBroker = regexp.MustCompile(`^\s*\{\s*"broker"\s*:\s*"rocketmq"`)

// Parse reads a RocketMQ scenario (YAML or JSON) and validates it; unknown
// keys are errors with their line and column.
func Parse(name string, data []byte) (sc *Scenario, err error) {
	if len(data) > scenarios.MaxFileSize {
		return nil, fmt.Errorf("%s: file is %d bytes; the limit is %d (MaxFileSize)", name, len(data), scenarios.MaxFileSize)
	}
	defer func() {
		if r := recover(); r != nil {
			sc, err = nil, fmt.Errorf("%s: the YAML parser failed on this input: %v", name, r)
		}
	}()
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if err := scenarios.CheckText(name, data); err != nil {
		return nil, err
	}
	sc = &Scenario{}
	if err := scenarios.DecodeStrict(name, data, sc); err != nil {
		return nil, err
	}
	sc.Name = name
	if errs := sc.validate(); len(errs) > 0 {
		return nil, fmt.Errorf("%s: %w", name, errors.Join(errs...))
	}
	return sc, nil
}

// CanonicalJSON is the scenario as the share link carries it.
func CanonicalJSON(sc *Scenario) ([]byte, error) { return json.Marshal(sc) }

// Encode makes the share-link value ("1." + payload), the same codec as
// RabbitMQ scenarios.
func Encode(sc *Scenario) (string, error) {
	js, err := CanonicalJSON(sc)
	if err != nil {
		return "", err
	}
	return scenarios.EncodeJSON(js)
}

// Decode reads a share link carrying a RocketMQ scenario.
func Decode(link string) (*Scenario, error) {
	data, err := scenarios.DecodeBytes(link)
	if err != nil {
		return nil, err
	}
	return Parse("share link", data)
}
