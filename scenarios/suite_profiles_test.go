package scenarios

import (
	"path/filepath"
	"testing"
)

// TestSuiteUnderEveryNamedProfile: a ported broker-suite case names, in
// conform.profiles, the versions it is replayed on; its expect block must
// hold under each of them, not only under the profile the file runs with.
// Where versions disagree the case is split into one file per answer
// (scenarios/suite/README.md).
func TestSuiteUnderEveryNamedProfile(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("suite", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files in scenarios/suite (%v)", err)
	}
	for _, path := range files {
		sc := load(t, path)
		if sc.Conform == nil || len(sc.Conform.Profiles) == 0 {
			t.Errorf("%s names no conform.profiles", path)
			continue
		}
		for _, p := range sc.Conform.Profiles {
			t.Run(filepath.Base(path)+"/"+p, func(t *testing.T) {
				sc := load(t, path)
				sc.Profile = p
				for _, f := range Check(sc, run(t, sc)) {
					t.Errorf("%s under %s: %s", path, p, f)
				}
			})
		}
	}
}
