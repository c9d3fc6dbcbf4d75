package conform

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dlxlab/dlxlab/core"
)

// Target is a real broker to replay on: where its AMQP listener is, how to
// run its rabbitmqctl, and the folder of its log. The three named targets
// are the brokers .ci/brokers.sh runs on this machine (docs/conformance.md
// "Brokers").
type Target struct {
	Name   string   // "3.10", "4.3", "4.0", or "" for a broker given by hand
	URL    string   // AMQP URL
	Ctl    []string // rabbitmqctl and the arguments that reach this node
	LogDir string   // folder of the node's log ("" = do not read the log)
	Node   string   // Erlang node name, which names its log file ("" = newest *.log)
	// Metrics is the base URL of the node's rabbitmq_prometheus endpoint.
	Metrics string
}

// BrokersCache is where .ci/brokers.sh keeps the chroots; the same
// environment variable moves both.
func BrokersCache() string {
	if d := os.Getenv("DLXLAB_BROKERS_CACHE"); d != "" {
		return d
	}
	return "/var/cache/dlxlab-brokers"
}

// Targets lists the named brokers, oldest first.
func Targets() []Target {
	cache := BrokersCache()
	chroot := func(name, suite, node string, port, prom int) Target {
		root := filepath.Join(cache, suite)
		return Target{Name: name, URL: fmt.Sprintf("amqp://guest:guest@127.0.0.1:%d/", port),
			Ctl:    []string{"chroot", root, "rabbitmqctl", "-n", node},
			LogDir: filepath.Join(root, "var/log/rabbitmq"), Node: node,
			Metrics: fmt.Sprintf("http://127.0.0.1:%d", prom)}
	}
	return []Target{
		{Name: "3.10", URL: "amqp://guest:guest@127.0.0.1:5672/", Ctl: []string{"rabbitmqctl", "-n", "rabbit@localhost"},
			LogDir: "/var/log/rabbitmq", Node: "rabbit@localhost", Metrics: "http://127.0.0.1:15692"},
		chroot("4.0", "trixie", "rabbit40@localhost", 5674, 15694),
		chroot("4.3", "sid", "rabbit43@localhost", 5673, 15693),
	}
}

// TargetNamed returns a named target.
func TargetNamed(name string) (Target, error) {
	var names []string
	for _, t := range Targets() {
		if t.Name == name {
			return t, nil
		}
		names = append(names, t.Name)
	}
	return Target{}, fmt.Errorf("unknown target %q (known: %s)", name, strings.Join(names, ", "))
}

// ProfileFor picks the simulator profile that models a broker version,
// as read from the AMQP connection's server properties: 3.x is
// rabbitmq-3.12, 4.0 to 4.2 rabbitmq-4.2, 4.3 and later rabbitmq-4.3.
func ProfileFor(version string) (core.Profile, error) {
	major, minor, ok := majorMinor(version)
	switch {
	case !ok:
		return "", fmt.Errorf("cannot read the broker version %q (give -profile)", version)
	case major == 3:
		return core.Rabbit312, nil
	case major == 4 && minor <= 2:
		return core.Rabbit42, nil
	case major == 4:
		return core.Rabbit43, nil
	}
	return "", fmt.Errorf("no profile models RabbitMQ %s (give -profile)", version)
}

// majorMinor reads "4.3.6" (also "4.3.0-rc.1", "3.10.8+dfsg") as 4, 3.
func majorMinor(v string) (major, minor int, ok bool) {
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return 0, 0, false
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(strings.TrimRightFunc(parts[1], func(r rune) bool { return r < '0' || r > '9' }))
	return major, minor, err1 == nil && err2 == nil
}
