package main

import (
	"flag"
	"io"
	"reflect"
	"testing"
)

func TestConformFlagsAfterPaths(t *testing.T) {
	fs := flag.NewFlagSet("conform", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	scale := fs.Float64("scale", 0.1, "")
	paths, code, stop := parseInterleaved(fs, []string{"a.yaml", "--scale", "0.5", "dir", "--", "-odd.yaml"})
	if stop || code != 0 {
		t.Fatalf("stopped with %d", code)
	}
	if *scale != 0.5 || !reflect.DeepEqual(paths, []string{"a.yaml", "dir", "-odd.yaml"}) {
		t.Errorf("scale %g, paths %q", *scale, paths)
	}
	if _, code, stop := parseInterleaved(fs, []string{"x", "-bogus"}); !stop || code != exitUsage {
		t.Errorf("bad flag: stop %v code %d", stop, code)
	}
	if _, code, stop := parseInterleaved(fs, []string{"-h"}); !stop || code != exitOK {
		t.Errorf("-h: stop %v code %d", stop, code)
	}
}

// These stop before any broker is needed.
func TestConformUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"conform", "-profile", "rabbitmq-9"},
		{"conform", "no/such/folder"},
		{"conform", "-known", "no/such/known.yaml"},
		{"conform", "-target", "3.12"},
		{"conform", "-target", "4.3", "-amqp", "amqp://x/"},
	} {
		if code := run(args, io.Discard, io.Discard); code != exitUsage {
			t.Errorf("%q: exit code %d, want %d", args, code, exitUsage)
		}
	}
}
