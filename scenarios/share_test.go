package scenarios

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"strings"
	"testing"
)

func deflateLink(t testing.TB, data []byte) string {
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.BestCompression)
	w.Write(data)
	w.Close()
	return "1." + base64.RawURLEncoding.EncodeToString(z.Bytes())
}

func TestEncodeFormat(t *testing.T) {
	sc := load(t, "library/retry-loop.yaml")
	link, err := Encode(sc)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(link, "1.") || strings.ContainsAny(link[2:], "=+/.") {
		t.Errorf("link %q is not 1.<base64url without padding>", link)
	}
	again, _ := Encode(load(t, "library/retry-loop.yaml"))
	if again != link {
		t.Error("encoding the same scenario twice gave two links")
	}
	js, _ := CanonicalJSON(sc)
	for _, def := range []string{`"durable"`, `"destination_type"`, `"type":"direct"`, `"apply-to"`, `"prefetch":0`, `"version":1,"version"`} {
		if bytes.Contains(js, []byte(def)) {
			t.Errorf("canonical JSON writes the default %s: %s", def, js)
		}
	}
	// Whole URLs and fragments decode too.
	for _, s := range []string{link, "#s=" + link, "http://127.0.0.1:8080/#s=" + link, "https://x/embed#s=" + link + "\n"} {
		if _, err := Decode(s); err != nil {
			t.Errorf("Decode(%.40q…): %v", s, err)
		}
	}
}

// TestDecodeHostile: bad links fail with a clear error and never panic.
func TestDecodeHostile(t *testing.T) {
	bomb := deflateLink(t, bytes.Repeat([]byte(" "), MaxLinkDecoded+10))
	if len(bomb) > 4096 {
		t.Fatalf("bomb is %d characters; want a small input", len(bomb))
	}
	valid, _ := Encode(load(t, "library/retry-loop.yaml"))
	tests := []struct{ name, in, want string }{
		{"too long", "1." + strings.Repeat("A", MaxLinkSize), "the limit is 65536"},
		{"bomb", bomb, "share link decodes to more than 1 MiB"},
		{"unknown version", "9.abc", `share link version "9" is not known`},
		{"no version", "abc", "not a share link"},
		{"empty", "", "not a share link"},
		{"not base64", "1.ab$cd", "not base64url at character 5"},
		{"padding", valid + "==", "not base64url"},
		{"not deflate", "1." + base64.RawURLEncoding.EncodeToString([]byte("hello, world")), "the compressed data is invalid"},
		{"empty payload", "1.", "the compressed data is invalid"},
		{"cut off", valid[:len(valid)/2], "share link is damaged"},
		{"not a scenario", deflateLink(t, []byte(`{"queues": 5}`)), "share link:1:12: queues: expected a list"},
		{"binary", deflateLink(t, []byte{0, 1, 2, 0xff}), "share link:1:1: NUL byte: not a text file"},
		{"not UTF-8", deflateLink(t, []byte("title: \xff")), "share link:1:8: not UTF-8 text"},
		{"deep nesting", deflateLink(t, []byte(`{"queues":[{"name":"q","arguments":{"a":`+strings.Repeat("[", 100000)+`}}]}`)), "nested more than 40 levels"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := Decode(tt.in)
			if err == nil {
				t.Fatalf("decoded %+v", sc)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want it to contain %q", err, tt.want)
			}
		})
	}
}

// TestDecodeOldVersions: every version ever written stays decodable.
func TestDecodeOldVersions(t *testing.T) {
	// A version-1 link written by the first release; it must keep opening.
	const v1 = "1.JMtBCsMgEEDRu_y1gbidq5QshA5BUNNkxrYg3r2UbB-8wVsvy0dDYsCzF0U4ypPA2bWrIY9BS_XvJ4F07b1qc0MG36WqWdp1cS9IXNc5t4C5vu74SdkRojG3-QsAAP__"
	sc, err := Decode(v1)
	if err != nil {
		t.Fatalf("old link no longer decodes: %v", err)
	}
	if sc.Title != "old" || len(sc.Queues) != 1 || sc.Queues[0].Name != "q" {
		t.Errorf("old link decoded to %+v", sc)
	}
}

// TestLinkLengths: a typical library scenario must survive chat apps.
func TestLinkLengths(t *testing.T) {
	for _, path := range libraryFiles(t) {
		link, err := Encode(load(t, path))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%-40s %5d characters", path, len(link))
		if len(link) > 2000 {
			t.Logf("%s: link is %d characters, over the 2,000 a typical scenario should stay under", path, len(link))
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, path := range libraryFiles(&testing.T{}) {
		data, _ := readFile(path)
		if sc, err := Parse(path, data); err == nil {
			if link, err := Encode(sc); err == nil {
				f.Add(link)
			}
		}
	}
	f.Add("1.")
	f.Add("9.x")
	f.Fuzz(func(t *testing.T, s string) {
		data, err := DecodeBytes(s)
		if err != nil {
			return
		}
		if len(data) > MaxLinkDecoded {
			t.Fatalf("decoded %d bytes, over MaxLinkDecoded", len(data))
		}
		sc, err := Parse("share link", data)
		if err != nil {
			return
		}
		link, err := Encode(sc)
		if err != nil {
			return // too large to share again: allowed
		}
		back, err := Decode(link)
		if err != nil {
			t.Fatalf("a decoded scenario does not survive re-encoding: %v\n%s", err, data)
		}
		a, _ := CanonicalJSON(sc)
		b, _ := CanonicalJSON(back)
		if !bytes.Equal(a, b) {
			t.Fatalf("re-encoding changed the scenario:\n%s\n%s", a, b)
		}
	})
}

// FuzzParse: any text either fails to parse with an error or gives a
// scenario whose canonical form reads back unchanged.
func FuzzParse(f *testing.F) {
	for _, path := range libraryFiles(&testing.T{}) {
		data, _ := readFile(path)
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := Parse("fuzz.yaml", data)
		if err != nil {
			return
		}
		js, err := CanonicalJSON(sc)
		if err != nil {
			t.Fatalf("canonical form: %v", err)
		}
		back, err := Parse("canonical.json", js)
		if err != nil {
			t.Fatalf("canonical form does not parse: %v\n%s\nfrom:\n%s", err, js, data)
		}
		again, _ := CanonicalJSON(back)
		if !bytes.Equal(js, again) {
			t.Fatalf("canonical form changed:\n%s\n%s", js, again)
		}
		y, err := FormatYAML(sc)
		if err != nil {
			t.Fatalf("FormatYAML: %v", err)
		}
		fromYAML, err := Parse("formatted.yaml", y)
		if err != nil {
			t.Fatalf("FormatYAML output does not parse: %v\n%s", err, y)
		}
		if y2, _ := CanonicalJSON(fromYAML); !bytes.Equal(js, y2) {
			t.Fatalf("FormatYAML changed the scenario:\n%s\n%s\nyaml:\n%s", js, y2, y)
		}
	})
}
