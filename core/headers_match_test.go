package core

import "testing"

func TestHeadersMatch(t *testing.T) {
	tests := []struct {
		name    string
		args    Table
		headers Table
		want43  bool
		want312 bool // "(3.10 broker)": a real 3.10 broker gave want312
	}{
		{"default all, integer widths equal (3.10 broker)", Table{"a": int64(1)}, Table{"a": int32(1)}, true, true},
		{"longstr 1 is not long 1 (3.10 broker)", Table{"a": int64(1)}, Table{"a": "1"}, false, false},
		{"long 1 vs double 1.0: =:= in 4.x, == in 3.x (3.10 broker)", Table{"a": int64(1)}, Table{"a": float64(1)}, false, true},
		{"float 1.5 equals double 1.5 (3.10 broker)", Table{"a": float32(1.5)}, Table{"a": 1.5}, true, true},
		{"float 0.1 is not double 0.1", Table{"a": float32(0.1)}, Table{"a": 0.1}, false, false},
		{"longstr equals bytes (3.10 broker)", Table{"a": "v"}, Table{"a": []byte("v")}, true, true},
		{"void means present (3.10 broker)", Table{"a": nil}, Table{"a": "anything"}, true, true},
		{"void present as table", Table{"a": nil}, Table{"a": Table{"k": "v"}}, true, true},
		{"void absent (3.10 broker)", Table{"a": nil}, Table{"b": "x"}, false, false},
		{"all with no args matches without headers (3.10 broker)", Table{}, nil, true, true},
		{"nil args", nil, Table{"a": "1"}, true, true},
		{"any with no args matches nothing (3.10 broker)", Table{"x-match": "any"}, Table{"a": "1"}, false, false},
		{"all skips x- args (3.10 broker)", Table{"x-foo": "1"}, nil, true, true},
		{"any skips x- args (3.10 broker)", Table{"x-match": "any", "x-foo": "1"}, Table{"x-foo": "1"}, false, false},
		{"any-with-x compares x- args (3.10 broker)", Table{"x-match": "any-with-x", "x-foo": "1"}, Table{"x-foo": "1"}, true, true},
		{"all-with-x needs the x- header (3.10 broker)", Table{"x-match": "all-with-x", "x-foo": "1", "a": "1"}, Table{"a": "1"}, false, false},
		{"all-with-x all present", Table{"x-match": "all-with-x", "x-foo": "1", "a": "1"}, Table{"a": "1", "x-foo": "1"}, true, true},
		{"all needs every arg (3.10 broker)", Table{"x-match": "all", "a": "1", "b": "2"}, Table{"a": "1"}, false, false},
		{"any needs one arg (3.10 broker)", Table{"x-match": "any", "a": "1", "b": "2"}, Table{"a": "1"}, true, true},
		{"any none equal", Table{"x-match": "any", "a": "1", "b": "2"}, Table{"a": "2", "b": "1"}, false, false},
		{"timestamp header vs long seconds (3.10 broker)", Table{"a": int64(5)}, Table{"a": Timestamp(5)}, false, true},
		{"timestamp header is in ms on 4.x (3.10 broker)", Table{"a": int64(5000)}, Table{"a": Timestamp(5)}, true, false},
		{"timestamp vs timestamp (3.10 broker)", Table{"a": Timestamp(5)}, Table{"a": Timestamp(5)}, false, true},
		{"timestamp 0 vs timestamp 0", Table{"a": Timestamp(0)}, Table{"a": Timestamp(0)}, true, true},
		{"x-match not a longstr means all", Table{"x-match": []byte("any"), "a": "1", "b": "2"}, Table{"a": "1"}, false, false},
		{"nested table equal (3.10 broker)", Table{"a": Table{"k": int64(1)}}, Table{"a": Table{"k": int64(1)}}, true, true},
		{"nested table keeps types (3.10 broker)", Table{"a": Table{"k": int64(1)}}, Table{"a": Table{"k": int32(1)}}, false, false},
		{"array equal", Table{"a": []any{"x", int64(2)}}, Table{"a": []any{"x", int64(2)}}, true, true},
		{"bool (3.10 broker)", Table{"a": true}, Table{"a": true}, true, true},
		{"bool differs", Table{"a": true}, Table{"a": false}, false, false},
		{"header void vs arg", Table{"a": "x"}, Table{"a": nil}, false, false},
		{"unknown x-match value matches as all", Table{"x-match": "foo", "a": "1"}, Table{"a": "1"}, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := headersMatch(tt.args, tt.headers); got != tt.want43 {
				t.Errorf("4.x: got %v, want %v", got, tt.want43)
			}
			if got := headersMatchFor(Rabbit312, tt.args, tt.headers); got != tt.want312 {
				t.Errorf("3.x: got %v, want %v", got, tt.want312)
			}
		})
	}
}

func TestValidateHeadersBinding(t *testing.T) {
	valueErr := func(v string) string {
		return pf + "Invalid x-match field value " + v + "; expected all, any, all-with-x, or any-with-x"
	}
	typeErr := func(typ, v string) string {
		return pf + "Invalid x-match field type " + typ + " (value " + v + "); expected longstr"
	}
	tests := []struct {
		name    string
		args    Table
		wantErr string
	}{
		{"absent", Table{"a": "1"}, ""},
		{"nil args", nil, ""},
		{"all", Table{"x-match": "all"}, ""},
		{"any", Table{"x-match": "any"}, ""},
		{"all-with-x", Table{"x-match": "all-with-x"}, ""},
		{"any-with-x", Table{"x-match": "any-with-x"}, ""},
		{"foo (3.10 broker)", Table{"x-match": "foo"}, valueErr(`<<"foo">>`)},
		{"upper case", Table{"x-match": "ALL"}, valueErr(`<<"ALL">>`)},
		{"empty", Table{"x-match": ""}, valueErr("<<>>")},
		{"unprintable (3.10 broker)", Table{"x-match": "\x01bad"}, valueErr("<<1,98,97,100>>")},
		{"utf8 on 4.x (3.10 printed <<\"é\">>)", Table{"x-match": "é"}, valueErr(`<<"é"/utf8>>`)},
		{"long (3.10 broker)", Table{"x-match": int64(1)}, typeErr("long", "1")},
		{"bool (3.10 broker)", Table{"x-match": true}, typeErr("bool", "true")},
		{"bytes (3.10 broker)", Table{"x-match": []byte("any")}, typeErr("binary", `<<"any">>`)},
		{"table (3.10 broker)", Table{"x-match": Table{"a": int64(1)}}, typeErr("table", `[{<<"a">>,long,1}]`)},
		{"void (3.10 broker)", Table{"x-match": nil}, typeErr("void", "undefined")},
		{"array", Table{"x-match": []any{"all"}}, typeErr("array", `[{longstr,<<"all">>}]`)},
		{"double", Table{"x-match": 1.5}, typeErr("double", "1.5")},
		{"timestamp", Table{"x-match": Timestamp(7)}, typeErr("timestamp", "7")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkErr(t, validateHeadersBinding(tt.args), CodePreconditionFailed, tt.wantErr)
		})
	}
}
