package erlterm

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Expected values below were printed by Erlang/OTP 25 (io_lib:format with
// the same directive, +pc unicode as RabbitMQ runs).

func TestErlPrettyFixed(t *testing.T) {
	long := strings.Repeat("a", 70)
	tests := []struct {
		name   string
		prefix string
		term   Term
		width  int
		uni    bool
		want   string
	}{
		{"atom", "", Atom("no_integer"), 80, true, "no_integer"},
		{"quoted atom", "", Atom("Foo"), 80, true, "'Foo'"},
		{"tagged int", "", Tag("value_negative", I(-1)), 80, true, "{value_negative,-1}"},
		{"string", "", Tag("leftover_string", Bytes("abc")), 80, true, `{leftover_string,"abc"}`},
		{"escapes", "", Bytes("a\"b\\c\n"), 80, true, `"a\"b\\c\n"`},
		{"control escapes", "", Chars{'a', 27, 11, 8, 12}, 80, true, `"a\e\v\b\f"`},
		{"unprintable list", "", Bytes("\x01\x02\x03"), 80, true, "[1,2,3]"},
		{"DEL is not printable", "", Chars{'a', 127}, 80, true, "[97,127]"},
		{"latin1 bytes print as text", "", Bytes("é"), 80, true, `"Ã©"`},
		{"byte 128", "", Bytes("\x80"), 80, true, "[128]"},
		{"binary", "", Bin("foo"), 80, true, `<<"foo">>`},
		{"utf8 binary ~tp", "", Bin("é"), 80, true, `<<"é"/utf8>>`},
		{"utf8 binary ~p", "", Bin("é"), 80, false, `<<"Ã©">>`},
		{"euro ~tp (+pc unicode)", "", Bin("€"), 80, true, `<<"€"/utf8>>`},
		{"euro ~p", "", Bin("€"), 80, false, "<<226,130,172>>"},
		{"bytes binary", "", Bin("\x01\x02\xff"), 80, true, "<<1,2,255>>"},
		{"latin1 binary", "", Bin("\xffa"), 80, true, `<<"ÿa">>`},
		{"empty binary", "", Bin(""), 80, true, "<<>>"},
		{"empty string", "", Chars{}, 80, true, "[]"},
		{"table", "", List{Tuple{Bin("a"), Atom("long"), I(1)}}, 80, true, `[{<<"a">>,long,1}]`},
		{"fits at col 23", "invalid expiration x: ", Tag("leftover_string", Bytes(strings.Repeat("a", 30))),
			80, true, `invalid expiration x: {leftover_string,"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}`},
		{"breaks with TInd 4", "invalid expiration x: ", Tag("leftover_string", Bytes(long)),
			80, true, "invalid expiration x: {leftover_string,\n" + strings.Repeat(" ", 26) + `"` + long + `"}`},
		{"int list fills lines", "invalid expiration x: ", Tag("leftover_string", Bytes("\x01"+strings.Repeat("a", 40))),
			80, true, "invalid expiration x: {leftover_string,\n" + strings.Repeat(" ", 26) +
				"[1,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,\n" + strings.Repeat(" ", 27) +
				"97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,97,\n" + strings.Repeat(" ", 27) +
				"97,97,97,97,97,97,97]}"},
		{"~255p string", "x: ", Str("unsupported queue type '" + strings.Repeat("a", 300) + "'"), 255, false,
			`x: "unsupported queue type '` + strings.Repeat("a", 300) + `'"`},
		{"~255p tuple", "x: ", Tag("unacceptable_type", Atom("long")), 255, false, "x: {unacceptable_type,long}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Format(tt.prefix, tt.term, tt.width, tt.uni); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestErlFloatText(t *testing.T) {
	tests := []struct {
		f    float64
		want string
	}{
		{1.0, "1.0"}, {0.1, "0.1"}, {1.5, "1.5"}, {1e10, "1.0e10"}, {1e20, "1.0e20"},
		{123456789012345.0, "123456789012345.0"}, {1e-5, "1.0e-5"}, {0.001, "0.001"},
		{-2.5, "-2.5"}, {1e15, "1.0e15"}, {1e16, "1.0e16"}, {100.0, "100.0"}, {0, "0.0"},
		{float64(float32(0.1)), "0.10000000149011612"},
	}
	for _, tt := range tests {
		if got := FloatText(tt.f); got != tt.want {
			t.Errorf("FloatText(%v) = %q, want %q", tt.f, got, tt.want)
		}
	}
}

func TestErlReplyText(t *testing.T) {
	tests := []struct {
		name, expl string
		wantLen    int
		wantSuffix string
	}{
		{"fits", strings.Repeat("a", 233), 255, "aaa"},
		{"one over", strings.Repeat("a", 234), 255, "a..."},
		{"shorter", strings.Repeat("a", 232), 254, "aaa"},
		{"counts characters, not bytes", strings.Repeat("é", 233), 255, "ééé"},
		{"CR LF is one character", strings.Repeat("a", 231) + "\r\nb", 256, "\r\nb"},
		{"combining marks join (Erlang: 715 bytes)", strings.Repeat("e\u0301", 240), 22 + 2*230 + 3, "e\u0301..."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ReplyText("PRECONDITION_FAILED", tt.expl)
			if n := len([]rune(got)); n != tt.wantLen || !strings.HasSuffix(got, tt.wantSuffix) {
				t.Errorf("%d code points ending %q, want %d ending %q", n, got[len(got)-6:], tt.wantLen, tt.wantSuffix)
			}
		})
	}
}

func TestErlTS(t *testing.T) {
	if got := TS("é"); got != "é" {
		t.Errorf("utf8: %q", got)
	}
	if got := TS("\xffa"); got != "ÿa" {
		t.Errorf("latin1 fallback: %q", got)
	}
	if got := Indentation("ab\tc\nxy"); got != 2 {
		t.Errorf("indentation after newline = %d", got)
	}
	if got := Indentation("ab\tc"); got != 9 {
		t.Errorf("indentation with tab = %d", got)
	}
}

// TestErlPrettyAgainstErlang compares Format with a real Erlang on random
// terms. It runs only with DLXLAB_ERL=1 and escript on the PATH.
func TestErlPrettyAgainstErlang(t *testing.T) {
	if os.Getenv("DLXLAB_ERL") != "1" {
		t.Skip("set DLXLAB_ERL=1 to compare with a local Erlang")
	}
	rng := rand.New(rand.NewSource(1))
	type tc struct {
		prefix string
		term   Term
		width  int
		uni    bool
	}
	var cases []tc
	var in strings.Builder
	for i := 0; i < 3000; i++ {
		c := tc{randPrefix(rng), randTerm(rng, 3), 80, rng.Intn(2) == 0}
		if rng.Intn(3) == 0 {
			c.width, c.uni = 255, false
		}
		cases = append(cases, c)
		fmt.Fprintf(&in, "%s\t%d\t%t\t%s.\n", hex.EncodeToString([]byte(c.prefix)), c.width, c.uni, erlSyntax(c.term))
	}
	got := runScript(t, erlCheckScript, in.String())
	for i, c := range cases {
		want := got[i]
		if have := Format(c.prefix, c.term, c.width, c.uni); have != want {
			d := firstDiff(have, want)
			t.Errorf("case %d (width %d, unicode %t) differs at %d:\nhave …%q\nwant …%q\nterm %s",
				i, c.width, c.uni, d, clip(have, d), clip(want, d), erlSyntax(c.term))
		}
	}
}

func firstDiff(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

func clip(s string, at int) string {
	lo, hi := max(0, at-200), min(len(s), at+60)
	return s[lo:hi]
}

const erlCheckScript = `#!/usr/bin/env escript
%%! +pc unicode
main([F]) ->
    {ok, D} = file:read_file(F),
    [line(L) || L <- binary:split(D, <<"\n">>, [global, trim])].
line(L) ->
    [P, W, U, T] = binary:split(L, <<"\t">>, [global]),
    {ok, Toks, _} = erl_scan:string(binary_to_list(T)),
    {ok, Term} = erl_parse:parse_term(Toks),
    Prefix = [C || C <- unicode:characters_to_list(binary:decode_hex(P)), C =/= $~] ,
    Dir = case {W, U} of {<<"80">>, <<"true">>} -> "~tp"; {<<"80">>, _} -> "~p";
                         {_, <<"true">>} -> "~255tp"; _ -> "~255p" end,
    Out = unicode:characters_to_binary(io_lib:format(Prefix ++ Dir, [Term])),
    io:format("~s~n", [binary:encode_hex(Out)]).
`

// runScript runs an escript on input (one case a line) and returns its
// output lines, hex-decoded.
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

func randPrefix(rng *rand.Rand) string {
	const chars = "abcdefghij '\"é\t\n"
	r := []rune(chars)
	n := rng.Intn(90)
	var b strings.Builder
	for i := 0; i < n; i++ {
		c := r[rng.Intn(len(r))]
		if (c == '\n' || c == '\t') && rng.Intn(8) != 0 {
			c = 'x'
		}
		b.WriteRune(c)
	}
	return b.String()
}

func randTerm(rng *rand.Rand, depth int) Term {
	k := rng.Intn(9)
	if depth == 0 {
		k = rng.Intn(5)
	}
	switch k {
	case 0:
		return Atom([]string{"no_integer", "long", "value_too_large", "leftover_string", "undefined", "a"}[rng.Intn(6)])
	case 1:
		return I(rng.Int63n(1<<uint(rng.Intn(62)+1)) - 1000)
	case 2:
		return Float(rng.NormFloat64() * float64(int64(1)<<uint(rng.Intn(60))))
	case 3:
		return randChars(rng)
	case 4:
		return Bin(string(randChars(rng)))
	case 5, 6:
		n := rng.Intn(5) + 1
		tup := Tuple{Atom([]string{"leftover_string", "value_negative", "unacceptable_type"}[rng.Intn(3)])}
		if rng.Intn(3) == 0 {
			tup = Tuple{}
		}
		for len(tup) < n {
			tup = append(tup, randTerm(rng, depth-1))
		}
		return tup
	default:
		l := List{}
		for i := rng.Intn(12); i > 0; i-- {
			l = append(l, randTerm(rng, depth-1))
		}
		return l
	}
}

func randChars(rng *rand.Rand) Chars {
	pools := []string{"abc xyz", "abc\"\\\n\t", "é€ab", "\x01\x7fab", "\xc3\xa9\xff"}
	pool := []rune(pools[rng.Intn(len(pools))])
	n := rng.Intn(70)
	if rng.Intn(4) == 0 {
		n = rng.Intn(200)
	}
	cs := make(Chars, n)
	for i := range cs {
		cs[i] = pool[rng.Intn(len(pool))]
	}
	if rng.Intn(2) == 0 { // binaries and byte strings: keep to bytes
		for i, c := range cs {
			cs[i] = c & 0xff
		}
	}
	return cs
}

// erlSyntax writes t as Erlang source text (for the escript).
func erlSyntax(t Term) string {
	switch x := t.(type) {
	case Atom:
		return "'" + strings.ReplaceAll(strings.ReplaceAll(string(x), `\`, `\\`), "'", `\'`) + "'"
	case Int:
		return string(x)
	case Float:
		return strconv.FormatFloat(float64(x), 'e', 16, 64)
	case Chars:
		return "[" + joinInts(len(x), func(i int) int { return int(x[i]) }) + "]"
	case Bin:
		return "<<" + joinInts(len(x), func(i int) int { return int(x[i]) }) + ">>"
	case Tuple:
		return "{" + joinTerms(x) + "}"
	case List:
		return "[" + joinTerms(x) + "]"
	}
	return "undefined"
}

func joinInts(n int, at func(int) int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = strconv.Itoa(at(i))
	}
	return strings.Join(parts, ",")
}

func joinTerms(ts []Term) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = erlSyntax(t)
	}
	return strings.Join(parts, ",")
}
