package engine_test

import (
	"flag"
	"slices"
	"strconv"
)

// rapidDefaultChecks is rapid's number of cases per property when
// -rapid.checks is not given: what `make test` runs.
const rapidDefaultChecks = 100

// caseSample is which of a hand-written property's cases (a loop over
// seeded random scenarios) `make test` checks: the first short ones, and
// the rare ones, each of which alone reaches a block of the engine that
// none of the first short reaches. With them the test covers the blocks
// its full set covers (go test -coverprofile, the test alone) and keeps
// the counts it asks for (forks taken and refused); the caller's comment
// says so. When the properties run long (`make test-long` passes
// -rapid.checks=20000) every case runs: the ones left out of `make test`
// are more seeds of the same draws, a night's work, not another check.
type caseSample struct {
	short int
	rare  []int
}

// runs reports whether case i is checked on this run.
func (s caseSample) runs(i int) bool {
	if rapidChecks() > rapidDefaultChecks {
		return true
	}
	return i < s.short || slices.Contains(s.rare, i)
}

// rapidChecks is the -rapid.checks this test binary was given (rapid
// registers the flag; this package's own tests import it), or rapid's
// default.
func rapidChecks() int {
	f := flag.Lookup("rapid.checks")
	if f == nil {
		return rapidDefaultChecks
	}
	n, err := strconv.Atoi(f.Value.String())
	if err != nil {
		return rapidDefaultChecks
	}
	return n
}
