package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/cmd/breakerlab/internal/lab"
	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// rateExample is --rate's example in its help: "(2.5: one every 400ms)".
var rateExample = regexp.MustCompile(`\(([0-9.]+): one every ([0-9a-z.]+)\)`)

// --rate is a load generator's rate, which may be fractional: 2.5 requests
// a second is one every 400ms, which the lab sends. The help says so, and
// its example's interval is the lab's own (lab.Config.Interval); a
// fractional rate passes the flags' checks (the run below stops at
// --listen, checked after --rate).
func TestLabRateMayBeFractional(t *testing.T) {
	racefree.Only(t) // no goroutine: refused before any server starts
	tempConfig(t)
	help, _, _ := run(t, "help", "lab")
	entry := flagEntry(help, "--rate")
	if !strings.Contains(entry, "requests a second, may be fractional") {
		t.Errorf("help lab's --rate does not say it may be fractional: %q", entry)
	}
	m := rateExample.FindStringSubmatch(entry)
	if m == nil {
		t.Fatalf("help lab's --rate gives no example of a fractional rate: %q", entry)
	}
	r, err := strconv.ParseFloat(m[1], 64)
	if err != nil || r == float64(int(r)) {
		t.Fatalf("--rate's example %q is no fraction (%v)", m[1], err)
	}
	cfg := lab.DefaultConfig(lab.None)
	cfg.Rate = r
	if got := engine.FormatDuration(cfg.Interval()); got != m[2] {
		t.Errorf("--rate's help says %s is one every %s; the lab sends one every %s", m[1], m[2], got)
	}
	_, errOut, code := run(t, "lab", "checkout", "--rate", m[1], "--listen", "example.com")
	if code != exitUsage || strings.Contains(errOut, "--rate") || !strings.Contains(errOut, "--listen") {
		t.Errorf("lab checkout --rate %s --listen example.com: exit %d, %q; want --rate taken and --listen refused", m[1], code, errOut)
	}
}
