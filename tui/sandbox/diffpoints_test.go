package sandbox

import (
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The difference under compare mode's panes is the difference of the two
// shares it shows: "55.1% → 51.7% (-3.3 points)", the points taken from
// the unrounded shares, did not add up for a reader who checks it.
func TestDifferencePointsAreTheSharesShown(t *testing.T) {
	racefree.Only(t) // the engine alone, on this goroutine
	sc, err := scenariofile.Parse("mine.toml", []byte(threeTier))
	if err != nil {
		t.Fatal(err)
	}
	p := &sc.Variants[1].System.Services[0].Dependencies[0].Policy
	p.Timeout = 100 * time.Millisecond
	runs := [2]*engine.Run{}
	for v := range runs {
		if runs[v], err = engine.New(sc, v, 5); err != nil {
			t.Fatal(err)
		}
	}
	line := regexp.MustCompile(`ok: ([0-9.]+)% → ([0-9.]+)% \((?:no change|([+-][0-9.]+) points)\)`)
	checked := 0
	for at := 500 * time.Millisecond; at <= sc.Duration; at += 500 * time.Millisecond {
		var snaps [2]engine.Snapshot
		for v, r := range runs {
			r.AdvanceTo(at)
			snaps[v] = r.Snapshot()
		}
		_, lines := Difference(&snaps[0], &snaps[1])
		for _, l := range lines {
			m := line.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			a, _ := strconv.ParseFloat(m[1], 64)
			b, _ := strconv.ParseFloat(m[2], 64)
			want := strconv.FormatFloat(b-a, 'f', 1, 64)
			if m[3] == "" {
				if a != b {
					t.Errorf("at %v: %q says no change between two shares", at, l)
				}
			} else if got, _ := strconv.ParseFloat(m[3], 64); strconv.FormatFloat(got, 'f', 1, 64) != want {
				t.Errorf("at %v: %q: the shares shown differ by %s points", at, l, want)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no difference line was checked")
	}
}
