package lint

import "fmt"

// code is one kind of finding: its name, the library lesson that shows
// the behaviour, and whether Reproduce can build a scenario for it.
type code struct {
	name   string
	lesson string
	showMe bool
}

// Codes in report order (within one severity). docs/lint.md has a heading
// per code; a test keeps the two in step.
var codes = []code{
	{"declare-refused", "basics-argument-validation", true},
	{"mirroring-removed", "", true},
	{"dlx-missing", "dlx-unroutable-and-missing", true},
	{"dlx-unroutable", "dlx-unroutable-and-missing", true},
	{"dead-letter-cycle", "ttl-cycle", true},
	{"delivery-limit-loop", "dlx-cycle-ttl-vs-rejected", true},
	{"queue-expires", "myth-x-expires-does-not-dead-letter", true},
	{"dlq-ttl", "ttl-queue-vs-message", true},
	{"dlq-max-length", "dlx-maxlen-drop-head", true},
	{"dlq-not-durable", "reject-to-dlq", true},
	{"dlq-unbounded", "reject-to-dlq", true},
	{"expiry-without-dlx", "ttl-queue-vs-message", true},
	{"quorum-delivery-limit", "quorum-poison-message-4.3", true},
	{"qq-reject-publish-dlx", "quorum-reject-publish-dlx-is-drop-head", true},
	{"at-least-once-fallback", "quorum-at-least-once-dead-lettering", true},
	{"policy-matches-nothing", "policy-vs-queue-arguments", true},
	{"policy-not-applied", "policy-vs-queue-arguments", true},
	{"policy-dlx-overridden", "policy-vs-queue-arguments", true},
	{"head-of-line", "ttl-head-of-line-blocking", true},
	{"reject-publish-shared", "dlx-overflow-reject-publish", true},
	{"exchange-unroutable", "routing-alternate-exchange-mandatory", true},
	{"alternate-exchange-missing", "routing-alternate-exchange-mandatory", true},
}

// Codes lists every finding code, in report order.
func Codes() []string {
	out := make([]string, len(codes))
	for i, c := range codes {
		out[i] = c.name
	}
	return out
}

func codeOrder(name string) int {
	for i, c := range codes {
		if c.name == name {
			return i
		}
	}
	return len(codes)
}

// fill sets what the catalog knows about the finding's code, and whether
// a reproduction can be written for it on this topology.
func (f *Finding) fill(t *topology) {
	i := codeOrder(f.Code)
	if i == len(codes) {
		panic("lint: finding with an unlisted code " + f.Code) // a programming error, caught by the tests
	}
	f.Lesson = codes[i].lesson
	if codes[i].showMe {
		_, err := t.reproduce(*f)
		f.ShowMe = err == nil
	}
	f.Docs = "docs/lint.md#" + f.Code
	if f.Objects == nil {
		f.Objects = []Object{}
	}
}

// finding makes a finding with its English and Chinese texts; args fill
// both formats (use explicit indexes, %[1]s, when the orders differ).
func finding(c string, sev Severity, objs []Object, en, zh string, args ...any) Finding {
	return Finding{Code: c, Severity: sev, Objects: objs, Text: fmt.Sprintf(en, args...), TextZH: fmt.Sprintf(zh, args...)}
}
