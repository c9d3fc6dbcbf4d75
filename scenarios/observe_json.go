package scenarios

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/dlxlab/dlxlab/core"
)

// The observation JSON has one encoder, this file's: JSON() and the
// MarshalJSON methods of the messages use it, WriteJSON streams it, and
// Runner.WriteJSON writes the final queues with it straight from the
// broker. It writes what encoding/json's MarshalIndent(o, "", "  ") wrote
// from the struct tags (TestWriteJSONSame holds it to that on every
// library and suite file), as it goes: `dlxlab run --json` of 100,000
// queued messages is tens of megabytes, which encoding/json would build
// whole, compact and then indent. Values other than the AMQP types of
// core.Table are handed to encoding/json.

// JSON is the observation as one indented JSON document.
func (o *Observation) JSON() ([]byte, error) {
	var b bytes.Buffer
	err := o.WriteJSON(&b)
	return b.Bytes(), err
}

// WriteJSON writes the observation as JSON() makes it, in large pieces
// as it goes.
func (o *Observation) WriteJSON(w io.Writer) error {
	j := &jsonWriter{w: w}
	j.observation(o, func() { j.queues(o.Queues) })
	return j.flush(true)
}

// MarshalJSON writes the message's fields and the flag in one object
// (Message's own MarshalJSON would otherwise hide the flag).
func (m QueuedMessage) MarshalJSON() ([]byte, error) {
	return marshalWith(func(j *jsonWriter) { j.queuedMessage(&m) })
}

// MarshalJSON writes Headers with JSON values (AMQP timestamps as numbers,
// byte arrays as text).
func (m Message) MarshalJSON() ([]byte, error) {
	return marshalWith(func(j *jsonWriter) { j.message(&m) })
}

func marshalWith(write func(j *jsonWriter)) ([]byte, error) {
	var b bytes.Buffer
	j := &jsonWriter{w: &b}
	write(j)
	err := j.flush(true)
	return b.Bytes(), err
}

// observation writes o, its queues written by queues.
func (j *jsonWriter) observation(o *Observation, queues func()) {
	j.begin('{')
	j.key("profile")
	j.str(o.Profile)
	j.key("clock_ms")
	j.int(o.ClockMS)
	j.key("queues")
	queues()
	j.key("deliveries")
	jsonList(j, o.Deliveries, j.delivery)
	j.key("returns")
	jsonList(j, o.Returns, j.ret)
	j.key("drops")
	jsonList(j, o.Drops, j.drop)
	j.key("errors")
	jsonList(j, o.Errors, j.stepError)
	if len(o.Snapshots) > 0 {
		j.key("snapshots")
		jsonList(j, o.Snapshots, j.snapshot)
	}
	bodies := o.Bodies
	if j.refs != nil {
		bodies = j.refs.bodies
	}
	if len(bodies) > 0 {
		j.key("bodies")
		jsonList(j, bodies, func(s *string) { j.str(*s) })
	}
	j.end('}')
}

// jsonWriter writes indented JSON ("  " a level) into a buffer that it
// hands to w in large pieces. first has one entry per open object or
// array: whether nothing has been written in it yet.
type jsonWriter struct {
	w     io.Writer
	b     []byte
	first []bool
	err   error
	// hold keeps what is written in b (no flush) while a value is
	// captured for reuse (liveQueues).
	hold bool
	// refs, if set, moves long bodies out of the messages (bodyRefs).
	refs *bodyRefs
	// terminal also escapes DEL and the C1 controls (JSONOptions).
	terminal bool
}

func (j *jsonWriter) flush(all bool) error {
	if j.err == nil && (all || len(j.b) >= 64<<10 && !j.hold) {
		_, j.err = j.w.Write(j.b)
		j.b = j.b[:0]
	}
	return j.err
}

func (j *jsonWriter) newline() {
	j.b = append(j.b, '\n')
	for n := 2 * len(j.first); n > 0; n -= len(indent) {
		j.b = append(j.b, indent[:min(n, len(indent))]...)
	}
}

// indent is written a slice at a time: most lines are indented by a few
// levels, and a queue's messages by five.
const indent = "                                "

func (j *jsonWriter) begin(c byte) {
	j.b = append(j.b, c)
	j.first = append(j.first, true)
}

// end closes an object or array: "{}" and "[]" when nothing was in it.
func (j *jsonWriter) end(c byte) {
	n := len(j.first) - 1
	empty := j.first[n]
	j.first = j.first[:n]
	if !empty {
		j.newline()
	}
	j.b = append(j.b, c)
	j.flush(false)
}

// item starts the next element of an array or member of an object.
func (j *jsonWriter) item() {
	n := len(j.first) - 1
	if !j.first[n] {
		j.b = append(j.b, ',')
	}
	j.first[n] = false
	j.newline()
}

func (j *jsonWriter) key(k string) {
	j.item()
	j.str(k)
	j.b = append(j.b, ':', ' ')
}

func (j *jsonWriter) str(s string)  { j.b = appendJSONString(j.b, s, j.terminal) }
func (j *jsonWriter) int(n int64)   { j.b = strconv.AppendInt(j.b, n, 10) }
func (j *jsonWriter) bool(v bool)   { j.b = strconv.AppendBool(j.b, v) }
func (j *jsonWriter) null()         { j.b = append(j.b, "null"...) }
func (j *jsonWriter) uint(n uint64) { j.b = strconv.AppendUint(j.b, n, 10) }

// jsonList writes a slice as an array (null when nil, as encoding/json).
func jsonList[T any](j *jsonWriter, l []T, each func(*T)) {
	if l == nil {
		j.null()
		return
	}
	j.begin('[')
	for i := range l {
		j.item()
		each(&l[i])
	}
	j.end(']')
}

func (j *jsonWriter) queues(qs map[string]QueueState) {
	if qs == nil {
		j.null()
		return
	}
	j.begin('{')
	for _, name := range sortedNames(qs) {
		q := qs[name]
		j.key(name)
		j.begin('{')
		j.key("messages")
		jsonList(j, q.Messages, j.queuedMessage)
		j.key("unacked")
		j.int(int64(q.Unacked))
		j.end('}')
	}
	j.end('}')
}

func (j *jsonWriter) queuedMessage(m *QueuedMessage) {
	j.begin('{')
	j.messageFields(&m.Message)
	j.key("redelivered")
	j.bool(m.Redelivered)
	j.end('}')
}

// messageFields writes a Message's members in the order of its fields.
func (j *jsonWriter) messageFields(m *Message) {
	ref := m.BodyRef
	j.messageHead(m.Body, m.Exchange, m.RoutingKey, &ref)
	j.key("properties")
	if m.Properties == nil {
		j.null()
	} else {
		j.table(m.Properties, false)
	}
	j.bodyRef(ref)
	j.key("headers")
	j.table(tableOrEmpty(m.Headers), true)
}

// messageHead writes body, exchange and routing_key. With refs set, a
// long body is written as "" and *ref set to its place in the bodies list.
func (j *jsonWriter) messageHead(body, exchange, routingKey string, ref *int) {
	j.key("body")
	if j.refs != nil && len(body) > InlineBodyMax {
		*ref = j.refs.of(body)
		body = ""
	}
	j.str(body)
	j.key("exchange")
	j.str(exchange)
	j.key("routing_key")
	j.str(routingKey)
}

func (j *jsonWriter) bodyRef(ref int) {
	if ref != 0 {
		j.key("body_ref")
		j.int(int64(ref))
	}
}

func (j *jsonWriter) message(m *Message) {
	j.begin('{')
	j.messageFields(m)
	j.end('}')
}

func (j *jsonWriter) delivery(d *Delivery) {
	j.begin('{')
	j.key("t_ms")
	j.int(d.TMS)
	if d.Consumer != "" {
		j.key("consumer")
		j.str(d.Consumer)
	}
	if d.Get {
		j.key("get")
		j.bool(true)
	}
	j.key("queue")
	j.str(d.Queue)
	j.key("redelivered")
	j.bool(d.Redelivered)
	j.key("action")
	j.str(d.Action)
	j.key("message")
	j.message(&d.Message)
	j.end('}')
}

func (j *jsonWriter) ret(r *Return) {
	j.begin('{')
	j.key("t_ms")
	j.int(r.TMS)
	j.key("reply_code")
	j.int(int64(r.ReplyCode))
	j.key("reply_text")
	j.str(r.ReplyText)
	j.key("message")
	j.message(&r.Message)
	j.end('}')
}

func (j *jsonWriter) drop(d *Drop) {
	j.begin('{')
	j.key("t_ms")
	j.int(d.TMS)
	j.key("queue")
	j.str(d.Queue)
	j.key("reason")
	j.str(d.Reason)
	if d.DeathReason != "" {
		j.key("death_reason")
		j.str(d.DeathReason)
	}
	if d.Detail != "" {
		j.key("detail")
		j.str(d.Detail)
	}
	j.key("message")
	j.message(&d.Message)
	j.end('}')
}

func (j *jsonWriter) stepError(e *StepError) {
	j.begin('{')
	j.key("step")
	j.int(int64(e.Step))
	if e.Where != "" {
		j.key("where")
		j.str(e.Where)
	}
	j.key("code")
	j.int(int64(e.Code))
	j.key("text")
	j.str(e.Text)
	j.end('}')
}

func (j *jsonWriter) snapshot(s *Snapshot) {
	j.begin('{')
	j.key("name")
	j.str(s.Name)
	j.key("step")
	j.int(int64(s.Step))
	j.key("clock_ms")
	j.int(s.ClockMS)
	j.key("queues")
	j.queues(s.Queues)
	for _, c := range []struct {
		k string
		n int
	}{{"deliveries", s.Deliveries}, {"returns", s.Returns}, {"drops", s.Drops}, {"errors", s.Errors}} {
		j.key(c.k)
		j.int(int64(c.n))
	}
	j.end('}')
}

// table writes a table with its keys sorted. amqp says its values are AMQP
// values, written as jsonValue turns them; otherwise (properties) they
// are written as they are.
func (j *jsonWriter) table(t map[string]any, amqp bool) {
	var small [16]string // most tables are small: no allocation for their keys
	keys := small[:0]
	for k := range t {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	j.begin('{')
	for _, k := range keys {
		j.key(k)
		if amqp {
			j.amqpValue(t[k])
		} else {
			j.plain(t[k])
		}
	}
	j.end('}')
}

// amqpValue writes an AMQP value as jsonValue converts it.
func (j *jsonWriter) amqpValue(v any) {
	switch x := v.(type) {
	case core.Table:
		j.table(x, true)
	case []any:
		j.begin('[')
		for _, e := range x {
			j.item()
			j.amqpValue(e)
		}
		j.end(']')
	case core.Timestamp:
		j.int(int64(x))
	case []byte:
		j.str(string(x))
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			j.str(floatName(x))
			return
		}
		j.plain(x)
	case float32:
		j.amqpValue(float64(x))
	default:
		j.plain(v)
	}
}

// plain writes a value as encoding/json would: the common scalars here,
// anything else through encoding/json itself.
func (j *jsonWriter) plain(v any) {
	switch x := v.(type) {
	case string:
		j.str(x)
	case bool:
		j.bool(x)
	case nil:
		j.null()
	case int64:
		j.int(x)
	case int32:
		j.int(int64(x))
	case int16:
		j.int(int64(x))
	case int8:
		j.int(int64(x))
	case int:
		j.int(int64(x))
	case uint8:
		j.uint(uint64(x))
	case uint16:
		j.uint(uint64(x))
	case uint32:
		j.uint(uint64(x))
	case uint64:
		j.uint(x)
	default:
		raw, err := json.Marshal(v)
		if err != nil {
			if j.err == nil {
				j.err = err
			}
			return
		}
		var ind bytes.Buffer
		prefix := make([]byte, 2*len(j.first))
		for i := range prefix {
			prefix[i] = ' '
		}
		json.Indent(&ind, raw, string(prefix), "  ")
		if j.terminal {
			j.b = appendTerminalSafe(j.b, ind.Bytes())
		} else {
			j.b = append(j.b, ind.Bytes()...)
		}
	}
}

// appendJSONString quotes s as encoding/json does (HTML characters,
// U+2028 and U+2029 escaped; invalid UTF-8 as U+FFFD); with terminal,
// DEL and U+0080–U+009F too (\u007f, \u0080).
func appendJSONString(b []byte, s string, terminal bool) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' && (c != 0x7f || !terminal) {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		if terminal && r <= 0x9f {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '0', '0', hex[r>>4], hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendTerminalSafe appends JSON written by encoding/json with DEL and
// U+0080–U+009F, which can only stand inside its strings, escaped.
func appendTerminalSafe(b, js []byte) []byte {
	for _, r := range string(js) {
		if r == 0x7f || r >= 0x80 && r <= 0x9f {
			b = fmt.Appendf(b, `\u%04x`, r)
			continue
		}
		b = utf8.AppendRune(b, r)
	}
	return b
}
