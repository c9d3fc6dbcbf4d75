package model

import (
	"slices"
	"strings"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// The exchange form: its arguments are picked from the exchange
// catalogue (ExchangeArgs) like a queue's, and each value is said in
// words (what the broker will do with it).

// ExchangeForm is what the exchange form collects.
type ExchangeForm struct {
	Name, Type                    string
	Durable, AutoDelete, Internal bool
	Args                          []ArgRow
}

// NewExchangeForm is the form for a new exchange.
func NewExchangeForm() ExchangeForm { return ExchangeForm{Type: core.Direct, Durable: true} }

// ExchangeFormOf fills the form from an exchange: its arguments are rows
// in key order, those the catalogue does not know (from an import) too,
// so that they are seen and kept.
func ExchangeFormOf(x scenarios.Exchange) ExchangeForm {
	f := ExchangeForm{Name: x.Name, Type: x.Type, Durable: x.Durable, AutoDelete: x.AutoDelete, Internal: x.Internal}
	for _, k := range x.Arguments.SortedKeys() {
		f.Args = append(f.Args, ArgRow{Key: k, Value: FormatValue(x.Arguments[k])})
	}
	return f
}

// Exchange reads the form; old is the exchange being edited (nil for a
// new one): a value left as the form showed it keeps its type from old
// (a table or a number an import brought stays as it was). Rows without
// a key or a value are skipped: an empty alternate-exchange means none.
func (f ExchangeForm) Exchange(old *scenarios.Exchange) scenarios.Exchange {
	x := scenarios.Exchange{Name: strings.TrimSpace(f.Name), Type: f.Type, Durable: f.Durable,
		AutoDelete: f.AutoDelete, Internal: f.Internal}
	args := core.Table{}
	for _, r := range f.Args {
		if r.Key == "" || strings.TrimSpace(r.Value) == "" {
			continue
		}
		args[r.Key] = ParseValue(ExchangeArgs, r.Key, r.Value)
		if old != nil {
			if v, ok := old.Arguments[r.Key]; ok && FormatValue(v) == r.Value {
				args[r.Key] = v
			}
		}
	}
	if len(args) > 0 {
		x.Arguments = args
	}
	return x
}

func anyExchangeArg(Arg) bool { return true }

// NextExchangeArg is the key "+ Add argument" adds to the exchange form;
// "" when every known one is set.
func NextExchangeArg(rows []ArgRow) string { return nextArg(ExchangeArgs, anyExchangeArg, rows) }

// ExchangeArgChoices lists the keys exchange argument row i may pick (as
// ArgChoices).
func ExchangeArgChoices(rows []ArgRow, i int) []ArgChoice {
	return argChoices(ExchangeArgs, anyExchangeArg, rows, i)
}

// AddArg adds a row for the next unused key.
func (f *ExchangeForm) AddArg() { f.Args = append(f.Args, ArgRow{Key: NextExchangeArg(f.Args)}) }

// ExchangeArgWords says what exchange self does with an argument's
// value, as a catalogue key and its arguments ("" when there is nothing
// to say): where the messages it cannot route go.
func (s *Session) ExchangeArgWords(self, key, value string) (string, []string) {
	value = strings.TrimSpace(value)
	if key != "alternate-exchange" || value == "" {
		return "", nil
	}
	switch {
	case value == strings.TrimSpace(self):
		return "xarg.ae.self", []string{value}
	case s.exchangeDeclared(value):
		return "xarg.ae.exists", []string{value}
	}
	return "xarg.ae.missing", []string{value}
}

// exchangeDeclared: the broker has it now, or the scenario declares it.
func (s *Session) exchangeDeclared(name string) bool {
	if slices.ContainsFunc(s.b.Exchanges(), func(x core.ExchangeView) bool { return x.Name == name }) {
		return true
	}
	return slices.ContainsFunc(s.sc.Exchanges, func(x scenarios.Exchange) bool { return x.Name == name })
}
