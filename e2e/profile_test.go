package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// cpuProfile runs f under V8's sampling profiler when FIGURES_PROFILE
// names a folder: it writes NAME.cpuprofile there (DevTools opens it)
// and returns where the page's main thread spent the time, the largest
// self times first ("(program)" is the browser's own work: style, layout,
// paint; "(idle)" is waiting). Go functions have names only in an
// app.wasm built without -s -w. Without FIGURES_PROFILE it just runs f.
func (p *page) cpuProfile(name string, f func()) string {
	dir := os.Getenv("FIGURES_PROFILE")
	if dir == "" {
		f()
		return ""
	}
	p.t.Helper()
	if _, err := chromedp.Call(p.ctx, profiler.Enable, cdp.Empty{}); err != nil {
		p.t.Fatalf("profiler: %v", err)
	}
	if _, err := chromedp.Call(p.ctx, profiler.Start, cdp.Empty{}); err != nil {
		p.t.Fatalf("profiler: %v", err)
	}
	f()
	res, err := chromedp.Call(p.ctx, profiler.Stop, cdp.Empty{})
	if err != nil || res.Profile == nil {
		p.t.Fatalf("profiler: %v", err)
	}
	if data, err := json.Marshal(res.Profile); err == nil {
		_ = os.MkdirAll(dir, 0o755)
		_ = os.WriteFile(filepath.Join(dir, name+".cpuprofile"), data, 0o644)
	}
	return selfTimes(res.Profile, 14)
}

// selfTimes sums a profile's samples by function (self time) and lists
// the n largest shares.
func selfTimes(pr *profiler.Profile, n int) string {
	byID := map[int64]string{}
	for _, node := range pr.Nodes {
		fn := "(anonymous)"
		if node.CallFrame != nil && node.CallFrame.FunctionName != "" {
			fn = node.CallFrame.FunctionName
		}
		byID[node.ID] = fn
	}
	self := map[string]int64{}
	var total int64
	for i, id := range pr.Samples {
		if i < len(pr.TimeDeltas) {
			self[byID[id]] += pr.TimeDeltas[i]
			total += pr.TimeDeltas[i]
		}
	}
	names := make([]string, 0, len(self))
	for fn := range self {
		names = append(names, fn)
	}
	sort.Slice(names, func(i, j int) bool { return self[names[i]] > self[names[j]] })
	var parts []string
	for _, fn := range names[:min(n, len(names))] {
		parts = append(parts, fmt.Sprintf("%s %.1f%%", fn, 100*float64(self[fn])/float64(max(total, 1))))
	}
	return strings.Join(parts, "; ")
}

// playStats is what a playing page did over a measured while.
type playStats struct {
	fps           float64 // frames painted per second (requestAnimationFrame)
	from, to      string  // the clock before and after
	speed         float64 // the clock's speed (1×, 100×, …)
	wall, virtual float64 // seconds of wall and of virtual time
	// CPU time of the renderer's main thread and whole process, and the
	// main thread's script, style and layout time, in seconds
	// (Chromium's Performance.getMetrics)
	main, process, script, style, layout float64
}

// measurePlay counts the frames a page playing at speed paints over 2 s
// and reads what its renderer spent meanwhile. CPU times are less
// disturbed by other work on the machine than frame rates are: main
// thread CPU per second of play (virtual time ÷ speed) is the cost of
// playing this scenario, whatever the load; well under 1,000 ms leaves
// the browser time to paint.
func (p *page) measurePlay(speed float64) playStats {
	p.t.Helper()
	if _, err := chromedp.Call(p.ctx, performance.Enable, performance.EnableParams{}); err != nil {
		p.t.Fatalf("performance metrics: %v", err)
	}
	read := func() map[string]float64 {
		res, err := chromedp.Call(p.ctx, performance.GetMetrics, cdp.Empty{})
		if err != nil {
			p.t.Fatalf("performance metrics: %v", err)
		}
		m := map[string]float64{}
		for _, x := range res.Metrics {
			m[x.Name] = x.Value
		}
		return m
	}
	st := playStats{speed: speed}
	a := read()
	st.from = p.text("#clock-time")
	st.fps = p.fps()
	st.to = p.text("#clock-time")
	b := read() // the counters' while holds the clock's: CPU is not undercounted
	d := func(k string) float64 { return b[k] - a[k] }
	st.wall, st.main, st.process = d("Timestamp"), d("ThreadTime"), d("ProcessTime")
	st.script, st.style, st.layout = d("ScriptDuration"), d("RecalcStyleDuration"), d("LayoutDuration")
	st.virtual = clockText(st.to) - clockText(st.from)
	return st
}

func (st playStats) String() string {
	played := max(st.virtual/max(st.speed, 1), 1e-3) // seconds of play at the set speed
	per := func(x float64) float64 { return 1000 * x / played }
	return fmt.Sprintf("%.1f fps over 2 s (requestAnimationFrame); clock %s → %s (%.2f s of play at %g× in %.2f s of wall time); "+
		"main thread CPU %.0f ms per second of play (%.0f ms per wall second; script %.0f, style %.0f, layout %.0f ms per second of play), renderer process %.0f ms per second of play",
		st.fps, st.from, st.to, played, st.speed, st.wall, per(st.main), 1000*st.main/max(st.wall, 1e-3),
		per(st.script), per(st.style), per(st.layout), per(st.process))
}

// clockText reads the clock: "t = 21.780 s", "t = 5 min 2.5 s",
// "t = 4 h 46 min" (seconds).
func clockText(text string) float64 {
	unit := map[string]float64{"ms": 0.001, "s": 1, "min": 60, "h": 3600, "d": 86400}
	f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(text), "t ="))
	var v float64
	for i := 0; i+1 < len(f); i += 2 {
		x, err := strconv.ParseFloat(f[i], 64)
		if err != nil {
			return 0
		}
		v += x * unit[f[i+1]]
	}
	return v
}
