package scenarios

import (
	"reflect"
	"strings"
	"testing"
)

// TestStepKindsOnePlace: every field of Step is a kind of stepKindList,
// exactly one kind claims a step with that field set, and it can be
// described and written. A new field without its entry fails here.
func TestStepKindsOnePlace(t *testing.T) {
	st := reflect.TypeOf(Step{})
	fields := 0
	for i := 0; i < st.NumField(); i++ {
		f := st.Field(i)
		if f.Type.Kind() != reflect.Pointer {
			continue
		}
		fields++
		var s Step
		v := reflect.ValueOf(&s).Elem().Field(i)
		v.Set(reflect.New(f.Type.Elem()))
		var claimed []string
		for _, k := range stepKindList {
			if k.is(&s) {
				claimed = append(claimed, k.name)
			}
		}
		if len(claimed) != 1 {
			t.Errorf("field %s is claimed by kinds %v, want exactly one", f.Name, claimed)
			continue
		}
		if d := s.Describe(); !strings.HasPrefix(d, claimed[0]+" ") {
			t.Errorf("field %s: Describe() = %q", f.Name, d)
		}
		if tr := s.tree(); len(tr) != 1 || tr[0].k != claimed[0] {
			t.Errorf("field %s: tree = %v", f.Name, tr)
		}
		if kindNamed(claimed[0]) == nil {
			t.Errorf("kind %s cannot be found by name", claimed[0])
		}
	}
	if fields != len(stepKindList) || len(stepKinds) != len(stepKindList) {
		t.Errorf("%d step fields, %d kinds, %d names", fields, len(stepKindList), len(stepKinds))
	}
}
