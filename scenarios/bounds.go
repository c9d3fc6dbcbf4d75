package scenarios

import (
	"fmt"
	"unicode/utf8"
)

// Parsing is bounded before it starts. The YAML library recurses once per
// level of nesting and compares anchors with each other, so a short link
// that inflates to twenty thousand `- ` or fifty thousand anchors would
// overflow the browser's stack or take seconds. checkText reads the
// document once, in linear time and constant memory per level, and refuses
// such input with a positioned error before the parser sees it.
const (
	// MaxNesting bounds how deeply a document nests, every kind counted
	// together: block mappings and sequences (indentation, `- `), flow
	// collections ([ and {). A scenario needs about six levels around the
	// values that MaxDepth bounds.
	MaxNesting = MaxDepth + 8
	// MaxAnchors bounds the anchors (&) and aliases (*) of a document.
	// Scenarios use none (values refuse them); a few are allowed so that the
	// refusal names the value instead of the whole file.
	MaxAnchors = 64
)

// textScan is checkText's state: where it is and what is open.
type textScan struct {
	name      string
	line      int
	blocks    []int // columns of the open block nodes, innermost last
	flow      int   // open [ and {
	quote     byte  // the open quote, or 0
	anchors   int
	scalarCol int // a block scalar (| or >) is open under this indentation; -1: none
}

// checkText rejects what is not text (a binary file, a bad paste), nesting
// deeper than MaxNesting and more than MaxAnchors anchors and aliases. A
// leading byte order mark is accepted (Parse drops it).
// CheckText applies the same bounds (UTF-8, nesting, anchors, aliases)
// to a document before any YAML parser sees it: other broker families'
// formats (scenarios/rocketmq) call it first.
func CheckText(name string, data []byte) error {
	if err := checkText(name, data); err != nil {
		return err
	}
	return nil
}

func checkText(name string, data []byte) *Error {
	if err := checkUTF8(name, data); err != nil {
		return err
	}
	s := &textScan{name: name, scalarCol: -1}
	for start := 0; start < len(data); {
		end := start
		for end < len(data) && data[end] != '\n' {
			end++
		}
		s.line++
		if err := s.scanLine(data[start:end]); err != nil {
			return err
		}
		start = end + 1
	}
	return nil
}

func checkUTF8(name string, data []byte) *Error {
	line, col := 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			return &Error{File: name, Line: line, Col: col, Msg: "not UTF-8 text"}
		}
		if r == 0 {
			return &Error{File: name, Line: line, Col: col, Msg: "NUL byte: not a text file"}
		}
		if r == '\n' {
			line, col = line+1, 0
		}
		i += size
		col++
	}
	return nil
}

func (s *textScan) errorAt(col int, format string, args ...any) *Error {
	return &Error{File: s.name, Line: s.line, Col: col + 1, Msg: fmt.Sprintf(format, args...)}
}

func (s *textScan) scanLine(l []byte) *Error {
	indent := 0
	for indent < len(l) && l[indent] == ' ' {
		indent++
	}
	blank := indent == len(l) || l[indent] == '#' || l[indent] == '\r'
	if s.scalarCol >= 0 { // inside a block scalar: its lines are text
		if blank || indent > s.scalarCol {
			return nil
		}
		s.scalarCol = -1
	}
	if blank && s.quote == 0 {
		return nil
	}
	i := indent
	if s.flow == 0 && s.quote == 0 {
		// Block structure: close what this indentation closes, then open
		// one level per `- ` / `? ` indicator and one for the node itself.
		for len(s.blocks) > 0 && s.blocks[len(s.blocks)-1] >= indent {
			s.blocks = s.blocks[:len(s.blocks)-1]
		}
		for {
			if err := s.open(i); err != nil {
				return err
			}
			if i+1 < len(l) && (l[i] == '-' || l[i] == '?') && l[i+1] == ' ' {
				for i++; i < len(l) && l[i] == ' '; i++ {
				}
				continue
			}
			break
		}
	}
	return s.scanTokens(l, i, indent)
}

// open pushes a block node at column col and checks the depth.
func (s *textScan) open(col int) *Error {
	s.blocks = append(s.blocks, col)
	if len(s.blocks)+s.flow > MaxNesting {
		return s.errorAt(col, "nested more than %d levels deep (MaxNesting)", MaxNesting)
	}
	return nil
}

// scanTokens reads the rest of a line: quotes, flow brackets, comments,
// anchors and aliases, and a block scalar's start.
func (s *textScan) scanTokens(l []byte, from, indent int) *Error {
	for i := from; i < len(l); i++ {
		c := l[i]
		if s.quote != 0 {
			if c == '\\' && s.quote == '"' || c == '\'' && s.quote == c && i+1 < len(l) && l[i+1] == c {
				i++ // an escape: \x in double quotes, '' in single quotes
			} else if c == s.quote {
				s.quote = 0
			}
			continue
		}
		tokenStart := i == from || isTokenGap(l[i-1])
		switch {
		case c == '"' || c == '\'':
			if tokenStart {
				s.quote = c
			}
		case c == '#':
			if tokenStart {
				return nil // a comment
			}
		case c == '[' || c == '{':
			if s.flow++; len(s.blocks)+s.flow > MaxNesting {
				return s.errorAt(i, "nested more than %d levels deep (MaxNesting)", MaxNesting)
			}
		case c == ']' || c == '}':
			s.flow = max(0, s.flow-1)
		case (c == '&' || c == '*') && tokenStart && i+1 < len(l) && !isTokenGap(l[i+1]):
			if s.anchors++; s.anchors > MaxAnchors {
				return s.errorAt(i, "more than %d anchors (&) and aliases (*) (MaxAnchors)", MaxAnchors)
			}
		case (c == '|' || c == '>') && tokenStart && s.flow == 0 && onlyIndicators(l[i+1:]):
			s.scalarCol = indent
			return nil
		}
	}
	return nil
}

func isTokenGap(c byte) bool {
	return c == ' ' || c == '\t' || c == '[' || c == '{' || c == ',' || c == '\r'
}

// onlyIndicators: what may follow | or > on the line that starts a block
// scalar (chomping and indentation indicators, then a comment).
func onlyIndicators(rest []byte) bool {
	for i, c := range rest {
		switch {
		case c == '-' || c == '+' || c >= '0' && c <= '9':
		case c == ' ' || c == '\t' || c == '\r':
		case c == '#' && (i == 0 || rest[i-1] == ' '):
			return true
		default:
			return false
		}
	}
	return true
}
