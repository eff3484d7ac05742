package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/cmd/breakerlab/internal/lab"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// leastRate is the least --rate lab's refusal names: "allowed is 0.286 or
// more".
var leastRate = regexp.MustCompile(`allowed is ([0-9.]+) or more`)

// lab --rate 0.17 sent one checkout request at 0 and the next after the
// run's measured window, and printed a table of 0/0: it is refused, with
// the least rate that measures a request, the one the lab's own count
// (lab.Config.MeasuredCheckouts) finds a boundary.
func TestLabRefusesARateThatMeasuresNothing(t *testing.T) {
	racefree.Only(t) // no goroutine: refused before any server starts
	tempConfig(t)
	for _, rate := range []string{"0.17", "0.1", "0.285"} {
		_, errOut, code := run(t, "lab", "checkout", "--rate", rate)
		m := leastRate.FindStringSubmatch(errOut)
		if code != exitUsage || !strings.Contains(errOut, "--rate "+rate) || m == nil {
			t.Errorf("lab checkout --rate %s: exit %d, %q; want it refused, naming the least rate", rate, code, errOut)
			continue
		}
		least, err := strconv.ParseFloat(m[1], 64)
		if err != nil {
			t.Fatal(err)
		}
		cfg := lab.DefaultConfig(lab.None)
		if cfg.Rate = least; cfg.MeasuredCheckouts() == 0 {
			t.Errorf("the refusal names %v, which measures no request", least)
		}
		if cfg.Rate = least - 0.001; cfg.MeasuredCheckouts() != 0 {
			t.Errorf("the refusal names %v; %v measures a request too", least, cfg.Rate)
		}
	}
	// The help gives the range the refusal allows.
	help, _, _ := run(t, "help", "lab")
	if entry, want := flagEntry(help, "--rate"), numberText(lab.LeastMeasuredRate())+" to "; !strings.Contains(entry, want) {
		t.Errorf("help lab's --rate does not say it starts at %q: %q", want, entry)
	}
	// --serve sends no load of its own: a rate there is refused as a flag
	// it leaves unused, not as one that measures nothing.
	_, errOut, _ := run(t, "lab", "checkout", "--rate", "0.17", "--serve", "--listen", "192.0.2.1", "--open-to-network")
	if strings.Contains(errOut, "window") || !strings.Contains(errOut, "--serve sends none") {
		t.Errorf("lab checkout --serve --rate 0.17: %q; want --rate refused as unused by --serve, which measures nothing to refuse it for", errOut)
	}
}
