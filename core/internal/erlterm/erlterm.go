// Package erlterm models the Erlang terms RabbitMQ puts into its reply
// texts and prints them as Erlang/OTP's io_lib does (~p, ~tp, ~255p):
// atoms, integers, floats, strings, lists, tuples, maps and binaries, with
// io_lib_pretty's line breaking and the 255-character reply limit
// (docs/rabbitmq.md "Erlang term printing"). It knows nothing of AMQP;
// package core turns AMQP values into terms.
package erlterm

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// RabbitMQ builds its reply texts with io_lib:format. A ~p / ~tp directive
// prints a term with io_lib_pretty, which breaks a term over several lines
// when it does not fit the line (80 columns for ~tp, 255 for ~255p), counting
// from the column where the term starts. The broker runs with "+pc unicode"
// (rabbitmq-env SERVER_ERL_ARGS), which decides which binaries ~tp prints as
// text. This file models the terms RabbitMQ's error texts contain and ports
// the parts of io_lib_pretty they use (atoms, integers, floats, strings,
// lists, tuples, binaries), checked against Erlang/OTP 25 output.

// Term is an Erlang term.
type Term interface{ isTerm() }

type (
	Atom  string  // an atom: no_integer, long, true, undefined
	Int   string  // an integer of any size, in decimal ("-1")
	Float float64 // a float
	Chars []rune  // a string, i.e. a list of character codes
	Bin   string  // a binary (any bytes)
	Tuple []Term  // a tuple
	List  []Term  // a proper list
	Map   []Pair  // a map, pairs in print order
)

// Pair is a key and a value of a Map.
type Pair struct{ K, V Term }

func (Atom) isTerm()  {}
func (Int) isTerm()   {}
func (Float) isTerm() {}
func (Chars) isTerm() {}
func (Bin) isTerm()   {}
func (Tuple) isTerm() {}
func (List) isTerm()  {}
func (Map) isTerm()   {}

// I is an integer term.
func I(n int64) Int { return Int(strconv.FormatInt(n, 10)) }

func (i Int) String() string { return string(i) }

// Tag is the tagged tuple {Tag, V}, e.g. {value_negative,-1}.
func Tag(tag string, v Term) Tuple { return Tuple{Atom(tag), v} }

// Str is the string (character list) an Erlang ~ts directive produces
// from the binary s: its UTF-8 characters, or its bytes when s is not UTF-8.
func Str(s string) Chars { return Chars([]rune(TS(s))) }

// Bytes is binary_to_list(s): one character code per byte.
func Bytes(s string) Chars {
	cs := make(Chars, len(s))
	for i := 0; i < len(s); i++ {
		cs[i] = rune(s[i])
	}
	return cs
}

// TS is how "~ts" prints the binary s: as UTF-8 text, or byte by byte as
// Latin-1 when s is not valid UTF-8.
func TS(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return string([]rune(string(Bytes(s))))
}

// Format returns prefix followed by t printed as io_lib:format prints
// "<prefix>~tp" (unicode true) or "<prefix>~p", with line length lineLen:
// 80 for ~p/~tp, 255 for ~255p. The column the term starts at is what
// io_lib_format counts for prefix (newline resets it, tabs stop every 8).
func Format(prefix string, t Term, lineLen int, unicode bool) string {
	return prefix + erlPretty(t, Indentation(prefix)+1, lineLen, unicode)
}

// Indentation is io_lib_format:indentation/2 from column 0.
func Indentation(s string) int {
	i := 0
	for _, c := range s {
		switch c {
		case '\n':
			i = 0
		case '\t':
			i = (i + 8) / 8 * 8
		default:
			i++
		}
	}
	return i
}

// MaxReplyText is the AMQP shortstr limit RabbitMQ truncates reply texts to.
const MaxReplyText = 255

// ReplyText is the reply text rabbit_binary_generator builds:
// "~ts - ~ts" with chars_limit 255, which keeps 252 characters and appends
// "..." when the whole text is longer than 255. io_lib counts grapheme
// clusters there, not bytes or code points.
func ReplyText(name, explanation string) string {
	text := name + " - " + explanation
	gs := erlGraphemes(text)
	if len(gs) <= MaxReplyText {
		return text
	}
	return strings.Join(gs[:MaxReplyText-3], "") + "..."
}

// erlGraphemes splits s into grapheme clusters as string:next_grapheme/1
// does, approximated: CR LF is one cluster, and combining marks, ZWJ and
// variation selectors join the cluster before them.
func erlGraphemes(s string) []string {
	var gs []string
	start := 0
	for i, c := range s {
		if i == 0 || erlExtends(c) || c == '\n' && s[i-1] == '\r' {
			continue
		}
		gs = append(gs, s[start:i])
		start = i
	}
	if s != "" {
		gs = append(gs, s[start:])
	}
	return gs
}

func erlExtends(c rune) bool {
	return unicode.In(c, unicode.Mn, unicode.Me, unicode.Mc) || c == 0x200D ||
		c >= 0xFE00 && c <= 0xFE0F
}

// FloatText is io_lib:write/1 of a float (io_lib_format:fwrite_g/1,
// OTP 25+): the shortest digits that read back exactly, in plain form
// unless the exponent form is shorter or |f| >= 2^53.
func FloatText(f float64) string {
	if f == 0 {
		if 1/f < 0 {
			return "-0.0"
		}
		return "0.0"
	}
	sign := ""
	if f < 0 {
		sign = "-"
	}
	e := strconv.FormatFloat(math.Abs(f), 'e', -1, 64) // d.ddde±XX
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	x, err := strconv.Atoi(exp)
	if err != nil { // NaN, Inf: not Erlang floats
		return sign + e
	}
	return sign + erlInsertDecimal(x-len(digits)+1, digits, math.Abs(f) < 1<<53)
}

// erlInsertDecimal is io_lib_format:insert_decimal/3: the value is
// s * 10^place.
func erlInsertDecimal(place int, s string, exact bool) string {
	l := len(s)
	exp := place + l - 1
	expL := strconv.Itoa(exp)
	expCost := len(expL) + 2
	switch {
	case place < 0 && exp >= 0:
		return s[:l+place] + "." + s[l+place:]
	case place < 0 && 2-place-l <= expCost:
		return "0." + strings.Repeat("0", -place-l) + s
	case place >= 0 && exact && expCost+btoi(l == 1) >= place+2:
		return s + strings.Repeat("0", place) + ".0"
	case l == 1:
		return s + ".0e" + expL
	}
	return s[:1] + "." + s[1:] + "e" + expL
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// erlWriteAtom is io_lib:write_atom/1: bare when it is a plain lower-case
// name, otherwise quoted.
func erlWriteAtom(a string) string {
	if erlBareAtom(a) {
		return a
	}
	return erlQuoted([]rune(a), '\'', true)
}

// erlQuoted writes cs between quote characters with io_lib's escapes.
func erlQuoted(cs []rune, quote rune, unicode bool) string {
	var b strings.Builder
	b.WriteRune(quote)
	for _, c := range cs {
		erlWriteChar(&b, c, quote, unicode)
	}
	b.WriteRune(quote)
	return b.String()
}

var erlReserved = map[string]bool{
	"after": true, "and": true, "andalso": true, "band": true, "begin": true,
	"bnot": true, "bor": true, "bsl": true, "bsr": true, "bxor": true,
	"case": true, "catch": true, "cond": true, "div": true, "else": true,
	"end": true, "fun": true, "if": true, "let": true, "maybe": true,
	"not": true, "of": true, "or": true, "orelse": true, "receive": true,
	"rem": true, "try": true, "when": true, "xor": true,
}

func erlBareAtom(a string) bool {
	if a == "" || a[0] < 'a' || a[0] > 'z' || erlReserved[a] {
		return false
	}
	for i := 1; i < len(a); i++ {
		c := a[i]
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' ||
			c >= '0' && c <= '9' || c == '_' || c == '@'
		if !ok {
			return false
		}
	}
	return true
}

// erlWriteString is io_lib:write_string/2 with quote '"'.
func erlWriteString(cs []rune, unicode bool) string { return erlQuoted(cs, '"', unicode) }

// erlEscapes are io_lib's named escapes for control characters.
var erlEscapes = map[rune]string{
	'\n': `\n`, '\r': `\r`, '\t': `\t`, '\v': `\v`, '\b': `\b`, '\f': `\f`,
	27: `\e`, 127: `\d`,
}

// erlWriteChar is io_lib's string_char/4.
func erlWriteChar(b *strings.Builder, c, quote rune, unicode bool) {
	switch {
	case c == quote || c == '\\':
		b.WriteByte('\\')
		b.WriteRune(c)
	case c >= ' ' && c <= '~':
		b.WriteRune(c)
	case c >= 0xA0 && (unicode || c <= 0xFF):
		b.WriteRune(c)
	case erlEscapes[c] != "":
		b.WriteString(erlEscapes[c])
	default: // other control characters: octal
		b.WriteByte('\\')
		b.WriteString(strconv.FormatInt(int64(c>>6&7), 8))
		b.WriteString(strconv.FormatInt(int64(c>>3&7), 8))
		b.WriteString(strconv.FormatInt(int64(c&7), 8))
	}
}

// erlPrintable is io_lib_pretty:printable_char/2 for the latin1 range (~p)
// or the unicode range (~tp under "+pc unicode").
func erlPrintable(c rune, unicode bool) bool {
	switch {
	case c >= ' ' && c <= '~':
		return true
	case erlEscapes[c] != "" && c != 127:
		return true
	case !unicode:
		return c >= 0xA0 && c <= 0xFF
	}
	return c >= 0xA0 && c < 0xD800 || c > 0xDFFF && c < 0xFFFE ||
		c > 0xFFFF && c <= 0x10FFFF
}

func erlPrintableList(cs []rune, unicode bool) bool {
	for _, c := range cs {
		if !erlPrintable(c, unicode) {
			return false
		}
	}
	return true
}

// erlBinText is how io_lib_pretty writes a binary when it is printable:
// <<"abc">>, <<"é"/utf8>> (~tp only), or <<"Ã©">> for Latin-1 bytes; ok is
// false when the binary prints as numbers (<<1,2,255>>).
func erlBinText(s string, unicode bool) (text string, ok bool) {
	if unicode {
		if t, ok, utf := erlUnicodeBin(s); utf {
			return t, ok
		}
	}
	cs := Bytes(s)
	if !erlPrintableList(cs, false) {
		return "", false
	}
	return "<<" + erlWriteString(cs, true) + ">>", true
}

// erlUnicodeBin is the +pc unicode branch of printable_bin/5; utf is false
// when the scan met bytes that are not UTF-8 (then Latin-1 rules apply).
func erlUnicodeBin(s string) (text string, ok, utf bool) {
	ascii := true
	for i := 0; i < len(s); {
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size <= 1 {
			return "", false, false
		}
		if !erlPrintable(c, true) {
			return "", false, true
		}
		ascii = ascii && size == 1
		i += size
	}
	if ascii {
		return "<<" + erlWriteString([]rune(s), true) + ">>", true, true
	}
	return "<<" + erlWriteString([]rune(s), true) + "/utf8>>", true, true
}

// Write prints t on one line (io_lib:write with the same string rules).
func Write(t Term, unicode bool) string {
	var b strings.Builder
	ppWrite(&b, ppBuild(t, unicode))
	return b.String()
}

// ---- io_lib_pretty port (no depth or chars limits, no records) ----

type ppKind uint8

const (
	ppLeaf  ppKind = iota // written as is: atoms, numbers, strings, text binaries
	ppList                // [E1,E2]
	ppTuple               // {E1,E2}
	ppBin                 // <<1,2,3>>
)

// ppNode is io_lib_pretty's intermediate format: a term with its printed
// length n (characters) computed bottom-up (print_length/7).
type ppNode struct {
	kind   ppKind
	text   string    // ppLeaf
	elems  []*ppNode // ppList, ppTuple
	tagged bool      // ppTuple whose first element is an atom
	bytes  []string  // ppBin
	n      int
}

func ppLeafNode(s string) *ppNode {
	return &ppNode{kind: ppLeaf, text: s, n: utf8.RuneCountInString(s)}
}

// atm is io_lib_pretty's ?ATM: the element is written text.
func (n *ppNode) atm() bool { return n.kind == ppLeaf }

func ppBuild(t Term, unicode bool) *ppNode {
	switch x := t.(type) {
	case Atom:
		return ppLeafNode(erlWriteAtom(string(x)))
	case Int:
		return ppLeafNode(string(x))
	case Float:
		return ppLeafNode(FloatText(float64(x)))
	case Chars:
		return ppBuildChars(x, unicode)
	case Bin:
		return ppBuildBin(string(x), unicode)
	case Tuple:
		return ppBuildSeq(ppTuple, x, unicode)
	case List:
		if cs, ok := erlListChars(x); ok { // a list of character codes is a string
			return ppBuildChars(cs, unicode)
		}
		return ppBuildSeq(ppList, x, unicode)
	case Map:
		return ppLeafNode(erlMapText(x, unicode))
	}
	return ppLeafNode("undefined")
}

// erlListChars returns the list as character codes when every element is
// an integer that could be one.
func erlListChars(l List) (Chars, bool) {
	cs := make(Chars, len(l))
	for i, t := range l {
		n, ok := t.(Int)
		c, err := strconv.ParseInt(string(n), 10, 32)
		if !ok || err != nil || c < 0 || c > 0x10FFFF {
			return nil, false
		}
		cs[i] = rune(c)
	}
	return cs, true
}

func ppBuildChars(cs Chars, unicode bool) *ppNode {
	if len(cs) == 0 {
		return ppLeafNode("[]")
	}
	if erlPrintableList(cs, unicode) {
		return ppLeafNode(erlWriteString(cs, unicode))
	}
	l := make(List, len(cs))
	for i, c := range cs {
		l[i] = I(int64(c))
	}
	return ppBuildSeq(ppList, l, unicode)
}

func ppBuildBin(s string, unicode bool) *ppNode {
	if s == "" {
		return ppLeafNode("<<>>")
	}
	if text, ok := erlBinText(s, unicode); ok {
		return ppLeafNode(text)
	}
	n := &ppNode{kind: ppBin, bytes: make([]string, len(s)), n: 3 + len(s)}
	for i := 0; i < len(s); i++ {
		n.bytes[i] = strconv.Itoa(int(s[i]))
		n.n += len(n.bytes[i])
	}
	return n
}

func ppBuildSeq(kind ppKind, ts []Term, unicode bool) *ppNode {
	if len(ts) == 0 {
		if kind == ppList {
			return ppLeafNode("[]")
		}
		return ppLeafNode("{}")
	}
	n := &ppNode{kind: kind, n: 1 + len(ts)}
	for _, t := range ts {
		e := ppBuild(t, unicode)
		n.elems = append(n.elems, e)
		n.n += e.n
	}
	_, isAtom := ts[0].(Atom)
	n.tagged = kind == ppTuple && isAtom && len(ts) > 1
	return n
}

// erlMapText writes a map on one line (#{K => V,...}); maps only occur in
// policy values, where breaking a long map over lines is not modelled.
func erlMapText(m Map, unicode bool) string {
	parts := make([]string, len(m))
	for i, p := range m {
		parts[i] = Write(p.K, unicode) + " => " + Write(p.V, unicode)
	}
	return "#{" + strings.Join(parts, ",") + "}"
}

func ppWrite(b *strings.Builder, n *ppNode) {
	switch n.kind {
	case ppList, ppTuple:
		open, end := byte('['), byte(']')
		if n.kind == ppTuple {
			open, end = '{', '}'
		}
		b.WriteByte(open)
		for i, e := range n.elems {
			if i > 0 {
				b.WriteByte(',')
			}
			ppWrite(b, e)
		}
		b.WriteByte(end)
	case ppBin:
		b.WriteString("<<" + strings.Join(n.bytes, ",") + ">>")
	default:
		b.WriteString(n.text)
	}
}

// erlPretty is io_lib_pretty:print/2 with column col and line length ll.
func erlPretty(t Term, col, ll int, unicode bool) string {
	n := ppBuild(t, unicode)
	var b strings.Builder
	if n.kind == ppLeaf || n.n < ll-col { // M = Len: the whole term fits
		ppWrite(&b, n)
		return b.String()
	}
	p := ppState{ll: ll, m: n.n, tind: 1}
	for _, i := range []int{-1, 4} { // while_fail([-1, 4], cind, 1)
		if _, ok := p.cind(n, col, i, 0, 0); ok {
			p.tind = i
			break
		}
	}
	p.pp(&b, n, col, strings.Repeat(" ", col-1), 0, 0)
	return b.String()
}

// ppState holds the line length, CHAR_MAX (M, the term's length) and the
// tagged-tuple indentation TInd chosen by cind.
type ppState struct{ ll, m, tind int }

func lastDepth(rest []*ppNode, ld int) int {
	if len(rest) > 0 {
		return 0
	}
	return ld + 1
}

func (p *ppState) fits(n *ppNode, col, ld, w int) bool {
	return n.n < p.ll-col-ld && n.n+w+ld <= p.m
}

// fitsTail: the next element can follow on the same line (pp_tail/10).
func (p *ppState) fitsTail(e *ppNode, col, ld1, w int) bool {
	elen := 1 + e.n
	if !e.atm() {
		return false
	}
	if ld1 == 0 {
		return elen+1 < p.ll-col && w+elen+1 <= p.m
	}
	return elen < p.ll-col-ld1 && w+elen+ld1 <= p.m
}

func (p *ppState) pp(b *strings.Builder, n *ppNode, col int, ind string, ld, w int) {
	if p.fits(n, col, ld, w) {
		ppWrite(b, n)
		return
	}
	switch {
	case n.kind == ppList:
		b.WriteByte('[')
		p.ppList(b, n.elems, col+1, " "+ind, ld, w+1)
		b.WriteByte(']')
	case n.kind == ppTuple && n.tagged:
		b.WriteByte('{')
		p.ppTagTuple(b, n.elems, col, ind, ld, w+1)
		b.WriteByte('}')
	case n.kind == ppTuple:
		b.WriteByte('{')
		p.ppList(b, n.elems, col+1, " "+ind, ld, w+1)
		b.WriteByte('}')
	case n.kind == ppBin:
		p.ppBinary(b, n.bytes, col+2, "  "+ind, ld, w)
	default:
		b.WriteString(n.text)
	}
}

func (p *ppState) ppTagTuple(b *strings.Builder, es []*ppNode, col int, ind string, ld, w int) {
	tag := es[0]
	tagInd := tag.n + 2
	tcol := col + tagInd
	b.WriteString(tag.text)
	if p.tind > 0 && tagInd > p.tind {
		indent := strings.Repeat(" ", p.tind) + ind
		p.ppTail(b, es[1:], col+p.tind, tcol, indent, ld, w+tag.n)
		return
	}
	b.WriteByte(',')
	p.ppList(b, es[1:], tcol, strings.Repeat(" ", tagInd)+ind, ld, w+tag.n+1)
}

func (p *ppState) ppList(b *strings.Builder, es []*ppNode, col0 int, ind string, ld, w int) {
	we := p.ppElement(b, es[0], col0, ind, lastDepth(es[1:], ld), w)
	p.ppTail(b, es[1:], col0, col0+we, ind, ld, w+we)
}

func (p *ppState) ppTail(b *strings.Builder, es []*ppNode, col0, col int, ind string, ld, w int) {
	for i, e := range es {
		ld1 := lastDepth(es[i+1:], ld)
		b.WriteByte(',')
		if p.fitsTail(e, col, ld1, w) {
			ppWrite(b, e)
			col, w = col+1+e.n, w+1+e.n
			continue
		}
		b.WriteString("\n" + ind)
		we := p.ppElement(b, e, col0, ind, ld1, 0)
		col, w = col0+we, we
	}
}

func (p *ppState) ppElement(b *strings.Builder, e *ppNode, col int, ind string, ld, w int) int {
	if p.fits(e, col, ld, w) && e.atm() {
		ppWrite(b, e)
		return e.n
	}
	p.pp(b, e, col, ind, ld, w)
	return p.ll // force a new line
}

// ppBinary is pp_binary/7: byte values filled into lines of N characters.
func (p *ppState) ppBinary(b *strings.Builder, bytes []string, col int, ind string, ld, w int) {
	n0 := max(8, min(p.ll-col, p.m-4-w)-ld)
	n := n0
	b.WriteString("<<")
	for _, bs := range bytes[:len(bytes)-1] {
		l := len(bs) + 1
		if n-l < 0 {
			b.WriteString("\n" + ind)
			n = n0
		}
		b.WriteString(bs + ",")
		n -= l
	}
	last := bytes[len(bytes)-1]
	if len(last) > n {
		b.WriteString("\n" + ind)
	}
	b.WriteString(last + ">>")
}

// cind computes whether indentation ind for tagged tuples keeps the term
// within the line (cind/7); ok is false where Erlang throws no_good.
func (p *ppState) cind(n *ppNode, col, ind, ld, w int) (int, bool) {
	if p.fits(n, col, ld, w) {
		return ind, true
	}
	switch {
	case n.kind == ppList || n.kind == ppTuple && !n.tagged:
		return p.cindList(n.elems, col+1, ind, ld, w+1)
	case n.kind == ppTuple:
		return p.cindTagTuple(n.elems, col, ind, ld, w+1)
	}
	return ind, true
}

func (p *ppState) cindTagTuple(es []*ppNode, col, ind, ld, w int) (int, bool) {
	tagInd := es[0].n + 2
	tcol := col + tagInd
	if ind > 0 && tagInd > ind {
		col1 := col + ind
		if p.m+col1 <= p.ll || col1 <= p.ll/2 {
			return p.cindTail(es[1:], col1, tcol, ind, ld, w+es[0].n)
		}
		return 0, false
	}
	if p.m+tcol < p.ll || tcol < p.ll/2 {
		return p.cindList(es[1:], tcol, ind, ld, w+es[0].n+1)
	}
	return 0, false
}

func (p *ppState) cindList(es []*ppNode, col0, ind, ld, w int) (int, bool) {
	we, ok := p.cindElement(es[0], col0, ind, lastDepth(es[1:], ld), w)
	if !ok {
		return 0, false
	}
	return p.cindTail(es[1:], col0, col0+we, ind, ld, w+we)
}

func (p *ppState) cindTail(es []*ppNode, col0, col, ind, ld, w int) (int, bool) {
	for i, e := range es {
		ld1 := lastDepth(es[i+1:], ld)
		if p.fitsTail(e, col, ld1, w) {
			col, w = col+1+e.n, w+1+e.n
			continue
		}
		we, ok := p.cindElement(e, col0, ind, ld1, 0)
		if !ok {
			return 0, false
		}
		col, w = col0+we, we
	}
	return ind, true
}

func (p *ppState) cindElement(e *ppNode, col, ind, ld, w int) (int, bool) {
	if p.fits(e, col, ld, w) && e.atm() {
		return e.n, true
	}
	_, ok := p.cind(e, col, ind, ld, w)
	return p.ll, ok
}
