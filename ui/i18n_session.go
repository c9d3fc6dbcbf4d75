package ui

// The catalogue lines of the views that list a bounded number of the
// newest events (model.MaxReturns, model.EventWindow). Merged into the
// catalogue at start.
var sessionCatalogue = map[string][2]string{
	"publish.returns.more": {"The newest %[1]v of %[2]v returned messages.", "共 %[2]v 条被退回的消息，这里列出最新的 %[1]v 条。"},
}

func init() {
	for k, v := range sessionCatalogue {
		catalogue[k] = v
	}
}
