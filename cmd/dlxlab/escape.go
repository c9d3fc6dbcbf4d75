package main

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"unicode/utf8"

	"github.com/dlxlab/dlxlab/scenarios"
)

// Scenario titles, names, keys and bodies are anyone's text: printed raw, an
// escape sequence in a shared scenario would reach the reader's terminal
// (move the cursor, rewrite earlier lines, set the window title). Every
// byte the CLI writes to a terminal or pipe goes through controlEscaper,
// which writes control characters other than newline and tab as visible
// escapes (\x1b, \u009b). The JSON of run --json bypasses it (writeSafe):
// its writer escapes every control character itself, as JSON escapes.

// controlEscaper escapes C0, DEL and C1 control characters on their way to w.
// A rune cut in two by Write boundaries is held until its end arrives.
type controlEscaper struct {
	w       io.Writer
	pending []byte
	out     []byte
	// pass lets bytes through as they are (terminalOut.writeSafe).
	pass bool
}

func (e *controlEscaper) Write(p []byte) (int, error) {
	if e.pass {
		return e.w.Write(p)
	}
	data := p
	if len(e.pending) > 0 {
		data = append(e.pending, p...)
		e.pending = nil
	}
	// Most output is printable ASCII: that part is passed on as it is,
	// and only what follows the first other byte is looked at rune by rune.
	plain := plainASCII(data)
	if plain == len(data) {
		if _, err := e.w.Write(data); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	// A rune cut by the end of p waits for the next Write: only a lead
	// byte of the last three can start one.
	cut := len(data)
	for k := max(plain, len(data)-3); k < len(data); k++ {
		if data[k] >= utf8.RuneSelf && !utf8.FullRune(data[k:]) {
			cut = k
			break
		}
	}
	e.out = scenarios.AppendTerminal(append(e.out[:0], data[:plain]...), string(data[plain:cut]))
	if cut < len(data) {
		e.pending = append([]byte(nil), data[cut:]...)
	}
	if _, err := e.w.Write(e.out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// plainASCII is the length of data's leading run of printable ASCII,
// newlines and tabs: bytes the escaper leaves as they are. It looks at
// eight bytes at a time: a word with no byte under 0x20 and none at or
// over 0x7f is plain (the test can flag a plain word, never miss one).
func plainASCII(data []byte) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(data); i += 8 {
		x := binary.LittleEndian.Uint64(data[i:])
		if ((x-ones*0x20)&^x|(x+ones)|x)&highs == 0 {
			continue
		}
		for j := i; j < i+8; j++ {
			if escaped(data[j]) {
				return j
			}
		}
	}
	for ; i < len(data); i++ {
		if escaped(data[i]) {
			return i
		}
	}
	return len(data)
}

// escaped reports a byte the escaper does not pass on as it is: a control
// character other than newline and tab, DEL, or part of a non-ASCII rune.
func escaped(c byte) bool { return c < 0x20 && c != '\n' && c != '\t' || c >= 0x7f }

// Flush writes a rune left incomplete at the end of the output as it is
// (escaped byte by byte: it is not valid UTF-8).
func (e *controlEscaper) Flush() error {
	if len(e.pending) == 0 {
		return nil
	}
	var out []byte
	for _, c := range e.pending {
		out = fmt.Appendf(out, `\x%02x`, c)
	}
	e.pending = nil
	_, err := e.w.Write(out)
	return err
}

// terminalOut is the CLI's stdout or stderr: escaped, and buffered so a
// long trace is a few large writes instead of one per line.
type terminalOut struct {
	esc *controlEscaper
	buf *bufio.Writer
}

func newTerminalOut(w io.Writer) *terminalOut {
	esc := &controlEscaper{w: w}
	// 1 MiB: a trace or JSON document of tens of megabytes costs the
	// kernel less in megabyte writes than in 64 KiB ones
	return &terminalOut{esc: esc, buf: bufio.NewWriterSize(esc, 1<<20)}
}

func (t *terminalOut) Write(p []byte) (int, error) { return t.buf.Write(p) }

// writeSafe runs write with an output that bypasses the escaper, for
// output that holds no control character by construction (run --json
// writes JSON with scenarios.JSONOptions.Terminal): a long document is
// then not looked at byte by byte a second time. Other writers (tests)
// are used as they are.
func writeSafe(w io.Writer, write func(io.Writer) error) error {
	t, ok := w.(*terminalOut)
	if !ok {
		return write(w)
	}
	if err := t.Flush(); err != nil {
		return err
	}
	t.esc.pass = true
	defer func() { t.esc.pass = false }()
	if err := write(t.buf); err != nil {
		return err
	}
	return t.buf.Flush()
}

// Flush writes out what is buffered.
func (t *terminalOut) Flush() error {
	if err := t.buf.Flush(); err != nil {
		return err
	}
	return t.esc.Flush()
}

var (
	stdoutOut = newTerminalOut(os.Stdout)
	stderrOut = newTerminalOut(os.Stderr)
)

// flushOutput is called once, before the process exits.
func flushOutput() {
	stdoutOut.Flush()
	stderrOut.Flush()
}
