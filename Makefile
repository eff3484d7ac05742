# breakerlab: `make run` opens the program, `make test` checks everything CI checks.
GO ?= go
PKGS := ./...

.PHONY: run test tidy vet lint unit bench build test-long

run:
	$(GO) run ./cmd/breakerlab

build:
	$(GO) build -o bin/breakerlab ./cmd/breakerlab

test: tidy vet lint unit

# go.mod and go.sum must be what `go mod tidy` would write: -diff changes
# nothing, prints what tidy would change and exits non-zero when it would.
# It reads the module cache (or the module proxy, which CI can reach), so a
# warm cache keeps it working offline.
tidy:
	@$(GO) mod tidy -diff || { echo 'go.mod or go.sum is not tidy: run `go mod tidy` and commit the result' >&2; exit 1; }

vet:
	$(GO) vet $(PKGS)

# staticcheck is pinned in go.mod's tool block, so `go tool` fetches exactly that version.
lint:
	$(GO) tool staticcheck $(PKGS)

# The race detector needs cgo and a C compiler; without them the tests still
# run, and the Makefile says so rather than failing on a missing compiler.
RACE := $(shell [ "$$($(GO) env CGO_ENABLED)" = 1 ] && command -v "$$($(GO) env CC)" >/dev/null 2>&1 && echo -race)

# The engine's own package starts no goroutine and its tests start none
# (DESIGN.md: the engine is single-threaded and deterministic), so the race
# detector has nothing to find there and only makes it several times
# slower; it runs without -race. Every package that runs the engine from
# several goroutines (engine/sweep, the sandbox, serve) runs under -race.
# -timeout is generous: a shared or slow machine must not fail a test that
# passes.
RACE_FREE := ./engine
RACE_PKGS = $(filter-out github.com/breakerlab/breakerlab/engine,$(shell $(GO) list $(PKGS)))

unit:
	@[ -n "$(RACE)" ] || echo "note: no C compiler for cgo, so the tests run without -race"
	$(GO) test -count=1 -timeout 30m $(RACE_FREE)
	$(GO) test $(RACE) -count=1 -timeout 30m $(RACE_PKGS)

# Long runs of the property and fuzz tests, for a night or before a release:
# every package whose tests use rapid runs RAPID_CHECKS cases per property
# (100 in `make test`), and every fuzz target runs for FUZZTIME. `go test
# -fuzz` takes one target in one package at a time, hence the loop.
RAPID_CHECKS ?= 20000
FUZZTIME ?= 2m
RAPID_PKGS = $(shell grep -rl --include='*_test.go' 'pgregory.net/rapid' . | xargs -r -n1 dirname | sort -u)
FUZZ_TARGETS = $(shell grep -r --include='*_test.go' -o '^func Fuzz[A-Za-z0-9_]*' . | sed 's/_test.go:func /_test.go /' | while read f t; do echo "$$(dirname $$f):$$t"; done)

# The differential tests against real libraries (opossum through node, and
# failsafe-go) play DIFF_SCRIPTS random scripts each (a few thousand in
# `make test`).
DIFF_SCRIPTS ?= 50000

test-long:
	$(GO) test -count=1 -run='^Test' $(RAPID_PKGS) -args -rapid.checks=$(RAPID_CHECKS)
	$(GO) test -count=1 -run='Differential$$' ./engine/breaker -args -diff.scripts=$(DIFF_SCRIPTS)
	@set -e; for ft in $(FUZZ_TARGETS); do \
		pkg=$${ft%%:*}; target=$${ft##*:}; \
		echo "fuzz $$pkg $$target for $(FUZZTIME)"; \
		$(GO) test -run='^$$' -fuzz="^$$target\$$" -fuzztime=$(FUZZTIME) $$pkg; \
	done

# Benchmarks: compare two runs with benchstat (go run golang.org/x/perf/cmd/benchstat old.txt new.txt).
bench:
	$(GO) test -run='^$$' -bench=. -benchmem -count=6 $(PKGS)
