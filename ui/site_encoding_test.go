package ui

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func TestSiteHandlerSendsCompressedCopies(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("index.html", "INDEX")
	write("index.html.br", "INDEX-BR")
	write("index.html.gz", "INDEX-GZ")
	write("embed.html", "EMBED")
	write("embed.html.gz", "EMBED-GZ")
	write("web/app.wasm", "\x00asm")
	write("web/app.wasm.br", "WASM-BR")
	write("web/app.wasm.gz", "WASM-GZ")
	write("web/icon.svg", "<svg/>")

	tests := []struct {
		path, accept   string
		body, encoding string
		vary           bool
		wantType       string
	}{
		{"/web/app.wasm", "gzip, deflate, br", "WASM-BR", "br", true, "application/wasm"},
		{"/web/app.wasm", "gzip", "WASM-GZ", "gzip", true, "application/wasm"},
		{"/web/app.wasm", "br;q=0, gzip;q=0.5", "WASM-GZ", "gzip", true, "application/wasm"},
		{"/web/app.wasm", "*", "WASM-BR", "br", true, "application/wasm"},
		{"/web/app.wasm", "*;q=0", "\x00asm", "", true, "application/wasm"},
		{"/web/app.wasm", "", "\x00asm", "", true, "application/wasm"},
		{"/web/app.wasm", "identity", "\x00asm", "", true, "application/wasm"},
		{"/", "br", "INDEX-BR", "br", true, "text/html"},
		{"/s/abc123", "gzip", "INDEX-GZ", "gzip", true, "text/html"},
		{"/embed", "br, gzip", "EMBED-GZ", "gzip", true, "text/html"},
		{"/web/icon.svg", "br, gzip", "<svg/>", "", false, "image/svg+xml"},
	}
	h := SiteHandler(dir)
	for _, tt := range tests {
		t.Run(tt.path+" "+tt.accept, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, "http://x"+tt.path, nil)
			if tt.accept != "" {
				req.Header.Set("Accept-Encoding", tt.accept)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != 200 || rec.Body.String() != tt.body {
				t.Fatalf("got %d %q, want 200 %q", rec.Code, rec.Body, tt.body)
			}
			hd := rec.Header()
			if got := hd.Get("Content-Encoding"); got != tt.encoding {
				t.Errorf("Content-Encoding = %q, want %q", got, tt.encoding)
			}
			if got := hd.Get("Vary") == "Accept-Encoding"; got != tt.vary {
				t.Errorf("Vary = %q, want Accept-Encoding: %v", hd.Get("Vary"), tt.vary)
			}
			if got := hd.Get("Content-Type"); len(got) < len(tt.wantType) || got[:len(tt.wantType)] != tt.wantType {
				t.Errorf("Content-Type = %q, want %q", got, tt.wantType)
			}
		})
	}

	// HEAD gives the compressed length, so a page can say how much a
	// download will cost without making it.
	req := httptest.NewRequest(http.MethodHead, "http://x/web/app.wasm", nil)
	req.Header.Set("Accept-Encoding", "br")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if got := rec.Header().Get("Content-Length"); got != "7" || rec.Body.Len() != 0 {
		t.Errorf("HEAD: Content-Length %q and %d body bytes, want 7 and 0", got, rec.Body.Len())
	}
}

func TestAcceptsEncoding(t *testing.T) {
	for _, tt := range []struct {
		header, coding string
		want           bool
	}{
		{"gzip, deflate, br, zstd", "br", true},
		{"GZIP", "gzip", true},
		{"gzip;q=0", "gzip", false},
		{"gzip; q=0.001", "gzip", true},
		{"*;q=0.1, br;q=0", "br", false},
		{"*;q=0.1", "br", true},
		{"deflate", "gzip", false},
		{"gzip;q=nonsense", "gzip", false},
		{"", "gzip", false},
	} {
		if got := acceptsEncoding(tt.header, tt.coding); got != tt.want {
			t.Errorf("acceptsEncoding(%q, %q) = %v, want %v", tt.header, tt.coding, got, tt.want)
		}
	}
}
