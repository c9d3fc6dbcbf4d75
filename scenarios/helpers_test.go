package scenarios

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// libraryFiles lists the scenario files of scenarios/library, sorted.
func libraryFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, pat := range []string{"*.yaml", "*.yml", "*.json"} {
		m, err := filepath.Glob(filepath.Join("library", pat))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	sort.Strings(files)
	if len(files) == 0 {
		t.Fatal("no scenario files in scenarios/library")
	}
	return files
}

// load parses a library file.
func load(t *testing.T, path string) *Scenario {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Parse(filepath.Base(path), data)
	if err != nil {
		t.Fatalf("parse:\n%v", err)
	}
	return sc
}

// parseString parses an inline scenario that must be valid.
func parseString(t *testing.T, src string) *Scenario {
	t.Helper()
	sc, err := Parse("test.yaml", []byte(dedent(src)))
	if err != nil {
		t.Fatalf("parse:\n%v\nsource:\n%s", err, dedent(src))
	}
	return sc
}

// run plays a scenario checking the core's invariants after every step.
func run(t *testing.T, sc *Scenario) *Observation {
	t.Helper()
	obs, err := Run(sc, Options{AfterStep: invariantChecker(t)})
	if err != nil {
		t.Fatal(err)
	}
	return obs
}

// dedent removes the common leading tabs of a raw-string test input.
func dedent(s string) string {
	s = strings.TrimPrefix(s, "\n")
	lines := strings.Split(s, "\n")
	n := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		tabs := len(l) - len(strings.TrimLeft(l, "\t"))
		if n < 0 || tabs < n {
			n = tabs
		}
	}
	for i, l := range lines {
		if len(l) >= n && n > 0 {
			lines[i] = l[n:]
		}
	}
	return strings.Join(lines, "\n")
}

// stripPos zeroes every Pos and the Name / Warnings of a scenario so two
// parses of different texts can be compared.
func stripPos(sc *Scenario) *Scenario {
	c := *sc
	c.Name, c.Warnings = "", nil
	zeroPos(reflect.ValueOf(&c).Elem())
	return &c
}

var posType = reflect.TypeOf(Pos{})

func zeroPos(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		if v.Type() == posType {
			v.Set(reflect.Zero(posType))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Field(i).CanSet() {
				zeroPos(v.Field(i))
			}
		}
	case reflect.Pointer:
		if !v.IsNil() {
			zeroPos(v.Elem())
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			zeroPos(v.Index(i))
		}
	}
}

func deepEqual(a, b any) bool { return reflect.DeepEqual(a, b) }

func readFile(path string) ([]byte, error) { return os.ReadFile(path) }
