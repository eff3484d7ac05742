package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// cascade's recommendations hang from 10s with no end, to the run's end at
// 30s. A sweep over the fault's end gets the ends asked for; an axis that
// holds 0s (read as no end, under a column labelled 0) or ends at or before
// the start is refused naming the ends that work; a fault key on a part
// with no fault, or of another kind of fault, names what the scenario has.
func TestSweepFaultWithNoEnd(t *testing.T) {
	racefree.Only(t) // its sweep's workers and progress are TestSweepCSVMatchesRuns's, which runs under -race
	sweep := func(vary ...string) []string {
		args := []string{"sweep", "cascade", "--measure", "search.ok", "--seeds", "1", "--format", "csv"}
		for _, v := range vary {
			args = append(args, "--vary", v)
		}
		return args
	}
	for _, c := range []struct {
		args []string
		code int
		want []string
	}{
		// The shares run gives on scenario files with these ends
		// (5916 ok of 5978, 4186 of 5978).
		{sweep("recommendations.fault.to=12s..20s:2"), 0,
			[]string{"\n12,1,1,0.989629,", "\n20,1,1,0.700234,"}},
		{sweep("recommendations.fault.to=0s..20s:5"), 2,
			[]string{"--vary recommendations.fault.to=0s..20s:5: the fault of recommendations starts at 10s, so it cannot end at 0s, 5s or 10s (an end of 0s reads as no end): give ends after 10s, up to the run's end at 30s, e.g. --vary recommendations.fault.to=11s..30s"}},
		// One value of 0s swept a fault to the run's end, as "0 ms".
		{sweep("recommendations.fault.to=0s..0s"), 2,
			[]string{"cannot end at 0s (an end of 0s reads as no end)", "as the fault does now with no end"}},
		{sweep("recommendations.fault.to=0s..20s:3", "recommendations.fault.from=5s..8s:2"), 2,
			[]string{"an end of 0s reads as no end", "up to the run's end at 30s"}},
		{sweep("search-index.fault.to=15s..25s:3"), 2,
			[]string{"--vary search-index.fault.to=15s..25s:3: search-index has no fault in variant 1 of cascade to vary (the parts with a fault are: recommendations); --fault 'AT search-index KIND [ARGS]' adds one (KIND: slow, hang, errors, down, unreachable)"}},
		{sweep("recommendations.fault.latency=1s..2s:2"), 2,
			[]string{"the fault of recommendations is a hang fault, which does not read fault.latency", "fault.latency is a slow fault's"}},
	} {
		out, errOut, code := run(t, c.args...)
		for _, w := range c.want {
			if code != c.code || !strings.Contains(out+errOut, w) {
				t.Errorf("%q: exit %d, %q %q; want exit %d and %q", c.args, code, out, errOut, c.code, w)
			}
		}
	}
}
