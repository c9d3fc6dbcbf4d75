//go:build js && wasm

package main

import (
	"context"
	"errors"
	"fmt"
	"syscall/js"

	"github.com/syumai/workers/cloudflare"
)

// kvStore is a share.Store over a Workers KV namespace. Keys are
// prefix+id (so the namespace could hold other kinds of data later).
//
// It calls the binding directly rather than through syumai's kv package:
// kv.Namespace.GetString turns a missing key into the string "<null>"
// (docs/architecture.md "Platform constraints"), and a scenario could legitimately be
// any string, so "missing" must come from the null itself.
type kvStore struct {
	binding string
	prefix  string
}

func (s kvStore) ns() (js.Value, error) {
	v := cloudflare.GetBinding(s.binding)
	if v.IsUndefined() || v.IsNull() {
		return js.Value{}, fmt.Errorf("KV binding %s is not configured (wrangler.jsonc kv_namespaces)", s.binding)
	}
	return v, nil
}

// Get implements share.Store: KV get(key, "text") resolves to null for a
// missing key.
func (s kvStore) Get(_ context.Context, id string) ([]byte, bool, error) {
	ns, err := s.ns()
	if err != nil {
		return nil, false, err
	}
	v, err := awaitPromise(ns.Call("get", s.prefix+id, "text"))
	if err != nil {
		return nil, false, fmt.Errorf("KV get: %w", err)
	}
	if v.IsNull() || v.IsUndefined() {
		return nil, false, nil
	}
	return []byte(v.String()), true, nil
}

// Put implements share.Store. Shares are content-addressed and kept
// forever (no expirationTtl).
func (s kvStore) Put(_ context.Context, id string, data []byte) error {
	ns, err := s.ns()
	if err != nil {
		return err
	}
	if _, err := awaitPromise(ns.Call("put", s.prefix+id, string(data))); err != nil {
		return fmt.Errorf("KV put: %w", err)
	}
	return nil
}

// awaitPromise blocks the calling goroutine (never the JS event loop)
// until p settles. From docs/architecture.md "Platform constraints".
func awaitPromise(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	then := js.FuncOf(func(_ js.Value, args []js.Value) any {
		v := js.Undefined()
		if len(args) > 0 {
			v = args[0]
		}
		ch <- result{v: v}
		return nil
	})
	catch := js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "promise rejected"
		if len(args) > 0 && !args[0].IsUndefined() && !args[0].IsNull() {
			msg = args[0].Call("toString").String()
		}
		ch <- result{err: errors.New(msg)}
		return nil
	})
	defer then.Release()
	defer catch.Release()
	p.Call("then", then, catch)
	r := <-ch
	return r.v, r.err
}
