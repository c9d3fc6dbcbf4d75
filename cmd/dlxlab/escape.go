package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"unicode/utf8"
)

// Scenario titles, names, keys and bodies are anyone's text: printed raw, an
// escape sequence in a shared scenario would reach the reader's terminal
// (move the cursor, rewrite earlier lines, set the window title). Every
// byte the CLI writes to a terminal or pipe goes through controlEscaper,
// which writes control characters other than newline and tab as visible
// escapes (\x1b, \u009b). JSON output is unchanged by it: encoding/json
// escapes control characters itself.

// controlEscaper escapes C0, DEL and C1 control characters on their way to w.
// A rune cut in two by Write boundaries is held until its end arrives.
type controlEscaper struct {
	w       io.Writer
	pending []byte
	out     []byte
}

func (e *controlEscaper) Write(p []byte) (int, error) {
	data := p
	if len(e.pending) > 0 {
		data = append(e.pending, p...)
		e.pending = nil
	}
	e.out = e.out[:0]
	for i := 0; i < len(data); {
		c := data[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
				e.out = fmt.Appendf(e.out, `\x%02x`, c)
			} else {
				e.out = append(e.out, c)
			}
			i++
			continue
		}
		if !utf8.FullRune(data[i:]) {
			e.pending = append([]byte(nil), data[i:]...)
			break
		}
		r, size := utf8.DecodeRune(data[i:])
		if r >= 0x80 && r <= 0x9f {
			e.out = fmt.Appendf(e.out, `\u%04x`, r)
		} else {
			e.out = append(e.out, data[i:i+size]...)
		}
		i += size
	}
	if _, err := e.w.Write(e.out); err != nil {
		return 0, err
	}
	return len(p), nil
}

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
	return &terminalOut{esc: esc, buf: bufio.NewWriterSize(esc, 64<<10)}
}

func (t *terminalOut) Write(p []byte) (int, error) { return t.buf.Write(p) }

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
