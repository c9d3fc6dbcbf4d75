// Package library embeds the scenario files of this folder, so the
// browser build (and anything else) has the lesson library without I/O.
// The files are plain YAML scenarios (docs/scenario-format.md "Scenario
// format"); parse them with scenarios.Parse. Adding a *.yaml file here adds
// a lesson (README.md lists them).
package library

import (
	"embed"
	"io/fs"
	"path"
	"sort"
)

//go:embed *.yaml
var files embed.FS

// The RocketMQ lessons (`broker: rocketmq`) are a folder of their own, so
// that Files, which every RabbitMQ reader (lint, conform, share, the
// playground's RabbitMQ library) takes, holds only RabbitMQ scenarios.
//
//go:embed rocketmq/*.yaml
var rocketFiles embed.FS

// File is one scenario file of the library.
type File struct {
	Name string // file name, e.g. "retry-loop.yaml"
	Data []byte
}

// Files lists the library's RabbitMQ scenarios, sorted by file name.
func Files() []File { return list(files, "*.yaml") }

// RocketMQFiles lists the RocketMQ lessons (scenarios/rocketmq format),
// sorted by file name; Name is the file name without the folder.
func RocketMQFiles() []File { return list(rocketFiles, "rocketmq/*.yaml") }

func list(fsys embed.FS, pattern string) []File {
	names, _ := fs.Glob(fsys, pattern) // the pattern is valid
	sort.Strings(names)
	out := make([]File, 0, len(names))
	for _, n := range names {
		data, err := fsys.ReadFile(n)
		if err == nil {
			out = append(out, File{Name: path.Base(n), Data: data})
		}
	}
	return out
}
