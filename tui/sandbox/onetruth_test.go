package sandbox

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// runShares is what `breakerlab run SCENARIO --format csv` prints for the
// runs snaps, read back: variant, endpoint, outcome → share, each its
// count over its endpoint's: the share column's four places, rounded
// again to a tenth of a percent, read go-server's 75 of 10,008 (0.7494%)
// as 0.0075 and then 0.8%, where the screen rightly says 0.7%.
func runShares(t *testing.T, snaps []engine.Snapshot) map[string]float64 {
	t.Helper()
	var buf bytes.Buffer
	if err := report.WriteCSV(&buf, &engine.Scenario{}, 0, nil, snaps); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	counts, totals := map[string]float64{}, map[string]float64{}
	for _, r := range rows[1:] {
		n, err := strconv.ParseFloat(r[3], 64)
		if err != nil {
			t.Fatal(err)
		}
		counts[r[0]+"/"+r[1]+"/"+r[2]] = n
		totals[r[0]+"/"+r[1]] += n
	}
	out := map[string]float64{}
	for k, n := range counts {
		out[k] = n / totals[k[:strings.LastIndex(k, "/")]]
	}
	return out
}

// For every built-in scenario, compare mode (the first variant against the
// last) shows in its difference lines, at a moment in the measurement
// window, the shares engine/report computes from a fresh run's snapshot at
// that moment; and at the end of the traffic the shares of `breakerlab run`.
func TestCompareShowsTheEnginesNumbersForEveryScenario(t *testing.T) {
	racefree.Only(t)
	t.Parallel() // parallel_test.go says which tests may
	for _, b := range scenarios.All() {
		base := b.Build()
		t.Run(b.Name, func(t *testing.T) {
			m := newModel(t, 160, 48, Options{Scenario: b.Build()})
			// Two designs, or the one design under two libraries' breakers.
			if len(base.Variants) > 1 {
				m = press(m, "c")
			} else {
				m = press(m, "C")
			}
			if m.cmp == nil {
				t.Fatalf("no compare mode: %s", m.note)
			}
			// Each side's scenario as a fresh build, run on its own.
			var scs [2]*engine.Scenario
			var vs [2]int
			for i, s := range m.cmp.sides {
				sc, err := withPreset(base, s.variant, s.preset)
				if err != nil {
					t.Fatal(err)
				}
				scs[i], vs[i] = sc, s.variant
			}
			sc := scs[0]
			mid := (sc.MeasureFrom + sc.MeasureTo) / 2 / (100 * time.Millisecond) * (100 * time.Millisecond)
			m = jumpTo(t, m, mid)
			left, right := freshSnapshot(t, scs[0], vs[0], mid), freshSnapshot(t, scs[1], vs[1], mid)
			for _, e := range left.Endpoints {
				re, _ := right.Endpoint(e.Name)
				tl, tr := report.WindowTally(&e), report.WindowTally(re)
				want := fmt.Sprintf("%s ok: %s → %s", e.Name, pct(tl.Share(engine.OK)), pct(tr.Share(engine.OK)))
				if !strings.Contains(m.View(), want) {
					t.Errorf("at %v the difference should read %q:\n%s", mid, want, strings.Join(m.cmp.diffs, "\n"))
				}
			}

			m = jumpTo(t, m, sc.Duration)
			// A side with its own breaker is the built-in as built:
			// its runs are the ones the other one-truth tests share.
			var shares [2]map[string]float64
			for i, s := range m.cmp.sides {
				if s.preset == "" {
					shares[i] = runShares(t, runBuiltin(t, b.Name))
					continue
				}
				snaps, err := engine.RunAll(scs[i], tuitest.Seed)
				if err != nil {
					t.Fatal(err)
				}
				shares[i] = runShares(t, snaps)
			}
			sharesA, sharesB := shares[0], shares[1]
			for _, e := range left.Endpoints {
				a := sharesA[scs[0].Variants[vs[0]].Name+"/"+e.Name+"/ok"]
				z := sharesB[scs[1].Variants[vs[1]].Name+"/"+e.Name+"/ok"]
				want := fmt.Sprintf("%s ok: %s → %s", e.Name, pct(a), pct(z))
				if !strings.Contains(m.View(), want) {
					t.Errorf("at the end the difference should read run's %q:\n%s", want, strings.Join(m.cmp.diffs, "\n"))
				}
			}
		})
	}
}

// A name built from numbers follows the knobs: workers set to 400 make the
// shared pool "one shared pool of 400 threads", beside FULL 400/400, in the
// title's tab, the status line and the form; a scenario file's own name,
// which cannot be rebuilt, is marked with the change instead.
func TestKnobsRenameTheVariantsTheyChange(t *testing.T) {
	racefree.Only(t)
	setWorkers := func(m Model, n string) Model {
		m = press(m, "e")
		for m.form.knobs[m.form.focus].label != "workers" {
			m = press(m, "down")
		}
		m = press(m, "ctrl+u")
		for _, r := range n {
			m = press(m, string(r))
		}
		m = press(m, "enter")
		if m.form != nil {
			t.Fatalf("the form should close: %s", m.form.err)
		}
		return m
	}
	m := newModel(t, 200, 60, Options{})
	m = seekTo(t, m, 12*time.Second)
	if v := m.View(); !strings.Contains(v, "one shared pool of 200 threads") {
		t.Fatalf("the built-in name first:\n%s", v)
	}
	m = setWorkers(m, "400")
	v := m.View()
	if !strings.Contains(v, "one shared pool of 400 threads") || strings.Contains(v, "200 threads") {
		t.Errorf("the variant's name should follow the pool to 400:\n%s", v)
	}
	if got := m.Snapshot().Variant; got != "one shared pool of 400 threads" {
		t.Errorf("the snapshot's variant is %q", got)
	}
	// A second edit renames from the built-in name, not from the first edit's.
	m = setWorkers(m, "300")
	if got := m.Snapshot().Variant; got != "one shared pool of 300 threads" {
		t.Errorf("after a second edit the variant is %q", got)
	}
	// Compare mode names its sides the same way.
	m = press(m, "c")
	if v := m.View(); !strings.Contains(v, "variant 1, one shared pool of 300 threads") {
		t.Errorf("compare's header should use the edited name:\n%s", v)
	}

	// A teacher's file: its own name is kept and marked.
	file := tuitest.Scenario(t, "cascade")
	file.Name = "our-incident"
	file.Variants[0].Name = "our pool"
	m = newModel(t, 200, 60, Options{Scenario: file})
	m = setWorkers(m, "400")
	if got := m.Snapshot().Variant; got != "our pool (edited: workers 400)" {
		t.Errorf("a file's variant after an edit is %q", got)
	}
}

// Under a library's defaults, a variant named after its breaker's numbers
// is named after the library's numbers.
func TestPresetRenamesABreakerNamedVariant(t *testing.T) {
	sc := tuitest.Scenario(t, "breaker-timeline")
	c, err := withPreset(sc, 0, "hystrix")
	if err != nil {
		t.Fatal(err)
	}
	if c.Variants[0].Name == sc.Variants[0].Name || !strings.HasPrefix(c.Variants[0].Name, "breaker: window 10 s") {
		t.Errorf("under Hystrix's defaults the variant is %q (was %q)", c.Variants[0].Name, sc.Variants[0].Name)
	}
}
