package core

import "slices"

// Classic queue mirroring was configured by policy keys only. RabbitMQ 3.x
// accepts them; 4.0 removed mirroring, and a policy naming one of them is
// refused as "not recognised policy settings" (the broker's validation
// simply no longer knows the keys).

// mirroringPolicyKeys are the policy keys of classic queue mirroring.
var mirroringPolicyKeys = []string{"ha-mode", "ha-params", "ha-sync-mode", "ha-sync-batch-size",
	"ha-promote-on-shutdown", "ha-promote-on-failure"}

// MirroringPolicyKeys lists the classic-mirroring keys a policy definition
// uses, sorted: 3.x applies them, 4.x refuses the whole policy.
func MirroringPolicyKeys(def Table) []string {
	var out []string
	for _, k := range def.SortedKeys() {
		if slices.Contains(mirroringPolicyKeys, k) {
			out = append(out, k)
		}
	}
	return out
}

// withoutMirroring is the definition 3.x validates with the mirroring keys
// set aside: their values are checked by the mirroring module, which the
// simulator does not model (mirrors are a cluster matter), so they are
// accepted as given. ok is false when nothing else is left.
func withoutMirroring(def Table) (Table, bool) {
	if len(MirroringPolicyKeys(def)) == 0 {
		return def, true
	}
	rest := Table{}
	for k, v := range def {
		if !slices.Contains(mirroringPolicyKeys, k) {
			rest[k] = v
		}
	}
	return rest, len(rest) > 0
}
