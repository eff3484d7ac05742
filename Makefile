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

unit:
	$(GO) test -race -count=1 $(PKGS)

# Benchmarks: compare two runs with benchstat (go run golang.org/x/perf/cmd/benchstat old.txt new.txt).
bench:
	$(GO) test -run='^$$' -bench=. -benchmem -count=6 $(PKGS)
