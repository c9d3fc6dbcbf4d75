package conform

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"

	"github.com/dlxlab/dlxlab/core"
)

// Admin is what the runner needs beyond AMQP: vhosts and policies, which
// AMQP 0-9-1 cannot manage. Rabbitmqctl implements it; tests fake it.
type Admin interface {
	// AddVhosts creates vhosts and gives user all permissions on them.
	AddVhosts(ctx context.Context, user string, names []string) error
	// DeleteVhosts deletes vhosts (and everything in them).
	DeleteVhosts(ctx context.Context, names []string) error
	// ListVhosts lists every vhost's name.
	ListVhosts(ctx context.Context) ([]string, error)
	// SetPolicy sets a policy; a rejected policy is a *BrokerError.
	SetPolicy(ctx context.Context, vhost, name, pattern, applyTo string, priority int64, def core.Table) error
	// ClearPolicy removes a policy; an unknown one is a *BrokerError.
	ClearPolicy(ctx context.Context, vhost, name string) error
}

// BrokerError is a refusal by the broker that the scenario's observation
// records (an AMQP channel error, or a policy rejected by rabbitmqctl).
type BrokerError struct {
	Code int
	Text string
}

func (e *BrokerError) Error() string { return fmt.Sprintf("%d %s", e.Code, e.Text) }

// Rabbitmqctl runs RabbitMQ's CLI, so the broker must be local to this
// machine (and the caller allowed to use its Erlang cookie: root or the
// rabbitmq user). The management plugin is not needed. Each call starts
// an Erlang VM (about 0.5–1 s), so vhosts are made and deleted in one
// `rabbitmqctl eval` for the whole run, falling back to one command per
// vhost if eval is refused.
type Rabbitmqctl struct {
	// Command is the CLI and the arguments that come before the
	// subcommand, e.g. chroot ROOT rabbitmqctl -n rabbit43@localhost for a
	// broker in a chroot; empty means plain "rabbitmqctl".
	Command []string
}

// run runs rabbitmqctl and returns its stdout; a failure carries stderr.
func (r Rabbitmqctl) run(ctx context.Context, args ...string) (string, error) {
	argv := append(append([]string{}, r.Command...), args...)
	if len(r.Command) == 0 {
		argv = append([]string{"rabbitmqctl"}, args...)
	}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	// The 4.x CLI warns on stdout about a non-UTF-8 locale.
	cmd.Env = append(os.Environ(), "LC_ALL=C.UTF-8")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return out.String(), &ctlError{args: args, err: err, stderr: errb.String(), stdout: out.String()}
	}
	return out.String(), nil
}

type ctlError struct {
	args           []string
	err            error
	stderr, stdout string
}

func (e *ctlError) Error() string {
	msg := strings.TrimSpace(e.stderr)
	if msg == "" {
		msg = strings.TrimSpace(e.stdout)
	}
	return fmt.Sprintf("rabbitmqctl %s: %v: %s", strings.Join(e.args, " "), e.err, msg)
}

// safeName is what the runner's own vhost and user names may contain to
// be written into an Erlang expression without quoting worries.
var safeName = lazyRegexp(`^[A-Za-z0-9._-]+$`)

func erlBinList(names []string) (string, bool) {
	parts := make([]string, len(names))
	for i, n := range names {
		if !safeName().MatchString(n) {
			return "", false
		}
		parts[i] = `<<"` + n + `">>`
	}
	return "[" + strings.Join(parts, ",") + "]", true
}

const actingUser = `<<"dlxlab-conform">>`

// AddVhosts implements Admin.
func (r Rabbitmqctl) AddVhosts(ctx context.Context, user string, names []string) error {
	if len(names) == 0 {
		return nil
	}
	if list, ok := erlBinList(append([]string{user}, names...)); ok {
		expr := fmt.Sprintf(`[U|Vs] = %s, [begin ok = rabbit_vhost:add(V, %s), `+
			`ok = rabbit_auth_backend_internal:set_permissions(U, V, <<".*">>, <<".*">>, <<".*">>, %s) end || V <- Vs], ok.`,
			list, actingUser, actingUser)
		if out, err := r.run(ctx, "eval", expr); err == nil && strings.TrimSpace(out) == "ok" {
			return nil
		}
	}
	for _, v := range names {
		if _, err := r.run(ctx, "add_vhost", v); err != nil {
			return err
		}
		if _, err := r.run(ctx, "set_permissions", "-p", v, user, ".*", ".*", ".*"); err != nil {
			return err
		}
	}
	return nil
}

// DeleteVhosts implements Admin.
func (r Rabbitmqctl) DeleteVhosts(ctx context.Context, names []string) error {
	if len(names) == 0 {
		return nil
	}
	if list, ok := erlBinList(names); ok {
		expr := fmt.Sprintf(`[rabbit_vhost:delete(V, %s) || V <- %s], ok.`, actingUser, list)
		if out, err := r.run(ctx, "eval", expr); err == nil && strings.TrimSpace(out) == "ok" {
			return nil
		}
	}
	var errs []error
	for _, v := range names {
		if _, err := r.run(ctx, "delete_vhost", v); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// ListVhosts implements Admin.
func (r Rabbitmqctl) ListVhosts(ctx context.Context) ([]string, error) {
	out, err := r.run(ctx, "-q", "list_vhosts", "name")
	if err != nil {
		return nil, err
	}
	var names []string
	for _, l := range strings.Split(out, "\n") {
		if l = strings.TrimSpace(l); l != "" && l != "name" {
			names = append(names, l)
		}
	}
	return names, nil
}

// SetPolicy implements Admin.
func (r Rabbitmqctl) SetPolicy(ctx context.Context, vhost, name, pattern, applyTo string, priority int64, def core.Table) error {
	js, err := json.Marshal(jsonDefinition(def))
	if err != nil {
		return &BrokerError{Code: core.CodePreconditionFailed, Text: "definition is not JSON: " + err.Error()}
	}
	args := []string{"-q", "set_policy", "-p", vhost, "--priority", strconv.FormatInt(priority, 10)}
	if applyTo != "" {
		args = append(args, "--apply-to", applyTo)
	}
	_, err = r.run(ctx, append(args, "--", name, pattern, string(js))...)
	return policyError(err)
}

// ClearPolicy implements Admin.
func (r Rabbitmqctl) ClearPolicy(ctx context.Context, vhost, name string) error {
	_, err := r.run(ctx, "-q", "clear_policy", "-p", vhost, "--", name)
	return policyError(err)
}

// policyError turns rabbitmqctl's refusal into the observation's error:
// 406 and the broker's "Validation failed\n\n<reasons>\n" (the text the
// simulator copies), 404 for a policy that does not exist. Anything else
// (no node, no cookie) is a failure of the run, returned as is.
func policyError(err error) error {
	var ce *ctlError
	if !errors.As(err, &ce) {
		return err
	}
	text := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(ce.stderr), "Error:"))
	switch {
	case strings.HasPrefix(text, "Validation failed"):
		return &BrokerError{Code: core.CodePreconditionFailed, Text: text + "\n"}
	case strings.HasPrefix(text, "Parameter does not exist"):
		return &BrokerError{Code: core.CodeNotFound, Text: text}
	}
	return err
}

// jsonDefinition makes a policy definition JSON-encodable (tables as
// objects, timestamps as numbers, byte arrays as text).
func jsonDefinition(v any) any {
	switch x := v.(type) {
	case core.Table:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = jsonDefinition(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = jsonDefinition(e)
		}
		return out
	case core.Timestamp:
		return int64(x)
	case []byte:
		return string(x)
	}
	return v
}

// vhostPrefix starts every vhost the runner makes: dlxlab-conform-PID-N.
const vhostPrefix = "dlxlab-conform-"

var vhostRE = lazyRegexp(`^` + vhostPrefix + `([0-9]+)-[0-9]+$`)

// vhostName names the n-th vhost of this process.
func vhostName(pid, n int) string { return fmt.Sprintf("%s%d-%d", vhostPrefix, pid, n) }

// staleVhosts picks the runner's vhosts left behind by processes that no
// longer run (killed with SIGKILL, or a crashed machine): alive says
// whether a pid runs. Other processes' live runs are left alone.
func staleVhosts(names []string, alive func(pid int) bool) []string {
	var out []string
	for _, n := range names {
		m := vhostRE().FindStringSubmatch(n)
		if m == nil {
			continue
		}
		pid, err := strconv.Atoi(m[1])
		if err != nil || !alive(pid) {
			out = append(out, n)
		}
	}
	return out
}

func processAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, syscall.EPERM)
}

// NormalizeVhost writes the simulator's vhost '/' for the runner's vhost
// in a broker error text ("no queue 'q' in vhost 'dlxlab-conform-1-2'").
func NormalizeVhost(text, vhost string) string {
	if vhost == "" || vhost == core.Vhost {
		return text
	}
	return strings.ReplaceAll(text, "'"+vhost+"'", "'"+core.Vhost+"'")
}

// pidLister is what an Admin offers when the broker's log can be read:
// the processes of a vhost's queues, which write its dead-letter lines.
type pidLister interface {
	QueuePids(ctx context.Context, vhost string) ([]string, error)
}

// QueuePids lists the pids of a vhost's queues as the node's log writes
// local pids (<0.N.M>).
func (r Rabbitmqctl) QueuePids(ctx context.Context, vhost string) ([]string, error) {
	out, err := r.run(ctx, "-q", "list_queues", "-p", vhost, "pid", "--no-table-headers")
	if err != nil {
		return nil, err
	}
	var pids []string
	for _, l := range strings.Fields(out) {
		if p := localPid(l); p != "" {
			pids = append(pids, p)
		}
	}
	return pids, nil
}
