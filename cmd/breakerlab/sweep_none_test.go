package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A knob whose 0 is none at all (a pool's per-host cap at 0 opens as many
// connections as are asked for) is labelled so in the table, as the
// sandbox's sweep labels it: the table wrote a plain 0, the tightest value
// above 1. A knob whose 0 is a value like any other (a bulkhead's wait of
// 0 refuses at once) keeps its 0; CSV keeps the number for either. The
// map of two knobs and its svg say none too.
func TestSweepTableSaysWhatANoneKnobsZeroMeans(t *testing.T) {
	racefree.Only(t) // its sweep's workers, progress and watches are TestSweepCSVMatchesRuns's, which runs under -race
	rowOf := func(table, first string) string {
		for _, line := range strings.Split(table, "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), first) {
				return strings.TrimSpace(line)
			}
		}
		return ""
	}
	sweep := func(args ...string) string {
		t.Helper()
		stdout, stderr, code := run(t, append([]string{"sweep"}, args...)...)
		if code != 0 {
			t.Fatalf("sweep %s: exit code %d: %s", strings.Join(args, " "), code, stderr)
		}
		return stdout
	}

	none := sweep("go-inventory", "--variant", "2", "--vary", "transport.per_host=0..10:6", "--measure", "product.ok", "--seeds", "1", "--format", "table")
	if row := rowOf(none, "none (no limit)"); row == "" {
		t.Errorf("transport.per_host swept from 0: no row says %q:\n%s", "none (no limit)", none)
	}
	if row := rowOf(none, "0 "); row != "" {
		t.Errorf("transport.per_host swept from 0: a row says 0 as if it were the tightest cap: %q", row)
	}
	if csv := sweep("go-inventory", "--variant", "2", "--vary", "transport.per_host=0..10:6", "--measure", "product.ok", "--seeds", "1", "--format", "csv"); !strings.Contains(csv, "\n0,") || strings.Contains(csv, "none") {
		t.Errorf("the CSV keeps the number 0 for none, and no words:\n%s", csv)
	}

	// A map of two knobs: the per-host cap's column of 0 says none, and a
	// line under the map what none is; the fault's start's row of 0
	// stays 0. (The bulkhead's wait, which this map drew before, is
	// refused: the call has no bulkhead to wait for.)
	both := sweep("go-inventory", "--variant", "2", "--vary", "transport.per_host=0..10:3", "--vary", "inventory/database.fault.from=0..100ms:2", "--measure", "product.ok", "--seeds", "1", "--format", "table")
	if !strings.Contains(both, " none ") || !strings.Contains(both, "none: no limit (transport.per_host=0)\n") || rowOf(both, "0 ms │") == "" || strings.Contains(both, "fault.from=0") {
		t.Errorf("a map of transport.per_host from 0 by inventory/database.fault.from from 0: want a column of none, a line saying none is no limit, and a row of 0:\n%s", both)
	}

	// The picture's tick at 0 says none too.
	if svg := sweep("go-inventory", "--variant", "2", "--vary", "transport.per_host=0..10:3", "--vary", "inventory/database.fault.from=0..100ms:2", "--measure", "product.ok", "--seeds", "1", "--format", "svg"); !strings.Contains(svg, ">none</text>") || !strings.Contains(svg, ">0 ms</text>") {
		t.Errorf("the svg of transport.per_host from 0 by inventory/database.fault.from from 0: want a tick of none on the first, of 0 ms on the second")
	}

	// The goal's summary says none meets the goal, in the table's words:
	// "not met from transport.per_host=2" alone read as the values below
	// 2 meeting it.
	goal := sweep("go-inventory", "--variant", "2", "--vary", "transport.per_host=0..10:6", "--measure", "product.ok", "--seeds", "1", "--format", "table", "--goal", "product.ok>=0.01")
	if !strings.Contains(goal, "\nmet at none (no limit), not met from transport.per_host=2\n") {
		t.Errorf("transport.per_host swept from 0 with a goal only none meets: want the summary to say it is none that meets it:\n%s", goal)
	}

	value := sweep("cascade", "--variant", "2", "--vary", "recommendations.bulkhead_wait=0..100ms:3", "--measure", "search.ok", "--seeds", "1", "--format", "table")
	if row := rowOf(value, "0 ms "); row == "" || strings.Contains(value, "none") {
		t.Errorf("recommendations.bulkhead_wait swept from 0: want a row of 0 and no none:\n%s", value)
	}
}
