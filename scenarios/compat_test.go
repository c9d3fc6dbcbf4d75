package scenarios

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateLinks = flag.Bool("update-links", false, "rewrite testdata/library-links.txt from the library (only when the format is meant to change)")

// linksFile records, for every library file as it was when the line was
// written, the sha256 of its text and its share link. oldLinksFile keeps
// lines of the same shape that earlier builds recorded, for library files
// that have changed since (the link of an unchanged file must not).
const (
	linksFile    = "testdata/library-links.txt"
	oldLinksFile = "testdata/old-links.txt"
)

type recordedLink struct{ file, sum, link string }

func readLinks(t *testing.T, path string) []recordedLink {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []recordedLink
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Fields(line)
		if len(parts) != 3 {
			t.Fatalf("%s: bad line %q", path, line)
		}
		out = append(out, recordedLink{parts[0], parts[1], parts[2]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func fileSum(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

// TestRecordedLinksStable: links (and so short-link ids, a hash of the
// canonical JSON) written by earlier builds keep decoding, and re-encode
// to the very same link: fields added to the format since are omitted
// when unset. A library file whose text is unchanged since its link was
// recorded must still encode to that link.
func TestRecordedLinksStable(t *testing.T) {
	if *updateLinks {
		var b strings.Builder
		b.WriteString("# file sha256(file text) share-link; written by go test ./scenarios -run RecordedLinks -update-links\n")
		for _, path := range libraryFiles(t) {
			link, err := Encode(load(t, path))
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%s %s %s\n", filepath.Base(path), fileSum(t, path), link)
		}
		if err := os.WriteFile(linksFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	recorded := readLinks(t, linksFile)
	if len(recorded) == 0 {
		t.Fatal("no recorded links")
	}
	recorded = append(recorded, readLinks(t, oldLinksFile)...)
	for _, r := range recorded {
		t.Run(r.file, func(t *testing.T) {
			sc, err := Decode(r.link)
			if err != nil {
				t.Fatalf("a recorded link no longer decodes: %v", err)
			}
			again, err := Encode(sc)
			if err != nil {
				t.Fatal(err)
			}
			if again != r.link {
				t.Errorf("a recorded link re-encodes differently:\nwas %s\nnow %s", r.link, again)
			}
			path := filepath.Join("library", r.file)
			if _, err := os.Stat(path); err != nil || fileSum(t, path) != r.sum {
				return // the file changed (or went) since: its link may differ
			}
			if now, err := Encode(load(t, path)); err != nil || now != r.link {
				t.Errorf("%s is unchanged but encodes differently (err %v):\nwas %s\nnow %s", path, err, r.link, now)
			}
		})
	}
}
