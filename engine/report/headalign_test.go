package report_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// An endpoint's name over one column ends where the column's outcome and
// values end (right-aligned, as they are): event-loop-stall's search,
// profile and report, each one column of ok, as a built system's
// /checkout /cache /orders, stood left over the blank before the next.
func TestOneColumnEndpointNameEndsOverItsColumn(t *testing.T) {
	racefree.Only(t) // no goroutine: RunAll runs the variants one after another
	b, _ := scenarios.Lookup("event-loop-stall")
	sc := b.Build()
	snaps, err := engine.RunAll(sc, 5)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := report.WriteTable(&out, sc, 5, snaps); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out.String(), "\n")
	at := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "design ") {
			at = i
			break
		}
	}
	if at < 1 {
		t.Fatalf("no design line in\n%s", out.String())
	}
	head, outcomes, values := lines[at-1], lines[at], lines[at+1]
	ends := func(l string) []int {
		var e []int
		for i := range l {
			if l[i] != ' ' && (i+1 == len(l) || l[i+1] == ' ') {
				e = append(e, i)
			}
		}
		return e
	}
	names, oks, shares := ends(head), ends(outcomes)[1:], ends(values)[len(ends(values))-len(ends(outcomes))+1:]
	if len(names) != len(sc.Variants[0].System.Endpoints) || len(names) != len(oks) {
		t.Fatalf("%d names over %d columns:\n%s", len(names), len(oks), out.String())
	}
	for k := range names {
		if names[k] != oks[k] || oks[k] != shares[k] {
			t.Errorf("column %d: the name ends at %d, the outcome at %d, the value at %d:\n%s\n%s\n%s", k+1, names[k], oks[k], shares[k], head, outcomes, values)
		}
	}
}
