package model

import (
	"slices"
	"testing"

	"github.com/dlxlab/dlxlab/core"
)

// The form's argument catalogue must not drift from what core validates:
// every argument offered for a queue type is one the broker knows for it.
func TestQueueArgsKnownToCore(t *testing.T) {
	classic := core.QueueArgumentKeys(core.Rabbit43, core.Classic)
	quorum := core.QueueArgumentKeys(core.Rabbit43, core.Quorum)
	for _, a := range QueueArgs {
		if a.Classic && !slices.Contains(classic, a.Key) {
			t.Errorf("%s offered for classic queues, unknown to core for them", a.Key)
		}
		if a.Quorum && !slices.Contains(quorum, a.Key) {
			t.Errorf("%s offered for quorum queues, unknown to core for them", a.Key)
		}
	}
}
