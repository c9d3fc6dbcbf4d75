package core

import (
	"fmt"
	"sort"
)

// Table is an AMQP 0-9-1 field table. Values use the same Go types as
// amqp091-go so the conformance runner can pass them straight through:
//
//	string → longstr        int64 → long (the type definitions.json import uses)
//	int32 → signedint       int16 → short      int8 → byte (signed)
//	uint8 → unsignedbyte    uint16 → unsignedshort   uint32 → unsignedint
//	float32 → float         float64 → double   bool → boolean
//	nil → void              []any → array      Table → table
//	Timestamp → timestamp   []byte → bytearray
type Table map[string]any

// Timestamp is an AMQP timestamp: whole seconds (here: virtual seconds).
type Timestamp int64

// SortedKeys returns the table's keys in byte order. Every loop over a table
// that can affect output or routing uses it: map order never decides anything.
func (t Table) SortedKeys() []string {
	keys := make([]string, 0, len(t))
	for k := range t {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Clone copies the table deeply enough that the copy can be changed freely.
func (t Table) Clone() Table {
	if t == nil {
		return nil
	}
	c := make(Table, len(t))
	for k, v := range t {
		c[k] = cloneValue(v)
	}
	return c
}

func cloneValue(v any) any {
	switch x := v.(type) {
	case Table:
		return x.Clone()
	case []any:
		c := make([]any, len(x))
		for i := range x {
			c[i] = cloneValue(x[i])
		}
		return c
	case []byte:
		return append([]byte(nil), x...)
	}
	return v
}

// TypeName is the AMQP field type name RabbitMQ prints in error texts
// ("expected integer, got longstr", "invalid type 'signedint' ...").
func TypeName(v any) string {
	switch v.(type) {
	case string:
		return "longstr"
	case int64:
		return "long"
	case int32:
		return "signedint"
	case int16:
		return "short"
	case int8:
		return "byte"
	case uint8:
		return "unsignedbyte"
	case uint16:
		return "unsignedshort"
	case uint32:
		return "unsignedint"
	case float32:
		return "float"
	case float64:
		return "double"
	case bool:
		return "bool"
	case nil:
		return "void"
	case []any:
		return "array"
	case Table:
		return "table"
	case Timestamp:
		return "timestamp"
	case []byte:
		return "binary"
	}
	return fmt.Sprintf("unknown(%T)", v)
}

// AsInteger reports v as an int64 when it has one of the integer field types
// RabbitMQ accepts for integer arguments (byte, short, signedint, long,
// unsignedbyte, unsignedshort, unsignedint). docs/rabbitmq.md "Declare argument checks".
func AsInteger(v any) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case int32:
		return int64(x), true
	case int16:
		return int64(x), true
	case int8:
		return int64(x), true
	case uint8:
		return int64(x), true
	case uint16:
		return int64(x), true
	case uint32:
		return int64(x), true
	}
	return 0, false
}

// tablesEqual compares two tables deeply; integers of different widths with
// the same value are equal (as RabbitMQ's equivalence checks treat them).
func tablesEqual(a, b Table) bool {
	if len(a) != len(b) {
		return false
	}
	for k, va := range a {
		vb, ok := b[k]
		if !ok || !valuesEqual(va, vb) {
			return false
		}
	}
	return true
}

func valuesEqual(a, b any) bool {
	if ia, ok := AsInteger(a); ok {
		ib, ok := AsInteger(b)
		return ok && ia == ib
	}
	switch x := a.(type) {
	case Table:
		y, ok := b.(Table)
		return ok && tablesEqual(x, y)
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !valuesEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	case []byte:
		y, ok := b.([]byte)
		return ok && string(x) == string(y)
	}
	return a == b
}
