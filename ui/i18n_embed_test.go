package ui

import "testing"

func TestLocalValue(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`"" (default exchange) ← argument x-dead-letter-exchange`, `""（默认交换机） ← 参数 x-dead-letter-exchange`},
		{`retry.dlx ← policy orders-dlx`, `retry.dlx ← 策略 orders-dlx`},
		{`DLX ← argument`, `DLX ← 参数`},
		{`wait ← default`, `wait ← 默认值`},
		{`main dead-letters to dlx (argument x-dead-letter-exchange)`, `main dead-letters to dlx (参数 x-dead-letter-exchange)`},
		{`"" (default) · "k" · "hi"`, `""（默认交换机） · "k" · "hi"`},
		{`policy-queue`, `policy-queue`}, // a name, not a source
		{`argumentative ← policyholder`, `argumentative ← policyholder`},
	} {
		if got := localValue(langZH, tt.in); got != tt.want {
			t.Errorf("localValue(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := localValue(langEN, tt.in); got != tt.in {
			t.Errorf("English changed: %q → %q", tt.in, got)
		}
	}
	for in, want := range map[string]string{
		"argument x-dead-letter-exchange": "参数 x-dead-letter-exchange",
		"policy p":                        "策略 p",
		"default":                         "默认值",
		"policyholder":                    "policyholder",
	} {
		if got := localFrom(langZH, in); got != want {
			t.Errorf("localFrom(%q) = %q, want %q", in, got, want)
		}
	}
}
