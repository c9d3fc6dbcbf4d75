// Package delaylab embeds the delay-lab files of this folder (workloads of
// delayed messages to compare strategies on; docs/delay-lab.md "Workload
// files"), so the browser build has the lessons without I/O. Parse them
// with scenarios.ParseDelayLab.
package delaylab

import (
	"embed"
	"io/fs"
	"sort"
)

//go:embed *.yaml
var files embed.FS

// File is one delay-lab file.
type File struct {
	Name string // file name, e.g. "head-of-line.yaml"
	Data []byte
}

// Files lists the folder, sorted by file name.
func Files() []File {
	names, _ := fs.Glob(files, "*.yaml") // the pattern is valid
	sort.Strings(names)
	out := make([]File, 0, len(names))
	for _, n := range names {
		if data, err := files.ReadFile(n); err == nil {
			out = append(out, File{Name: n, Data: data})
		}
	}
	return out
}
