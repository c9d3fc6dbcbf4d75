package core

import (
	"reflect"
	"testing"
)

// TestPropertiesEmptyCoversEveryField: empty is a hand-written
// comparison with Properties{}; a property added later must make it
// false too.
func TestPropertiesEmptyCoversEveryField(t *testing.T) {
	var zero Properties
	if !zero.empty() {
		t.Fatal("Properties{} is not empty")
	}
	typ := reflect.TypeOf(zero)
	for i := 0; i < typ.NumField(); i++ {
		var p Properties
		f := reflect.ValueOf(&p).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString("x")
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Uint8:
			f.SetUint(1)
		case reflect.Int64:
			f.SetInt(1)
		default:
			t.Fatalf("field %s: kind %s not covered by this test", typ.Field(i).Name, f.Kind())
		}
		if p.empty() {
			t.Errorf("with only %s set, empty() says no property is set", typ.Field(i).Name)
		}
	}
}
