package conform

import (
	"regexp"
	"sync"
)

// lazyRegexp compiles a pattern the first time it is used: conform is
// linked into every dlxlab command, and most never replay on a broker, so
// its patterns are not compiled at process start.
func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}
