package model

import (
	"reflect"
	"slices"
	"testing"

	"github.com/dlxlab/dlxlab/core"
)

// The forms' catalogue is core's metadata, common keys first.
func TestQueueArgs(t *testing.T) {
	var keys []string
	for _, a := range QueueArgs {
		keys = append(keys, a.Key)
	}
	if want := []string{"x-message-ttl", "x-dead-letter-exchange", "x-dead-letter-routing-key", "x-max-length", "x-overflow", "x-delivery-limit"}; !slices.Equal(keys[:len(want)], want) {
		t.Errorf("first keys %v, want %v", keys[:len(want)], want)
	}
	for _, tc := range []struct {
		key             string
		kind            core.ArgKind
		classic, quorum bool
	}{
		{"x-message-ttl", KindInt, true, true},
		{"x-delivery-limit", KindInt, false, true},
		{"x-max-priority", KindInt, true, false},
		{"x-overflow", KindEnum, true, true},
		{"x-dead-letter-strategy", KindEnum, false, true},
		{"x-single-active-consumer", KindBool, true, true},
	} {
		a, ok := ArgFor(QueueArgs, tc.key)
		if !ok || a.Kind != tc.kind || a.Classic != tc.classic || a.Quorum != tc.quorum {
			t.Errorf("%s: %+v (found %v), want kind %s classic %v quorum %v", tc.key, a, ok, tc.kind, tc.classic, tc.quorum)
		}
	}
	if _, ok := ArgFor(QueueArgs, "x-queue-type"); ok {
		t.Error("x-queue-type is the form's type selector, not an argument row")
	}
	if a, _ := ArgFor(PolicyKeys, "overflow"); !slices.Equal(a.Enum, []string{"drop-head", "reject-publish", "reject-publish-dlx"}) {
		t.Errorf("overflow values %v", a.Enum)
	}
}

func TestQueueArguments(t *testing.T) {
	for _, tc := range []struct {
		name string
		typ  string
		rows [][2]string
		want core.Table
	}{
		{"nothing", "classic", nil, nil},
		{"empty rows skipped", "classic", [][2]string{{"", "1"}, {"x-max-length", " "}}, nil},
		{"an empty DLX is kept", "classic", [][2]string{{"x-dead-letter-exchange", ""}, {"x-dead-letter-routing-key", "q"}},
			core.Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "q"}},
		{"numbers typed", "classic", [][2]string{{"x-message-ttl", "100"}}, core.Table{"x-message-ttl": int64(100)}},
		{"quorum", "quorum", [][2]string{{"x-delivery-limit", "3"}}, core.Table{"x-queue-type": "quorum", "x-delivery-limit": int64(3)}},
	} {
		if got := QueueArguments(tc.typ, tc.rows); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
