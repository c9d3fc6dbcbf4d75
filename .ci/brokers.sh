#!/usr/bin/env bash
# .ci/brokers.sh up|status|down — the three real RabbitMQ brokers that
# `dlxlab conform` compares the simulator with (docs/conformance.md "Brokers"):
#
#   target  version  where                          node                AMQP  dist   prometheus
#   3.10    3.10.8   Debian 12's own package        rabbit@localhost    5672  25672  15692
#   4.3     4.3.6    Debian sid chroot              rabbit43@localhost  5673  25673  15693
#   4.0     4.0.5    Debian trixie chroot           rabbit40@localhost  5674  25674  15694
#
# The chroots are built once with debootstrap (--variant=minbase, Debian's
# default mirror, rabbitmq-server from Debian's own archive) into
# $DLXLAB_BROKERS_CACHE (default /var/cache/dlxlab-brokers)/{sid,trixie} and
# kept between runs; one that fails its check is rebuilt. All three nodes
# share the host's epmd and network, so every port above is distinct.
#
#   up      build what is missing, start what is not running, wait for all
#           three (idempotent: running brokers are left alone)
#   status  one line per broker: version read from the AMQP handshake, ports
#   down    stop the three nodes (the chroots stay cached)
#
# Needs root (chroot, mount, the nodes' Erlang cookies) and debootstrap.
# BROKERS="3.10 4.3" limits any command to some of the brokers.
set -Eeuo pipefail

CACHE=${DLXLAB_BROKERS_CACHE:-/var/cache/dlxlab-brokers}
BROKERS=${BROKERS:-3.10 4.3 4.0}
START_DEADLINE=${START_DEADLINE:-240} # seconds for a node to answer await_startup
# The chroot recipe's version: a chroot built by an older recipe is rebuilt.
RECIPE=1

log() { printf '==> brokers: %s\n' "$*" >&2; }
die() { printf 'brokers.sh: %s\n' "$*" >&2; exit 1; }

# Per-target facts. suite is empty for the host's own package.
suite_of() { case $1 in 3.10) echo "" ;; 4.3) echo sid ;; 4.0) echo trixie ;; *) die "unknown broker $1 (3.10, 4.3, 4.0)" ;; esac; }
node_of() { case $1 in 3.10) echo rabbit@localhost ;; 4.3) echo rabbit43@localhost ;; 4.0) echo rabbit40@localhost ;; esac; }
port_of() { case $1 in 3.10) echo 5672 ;; 4.3) echo 5673 ;; 4.0) echo 5674 ;; esac; }
prom_of() { case $1 in 3.10) echo 15692 ;; 4.3) echo 15693 ;; 4.0) echo 15694 ;; esac; }
root_of() {
	local s
	s=$(suite_of "$1")
	if [[ -z $s ]]; then echo /; else echo "$CACHE/$s"; fi
}

# in_root T CMD… runs a command on the broker's system: the host, or its chroot,
# with a clean environment (a caller's RABBITMQ_* must not reach the node) and
# a UTF-8 locale (the 4.x CLI warns without one).
in_root() {
	local t=$1 r
	shift
	r=$(root_of "$t")
	local envv=(timeout "${TO:-0}" env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 LC_ALL=C.UTF-8)
	if [[ $r == / ]]; then
		"${envv[@]}" "$@"
	else
		"${envv[@]}" chroot "$r" "$@"
	fi
}

ctl() { local t=$1; shift; in_root "$t" rabbitmqctl -n "$(node_of "$t")" "$@"; }

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# amqp_version PORT prints the server's `version` property from the
# connection.start frame (the AMQP handshake), or fails.
amqp_version() {
	local v try
	for try in 1 2 3; do
		v=$(amqp_version_once "$1") && break
		sleep 1
	done
	[[ -n $v ]] && echo "$v"
}

amqp_version_once() {
	local v
	v=$(timeout 5 bash -c 'exec 3<>/dev/tcp/127.0.0.1/$0 || exit 1
		printf "AMQP\0\0\011\001" >&3
		dd bs=8192 count=1 status=none <&3' "$1" 2>/dev/null |
		LC_ALL=C grep -aoE 'versionS.{4}[0-9][0-9A-Za-z.+~-]*' | head -1 | cut -c 13-) || true
	[[ -n $v ]] && echo "$v"
}

mount_proc() {
	local r=$1
	mkdir -p "$r/proc"
	mountpoint -q "$r/proc" || mount -t proc proc "$r/proc"
}

umount_proc() {
	local r=$1
	if mountpoint -q "$r/proc" 2>/dev/null; then
		umount "$r/proc" 2>/dev/null || umount -l "$r/proc"
	fi
}

# chroot_ok T: the chroot was completed by this recipe and its broker runs.
chroot_ok() {
	local t=$1 r
	r=$(root_of "$t")
	[[ -f $r/.dlxlab-recipe && $(cat "$r/.dlxlab-recipe") == "$RECIPE" ]] || return 1
	[[ -x $r/usr/sbin/rabbitmq-server && -x $r/usr/sbin/rabbitmqctl && -f $r/etc/hosts ]] || return 1
	mount_proc "$r"
	TO=60 in_root "$t" /bin/sh -c 'command -v erl >/dev/null' || return 1
}

# build_chroot T: debootstrap into ROOT.new, install rabbitmq-server, then
# rename, so an interrupted build never looks complete.
build_chroot() {
	local t=$1 r s tmp start
	r=$(root_of "$t")
	s=$(suite_of "$t")
	tmp=$r.new
	start=$SECONDS
	command -v debootstrap >/dev/null || die "debootstrap is missing (apt-get install -y debootstrap)"
	for d in "$r" "$tmp"; do
		[[ -e $d ]] || continue
		log "$t: removing $d"
		umount_proc "$d"
		rm -rf --one-file-system "$d"
	done
	mkdir -p "$CACHE"
	log "$t: debootstrap --variant=minbase $s $tmp"
	debootstrap --variant=minbase "$s" "$tmp" >"$CACHE/$s.debootstrap.log" 2>&1 ||
		{ tail -20 "$CACHE/$s.debootstrap.log" >&2; die "$t: debootstrap failed (log: $CACHE/$s.debootstrap.log)"; }
	cp /etc/hosts "$tmp/etc/hosts" # without it the node cannot resolve localhost
	# No service starts inside the chroot during the install.
	printf '#!/bin/sh\nexit 101\n' >"$tmp/usr/sbin/policy-rc.d"
	chmod +x "$tmp/usr/sbin/policy-rc.d"
	mount_proc "$tmp"
	# The archive's index can be past its Valid-Until on a pinned mirror.
	local apt=(apt-get -o Acquire::Check-Valid-Until=false -o Acquire::Retries=3)
	log "$t: apt-get install rabbitmq-server in the chroot"
	if ! { env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive chroot "$tmp" "${apt[@]}" update &&
		env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive chroot "$tmp" "${apt[@]}" install -y --no-install-recommends rabbitmq-server &&
		env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin chroot "$tmp" apt-get clean; } >"$CACHE/$s.apt.log" 2>&1; then
		tail -20 "$CACHE/$s.apt.log" >&2
		umount_proc "$tmp"
		die "$t: installing rabbitmq-server failed (log: $CACHE/$s.apt.log)"
	fi
	umount_proc "$tmp"
	echo "$RECIPE" >"$tmp/.dlxlab-recipe"
	mv "$tmp" "$r"
	log "$t: chroot $r built in $((SECONDS - start)) s"
}

# configure T writes the node's name, ports and plugins (each run, so a
# changed table above reaches a cached chroot; read at the next start).
configure() {
	local t=$1 r port
	r=$(root_of "$t")
	port=$(port_of "$t")
	mkdir -p "$r/etc/rabbitmq"
	printf 'NODENAME=%s\nNODE_PORT=%s\nDIST_PORT=%s\n' "$(node_of "$t")" "$port" $((port + 20000)) >"$r/etc/rabbitmq/rabbitmq-env.conf"
	printf 'prometheus.tcp.port = %s\n' "$(prom_of "$t")" >"$r/etc/rabbitmq/rabbitmq.conf"
	printf '[rabbitmq_prometheus].\n' >"$r/etc/rabbitmq/enabled_plugins"
	chown -f rabbitmq:rabbitmq "$r/etc/rabbitmq/enabled_plugins" 2>/dev/null || true
}

# running T: the node answers rabbitmqctl under its own name.
running() { TO=60 ctl "$1" -q status >/dev/null 2>&1; }

# start T: start the node detached unless it already runs.
start() {
	local t=$1 port
	port=$(port_of "$t")
	# A node that answers slowly (a loaded machine) is asked up to three
	# times before its port is taken for someone else's.
	local try
	for try in 1 2 3; do
		if running "$t"; then
			log "$t: $(node_of "$t") is running"
			return 0
		fi
		port_open "$port" || break
		sleep 5
	done
	if port_open "$port"; then
		# Something else holds the port: on the host, Debian's own service
		# under the default node name (rabbit@HOSTNAME), started by the package.
		if [[ $t == 3.10 ]]; then
			log "3.10: port $port is taken by another node: stopping rabbit@$(hostname -s)"
			command -v systemctl >/dev/null && systemctl stop rabbitmq-server 2>/dev/null || true
			TO=60 in_root "$t" rabbitmqctl -n "rabbit@$(hostname -s)" stop >/dev/null 2>&1 || true
		fi
		port_open "$port" && die "$t: port $port is in use by something that is not $(node_of "$t")"
	fi
	log "$t: rabbitmq-server -detached ($(node_of "$t"), port $port)"
	# 9>&-: the node must not inherit the lock, or the next up/down waits for ever
	in_root "$t" rabbitmq-server -detached 9>&-
}

# await T: a node started with -detached registers with epmd a few seconds
# late, and until then await_startup fails at once: retry to a deadline.
await() {
	local t=$1 deadline=$((SECONDS + START_DEADLINE))
	until TO=60 ctl "$t" -q await_startup >/dev/null 2>&1; do
		if ((SECONDS >= deadline)); then
			ctl "$t" -q await_startup || true # show why
			die "$t: $(node_of "$t") did not start within $START_DEADLINE s (log: $(logdir_of "$t"))"
		fi
		sleep 2
	done
}

logdir_of() { local r; r=$(root_of "$1"); echo "${r%/}/var/log/rabbitmq"; }

# up_one T: everything one broker needs, then start it (not awaited).
up_one() {
	local t=$1 r
	r=$(root_of "$t")
	if [[ $r == / ]]; then
		[[ -x /usr/sbin/rabbitmq-server ]] || die "3.10: rabbitmq-server is not installed (apt-get install -y rabbitmq-server)"
	else
		if ! chroot_ok "$t"; then
			# Never delete a chroot a node still runs from.
			port_open "$(port_of "$t")" && die "$t: $r fails its check but a node runs on port $(port_of "$t"): .ci/brokers.sh down first"
			build_chroot "$t"
		fi
		mount_proc "$r"
	fi
	configure "$t"
	start "$t"
}

# lock: one up or down at a time (two CI runs must not build one chroot twice).
lock() {
	mkdir -p "$CACHE"
	exec 9>"$CACHE/.lock"
	flock 9
}

cmd_up() {
	local t pids=() start=$SECONDS failed=0
	[[ $(id -u) == 0 ]] || die "up needs root (chroot, mount)"
	lock
	# The chroots build in parallel (mostly network and dpkg); each logs its time.
	for t in $BROKERS; do
		up_one "$t" &
		pids+=($!)
	done
	for p in "${pids[@]}"; do wait "$p" || failed=1; done
	((failed == 0)) || die "up failed (see above)"
	for t in $BROKERS; do
		await "$t"
		ensure_prometheus "$t"
	done
	log "up in $((SECONDS - start)) s"
	cmd_status
}

# ensure_prometheus T: a node started before the plugin was configured gets it now.
ensure_prometheus() {
	local t=$1
	if ! port_open "$(prom_of "$t")"; then
		log "$t: enabling rabbitmq_prometheus"
		TO=120 in_root "$t" rabbitmq-plugins -n "$(node_of "$t")" -q enable rabbitmq_prometheus >/dev/null
	fi
}

cmd_status() {
	local t v port down=0
	for t in $BROKERS; do
		port=$(port_of "$t")
		if v=$(amqp_version "$port"); then
			printf '%-5s RabbitMQ %-8s amqp 127.0.0.1:%s  node %-19s prometheus :%s  root %s\n' \
				"$t" "$v" "$port" "$(node_of "$t")" "$(prom_of "$t")" "$(root_of "$t")"
		else
			printf '%-5s DOWN              amqp 127.0.0.1:%s  node %-19s (.ci/brokers.sh up)\n' "$t" "$port" "$(node_of "$t")"
			down=1
		fi
	done
	return $down
}

cmd_down() {
	local t r
	[[ $(id -u) == 0 ]] || die "down needs root"
	lock
	for t in $BROKERS; do
		r=$(root_of "$t")
		if [[ $r != / && ! -x $r/usr/sbin/rabbitmqctl ]]; then
			continue
		fi
		if running "$t"; then
			log "$t: stopping $(node_of "$t")"
			TO=120 ctl "$t" -q stop || log "$t: stop failed"
		fi
		[[ $r == / ]] || umount_proc "$r"
	done
}

case ${1:-} in
up) cmd_up ;;
status) cmd_status ;;
down) cmd_down ;;
*)
	awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2
	exit 2
	;;
esac
