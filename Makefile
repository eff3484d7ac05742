# breakerlab: `make run` opens the program, `make test` checks everything CI checks.
GO ?= go
PKGS := ./...

# -trimpath keeps the checkout's folder out of every compiled package, so
# the build cache serves a fresh clone in another folder (as CI makes for
# each run) instead of compiling every package and test binary again.
export GOFLAGS := $(strip $(GOFLAGS) -trimpath)

# A binary built with -race sleeps a second before it exits
# (atexit_sleep_ms=1000, https://go.dev/doc/articles/race_detector#Options)
# for goroutines still running to hit a race; a test binary has finished
# its tests by then. Some forty packages are tested under -race, and the
# exercises' catalog check grades dozens more binaries with it: the seconds
# add up. An atexit_sleep_ms of your own in GORACE is kept.
export GORACE := $(if $(findstring atexit_sleep_ms=,$(GORACE)),$(GORACE),$(strip $(GORACE) atexit_sleep_ms=0))

.PHONY: run test tidy vet lint unit bench build test-long cross cross-os release-check release-config man pgo instructions bench-instructions

# The binary says which code it is (`breakerlab version`): the go command
# records the commit of a build from a clone, unless GOFLAGS holds
# -buildvcs=false (some CI runners and sandboxes set it), when the version
# said only "no commit recorded". The linker's stamp does not depend on
# it: the commit from git rev-parse and whether the tree has uncommitted
# changes. Outside a git clone both are empty and nothing is stamped, as
# before. Recursive (=), so that only build and run ask git.
BUILD_COMMIT = $(shell git rev-parse HEAD 2>/dev/null)
BUILD_MODIFIED = $(if $(BUILD_COMMIT),$(if $(shell git status --porcelain 2>/dev/null | head -1),true))
BUILD_LDFLAGS = $(if $(BUILD_COMMIT),-ldflags='-X main.commit=$(BUILD_COMMIT)$(if $(BUILD_MODIFIED), -X main.modified=true)')

run:
	$(GO) run $(BUILD_LDFLAGS) ./cmd/breakerlab

build:
	$(GO) build $(BUILD_LDFLAGS) -o bin/breakerlab ./cmd/breakerlab

# test checks that go.mod is tidy and vets the host's packages first (a
# type error stops it in seconds), then runs the tests beside the other
# checks (staticcheck, the other platforms' vet, the release
# configuration): those spend most of their wall time loading, linking and
# waiting, some 25 s of CPU in a minute, while the tests keep both cores
# busy for minutes. The tests start first; the checks' lines come among
# theirs as they print (make's --output-sync would hold the tests' lines,
# one recipe, until their end).
test: tidy vet
	@$(MAKE) --no-print-directory -j2 unit lint cross-os release-config

# go.mod and go.sum must be what `go mod tidy` would write: -diff changes
# nothing, prints what tidy would change and exits non-zero when it would.
# It reads the module cache (or the module proxy, which CI can reach), so a
# warm cache keeps it working offline.
tidy:
	@$(GO) mod tidy -diff || { echo 'go.mod or go.sum is not tidy: run `go mod tidy` and commit the result' >&2; exit 1; }

# The checks type-check; they build nothing anyone runs, so they build
# without profile-guided optimization (PGO, below), as the tests do:
# under go's default (-pgo=auto) every package cmd/breakerlab imports was
# compiled once more with its profile, on each platform, and a change to
# the engine recompiled it and all its dependents twice over for each.
vet lint cross cross-os: export GOFLAGS := $(GOFLAGS) -pgo=off

vet:
	$(GO) vet $(PKGS)

# Every package and its tests must compile for each platform a release
# ships. `go vet` type-checks the tests too and is cheaper than linking
# `go test -c` per package; the build cache keeps repeat runs quick.
CROSS_PLATFORMS := linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64

# `make test` vets every release platform but the host's own, which
# `vet` covers: five passes, each compiling the dependencies for its
# platform once (the build cache keeps the next run to seconds; a cold one
# costs a couple of minutes on two cores). `make cross` vets all six.
CROSS_TEST_PLATFORMS := $(filter-out $(shell $(GO) env GOOS)/$(shell $(GO) env GOARCH),$(CROSS_PLATFORMS))

# The other platforms' packages are compiled only for vet to read their
# types, never linked or run: without optimization or inlining (-N -l)
# the compiler does less for each and writes smaller export data. After a
# change to the engine's exported API, cross-os took 40 s (77 s of CPU)
# with the default flags and takes 27 s (50 s of CPU) with these, one run
# after the other on two cores. The front end, which reports every type
# error, runs the same either way.
CROSS_GCFLAGS := -gcflags='all=-N -l'

cross:
	@set -e; for p in $(CROSS_PLATFORMS); do \
		echo "go vet for $$p"; \
		GOOS=$${p%/*} GOARCH=$${p#*/} CGO_ENABLED=0 $(GO) vet $(CROSS_GCFLAGS) $(PKGS); \
	done

cross-os:
	@set -e; for p in $(CROSS_TEST_PLATFORMS); do \
		echo "go vet for $$p"; \
		GOOS=$${p%/*} GOARCH=$${p#*/} CGO_ENABLED=0 $(GO) vet $(CROSS_GCFLAGS) $(PKGS); \
	done

# staticcheck is pinned in go.mod's tool block, so `go tool` fetches exactly that version.
lint:
	$(GO) tool staticcheck $(PKGS)

# The race detector needs cgo and a C compiler; without them the tests still
# run, and the Makefile says so rather than failing on a missing compiler.
RACE := $(shell [ "$$($(GO) env CGO_ENABLED)" = 1 ] && command -v "$$($(GO) env CC)" >/dev/null 2>&1 && echo -race)

# A package whose own code and tests start no goroutine runs without the
# race detector, which makes it ten to twenty times slower and has nothing of
# its own to watch there: the engine and its single-threaded parts
# (DESIGN.md), the lessons' content packages, the pure drawing packages
# (charts, panes, the map, tiles, the palette, the pictures a sweep or run
# is drawn as), and the lesson, challenge and interview screens (their
# tests drive the model and run its commands on the test's own goroutine;
# their run.go starts a program no test starts; rendering every lesson's
# every step under the detector was a third of make test; the interview's
# tests took 10 to 15 s of CPU under it, 3 to 4 s without).
# The goroutines they may reach belong to packages that are tested under
# -race themselves (engine/sweep's workers behind a lesson's [sweep]), as is
# every package that starts goroutines: the sandbox, serve, the store's lock,
# the grader, the live lab, the programs the TUI runs.
# -timeout is generous: a shared or slow machine must not fail a test that
# passes.
# The slowest come first, for the reason SLOW_FIRST gives below.
RACE_FREE := ./tui/lessonui ./engine ./tui/challengeui ./lessons/challenge ./tui/interviewui \
	./engine/chaos ./engine/scenarios ./engine/report ./engine/scenariofile ./engine/shuffle \
	./engine/hist ./engine/retry ./engine/shed ./tui/chart ./tui/pane ./tui/theme \
	./tui/internal/form ./tui/internal/grid ./tui/internal/helpview ./tui/internal/playback ./tui/record ./exercises/internal/unidiff \
	./tui/picture ./tui/mappane ./tui/tiles ./tui/palette ./tui/breakerloop ./tui/livelab \
	./tui/internal/listnav \
	./lessons ./lessons/drill ./lessons/subjects ./lessons/facts
RACE_PKGS = $(filter-out $(shell $(GO) list $(RACE_FREE)),$(shell $(GO) list $(PKGS)))

# A test that starts no goroutine, in a package that does, calls
# racefree.Only(t) first (internal/racefree): under -race it skips, and the
# last line of unit runs it without -race. These are the tests whose work is
# the engine's and the drawing's alone (every scenario's end against run's,
# every text's --check, the sandbox's ] and [ on every scenario against the
# whole lists: three minutes of its four under -race, seconds without), where
# the detector has nothing to watch and costs ten to thirty times the time,
# and the larger sizes or other formats of a test whose goroutines another
# test runs under -race (the sandbox's sweep on a bigger grid, the command's
# sweep as a table and as JSON). The names come from the functions that call
# racefree.Only.
RACE_FREE_TEST_FILES = $(shell grep -rl --include='*_test.go' 'racefree.Only(t)' . | grep -v '^./internal/racefree/')
RACE_FREE_TESTS = $(shell awk '/^func Test/ { split($$2, name, /[^A-Za-z0-9_]/) } /racefree\.Only/ { print name[1] }' $(RACE_FREE_TEST_FILES) | sort -u | paste -sd'|' -)
# A package of RACE_FREE runs all its tests without -race already: its
# marked tests would run twice.
# The sandbox's, the command's, the catalog check's and the sweeps' marked
# tests take the longest: they go first, after the classroom's, which take
# some 16 to 23 s of waiting on its sessions for 3 to 4 s of CPU: started
# last, they ran alone for 20 s at the end of every `make test`.
MARKED_SLOW_FIRST := ./tui/serve ./tui/sandbox ./cmd/breakerlab ./exercises ./tui/sweepui
RACE_FREE_TEST_DIRS = $(filter-out $(RACE_FREE),$(sort $(patsubst %/,%,$(dir $(RACE_FREE_TEST_FILES)))))
RACE_FREE_TEST_PKGS = $(foreach d,$(MARKED_SLOW_FIRST),$(filter $(d),$(RACE_FREE_TEST_DIRS))) $(filter-out $(MARKED_SLOW_FIRST),$(RACE_FREE_TEST_DIRS))

# The slowest packages under -race go first: `go test` starts packages in
# the order it is given them, and a slow one started last runs alone while
# the other core waits. The classroom's (tui/serve) is the longest, a minute
# and more of SSH sessions; it, the grader's and the live lab's spend much of
# their time waiting on sockets, timers and go commands, which the other
# runs fill. (The exercises' catalog check, once the longest, runs without
# -race: racefree.Only.)
SLOW_FIRST := ./tui/serve ./exercises/grade ./exercises ./cmd/breakerlab/internal/lab ./cmd/breakerlab ./exercises/cli ./tui/sandbox ./tui/exercisesui ./engine/sweep
RACE_PKGS_ORDERED = $(shell $(GO) list $(SLOW_FIRST)) $(filter-out $(shell $(GO) list $(SLOW_FIRST)),$(RACE_PKGS))

# The three runs go side by side: the tests under -race wait on sockets,
# SSH sessions and the graded exercises' go commands, and the runs without
# it fill that time (one after the other, the two cores stood idle a third
# of the time). The -race run prints as it goes; the others' output follows.
# The -race run tests RACE_P packages at once, not GOMAXPROCS (2 here): the
# classroom's tests hold one of them for most of the run, and with one left
# the other twenty-odd packages, several of them waiting on timers and
# sockets more than they compute, queued behind each other and ended the run
# long after the runs without -race had left the cores free.
RACE_P ?= 4
# Test binaries are kept between runs, so that a package whose test binary
# is up to date is not linked again: -count=1 reruns every test, and until
# now linked every test binary afresh too, some 80 s of the CPU of a run
# (30 of them for the packages without -race alone, against 3 with their
# binaries kept). With -o, go test leaves a binary whose build ID says it
# was built from the same code, flags and toolchain as it is and runs it;
# -trimpath makes that the same in any clone, so they are kept outside it,
# in TEST_BINARIES, for the fresh clone CI makes for each run.
# Each run works on hard links to them in a folder of its own (a stale
# binary is replaced there by a new file, never written over), and puts
# what it built back with a rename: two runs at once, of different code,
# never run each other's binaries. Where hard links cannot be made, the
# run links its binaries as before. Binaries no run used for a week, and
# the folders of runs that died, are removed.
TEST_BINARIES ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/breakerlab/test-binaries

# The runs without -race collect garbage a quarter as often as by default:
# rendering every screen at every size allocates a great deal, and the
# collector took a sixth of their CPU (tui/lessonui: 17.6 s of CPU with
# GOGC=100, 13.7 with 400, for twice the peak memory: 100 MB). Under -race
# the detector's own work dwarfs it, and the setting saved nothing there.
# Tests that measure the heap set their own GC percent (tui/sweepui).
TEST_GOGC ?= $(or $(GOGC),400)

# The racefree.Only tests, without -race, when the run under -race skipped them.
MARKED_TESTS = $(if $(RACE),$(RACE_FREE_TESTS))

# The tests build without profile-guided optimization (PGO, below): the
# profile changes how the compiler inlines and lays out code, never what
# it computes, and with it the command's test binary alone would compile
# every package it imports a second time, under -race too.
# They link without DWARF debug information (-ldflags=-w, which the go
# commands the tests run inherit): no test reads it (a panic's stack, a
# failed test's lines and the race detector's reports come from the
# binary's own tables, which -w keeps), and writing it was a fifth of
# every link: linking the tests of tui/... under -race took 50.6 s of
# CPU with it, 36.3 without.
unit: export GOFLAGS := $(GOFLAGS) -pgo=off -ldflags=-w
unit:
	@[ -n "$(RACE)" ] || echo "note: no C compiler for cgo, so the tests run without -race"
	@logs=$$(mktemp -d) && pool='$(TEST_BINARIES)' && \
	find "$$pool" -mindepth 1 -maxdepth 1 -name 'run.*' -mmin +720 -exec rm -rf {} + 2>/dev/null; \
	find "$$pool" -mindepth 2 -maxdepth 2 -name '*.test' -mtime +7 -exec rm -f {} + 2>/dev/null; \
	bins=$$(mkdir -p "$$pool/plain" "$$pool/race" 2>/dev/null && mktemp -d "$$pool/run.XXXXXX" 2>/dev/null) || { pool=; bins="$$logs/bins"; } ; \
	mkdir -p "$$bins/plain" "$$bins/race" && \
	if [ -n "$$pool" ]; then for k in plain race; do for f in "$$pool/$$k"/*.test; do \
		[ -f "$$f" ] && { ln "$$f" "$$bins/$$k/" 2>/dev/null || break; }; done; done; fi; \
	keep() { if [ -n "$$pool" ]; then for k in plain race; do for f in "$$bins/$$k"/*.test; do n=$${f##*/}; \
		[ -f "$$f" ] && ! [ "$$f" -ef "$$pool/$$k/$$n" ] || continue; t="$$pool/$$k/.$$n.$$$$"; \
		ln -f "$$f" "$$t" 2>/dev/null && mv -f "$$t" "$$pool/$$k/$$n" || rm -f "$$t"; done; done; fi; \
		rm -rf "$$bins" "$$logs"; } && \
	trap keep EXIT && \
	echo "go test (no -race): $(RACE_FREE)" && \
	{ GOGC=$(TEST_GOGC) $(GO) test -count=1 -timeout 30m -o "$$bins/plain/" $(RACE_FREE) >"$$logs/free" 2>&1 & free=$$!; } && \
	marked= && \
	if [ -n '$(MARKED_TESTS)' ]; then \
		echo "go test (no -race) -run the racefree.Only tests: $(RACE_FREE_TEST_PKGS)" && \
		{ GOGC=$(TEST_GOGC) $(GO) test -count=1 -timeout 30m -o "$$bins/plain/" -run '^($(MARKED_TESTS))$$$$' $(RACE_FREE_TEST_PKGS) >"$$logs/marked" 2>&1 & marked=$$!; }; \
	fi && \
	echo "go test $(RACE): every other package" && \
	rc=0 && { $(GO) test $(RACE) -p $(RACE_P) -count=1 -timeout 30m -o "$$bins/$(if $(RACE),race,plain)/" $(RACE_PKGS_ORDERED) || rc=1; } && \
	{ wait $$free || rc=1; } && cat "$$logs/free" && \
	if [ -n "$$marked" ]; then { wait $$marked || rc=1; } && cat "$$logs/marked"; fi && \
	exit $$rc

# Releases. goreleaser is pinned in its own module, internal/tools: as a
# tool of the main module it would add some 300 modules to go.mod, raise its
# go line and upgrade dependencies the program shares with it. Building it
# takes minutes (a thousand modules); it is rebuilt when its pin changes.
bin/goreleaser: internal/tools/go.mod internal/tools/go.sum
	$(GO) -C internal/tools build -o "$(CURDIR)/bin/goreleaser" github.com/goreleaser/goreleaser/v2

# release-config checks .goreleaser.yaml on every `make test` with the
# pinned goreleaser's own loader (its pkg/config: a version 2 file, every
# key known, every value of its type), plus the ids and platforms a
# release needs: internal/tools/releaseconfig, whose tests also prove each
# mistake is caught. It compiles a few hundred packages once (seconds from
# the build cache after that), where the whole goreleaser binary takes
# twenty minutes; `make release-check` builds it for the full `goreleaser
# check` (its defaulters) and a snapshot release.
release-config:
	$(GO) -C internal/tools test -count=1 ./releaseconfig
	$(GO) -C internal/tools run ./releaseconfig $(CURDIR)/.goreleaser.yaml

# release-check checks the configuration and builds a snapshot release into
# dist/: the six archives, checksums.txt, the deb and rpm packages and the
# Homebrew cask. Nothing is published.
release-check: bin/goreleaser
	$(GO) -C internal/tools mod tidy -diff
	bin/goreleaser check
	bin/goreleaser release --snapshot --clean

# man writes the man pages into man/.
man:
	$(GO) run ./cmd/breakerlab man man

# Long runs of the property and fuzz tests, for a night or before a release:
# every package whose tests use rapid runs RAPID_CHECKS cases per property
# (100 in `make test`), and every fuzz target runs for FUZZTIME. `go test
# -fuzz` takes one target in one package at a time, hence the loop. The
# challenges' whys are held on every design one knob and two knobs from
# each level's start, and one knob from its reference solution (-whys.all;
# `make test` grades a sample of the long ranges, and of each level's
# pairs; the pairs are about 106,000 designs).
RAPID_CHECKS ?= 20000
FUZZTIME ?= 2m
# Minimizing a new interesting input replays it thousands of times; for a
# scenario file of a few kilobytes (each replay parses it and builds its
# variants) the default minute of that stalled FuzzParse: with 60s it found
# 1 new input in 30 s, with 3s 32.
FUZZMINIMIZETIME ?= 3s
RAPID_PKGS = $(shell grep -rl --include='*_test.go' 'pgregory.net/rapid' . | xargs -r -n1 dirname | sort -u)
FUZZ_TARGETS = $(shell grep -r --include='*_test.go' -o '^func Fuzz[A-Za-z0-9_]*' . | sed 's/_test.go:func /_test.go /' | while read f t; do echo "$$(dirname $$f):$$t"; done)

# The differential tests against real libraries (opossum through node, and
# failsafe-go) play DIFF_SCRIPTS random scripts each (a few thousand in
# `make test`).
DIFF_SCRIPTS ?= 50000
# go test stops a package's binary after 10 minutes by default; at 20,000
# cases the engine's properties alone take longer on two cores (they were
# stopped by it, between two tests, at 10 minutes), so the long runs have
# a bound of their own, still there to stop a run that hangs.
LONG_TIMEOUT ?= 3h

test-long: cross
	$(GO) test -count=1 -pgo=$(CURDIR)/$(PGO_PROFILE) ./engine/... ./cmd/breakerlab/
	$(GO) test -count=1 -timeout=$(LONG_TIMEOUT) -run='^Test' $(RAPID_PKGS) -args -rapid.checks=$(RAPID_CHECKS)
	$(GO) test -count=1 -timeout=$(LONG_TIMEOUT) -run='Differential$$' ./engine/breaker -args -diff.scripts=$(DIFF_SCRIPTS)
	$(GO) test -count=1 -timeout=$(LONG_TIMEOUT) -run='^TestEvery((One|Two)KnobMiss|MoveFromTheReferenceMiss)IsExplained$$' ./lessons/challenge -args -whys.all
	@set -e; for ft in $(FUZZ_TARGETS); do \
		pkg=$${ft%%:*}; target=$${ft##*:}; \
		echo "fuzz $$pkg $$target for $(FUZZTIME)"; \
		$(GO) test -run='^$$' -fuzz="^$$target\$$" -fuzztime=$(FUZZTIME) -fuzzminimizetime=$(FUZZMINIMIZETIME) $$pkg; \
	done

# Benchmarks: compare two runs with benchstat (go run golang.org/x/perf/cmd/benchstat old.txt new.txt).
# They build with the profile the program ships with (PGO, below), so they
# measure the code a user runs.
bench:
	$(GO) test -pgo=$(CURDIR)/$(PGO_PROFILE) -run='^$$' -bench=. -benchmem -count=6 $(PKGS)

# Profile-guided optimization (https://go.dev/doc/pgo): `go build`, `go
# install` and `go run` of ./cmd/breakerlab (and so `make run`, `make
# build` and a release) read cmd/breakerlab/default.pgo, a CPU profile of
# what a user waits for: the built-in scenarios' sweeps (20 x 20 cells on 3
# seeds) and their runs. The compiler inlines the calls that profile shows
# hot past its usual budget; the engine's sweeps take some 5 % fewer
# instructions (callgrind, README "Speed"), and compute the same results
# bit for bit: `make test-long` runs the engine's tests (their fingerprints
# of whole runs) and the command's goldens built with the profile. `make
# pgo` makes the profile again from the code as it is, after a change to
# the engine's hot paths.
PGO_PROFILE := cmd/breakerlab/default.pgo

# instructions counts what each built-in sweep of BenchmarkSweep20x20Builtins
# (tui/sweepui/builtins_bench_test.go) costs on one worker, under
# callgrind: the figure a shared machine does not move (README "Speed",
# engine/SPEED.md), where its seconds move by half. SWEEPS picks some
# (SWEEPS='go-server/permit-wait cascade/breaker'); all twenty-nine take some
# twenty minutes. Each level of a name is anchored: unanchored,
# rate-limit-vs-bulkhead/shedding also ran service-shedding, and cascade
# async-cascade. It needs valgrind.
SWEEPS ?= $(shell sed -n 's|^\t{"\([a-z-]*/[a-z-]*\)", .*|\1|p' tui/sweepui/builtins_bench_test.go)

instructions:
	@command -v valgrind >/dev/null || { echo "make instructions needs valgrind (apt install valgrind)"; exit 2; }
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(GO) test -c -pgo=$(CURDIR)/$(PGO_PROFILE) -o "$$tmp/sweepui.test" ./tui/sweepui/ && \
	cd tui/sweepui && for s in $(SWEEPS); do \
		out=$$(GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off valgrind --tool=callgrind --callgrind-out-file=/dev/null \
			"$$tmp/sweepui.test" -test.run='^$$' -test.bench="Sweep20x20Builtins/^$${s%%/*}\$$/^$${s#*/}\$$" -test.benchtime=1x -test.cpu=1 2>&1); \
		echo "$$out" | grep -q "^BenchmarkSweep20x20Builtins/$$s " || { echo "$$s: no such sweep in tui/sweepui/builtins_bench_test.go, or it failed:"; echo "$$out" | tail -5; exit 1; }; \
		echo "$$out" | awk -v s="$$s" '/Collected :/ { printf "%-48s %6.2f G\n", s, $$NF / 1e9 }'; \
	done

# bench-instructions counts the instructions of one op of engine
# benchmarks under callgrind, the engine's figure a shared machine does not
# move (README "Speed", engine/SPEED.md "Measuring"): each runs at 7 and 2
# ops, one op is the difference over 5 (the set-up and the first op cancel),
# and a request is that over the op's requests/op. BENCHES names them
# without "Benchmark"; PKG is ./engine/scenarios/ (the Steady and Shared
# runs) or ./engine/ (its Cascade, the README's first row). It needs
# valgrind.
BENCHES ?= SteadyCascade SteadyAPIGateway SharedGoServer SharedGoInventoryPerHost
PKG ?= ./engine/scenarios/

bench-instructions:
	@command -v valgrind >/dev/null || { echo "make bench-instructions needs valgrind (apt install valgrind)"; exit 2; }
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(GO) test -c -pgo=$(CURDIR)/$(PGO_PROFILE) -o "$$tmp/bench.test" $(PKG) && \
	cd $(PKG) && printf "%-28s %14s %10s %8s\n" benchmark "an op" requests "a request" && for b in $(BENCHES); do \
		for n in 7 2; do \
			GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off valgrind --tool=callgrind --callgrind-out-file=/dev/null \
				"$$tmp/bench.test" -test.run='^$$' -test.bench="^Benchmark$$b\$$" -test.benchtime=$${n}x -test.cpu=1 >"$$tmp/out.$$n" 2>&1; \
			grep -q "^Benchmark$$b " "$$tmp/out.$$n" || { echo "$$b: no such benchmark in $(PKG), or it failed:"; tail -5 "$$tmp/out.$$n"; exit 1; }; \
		done; \
		awk -v b="$$b" '/Collected :/ { c[FILENAME] = $$NF } /requests\/op/ { for (i = 1; i < NF; i++) if ($$(i+1) == "requests/op") r = $$i } \
			END { op = (c[ARGV[1]] - c[ARGV[2]]) / 5; printf "%-28s %14.0f %10d %8.0f\n", b, op, r, (r ? op / r : 0) }' "$$tmp/out.7" "$$tmp/out.2"; \
	done

pgo:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(GO) test -pgo=off -count=1 -run='^$$' -bench='Sweep20x20Builtins' -benchtime=1x -o "$$tmp/sweepui.test" -cpuprofile="$$tmp/sweeps.pprof" ./tui/sweepui/ >/dev/null && \
	$(GO) test -pgo=off -count=1 -run='^$$' -bench='^Benchmark(Steady|Shared)' -benchtime=3x -o "$$tmp/scenarios.test" -cpuprofile="$$tmp/runs.pprof" ./engine/scenarios/ >/dev/null && \
	$(GO) tool pprof -proto "$$tmp/sweeps.pprof" "$$tmp/runs.pprof" > "$$tmp/default.pgo" && \
	mv "$$tmp/default.pgo" $(PGO_PROFILE) && echo "wrote $(PGO_PROFILE)"
