package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCleanHead(t *testing.T) {
	in := `<head>
<meta charset="UTF-8">
<meta name="author" content>
<meta name="description" content="A playground.">
<meta name="keywords" content="">
<meta property="og:url" content="http://127.0.0.1:44059/embed">
<meta property="og:title" content="DLX Lab">
<meta content property="og:image">
<title>DLX Lab</title>
</head>`
	want := `<head>
<meta charset="UTF-8">
<meta name="description" content="A playground.">
<meta property="og:title" content="DLX Lab">
<title>DLX Lab</title>
</head>`
	if got := cleanHead(in); got != want {
		t.Errorf("cleanHead:\n%s\nwant:\n%s", got, want)
	}
}

// TestGenPagesCarryNoBuildAddress builds the site's pages and checks that
// none names the address of the server go-app generates them with.
func TestGenPagesCarryNoBuildAddress(t *testing.T) {
	dir := t.TempDir()
	if code := runGen([]string{"-out", dir, "-version", "test"}); code != exitOK {
		t.Fatalf("gen exited %d", code)
	}
	n := 0
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil || filepath.Ext(p) != ".html" {
			return err
		}
		n++
		b, _ := os.ReadFile(p)
		for _, bad := range []string{"127.0.0.1", "localhost", `property="og:url"`, `content>`} {
			if strings.Contains(string(b), bad) {
				t.Errorf("%s contains %q", p, bad)
			}
		}
		return nil
	})
	if n < 3 {
		t.Errorf("%d pages generated, want the app, the embed and the delay lab", n)
	}
}

// The pages that load the app at once preload app.wasm; the embed pages,
// which load it on a click, do not.
func TestGenPagesPreloadTheWasm(t *testing.T) {
	dir := t.TempDir()
	if code := runGen([]string{"-out", dir, "-version", "test", "-prefix", "/play"}); code != exitOK {
		t.Fatalf("gen exited %d", code)
	}
	for name, want := range map[string]bool{"index.html": true, "delay.html": true, "embed.html": false, "embed/delay.html": false} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Contains(string(b), `<link rel="preload" href="/play/web/app.wasm" as="fetch" crossorigin="anonymous">`)
		if got != want {
			t.Errorf("%s: preload %v, want %v", name, got, want)
		}
	}
}
