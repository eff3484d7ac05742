# breakerlab: `make run` opens the program, `make test` checks everything CI checks.
GO ?= go
PKGS := ./...

.PHONY: run test vet lint unit bench build

run:
	$(GO) run ./cmd/breakerlab

build:
	$(GO) build -o bin/breakerlab ./cmd/breakerlab

test: vet lint unit

vet:
	$(GO) vet $(PKGS)

# staticcheck is pinned in go.mod's tool block, so `go tool` fetches exactly that version.
lint:
	$(GO) tool staticcheck $(PKGS)

# The race detector needs cgo and a C compiler; without them the tests still
# run, and the Makefile says so rather than failing on a missing compiler.
RACE := $(shell [ "$$($(GO) env CGO_ENABLED)" = 1 ] && command -v "$$($(GO) env CC)" >/dev/null 2>&1 && echo -race)

unit:
	@[ -n "$(RACE)" ] || echo "note: no C compiler for cgo, so the tests run without -race"
	$(GO) test $(RACE) -count=1 $(PKGS)

# Benchmarks: compare two runs with benchstat (go run golang.org/x/perf/cmd/benchstat old.txt new.txt).
bench:
	$(GO) test -run='^$$' -bench=. -benchmem -count=6 $(PKGS)
