package main

import (
	"encoding/csv"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
)

// smallRanges are two-value ranges for path a learner would try first:
// from the knob's value on variant v a step up, and a step down to it
// (for a knob at its neighbour's bound: a burst's end, a lognormal's
// p50, a breaker's window at its minimum calls), then, for a knob with no value
// there or a value of 0 (off), a few of each kind a knob takes, and the
// run's second half.
func smallRanges(sc *engine.Scenario, v int, path string) []string {
	var out []string
	val, _ := lessons.KnobValue(sc, v, path)
	switch x := val.(type) {
	case int64:
		out = append(out, fmt.Sprintf("%d..%d:2", x, x+1), fmt.Sprintf("%d..%d:2", max(x-1, 0), max(x, 1)))
	case float64:
		if x > 0 {
			f := func(y float64) string { return strconv.FormatFloat(y, 'g', -1, 64) }
			out = append(out, f(x)+".."+f(x*1.1)+":2", f(x*0.9)+".."+f(x)+":2")
		}
	case string:
		if d, err := time.ParseDuration(x); err == nil && d > 0 {
			out = append(out, fmt.Sprintf("%s..%s:2", d, d*11/10), fmt.Sprintf("%s..%s:2", d*9/10, d))
		}
	}
	// And the second half of the run: a fault's end must come after its
	// start and by the drain's end (cascade's 10s..20s starts at its
	// fault's start, its 1m..2m ends past the drain).
	half := fmt.Sprintf("%s..%s:2", sc.Duration/2, sc.Duration)
	return append(out, "1..2:2", "2..3:2", "1s..2s:2", "10s..20s:2", "1m..2m:2", "0.25..0.5:2", half)
}

// listedKnobs holds sweepKnobs's list for a built-in scenario's variant,
// by "name/variant": several tests read the lists, and each is the sweep's
// checks of every knob of the variant (a second and a half of CPU for every
// variant of every scenario, read over and over).
var listedKnobs struct {
	sync.Mutex
	byVariant map[string][]string
}

// builtinSweepKnobs is sweepKnobs(b.Build, v), made once for every test.
func builtinSweepKnobs(b scenarios.Builtin, v int) []string {
	listedKnobs.Lock()
	defer listedKnobs.Unlock()
	key := b.Name + "/" + strconv.Itoa(v)
	knobs, ok := listedKnobs.byVariant[key]
	if !ok {
		knobs = sweepKnobs(b.Build, v)
		if listedKnobs.byVariant == nil {
			listedKnobs.byVariant = map[string][]string{}
		}
		listedKnobs.byVariant[key] = knobs
	}
	return slices.Clone(knobs)
}

// Every knob `sweep SCENARIO --variant N` lists (and completion offers
// after --vary) is one the sweep takes: each of every built-in variant,
// swept over a small range (from its value, where it has one) through the command's own
// checks (prepareSweep), is accepted. The list was lessons.NumberKnobs
// less a check that let through burst knobs of an endpoint with no burst
// and a slow fault's probability, which the sweep then refused.
func TestEveryListedKnobIsSwept(t *testing.T) {
	racefree.Only(t) // no goroutine: prepareSweep builds and checks cells and runs none (6.3 s of CPU under -race, 1.9 without)
	for _, b := range scenarios.All() {
		base := b.Build()
		for v := range base.Variants {
			measure := sweep.Measures(base, v)[0]
			for _, k := range builtinSweepKnobs(b, v) {
				var refusals []string
				for _, r := range smallRanges(base, v, k) {
					_, err := prepareSweep(b.Build, v, []string{k + "=" + r}, measure, "", []uint64{1})
					if err == nil {
						refusals = nil
						break
					}
					refusals = append(refusals, err.Error())
				}
				if refusals != nil {
					t.Errorf("%s --variant %d lists %s, and the sweep refuses every small range of it:\n  %s", b.Name, v+1, k, strings.Join(refusals, "\n  "))
				}
			}
		}
	}
}

// Completion after --vary offers the list `sweep SCENARIO` prints for the
// variant --variant names: checkout's first variant has no breaker, and
// no endpoint of checkout has a burst, so neither is offered; its fourth
// has a breaker, offered there.
func TestCompleteVaryOffersTheSweepsKnobs(t *testing.T) {
	racefree.Only(t) // no goroutine: completion lists the knobs and runs nothing
	b, _ := scenarios.Lookup("checkout")
	for _, v := range []int{1, 4} {
		got := completions(t, "sweep", "checkout", "--variant", strconv.Itoa(v), "--vary", "")
		var want []string
		for _, k := range builtinSweepKnobs(b, v-1) {
			want = append(want, k+"=")
		}
		if !slices.Equal(got, want) {
			t.Errorf("sweep checkout --variant %d --vary completes\n%q\nwant the sweep's list\n%q", v, got, want)
		}
		for _, refused := range []string{"health.burst.rate=", "payment.fault.probability=", "payment.ratelimiter.rate=", "shed.service_time="} {
			if slices.Contains(got, refused) {
				t.Errorf("variant %d: completion offers %s, which the sweep refuses", v, refused)
			}
		}
		if hasBreaker := slices.Contains(got, "payment.breaker.window="); hasBreaker != (v == 4) {
			t.Errorf("variant %d: payment.breaker.window offered: %v", v, hasBreaker)
		}
	}
}

// The CSV's axis column gives the value each cell ran with to the digit:
// 250ms..5s:12 runs a cell at 2840.909ms, which six digits wrote as
// 2840.91, and a run at 2840.91ms is another run.
func TestSweepCSVAxisIsTheValueRun(t *testing.T) {
	racefree.Only(t) // its sweep's workers and progress are TestSweepCSVMatchesRuns's, which runs under -race
	out, stderr, code := run(t, "sweep", "cascade", "--vary", "recommendations.timeout=250ms..5s:12", "--measure", "search.ok", "--seeds", "1", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(rows) != 13 {
		t.Fatalf("csv %q, %v", out, err)
	}
	ax, _ := sweep.ParseVary("recommendations.timeout=250ms..5s:12")
	for i, row := range rows[1:] {
		d, err := time.ParseDuration(row[0] + "ms")
		if want, _ := time.ParseDuration(ax.Values[i].(string)); err != nil || d != want {
			t.Errorf("row %d gives %sms, the cell ran with %s", i+1, row[0], ax.Values[i])
		}
	}
}
