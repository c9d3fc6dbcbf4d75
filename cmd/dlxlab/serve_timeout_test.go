package main

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"testing"
	"time"
)

// Slow and idle clients are cut off by the server's timeouts instead of
// holding a connection for ever. The timeouts are shortened for the test;
// what is checked is that the server closes the connection (the 20 s guard
// only turns a hang into a failure).
func TestServeTimeoutsCutSlowClients(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.ReadAll(r.Body); err != nil {
			panic(http.ErrAbortHandler) // a cut-short body: drop the connection
		}
		w.Write([]byte("ok"))
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	short := timeouts{header: 300 * time.Millisecond, read: 300 * time.Millisecond, write: time.Second, idle: 300 * time.Millisecond}
	srv := newHTTPServer(h, short)
	go srv.Serve(ln)
	defer srv.Close()

	cases := map[string]string{
		"slow headers":         "POST / HTTP/1.1\r\nHost: x\r\n",
		"slow body":            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{",
		"idle":                 "",
		"idle after a request": "GET / HTTP/1.1\r\nHost: x\r\n\r\n",
	}
	for name, send := range cases {
		t.Run(name, func(t *testing.T) {
			c, err := net.Dial("tcp", ln.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			c.Write([]byte(send))
			c.SetReadDeadline(time.Now().Add(20 * time.Second))
			_, err = io.Copy(io.Discard, bufio.NewReader(c))
			if errors.Is(err, os.ErrDeadlineExceeded) {
				t.Fatal("the server kept the connection open")
			}
		})
	}
	if serveTimeouts.read == 0 || serveTimeouts.write == 0 || serveTimeouts.idle == 0 || serveTimeouts.header == 0 {
		t.Fatalf("serve runs without a timeout: %+v", serveTimeouts)
	}
}
