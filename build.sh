#!/usr/bin/env bash
# DLX Lab build script: ./build.sh <build|serve|test|e2e|worker|bench>
#
#   build   generate the static site into dist/, compile dist/web/app.wasm and
#           write .br and .gz copies of the larger files (served by dlxlab serve)
#   serve   build, then serve dist/ on $ADDR (default 127.0.0.1:8080; or -addr HOST:PORT)
#   test    vet, unit tests (native and js/wasm under Node), conformance, build, browser tests
#   conform replay the scenario library on each real RabbitMQ that is up (3.10, 4.0, 4.3) and diff
#   e2e     browser tests only (builds first if dist/ is missing or older than the sources)
#   worker  build the Cloudflare Worker into wasm/worker (after build)
#   bench   core benchmarks, and every observed path (run, run --json, check, the
#           playground session) against the bare engine, native and js/wasm, with ratios;
#           then the CLI whole process against the engine process (BENCH_RABBITMQ=1:
#           and a real RabbitMQ's dead-letter rate)
#
# Environment: DIST (default dist), ADDR, VERSION (default: git short hash,
# plus -dirty-<time> for uncommitted changes), PREFIX (serve under a URL
# path, e.g. /playground), NOSW=1 (pass-through service worker), SITE_URL
# (e2e against a running site), CI=true (missing Chromium or RabbitMQ fails, not skips).
set -Eeuo pipefail
cd "$(dirname "$0")"

DIST=${DIST:-dist}
ADDR=${ADDR:-127.0.0.1:8080}
# Packages that must stay plain Go (no go-app, no syscall/js): they are
# also tested under GOOS=js GOARCH=wasm with Node. Only those that exist
# and have tests are run, so the list can name folders not written yet.
PURE_DIRS=(core scenarios share ui/model)

CMD=${1:-}
step() { printf '==> %s\n' "$*"; }
die() { printf 'build.sh %s: %s\n' "$CMD" "$*" >&2; exit 1; }
trap 'printf "\nbuild.sh %s: FAILED (exit %s) at line %s: %s\n" "$CMD" "$?" "$LINENO" "$BASH_COMMAND" >&2' ERR

usage() {
	# the header comment of this file, up to the first line of code
	awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

# site_version names the service worker cache: a new value makes browsers
# drop the cached site. Uncommitted changes get a time suffix, or a reload
# could show the previous build from the cache-first service worker.
site_version() {
	if [[ -n ${VERSION:-} ]]; then
		echo "$VERSION"
		return
	fi
	local v
	if v=$(git rev-parse --short HEAD 2>/dev/null); then
		if [[ -n $(git status --porcelain 2>/dev/null) ]]; then
			v="$v-dirty-$(date +%s)"
		fi
	else
		v="dev-$(date +%s)"
	fi
	echo "$v"
}

cmd_build() {
	local version
	version=$(site_version)
	step "build: generate the static site into $DIST/ (version $version${PREFIX:+, prefix $PREFIX}${NOSW:+, pass-through service worker})"
	rm -rf "$DIST"
	local genflags=(-out "$DIST" -version "$version")
	[[ -n ${PREFIX:-} ]] && genflags+=(-prefix "$PREFIX")
	[[ -n ${NOSW:-} ]] && genflags+=(-nosw)
	go run ./cmd/dlxlab gen "${genflags[@]}"

	step "build: copy static/web/ into $DIST/web/"
	mkdir -p "$DIST/web"
	cp -R static/web/. "$DIST/web/"

	step "build: copy wasm_exec.js from the Go toolchain ($(go env GOVERSION)) over go-app's copy"
	cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$DIST/wasm_exec.js"

	step "build: compile $DIST/web/app.wasm (GOOS=js GOARCH=wasm -trimpath -ldflags=\"-s -w\" ./wasm/app)"
	GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o "$DIST/web/app.wasm" ./wasm/app

	precompress "$DIST"
	wasm_sizes "$DIST/web/app.wasm"
	step "build: done: $DIST/ ($(du -sh "$DIST" | cut -f1))"
}

# precompress writes FILE.gz (gzip -9) and FILE.br (brotli -q 11) beside
# every text or wasm file of the site over 1 KiB, which `dlxlab serve`
# sends to browsers that accept them (docs/links-and-http.md "Compressed
# files"). brotli -q 11 takes about 14 s for app.wasm on 2 cores, so the
# copies are cached by the file's sha256 (entries unused for 3 days go).
precompress() {
	local dir=$1 f sum cache n=0 br=""
	cache="${XDG_CACHE_HOME:-$HOME/.cache}/dlxlab/precompressed"
	mkdir -p "$cache"
	find "$cache" -type f -atime +3 -delete 2>/dev/null || true
	if command -v brotli >/dev/null; then
		br=1
	else
		printf '!!! build.sh: brotli not installed (apt-get install -y brotli): gzip copies only\n' >&2
	fi
	step "build: pre-compress $dir/ (gzip -9${br:+ and brotli -q 11}, cached in $cache)"
	while IFS= read -r -d '' f; do
		sum=$(sha256sum "$f" | cut -d' ' -f1)
		cached "$cache/$sum.gz" gzip -9 -n -c "$f"
		cp "$cache/$sum.gz" "$f.gz"
		if [[ -n $br ]]; then
			cached "$cache/$sum.br" brotli -q 11 -c "$f"
			cp "$cache/$sum.br" "$f.br"
		fi
		n=$((n + 1))
	done < <(find "$dir" -type f -size +1k \( -name '*.wasm' -o -name '*.js' -o -name '*.css' -o -name '*.html' \
		-o -name '*.svg' -o -name '*.json' -o -name '*.webmanifest' \) -print0)
	step "build: pre-compressed $n files"
}

# cached OUT CMD… writes CMD's output to OUT unless OUT exists (through a
# temporary file, so an interrupted build leaves no half file).
cached() {
	local out=$1
	shift
	[[ -f $out ]] && return 0
	"$@" >"$out.tmp.$$"
	mv -f "$out.tmp.$$" "$out"
}

# wasm_sizes prints the raw, gzip -9 and brotli -q 11 sizes of app.wasm:
# what a browser downloads from `dlxlab serve`.
wasm_sizes() {
	local f=$1 raw gz br
	step "sizes: $f"
	raw=$(stat -c %s "$f")
	gz=$(stat -c %s "$f.gz")
	br="n/a (brotli not installed: apt-get install -y brotli)"
	[[ -f $f.br ]] && br=$(stat -c %s "$f.br")
	printf '    app.wasm raw %s B, gzip -9 %s B, brotli -q 11 %s B\n' "$raw" "$gz" "$br"
}

# built_is_stale reports (prints a reason) when dist/ is missing or older
# than any source that goes into it.
built_is_stale() {
	local wasm="$DIST/web/app.wasm" newer
	if [[ ! -f $wasm || ! -f $DIST/index.html ]]; then
		echo "$DIST/ has no build"
		return 0
	fi
	newer=$(find . -path "./$DIST" -prune -o -path ./.git -prune -o -path ./e2e -prune -o \
		\( -name '*.go' -o -name go.mod -o -name go.sum -o -path './static/*' \) \
		-newer "$wasm" -print -quit)
	if [[ -n $newer ]]; then
		echo "$newer changed since the last build"
		return 0
	fi
	return 1
}

ensure_built() {
	local why
	if why=$(built_is_stale); then
		step "e2e: building first: $why"
		cmd_build
	else
		step "e2e: reusing $DIST/ (built $(date -r "$DIST/web/app.wasm" '+%F %T'), newer than every source)"
	fi
}

cmd_serve() {
	cmd_build
	step "serve: go run ./cmd/dlxlab serve -addr $ADDR -dir $DIST${PREFIX:+ -prefix $PREFIX}${*:+ $*}"
	exec go run ./cmd/dlxlab serve -addr "$ADDR" -dir "$DIST" ${PREFIX:+-prefix "$PREFIX"} "$@"
}

# pure_packages lists the import paths under PURE_DIRS that have tests.
pure_packages() {
	local dirs=() d
	for d in "${PURE_DIRS[@]}"; do
		if [[ -d $d && -n $(find "$d" -name '*.go' -print -quit) ]]; then
			dirs+=("./$d/...")
		fi
	done
	((${#dirs[@]})) || return 0
	GOOS=js GOARCH=wasm go list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}{{end}}' "${dirs[@]}" | sed '/^$/d'
}

cmd_test() {
	step "test: go vet ./... (native)"
	go vet ./...

	step "test: go vet for js/wasm: ./wasm/app ./ui"
	GOOS=js GOARCH=wasm go vet ./wasm/app ./ui

	local unit
	unit=$(go list ./... | grep -v '/e2e$')
	step "test: go test -race (native unit tests; the browser tests run last):" $unit
	# shellcheck disable=SC2086 # word splitting of the package list is wanted
	go test -race -timeout 30m $unit

	local pure
	pure=$(pure_packages)
	if [[ -n $pure ]]; then
		command -v node >/dev/null || die "node is needed for the js/wasm tests (apt-get install -y nodejs, or run .ci/run)"
		step "test: go test under GOOS=js GOARCH=wasm with Node:" $pure
		# shellcheck disable=SC2086
		PATH="$PATH:$(go env GOROOT)/lib/wasm" GOOS=js GOARCH=wasm go test -timeout 30m $pure
	else
		step "test: js/wasm tests: none yet (no tests in ${PURE_DIRS[*]})"
	fi

	cmd_conform
	cmd_build
	cmd_e2e_tests
}

# The lessons whose Prometheus metrics conform compares with each broker's
# rabbitmq_prometheus endpoint (docs/conformance.md "Metrics"): every
# dead-letter reason and strategy, unroutable drops and returns, overflow,
# redeliveries, quorum delivery limits and a cycle, each a few seconds long.
METRICS_LESSONS=(routing-dead-letters-by-reason dlx-unroutable-and-missing routing-alternate-exchange-mandatory
	dlx-maxlen-drop-head dlx-overflow-reject-publish retry-loop dlx-reject-vs-nack-redelivered
	quorum-poison-message-4.2 quorum-poison-message-4.3 ttl-cycle basics-reject-to-dlq
	quorum-reject-publish-dlx-is-drop-head)

# cmd_conform replays scenarios/library (and scenarios/suite when it exists)
# on every real broker that is up (.ci/brokers.sh: 3.10 on 5672, 4.0 on 5674,
# 4.3 on 5673; vhosts and policies through rabbitmqctl, so root), each
# compared with the profile its version picks, and the metrics of
# METRICS_LESSONS with the broker's. A missing broker is skipped
# loudly; with CI=true every one must be up (.ci/run starts them).
cmd_conform() {
	local t port bin log failed=0 up=() missing=() lines=() paths=(scenarios/library) start
	[[ -d scenarios/suite ]] && paths+=(scenarios/suite)
	for t in 3.10 4.0 4.3; do
		case $t in 3.10) port=5672 ;; 4.0) port=5674 ;; 4.3) port=5673 ;; esac
		if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
			up+=("$t")
		else
			missing+=("$t (127.0.0.1:$port)")
		fi
	done
	if ((${#missing[@]})); then
		[[ ${CI:-} == true ]] && die "CI=true and no RabbitMQ for: ${missing[*]} (.ci/brokers.sh up starts them)"
		printf '\n!!! build.sh: conformance SKIPPED for: %s\n!!! .ci/brokers.sh up (as root) starts the three brokers\n\n' "${missing[*]}" >&2
	fi
	((${#up[@]})) || return 0
	bin=$(mktemp -d)/dlxlab
	go build -o "$bin" ./cmd/dlxlab
	log=$(mktemp)
	for t in "${up[@]}"; do
		step "conform: dlxlab conform -target $t ${paths[*]}"
		start=$SECONDS
		# 150 virtual ms of timing tolerance (the default is 50): on 2 cores the
		# quorum queues' Raft round trips land 50-150 ms late under load; every
		# other field is still compared exactly (docs/conformance.md).
		"$bin" conform -tolerance-ms "${CONFORM_TOLERANCE_MS:-150}" -target "$t" \
			-metrics target -metrics-only "$(IFS=,; echo "${METRICS_LESSONS[*]}")" "${paths[@]}" | tee "$log" || failed=1
		lines+=("$(printf '%-4s %s: %s (%d s)' "$t" "$(sed -n 's/^conform: \(RabbitMQ [^ ]*\).*/\1/p' "$log" | head -1)" "$(tail -1 "$log")" $((SECONDS - start)))")
	done
	rm -rf "$log" "$(dirname "$bin")"
	step "conform: per broker"
	printf '    %s\n' "${lines[@]}"
	((failed == 0)) || die "conform found differences (see above)"
}

cmd_e2e() {
	if [[ -z ${SITE_URL:-} ]]; then
		ensure_built
	fi
	cmd_e2e_tests
}

cmd_e2e_tests() {
	local log
	log=$(mktemp)
	step "e2e: go test -count=1 -v ./e2e (headless Chromium against ${SITE_URL:-$DIST/})"
	go test -count=1 -timeout 45m -v ./e2e 2>&1 | tee "$log"
	if grep -q -- '--- SKIP' "$log"; then
		printf '\n!!! build.sh e2e: browser tests were SKIPPED (see above); install chromium or run .ci/run\n\n' >&2
	fi
	rm -f "$log"
}

# cmd_worker builds the Cloudflare Worker into wasm/worker:
# build/ (worker.mjs, runtime.mjs, wasm_exec.js, app.wasm) and public/ (the
# site from $DIST plus _headers). Run `./build.sh build` first. Deploy and
# local dev: README.md, "Deploy to Cloudflare".
cmd_worker() {
	local wdir=wasm/worker raw gz limit=$((3 * 1024 * 1024))
	[[ -f $DIST/index.html && -f $DIST/web/app.wasm ]] || die "$DIST/ has no built site: run ./build.sh build first"
	[[ -z ${PREFIX:-} ]] || printf '!!! build.sh worker: PREFIX=%s is ignored: the Worker serves the site at /\n' "$PREFIX" >&2

	step "worker: the Worker must not import go-app (ui/): go list -deps ./$wdir"
	if GOOS=js GOARCH=wasm go list -deps "./$wdir" | grep -E 'maxence-charriere/go-app|/dlxlab/ui$'; then
		die "./$wdir imports go-app: it cannot render in workerd and bloats the wasm (docs/architecture.md, Platform constraints)"
	fi

	# workers-assets-gen rm -rf's its -o folder, so it runs before the wasm build.
	step "worker: workers-assets-gen -mode=go -o $wdir/build (JS glue: worker.mjs, runtime.mjs, wasm_exec.js)"
	go run github.com/syumai/workers/cmd/workers-assets-gen -mode=go -o "$wdir/build"

	step "worker: compile $wdir/build/app.wasm (GOOS=js GOARCH=wasm -trimpath -ldflags=\"-s -w\" ./$wdir)"
	GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o "$wdir/build/app.wasm" "./$wdir"

	step "worker: copy $DIST/ to $wdir/public/ (Workers Static Assets) with $wdir/_headers"
	rm -rf "$wdir/public"
	cp -R "$DIST" "$wdir/public"
	# Cloudflare compresses static assets at its edge by Content-Type
	# (docs/links-and-http.md "Compressed files"): the .br/.gz copies would
	# only be served as files of their own.
	find "$wdir/public" -type f \( -name '*.br' -o -name '*.gz' \) -delete
	cp "$wdir/_headers" "$wdir/public/_headers"

	raw=$(stat -c %s "$wdir/build/app.wasm")
	gz=$(gzip -9 -c "$wdir/build/app.wasm" | wc -c)
	step "worker: sizes: app.wasm raw $raw B, gzip -9 $gz B (free plan limit: $limit B compressed, $((limit - gz)) B left)"
	if ((gz > limit)); then
		printf '\n!!! build.sh worker: WORKER TOO BIG: gzip %s B > %s B (3 MiB), the Cloudflare free-plan limit.\n!!! Deploying needs the paid plan (10 MiB), or a smaller Worker.\n\n' "$gz" "$limit" >&2
	fi
	if [[ ! -d $wdir/node_modules/wrangler ]]; then
		printf '!!! build.sh worker: %s/node_modules has no wrangler: run (cd %s && npm ci)\n' "$wdir" "$wdir" >&2
	fi
	step "worker: done: cd $wdir && npx wrangler dev --local (or: npx wrangler deploy)"
}

cmd_bench() {
	[[ -d core ]] || die "no core/ package yet: nothing to benchmark"
	command -v node >/dev/null || die "node is needed for the js/wasm benchmarks (apt-get install -y nodejs)"
	local wasmpath="$PATH:$(go env GOROOT)/lib/wasm" out
	out=$(mktemp -d)
	step "bench: core, native, one core: go test -run '^\$' -bench . -cpu 1 -count ${COUNT:-3} ./core"
	go test -run '^$' -bench . -cpu 1 -count "${COUNT:-3}" ./core | tee "$out/core-native"
	step "bench: core, js/wasm under Node: GOOS=js GOARCH=wasm go test -run '^\$' -bench . -count ${COUNT:-3} ./core"
	PATH=$wasmpath GOOS=js GOARCH=wasm go test -run '^$' -bench . -count "${COUNT:-3}" ./core | tee "$out/core-wasm"
	# The observed paths (BENCHMARKS.md "Observed paths"): one workload on
	# the bare engine and through run (trace to a file), run --json, check
	# and the playground session, side by side in one process.
	step "bench: observed paths, native: go test -run '^\$' -bench Observed -cpu 1 -count ${COUNT:-3} ./ui/model"
	go test -run '^$' -bench Observed -cpu 1 -count "${COUNT:-3}" ./ui/model | tee "$out/obs-native"
	step "bench: observed paths, js/wasm under Node"
	PATH=$wasmpath GOOS=js GOARCH=wasm go test -run '^$' -bench Observed -count "${COUNT:-3}" ./ui/model | tee "$out/obs-wasm"
	step "bench: ratios (medians; each path to the bare engine, then js/wasm to native)"
	bench_ratios "$out"
	bench_cli "$out"
	if [[ ${BENCH_RABBITMQ:-} == 1 ]]; then
		step "bench: a real RabbitMQ on the same workload (each broker that is up; minutes): go test -run '^\$' -bench RealDeadLetterRate -benchtime 1x ./conform"
		go test -run '^$' -bench RealDeadLetterRate -benchtime 1x -count "${COUNT:-3}" ./conform
	fi
	rm -rf "$out"
}

# bench_cli measures the CLI as a user runs it, whole process (BENCHMARKS.md
# "Observed paths"): the CPU time (user + sys) and peak RSS of `dlxlab run
# FILE > out`, `run --json FILE > out` and `check FILE` on the 100,000-message
# workload, each taken in turn with the engine process (the Observed/engine
# benchmark run once: parse, then the workload on a bare core.Broker),
# COUNT times; then `check --unbounded` of the 1,000,000-message workload,
# stated as a rate. Medians. BENCH_RABBITMQ=1 adds a real RabbitMQ's rate.
bench_cli() {
	local out=$1 f=scenarios/testdata/bench-dlq-100k.yaml big=scenarios/testdata/bench-dlq-1m.yaml i
	go build -o "$out/dlxlab" ./cmd/dlxlab
	go test -c -o "$out/model.test" ./ui/model
	step "bench: the CLI, whole process, CPU time against the engine process (/usr/bin/time -f '%U %S %M'), ${COUNT:-3} rounds"
	timed() { # NAME COMMAND...: appends "NAME user sys maxrss_kb" to $out/cli-times
		local name=$1
		shift
		/usr/bin/time -a -o "$out/cli-times" -f "$name %U %S %M" "$@" >"$out/cli-out" 2>/dev/null || true
	}
	for ((i = 0; i < ${COUNT:-3}; i++)); do
		(cd ui/model && timed engine "$out/model.test" -test.run '^$' -test.bench Observed/engine -test.benchtime 1x -test.cpu 1)
		timed run "$out/dlxlab" run "$f"
		timed run-json "$out/dlxlab" run --json "$f"
		timed check "$out/dlxlab" check "$f"
		timed check-1m "$out/dlxlab" check --unbounded "$big"
	done
	awk '
	function median(s,   n, i, j, t, a) {
		n = split(s, a, " ")
		for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	NF == 4 { cpu[$1] = cpu[$1] " " ($2 + $3); rss[$1] = rss[$1] " " $4 }
	END {
		base = median(cpu["engine"])
		printf "%-10s %12s %10s %14s %12s\n", "process", "median cpu s", "x engine", "peak RSS MiB", "msgs/cpu-s"
		split("engine run run-json check check-1m", names, " ")
		for (k = 1; k <= 5; k++) {
			n = names[k]
			if (!(n in cpu)) continue
			c = median(cpu[n]); msgs = n == "check-1m" ? 1000000 : 100000
			printf "%-10s %12.3f %10.2f %14.0f %12.0f\n", n, c, c / base, median(rss[n]) / 1024, msgs / c
		}
	}' "$out/cli-times"
}

# bench_ratios prints, from the saved benchmark outputs, each observed
# path's median time over the bare engine's (goal: at most 1.5) and its
# heap per message, natively and in js/wasm, then js/wasm speed as a share
# of native for the core benchmark and each path (goal for the engine: at
# least 40 %).
bench_ratios() {
	awk '
	function median(key,   n, i, j, t, a) {
		n = split(vals[key], a, " ")
		for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	FNR == 1 { kind = FILENAME; sub(/.*\//, "", kind) }
	/^Benchmark/ {
		name = $1; sub(/-[0-9]+$/, "", name)
		for (i = 3; i < NF; i++) {
			if ($(i+1) == "ns/op") vals[kind SUBSEP name] = vals[kind SUBSEP name] " " $i
			if ($(i+1) == "B/msg") mem[kind SUBSEP name] = $i
		}
		if (!(name in seen)) { seen[name] = 1; order[++names] = name }
	}
	END {
		split("obs-native obs-wasm", kinds, " ")
		for (k = 1; k <= 2; k++) {
			base = median(kinds[k] SUBSEP "BenchmarkObserved/engine")
			printf "%-10s %-12s %12s %10s %10s\n", kinds[k], "path", "median ms", "x engine", "B/msg"
			split("engine run-trace run-json check session", paths, " ")
			for (p = 1; p <= 5; p++) {
				key = kinds[k] SUBSEP "BenchmarkObserved/" paths[p]
				if (!(key in vals)) continue
				m = median(key)
				printf "%-10s %-12s %12.0f %10.2f %10s\n", kinds[k], paths[p], m / 1e6, m / base, mem[key]
			}
		}
		printf "\n%-40s %14s\n", "js/wasm speed as a share of native", "wasm/native"
		for (o = 1; o <= names; o++) {
			name = order[o]
			split("core obs", pre, " ")
			for (q = 1; q <= 2; q++) {
				n = pre[q] "-native" SUBSEP name; w = pre[q] "-wasm" SUBSEP name
				if ((n in vals) && (w in vals)) printf "%-40s %13.0f%%\n", name, 100 * median(n) / median(w)
			}
		}
	}' "$1/core-native" "$1/core-wasm" "$1/obs-native" "$1/obs-wasm"
}

case $CMD in
build) cmd_build ;;
serve) shift; cmd_serve "$@" ;;
test) cmd_test ;;
conform) cmd_conform ;;
e2e) cmd_e2e ;;
worker) cmd_worker ;;
bench) cmd_bench ;;
-h | --help | help)
	usage
	;;
*)
	usage >&2
	[[ -n $CMD ]] && printf '\nbuild.sh: unknown command %q\n' "$CMD" >&2
	exit 2
	;;
esac
