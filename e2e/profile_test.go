package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
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
	wall, virtual float64 // seconds of wall and of virtual time
	// CPU time of the renderer's main thread and whole process, and the
	// main thread's script, style and layout time, in seconds
	// (Chromium's Performance.getMetrics)
	main, process, script, style, layout float64
}

// measurePlay counts the frames a playing page paints over 2 s and reads
// what its renderer spent meanwhile. CPU times are less disturbed by other
// work on the machine than frame rates are: main thread CPU per second of
// virtual time is the cost of playing this scenario, whatever the load.
func (p *page) measurePlay() playStats {
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
	var st playStats
	st.from = p.text("#clock-time")
	a := read()
	st.fps = p.fps()
	b := read()
	st.to = p.text("#clock-time")
	d := func(k string) float64 { return b[k] - a[k] }
	st.wall, st.main, st.process = d("Timestamp"), d("ThreadTime"), d("ProcessTime")
	st.script, st.style, st.layout = d("ScriptDuration"), d("RecalcStyleDuration"), d("LayoutDuration")
	st.virtual = clockText(st.to) - clockText(st.from)
	return st
}

func (st playStats) String() string {
	perV := func(x float64) float64 { return 1000 * x / max(st.virtual, 1e-3) }
	return fmt.Sprintf("%.1f fps over 2 s (requestAnimationFrame); clock %s → %s (%.2f s of virtual time in %.2f s); "+
		"main thread CPU %.0f ms per virtual second (%.0f ms per wall second; script %.0f, style %.0f, layout %.0f ms per virtual second), renderer process %.0f ms per virtual second",
		st.fps, st.from, st.to, st.virtual, st.wall, perV(st.main), 1000*st.main/max(st.wall, 1e-3),
		perV(st.script), perV(st.style), perV(st.layout), perV(st.process))
}

// clockText reads the clock's "t = 21.780 s" (under a minute).
func clockText(text string) float64 {
	var v float64
	fmt.Sscanf(text, "t = %f s", &v)
	return v
}
