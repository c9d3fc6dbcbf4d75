package scenarios

import "unicode/utf8"

// AppendTerminal appends s with its control characters made visible, as
// the CLI writes all its text (docs/hostile-input.md "Outputs"): C0
// controls other than newline and tab, and DEL, as \x1b; C1 controls as
// \u009b. Everything else, invalid UTF-8 included, is appended as it is.
// A trace written with Options.TerminalTrace uses it for the names it
// prints unquoted, so the CLI can write that trace as it is.
func AppendTerminal(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
				b = append(b, '\\', 'x', hex[c>>4], hex[c&0xf])
			} else {
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x80 && r <= 0x9f {
			b = append(b, '\\', 'u', '0', '0', hex[r>>4], hex[r&0xf])
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return b
}

// appendName appends a name as the trace prints it unquoted: as it is, or
// (terminal) through AppendTerminal when it holds anything but printable
// ASCII.
func appendName(b []byte, s string, terminal bool) []byte {
	if terminal {
		for i := 0; i < len(s); i++ {
			if c := s[i]; c < 0x20 || c > 0x7e {
				return AppendTerminal(b, s)
			}
		}
	}
	return append(b, s...)
}
