package core

import (
	"bufio"
	"encoding/hex"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Texts marked "3.10 broker" were printed by a real RabbitMQ 3.10.8 (the
// Rabbit312 profile); 4.3 texts follow the 4.3 source (docs/rabbitmq.md "Declare argument checks").

const pf = "PRECONDITION_FAILED - "

func argErr(key, term string) string {
	return pf + "invalid arg '" + key + "' for queue 'q' in vhost '/': " + term
}

func typeErr(key, module string) string {
	return pf + "invalid arg '" + key + "' for queue 'q' in vhost '/' of queue type " + module
}

func TestValidateNewQueueArgs(t *testing.T) {
	both := []Profile{Rabbit43, Rabbit312}
	tests := []struct {
		name     string
		profiles []Profile
		qt       QueueType
		args     Table
		wantErr  string // "" = accepted
	}{
		{"no args", both, Classic, nil, ""},
		{"ttl ok", both, Classic, Table{"x-message-ttl": int64(1000)}, ""},
		{"ttl 0 ok", both, Classic, Table{"x-message-ttl": int64(0)}, ""},
		{"ttl max ok", both, Classic, Table{"x-message-ttl": int64(315360000000)}, ""},
		{"ttl unsignedint ok", both, Classic, Table{"x-message-ttl": uint32(5)}, ""},
		{"ttl byte ok", both, Classic, Table{"x-message-ttl": int8(5)}, ""},
		{"ttl -1 (3.10 broker)", both, Classic, Table{"x-message-ttl": int64(-1)}, argErr("x-message-ttl", "{value_negative,-1}")},
		{"ttl longstr (3.10 broker)", both, Classic, Table{"x-message-ttl": "1000"},
			argErr("x-message-ttl", `"expected integer, got longstr"`)},
		{"ttl too large (3.10 broker)", both, Classic, Table{"x-message-ttl": int64(315360000001)},
			argErr("x-message-ttl", "{value_too_large,315360000001}")},
		{"ttl double (3.10 broker)", both, Classic, Table{"x-message-ttl": 1.5}, argErr("x-message-ttl", `"expected integer, got double"`)},
		{"ttl float", both, Classic, Table{"x-message-ttl": float32(1)}, argErr("x-message-ttl", `"expected integer, got float"`)},
		{"ttl bool (3.10 broker)", both, Classic, Table{"x-message-ttl": true}, argErr("x-message-ttl", `"expected integer, got bool"`)},
		{"ttl bytes (3.10 broker)", both, Classic, Table{"x-message-ttl": []byte("1")}, argErr("x-message-ttl", `"expected integer, got binary"`)},
		{"ttl void", both, Classic, Table{"x-message-ttl": nil}, argErr("x-message-ttl", `"expected integer, got void"`)},
		{"expires 0 (3.10 broker)", both, Classic, Table{"x-expires": int32(0)}, argErr("x-expires", "{value_zero,0}")},
		{"expires -5 (3.10 broker)", both, Classic, Table{"x-expires": int64(-5)}, argErr("x-expires", "{value_negative,-5}")},
		{"expires too large", both, Quorum, Table{"x-expires": int64(315360000001)}, argErr("x-expires", "{value_too_large,315360000001}")},
		{"expires 1 ok", both, Quorum, Table{"x-expires": int64(1)}, ""},
		{"max-length -5 (3.10 broker)", both, Classic, Table{"x-max-length": int64(-5)}, argErr("x-max-length", "{value_negative,-5}")},
		{"max-length 0 ok", both, Classic, Table{"x-max-length": int64(0)}, ""},
		{"max-length-bytes double (3.10 broker)", both, Classic, Table{"x-max-length-bytes": 1.5},
			argErr("x-max-length-bytes", `"expected integer, got double"`)},
		{"overflow foo (3.10 broker)", both, Classic, Table{"x-overflow": "foo"}, argErr("x-overflow", "invalid_overflow")},
		{"overflow long (3.10 broker)", both, Classic, Table{"x-overflow": int64(1)}, argErr("x-overflow", "{unacceptable_type,long}")},
		{"overflow reject-publish-dlx on quorum ok", both, Quorum, Table{"x-overflow": "reject-publish-dlx"}, ""},
		{"dlx signedint (3.10 broker)", both, Classic, Table{"x-dead-letter-exchange": int32(1)},
			pf + "invalid type 'signedint' for arg 'x-dead-letter-exchange' in queue 'q' in vhost '/'"},
		{"dlx bytes (3.10 broker)", both, Quorum, Table{"x-dead-letter-exchange": []byte("dlx")},
			pf + "invalid type 'binary' for arg 'x-dead-letter-exchange' in queue 'q' in vhost '/'"},
		{"dlx missing exchange ok", both, Classic, Table{"x-dead-letter-exchange": "nowhere"}, ""},
		{"dlrk without dlx (3.10 broker)", both, Classic, Table{"x-dead-letter-routing-key": "rk"},
			argErr("x-dead-letter-routing-key", "routing_key_but_no_dlx_defined")},
		{"dlrk long (3.10 broker)", both, Classic, Table{"x-dead-letter-exchange": "dlx", "x-dead-letter-routing-key": int64(5)},
			argErr("x-dead-letter-routing-key", "{unacceptable_type,long}")},
		{"dlrk with dlx ok", both, Quorum, Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "rk"}, ""},
		{"strategy on classic (3.10 broker)", both, Classic, Table{"x-dead-letter-strategy": "at-least-once"},
			typeErr("x-dead-letter-strategy", "rabbit_classic_queue")},
		{"strategy foo (3.10 broker)", both, Quorum, Table{"x-dead-letter-strategy": "foo"}, argErr("x-dead-letter-strategy", "invalid_dlx_strategy")},
		{"strategy long", both, Quorum, Table{"x-dead-letter-strategy": int64(1)}, argErr("x-dead-letter-strategy", "{unacceptable_type,long}")},
		{"strategy ok without dlx", both, Quorum, Table{"x-dead-letter-strategy": "at-least-once"}, ""},
		{"max-priority 255 ok", both, Classic, Table{"x-max-priority": int64(255)}, ""},
		{"max-priority 256 (3.10 broker)", both, Classic, Table{"x-max-priority": int64(256)}, argErr("x-max-priority", "{max_value_exceeded,256}")},
		{"max-priority -1 (3.10 broker)", both, Classic, Table{"x-max-priority": int64(-1)}, argErr("x-max-priority", "{value_negative,-1}")},
		{"max-priority longstr (3.10 broker)", both, Classic, Table{"x-max-priority": "a"}, argErr("x-max-priority", `"expected integer, got longstr"`)},
		{"max-priority on quorum (3.10 broker)", both, Quorum, Table{"x-max-priority": int64(5)}, typeErr("x-max-priority", "rabbit_quorum_queue")},
		{"queue-type fake (3.10 broker)", both, Classic, Table{"x-queue-type": "fake-queue-type"},
			argErr("x-queue-type", `"unsupported queue type 'fake-queue-type'"`)},
		{"queue-type long (3.10 broker)", both, Classic, Table{"x-queue-type": int64(1)}, argErr("x-queue-type", "{unacceptable_type,long}")},
		// ~255p prints a string with a non-Latin-1 character as a list. The 3.10
		// broker formatted the type with ~s, so its list ends 39,226,130,172,39
		// (UTF-8 bytes); 3.12+ use ~ts and print the code point.
		{"queue-type euro prints as a list", both, Classic, Table{"x-queue-type": "€"},
			argErr("x-queue-type", "[117,110,115,117,112,112,111,114,116,101,100,32,113,117,101,117,101,32,116,121,112,101,32,39,8364,39]")},
		{"queue-type empty is classic on 4.x", []Profile{Rabbit43, Rabbit42}, Classic, Table{"x-queue-type": ""}, ""},
		{"queue-type empty on 3.x (3.10 broker)", []Profile{Rabbit312}, Classic, Table{"x-queue-type": ""},
			argErr("x-queue-type", `"unsupported queue type ''"`)},
		{"queue-type undefined on 3.x (3.10 broker)", []Profile{Rabbit312}, Classic, Table{"x-queue-type": "undefined"},
			argErr("x-queue-type", `"unsupported queue type 'undefined'"`)},
		{"queue-type stream", both, Classic, Table{"x-queue-type": "stream"},
			pf + "queue type 'stream' is not simulated by DLX Lab (queue 'q' in vhost '/')"},
		{"delivery-limit on classic (3.10 broker)", both, Classic, Table{"x-delivery-limit": int64(5)},
			typeErr("x-delivery-limit", "rabbit_classic_queue")},
		{"delivery-limit longstr on quorum is not validated (3.10 broker)", both, Quorum, Table{"x-delivery-limit": "abc"}, ""},
		{"queue-mode on quorum (3.10 broker)", both, Quorum, Table{"x-queue-mode": "lazy"}, typeErr("x-queue-mode", "rabbit_quorum_queue")},
		{"queue-mode foo (3.10 broker)", []Profile{Rabbit312, Rabbit42}, Classic, Table{"x-queue-mode": "foo"},
			argErr("x-queue-mode", `"unsupported queue mode 'foo'"`)},
		{"queue-mode is not validated on 4.3", []Profile{Rabbit43}, Classic, Table{"x-queue-mode": "foo"}, ""},
		{"queue-version 3 (3.10 broker)", both, Classic, Table{"x-queue-version": int64(3)}, argErr("x-queue-version", `"unsupported queue version '3'"`)},
		{"queue-version 1 ok on 3.x (3.10 broker)", []Profile{Rabbit312, Rabbit42}, Classic, Table{"x-queue-version": int64(1)}, ""},
		{"queue-version 1 refused on 4.3", []Profile{Rabbit43}, Classic, Table{"x-queue-version": int64(1)},
			argErr("x-queue-version", `"unsupported queue version '1'"`)},
		{"single-active-consumer long (3.10 broker)", both, Quorum, Table{"x-single-active-consumer": int64(1)},
			argErr("x-single-active-consumer", "{unacceptable_type,long}")},
		{"single-active-consumer bool ok", both, Classic, Table{"x-single-active-consumer": true}, ""},
		{"unknown x-foo accepted (3.10 broker)", both, Quorum, Table{"x-foo": "bar"}, ""},
		{"expires before ttl (3.10 broker)", both, Classic, Table{"x-message-ttl": int64(-1), "x-expires": int64(0)},
			argErr("x-expires", "{value_zero,0}")},
		{"dlx type before queue type (3.10 broker)", both, Classic, Table{"x-dead-letter-exchange": int64(1), "x-queue-type": "foo"},
			pf + "invalid type 'long' for arg 'x-dead-letter-exchange' in queue 'q' in vhost '/'"},
		{"queue type before ttl (3.10 broker)", both, Classic, Table{"x-message-ttl": int64(-1), "x-queue-type": "foo"},
			argErr("x-queue-type", `"unsupported queue type 'foo'"`)},
		{"values before other-type keys (3.10 broker)", both, Quorum, Table{"x-max-age": "1D", "x-message-ttl": int64(-1)},
			argErr("x-message-ttl", "{value_negative,-1}")},
		{"stream arg on classic (3.10 broker)", both, Classic, Table{"x-max-age": "1D"}, typeErr("x-max-age", "rabbit_classic_queue")},
		{"two other-type keys: sorted order", both, Classic, Table{"x-max-age": "1D", "x-delivery-limit": int64(1)},
			typeErr("x-delivery-limit", "rabbit_classic_queue")},
		{"leader locator on classic 3.x (3.10 broker)", []Profile{Rabbit312}, Classic, Table{"x-queue-leader-locator": "balanced"},
			typeErr("x-queue-leader-locator", "rabbit_classic_queue")},
		{"leader locator on classic 4.x", []Profile{Rabbit43, Rabbit42}, Classic, Table{"x-queue-leader-locator": "balanced"}, ""},
		{"leader locator foo (3.10 broker)", both, Quorum, Table{"x-queue-leader-locator": "foo"},
			argErr("x-queue-leader-locator", "invalid_queue_locator_arg")},
		{"min-masters only on 4.3", []Profile{Rabbit42}, Quorum, Table{"x-queue-leader-locator": "min-masters"},
			argErr("x-queue-leader-locator", "invalid_queue_locator_arg")},
		{"initial group size 0 (3.10 broker)", both, Quorum, Table{"x-quorum-initial-group-size": int64(0)},
			argErr("x-quorum-initial-group-size", "{value_zero,0}")},
		{"initial group size -1", both, Quorum, Table{"x-quorum-initial-group-size": int64(-1)},
			argErr("x-quorum-initial-group-size", "{value_negative,-1}")},
		{"in-memory length -1", both, Quorum, Table{"x-max-in-memory-length": int64(-1)},
			argErr("x-max-in-memory-length", "{value_negative,-1}")},
		{"consumer timeout -1 on 4.3 quorum", []Profile{Rabbit43}, Quorum, Table{"x-consumer-timeout": int64(-1)},
			argErr("x-consumer-timeout", "{value_negative,-1}")},
		{"consumer timeout on 4.2 is unknown", []Profile{Rabbit42}, Quorum, Table{"x-consumer-timeout": int64(-1)}, ""},
		{"consumer timeout on classic 4.3", []Profile{Rabbit43}, Classic, Table{"x-consumer-timeout": int64(1)},
			typeErr("x-consumer-timeout", "rabbit_classic_queue")},
		{"placement tag empty on 4.3", []Profile{Rabbit43}, Quorum, Table{"x-member-placement-tag": ""},
			argErr("x-member-placement-tag", "invalid_member_placement_tag_arg")},
		{"delayed retry is not validated", []Profile{Rabbit43}, Quorum, Table{"x-delayed-retry-type": int64(7)}, ""},
	}
	for _, tt := range tests {
		for _, p := range tt.profiles {
			t.Run(tt.name+"/"+string(p), func(t *testing.T) {
				err := validateNewQueueArgs(p, "/", "q", tt.qt, tt.args)
				checkErr(t, err, CodePreconditionFailed, tt.wantErr)
			})
		}
	}
}

func checkErr(t *testing.T, err *Error, code int, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("unexpected error %v", err)
	case want != "" && err == nil:
		t.Errorf("no error, want %q", want)
	case want != "" && (err.Text != want || err.Code != code):
		t.Errorf("got  %d %q\nwant %d %q", err.Code, err.Text, code, want)
	}
}

func TestQueueTypeOf(t *testing.T) {
	tests := []struct {
		name    string
		args    Table
		want    QueueType
		wantErr string
	}{
		{"absent", nil, Classic, ""},
		{"classic", Table{"x-queue-type": "classic"}, Classic, ""},
		{"quorum", Table{"x-queue-type": "quorum"}, Quorum, ""},
		{"empty is the default", Table{"x-queue-type": ""}, Classic, ""},
		{"undefined is the default", Table{"x-queue-type": "undefined"}, Classic, ""},
		{"stream", Table{"x-queue-type": "stream"}, "", pf + "queue type 'stream' is not simulated by DLX Lab (queue 'q' in vhost '/')"},
		{"fake", Table{"x-queue-type": "fake-queue-type"}, "", argErr("x-queue-type", `"unsupported queue type 'fake-queue-type'"`)},
		{"bytes", Table{"x-queue-type": []byte("quorum")}, "", argErr("x-queue-type", "{unacceptable_type,binary}")},
		{"dlx type first", Table{"x-queue-type": "fake", "x-dead-letter-exchange": true}, "",
			pf + "invalid type 'bool' for arg 'x-dead-letter-exchange' in queue 'q' in vhost '/'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := queueTypeOf("/", "q", tt.args)
			checkErr(t, err, CodePreconditionFailed, tt.wantErr)
			if got != tt.want {
				t.Errorf("type %q, want %q", got, tt.want)
			}
		})
	}
}

func TestQueueErrorTexts(t *testing.T) {
	long := strings.Repeat("q", 230)
	err := validateNewQueueArgs(Rabbit43, "/", long, Classic, Table{"x-message-ttl": int64(-1)})
	want := (pf + "invalid arg 'x-message-ttl' for queue '" + long)[:252] + "..." // 3.10 broker: same cut
	checkErr(t, err, CodePreconditionFailed, want)

	checkErr(t, checkQueueName("amq.foo"), CodeAccessRefused,
		"ACCESS_REFUSED - queue name 'amq.foo' contains reserved prefix 'amq.*'") // 3.10 broker
	checkErr(t, checkQueueName("amqfoo"), 0, "")
	checkErr(t, checkQueueName("AMQ.foo"), 0, "")
	checkErr(t, checkQueueName("amq"), 0, "")
}

func ineq(key, rest string) string {
	return pf + "inequivalent arg '" + key + "' for queue 'q' in vhost '/': " + rest
}

func TestCheckQueueEquivalence(t *testing.T) {
	both := []Profile{Rabbit43, Rabbit312}
	tests := []struct {
		name          string
		profiles      []Profile
		qt            QueueType
		current, recv Table
		wantErr       string
	}{
		{"same", both, Classic, Table{"x-message-ttl": int64(1000)}, Table{"x-message-ttl": int64(1000)}, ""},
		{"other integer width (3.10 broker)", both, Classic, Table{"x-message-ttl": int64(1000)}, Table{"x-message-ttl": int32(1000)}, ""},
		{"unsigned width", both, Quorum, Table{"x-max-length": uint16(7)}, Table{"x-max-length": int8(7)}, ""},
		{"differs (3.10 broker)", both, Classic, Table{"x-message-ttl": int64(1000)}, Table{"x-message-ttl": int64(2000)},
			ineq("x-message-ttl", "received '2000' but current is '1000'")},
		{"removed (3.10 broker)", both, Classic, Table{"x-message-ttl": int64(1000)}, nil,
			ineq("x-message-ttl", "received none but current is the value '1000' of type 'long'")},
		{"added (3.10 broker)", both, Classic, nil, Table{"x-message-ttl": int64(1000)},
			ineq("x-message-ttl", "received the value '1000' of type 'long' but current is none")},
		{"added string (3.10 broker)", both, Classic, nil, Table{"x-dead-letter-exchange": "dlx"},
			ineq("x-dead-letter-exchange", "received the value 'dlx' of type 'longstr' but current is none")},
		{"long vs double (3.10 broker)", both, Classic, Table{"x-message-ttl": int64(1000)}, Table{"x-message-ttl": float64(1000)},
			ineq("x-message-ttl", "received '1.0e3' but current is '1000'")},
		{"longstr vs bytes are the same binary (3.10 broker)", both, Classic,
			Table{"x-dead-letter-exchange": "dlx"}, Table{"x-dead-letter-exchange": []byte("dlx")}, ""},
		{"strings differ", both, Quorum, Table{"x-dead-letter-exchange": "a"}, Table{"x-dead-letter-exchange": "b"},
			ineq("x-dead-letter-exchange", "received 'b' but current is 'a'")},
		{"quorum without type on 3.x (3.10 broker)", []Profile{Rabbit312}, Quorum, Table{"x-queue-type": "quorum"}, nil,
			ineq("x-queue-type", "received none but current is the value 'quorum' of type 'longstr'")},
		{"quorum without type on 4.x", []Profile{Rabbit43, Rabbit42}, Quorum, Table{"x-queue-type": "quorum"}, nil,
			ineq("x-queue-type", "received 'classic' but current is 'quorum'")},
		{"explicit classic (3.10 broker)", both, Classic, nil, Table{"x-queue-type": "classic"}, ""},
		{"explicit classic stored", both, Classic, Table{"x-queue-type": "classic"}, nil, ""},
		{"classic to quorum on 3.x (3.10 broker)", []Profile{Rabbit312}, Classic, nil, Table{"x-queue-type": "quorum"},
			ineq("x-queue-type", "received the value 'quorum' of type 'longstr' but current is none")},
		{"classic to quorum on 4.x", []Profile{Rabbit43}, Classic, nil, Table{"x-queue-type": "quorum"},
			ineq("x-queue-type", "received 'quorum' but current is 'classic'")},
		{"unknown arg not compared (3.10 broker)", both, Classic, Table{"x-foo": "a"}, Table{"x-foo": "b"}, ""},
		{"first key in capability order (3.10 broker)", both, Classic,
			Table{"x-message-ttl": int64(1), "x-expires": int64(1000)}, Table{"x-message-ttl": int64(2), "x-expires": int64(2000)},
			ineq("x-expires", "received '2000' but current is '1000'")},
		{"quorum order: dlx before expires", both, Quorum,
			Table{"x-expires": int64(1), "x-dead-letter-exchange": "a"}, Table{"x-expires": int64(2), "x-dead-letter-exchange": "b"},
			ineq("x-dead-letter-exchange", "received 'b' but current is 'a'")},
		{"delivery-limit compared on quorum (3.10 broker)", both, Quorum,
			Table{"x-queue-type": "quorum", "x-delivery-limit": int64(1)}, Table{"x-queue-type": "quorum", "x-delivery-limit": int64(2)},
			ineq("x-delivery-limit", "received '2' but current is '1'")},
		{"delivery-limit not compared on classic", both, Classic, Table{"x-delivery-limit": int64(1)}, nil, ""},
		{"bool added (3.10 broker)", both, Classic, nil, Table{"x-max-length": true},
			ineq("x-max-length", "received the value 'true' of type 'bool' but current is none")},
		{"table added (3.10 broker)", both, Classic, nil, Table{"x-max-length": Table{"a": int64(1)}},
			ineq("x-max-length", `received the value '[{<<"a">>,long,1}]' of type 'table' but current is none`)},
		{"void added", both, Classic, nil, Table{"x-max-length": nil},
			ineq("x-max-length", "received the value 'undefined' of type 'void' but current is none")},
		{"float vs double same value", both, Classic, Table{"x-max-length": float32(1.5)}, Table{"x-max-length": 1.5}, ""},
		{"timestamp vs long raw equal", both, Classic, Table{"x-max-length": Timestamp(5)}, Table{"x-max-length": int64(5)}, ""},
		{"array differs by element type", both, Classic, Table{"x-max-length": []any{int64(1)}}, Table{"x-max-length": []any{int32(1)}},
			ineq("x-max-length", "received '[{signedint,1}]' but current is '[{long,1}]'")},
	}
	for _, tt := range tests {
		for _, p := range tt.profiles {
			t.Run(tt.name+"/"+string(p), func(t *testing.T) {
				err := checkQueueEquivalenceFor(p, "/", "q", tt.qt, tt.current, tt.recv)
				checkErr(t, err, CodePreconditionFailed, tt.wantErr)
			})
		}
	}
	if err := checkQueueEquivalence("/", "q", Quorum, Table{"x-queue-type": "quorum"}, nil); err == nil {
		t.Error("default profile (4.3) must refuse a quorum redeclare without x-queue-type")
	}
}

func TestParseExpiration(t *testing.T) {
	exp := func(v, term string) string { return pf + "invalid expiration '" + v + "': " + term }
	tests := []struct {
		name    string
		in      string
		want    int64
		wantErr string
	}{
		{"zero", "0", 0, ""},
		{"plus sign", "+5", 5, ""},
		{"leading zeros", "007", 7, ""},
		{"minus zero", "-0", 0, ""},
		{"max", "315360000000", 315360000000, ""},
		{"plus and zeros", "+0000400", 400, ""},
		{"empty (3.10 broker via Erlang)", "", 0, exp("", "no_integer")},
		{"letters (3.10 broker)", "abc", 0, exp("abc", "no_integer")},
		{"leading space (3.10 broker)", " 5", 0, exp(" 5", "no_integer")},
		{"leading tab", "\t5", 0, exp("\t5", "no_integer")},
		{"two signs (3.10 broker)", "+-5", 0, exp("+-5", "no_integer")},
		{"double minus", "--5", 0, exp("--5", "no_integer")},
		{"sign only", "-", 0, exp("-", "no_integer")},
		{"fullwidth digit", "１", 0, exp("１", "no_integer")},
		{"leftover (3.10 broker)", "10abc", 0, exp("10abc", `{leftover_string,"abc"}`)},
		{"decimal (3.10 broker)", "1.5", 0, exp("1.5", `{leftover_string,".5"}`)},
		{"exponent (3.10 broker)", "1e3", 0, exp("1e3", `{leftover_string,"e3"}`)},
		{"trailing space (3.10 broker)", "5 ", 0, exp("5 ", `{leftover_string," "}`)},
		{"hex", "0x1A", 0, exp("0x1A", `{leftover_string,"x1A"}`)},
		{"underscore", "1_000", 0, exp("1_000", `{leftover_string,"_000"}`)},
		{"trailing tab (3.10 broker)", "5\t", 0, exp("5\t", `{leftover_string,"\t"}`)},
		{"CR LF", "5\r\n", 0, exp("5\r\n", `{leftover_string,"\r\n"}`)},
		{"quote and backslash", `5"q\`, 0, exp(`5"q\`, `{leftover_string,"\"q\\"}`)},
		{"control byte (3.10 broker)", "5\x01", 0, exp("5\x01", "{leftover_string,[1]}")},
		{"DEL", "5\x7f", 0, exp("5\x7f", "{leftover_string,[127]}")},
		{"utf8 leftover prints its bytes (4.x)", "5é", 0, exp("5é", `{leftover_string,"Ã©"}`)},
		{"invalid utf8 byte 0x80", "5\x80", 0, exp("5\u0080", "{leftover_string,[128]}")},
		{"latin1 byte 0xff", "5\xff", 0, exp("5ÿ", `{leftover_string,"ÿ"}`)},
		{"negative (3.10 broker)", "-1", 0, exp("-1", "{value_negative,-1}")},
		{"too large (3.10 broker)", "315360000001", 0, exp("315360000001", "{value_too_large,315360000001}")},
		{"too large after zeros", "+0000400000000000", 0, exp("+0000400000000000", "{value_too_large,400000000000}")},
		{"beyond int64 breaks the line (3.10 broker)", "9223372036854775808", 0,
			exp("9223372036854775808", "{value_too_large,\n"+strings.Repeat(" ", 43)+"9223372036854775808}")},
		{"huge (3.10 broker)", "99999999999999999999999", 0,
			exp("99999999999999999999999", "{value_too_large,\n"+strings.Repeat(" ", 47)+"99999999999999999999999}")},
		{"huge negative (3.10 broker)", "-99999999999999999999999", 0,
			exp("-99999999999999999999999", "{value_negative,\n"+strings.Repeat(" ", 48)+"-99999999999999999999999}")},
		{"long leftover breaks the line (3.10 broker)", "1" + strings.Repeat("a", 40), 0,
			exp("1"+strings.Repeat("a", 40), "{leftover_string,\n"+strings.Repeat(" ", 65)+`"`+strings.Repeat("a", 40)+`"}`)},
		{"digits then x", "12345678901234567890123456789012345678901234567890x", 0,
			exp("12345678901234567890123456789012345678901234567890x", "{leftover_string,\n"+strings.Repeat(" ", 75)+`"x"}`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseExpiration(tt.in)
			checkErr(t, err, CodePreconditionFailed, tt.wantErr)
			if err == nil && got != tt.want {
				t.Errorf("got %d, want %d", got, tt.want)
			}
		})
	}
}

// TestParseExpirationTruncated: a long leftover runs past 255 characters;
// the reply keeps 252 and appends "..." (3.10 broker, same text for ASCII).
func TestParseExpirationTruncated(t *testing.T) {
	in := "1\n" + strings.Repeat("a", 70)
	_, err := parseExpiration(in)
	want := pf + "invalid expiration '" + in + "': {leftover_string,\n" + strings.Repeat(" ", 74) + `"\naaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...`
	checkErr(t, err, CodePreconditionFailed, want)
}

func TestValidatePolicy(t *testing.T) {
	tests := []struct {
		name    string
		pattern string
		applyTo string
		def     Table
		wantErr string // the reason line(s)
	}{
		{"ok", "^q$", "queues", Table{"message-ttl": int64(5), "dead-letter-exchange": "dlx"}, ""},
		{"all fields ok", ".*", "all", Table{"overflow": "reject-publish-dlx", "max-length": int64(0), "expires": int64(1),
			"delivery-limit": int64(-1), "dead-letter-strategy": "at-least-once", "dead-letter-routing-key": "", "max-length-bytes": int64(9),
			"alternate-exchange": "ae", "queue-version": int64(2), "max-age": "1D", "consumer-timeout": int64(0)}, ""},
		{"ttl -1 (3.10 broker)", "x", "all", Table{"message-ttl": int64(-1)}, "-1 is not a valid message TTL"},
		{"ttl float (3.10 broker)", "x", "all", Table{"message-ttl": 1.5}, "1.5 is not a valid message TTL"},
		{"ttl has no upper bound", "x", "all", Table{"message-ttl": int64(1) << 50}, ""},
		{"expires 0 (3.10 broker)", "x", "all", Table{"expires": int64(0)}, "0 is not a valid queue expiry"},
		{"overflow foo (3.10 broker)", "x", "all", Table{"overflow": "foo"}, `<<"foo">> is not a valid overflow value`},
		{"unknown key (3.10 broker)", "x", "all", Table{"foo": "bar"}, `[{<<"foo">>,<<"bar">>}] are not recognised policy settings`},
		{"unknown keys after valid ones (3.10 broker)", "x", "all", Table{"foo": "bar", "zzz": int64(1), "message-ttl": int64(5)},
			`[{<<"foo">>,<<"bar">>},{<<"zzz">>,1}] are not recognised policy settings`},
		{"first bad key in key order (3.10 broker)", "x", "all", Table{"message-ttl": int64(-1), "expires": int64(0)},
			"0 is not a valid queue expiry"},
		{"dlx not a string (3.10 broker)", "x", "all", Table{"dead-letter-exchange": int64(5)}, "5 is not a valid dead letter exchange name"},
		{"delivery-limit string (3.10 broker)", "x", "all", Table{"delivery-limit": "x"}, `<<"x">> is not a valid delivery limit`},
		{"max-length string (3.10 broker)", "x", "all", Table{"max-length": "10"}, `<<"10">> is not a valid maximum length`},
		{"empty (3.10 broker)", "x", "all", Table{}, "no policy provided"},
		{"object value (3.10 broker)", "x", "all", Table{"message-ttl": Table{"a": int64(1)}}, `#{<<"a">> => 1} is not a valid message TTL`},
		{"queue-version 3 (3.10 broker)", "x", "all", Table{"queue-version": int64(3)}, "3 is not a valid queue-version value"},
		{"max-age 0D (3.10 broker)", "x", "all", Table{"max-age": "0D"}, `<<"0D">> is not a valid max age`},
		{"max-age unit (3.10 broker)", "x", "all", Table{"max-age": "1X"}, `<<"1X">> is not a valid max age`},
		{"null (3.10 broker)", "x", "all", Table{"alternate-exchange": nil}, "null is not a valid alternate exchange name"},
		{"strategy foo (3.10 broker)", "x", "all", Table{"dead-letter-strategy": "foo"}, `<<"foo">> is not a valid dead letter strategy`},
		{"max-priority is not a policy key", "x", "all", Table{"max-priority": int64(5)},
			`[{<<"max-priority">>,5}] are not recognised policy settings`},
		{"ha-mode is gone in 4.x", "x", "all", Table{"ha-mode": "all"}, `[{<<"ha-mode">>,<<"all">>}] are not recognised policy settings`},
		{"queue-master-locator denied", "x", "all", Table{"queue-master-locator": "client-local"},
			"use of deprecated queue-master-locator argument is not permitted"},
		{"delayed retry needs min", "x", "quorum_queues", Table{"delayed-retry-type": "all"},
			"delayed-retry-min is required when delayed-retry-type is all"},
		{"delayed retry max < min", "x", "quorum_queues", Table{"delayed-retry-type": "all", "delayed-retry-min": int64(10), "delayed-retry-max": int64(5)},
			"delayed-retry-max (5) must not be smaller than delayed-retry-min (10)"},
		{"delayed retry type bad", "x", "all", Table{"delayed-retry-type": "x"},
			`<<"x">> is not a valid delayed retry type. Must be one of: all, failed, returned, disabled`},
		{"apply-to bad", "x", "foo", Table{"message-ttl": int64(1)},
			"apply-to 'foo' unrecognised; should be one of: 'queues', 'classic_queues',  'quorum_queues', 'streams', 'exchanges', or 'all'"},
		{"apply-to streams ok", "x", "streams", Table{"max-age": "1h"}, ""},
		{"bad pattern", "(", "all", Table{"message-ttl": int64(1)},
			"pattern should be regular expression but is invalid: error parsing regexp: missing closing ): `(`"},
		{"pattern too long", strings.Repeat("a", 1025), "all", Table{"message-ttl": int64(1)}, "pattern must not exceed 1024 bytes"},
		{"three errors in broker order (3.10 broker: same order)", "(", "foo", Table{"message-ttl": int64(-1)},
			"-1 is not a valid message TTL\napply-to 'foo' unrecognised; should be one of: 'queues', 'classic_queues',  " +
				"'quorum_queues', 'streams', 'exchanges', or 'all'\npattern should be regular expression but is invalid: " +
				"error parsing regexp: missing closing ): `(`"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := validatePolicyFor(DefaultProfile, "p", tt.pattern, tt.applyTo, 0, tt.def)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("unexpected error %q", err)
			case tt.wantErr != "" && err == nil:
				t.Errorf("no error, want %q", tt.wantErr)
			case tt.wantErr != "" && err.Error() != "Validation failed\n\n"+tt.wantErr+"\n":
				t.Errorf("got  %q\nwant %q", err.Error(), "Validation failed\n\n"+tt.wantErr+"\n")
			}
		})
	}
}

func TestValidatePolicyDefinition(t *testing.T) {
	err := validatePolicyDefinition(Table{"message-ttl": int64(-1)})
	checkErr(t, err, CodePreconditionFailed, "-1 is not a valid message TTL")
	checkErr(t, validatePolicyDefinition(Table{"message-ttl": int64(1)}), 0, "")
}

func TestPolicyKeysSupported(t *testing.T) {
	tests := []struct {
		name string
		qt   QueueType
		def  Table
		want bool
	}{
		{"common keys on classic", Classic, Table{"message-ttl": int64(1), "dead-letter-exchange": "x", "overflow": "drop-head"}, true},
		{"common keys on quorum", Quorum, Table{"message-ttl": int64(1), "max-length": int64(1)}, true},
		{"delivery-limit not on classic", Classic, Table{"message-ttl": int64(1), "delivery-limit": int64(3)}, false},
		{"delivery-limit on quorum", Quorum, Table{"delivery-limit": int64(3)}, true},
		{"strategy not on classic", Classic, Table{"dead-letter-strategy": "at-least-once"}, false},
		{"max-age not on quorum", Quorum, Table{"max-age": "1D"}, false},
		{"max-age not on classic", Classic, Table{"max-age": "1D"}, false},
		{"queue-mode not on quorum", Quorum, Table{"queue-mode": "lazy"}, false},
		{"queue-mode on classic", Classic, Table{"queue-mode": "lazy"}, true},
		{"in-memory not on classic", Classic, Table{"max-in-memory-length": int64(1)}, false},
		{"empty", Classic, Table{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := policyKeysSupported(tt.qt, tt.def); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// TestParseExpirationAgainstErlang runs the 4.3 code path (string:to_integer,
// check_expiry, "~ts ... ~tp", chars_limit 255) in a local Erlang on random
// expirations. Only with DLXLAB_ERL=1 and escript on the PATH.
func TestParseExpirationAgainstErlang(t *testing.T) {
	if os.Getenv("DLXLAB_ERL") != "1" {
		t.Skip("set DLXLAB_ERL=1 to compare with a local Erlang")
	}
	rng := rand.New(rand.NewSource(2))
	pool := []string{"0", "1", "9", "+", "-", " ", "a", ".", "é", "\x01", "\xff", "\x80", "\t", "\n", "\r", "\"", "\\", "€"}
	var ins []string
	var data strings.Builder
	for i := 0; i < 3000; i++ {
		var b strings.Builder
		for n := rng.Intn(60); n > 0; n-- {
			s := pool[rng.Intn(len(pool))]
			if rng.Intn(2) == 0 {
				s = pool[rng.Intn(3)]
			}
			b.WriteString(s)
		}
		ins = append(ins, b.String())
		data.WriteString(hex.EncodeToString([]byte(b.String())) + "\n")
	}
	got := runScript(t, expirationScript, data.String())
	for i, in := range ins {
		want := "ok"
		if got[i] != "ok" {
			want = got[i]
		}
		_, err := parseExpiration(in)
		have := "ok"
		if err != nil {
			have = err.Text
		}
		if have != want {
			t.Errorf("%q:\nhave %q\nwant %q", in, have, want)
		}
	}
}

const expirationScript = `#!/usr/bin/env escript
%%! +pc unicode
main([F]) ->
    {ok, D} = file:read_file(F),
    [line(binary:decode_hex(L)) || L <- binary:split(D, <<"\n">>, [global, trim])].
line(Bin) ->
    R = case string:to_integer(binary_to_list(Bin)) of
        {error, no_integer} = E -> E;
        {N, ""} when N < 0 -> {error, {value_negative, N}};
        {N, ""} when N > 315360000000 -> {error, {value_too_large, N}};
        {N, ""} -> {ok, N};
        {_, S} -> {error, {leftover_string, S}}
    end,
    Out = case R of
        {ok, _} -> <<"ok">>;
        {error, Err} ->
            Expl = lists:flatten(io_lib:format("invalid expiration '~ts': ~tp", [Bin, Err])),
            unicode:characters_to_binary(io_lib:format("~ts - ~ts", ["PRECONDITION_FAILED", Expl], [{chars_limit, 255}]))
    end,
    io:format("~s~n", [binary:encode_hex(Out)]).
`

// runScript runs an escript on input (one case a line) and returns its
// output lines, hex-decoded (the same helper as core/internal/erlterm's
// tests: sharing it would put os/exec into non-test code under core/).
func runScript(t *testing.T, src, input string) []string {
	t.Helper()
	dir := t.TempDir()
	script, data := filepath.Join(dir, "check.escript"), filepath.Join(dir, "in.txt")
	if err := os.WriteFile(script, []byte(src), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(data, []byte(input), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("escript", script, data).Output()
	if err != nil {
		t.Fatalf("escript: %v", err)
	}
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		b, err := hex.DecodeString(sc.Text())
		if err != nil {
			t.Fatalf("bad escript output %q", sc.Text())
		}
		lines = append(lines, string(b))
	}
	return lines
}
