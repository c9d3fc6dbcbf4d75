// Package library embeds the scenario files of this folder, so the
// browser build (and anything else) has the lesson library without I/O.
// The files are plain YAML scenarios (docs/scenario-format.md "Scenario
// format"); parse them with scenarios.Parse. Adding a *.yaml file here adds
// a lesson (README.md lists them).
package library

import (
	"embed"
	"io/fs"
	"sort"
)

//go:embed *.yaml
var files embed.FS

// File is one scenario file of the library.
type File struct {
	Name string // file name, e.g. "retry-loop.yaml"
	Data []byte
}

// Files lists the library, sorted by file name.
func Files() []File {
	names, _ := fs.Glob(files, "*.yaml") // the pattern is valid
	sort.Strings(names)
	out := make([]File, 0, len(names))
	for _, n := range names {
		data, err := files.ReadFile(n)
		if err == nil {
			out = append(out, File{Name: n, Data: data})
		}
	}
	return out
}
