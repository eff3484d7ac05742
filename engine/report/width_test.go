package report_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// At a width, every line of every built-in scenario's table fits, every
// number the wide table prints is still there whole, and the wide table
// (width 0) is unchanged by the narrow one's existence.
func TestTableFitsTheWidth(t *testing.T) {
	number := regexp.MustCompile(`[0-9][0-9,.]*%?`)
	for _, b := range scenarios.All() {
		sc := b.Build()
		snaps, err := engine.RunAll(sc, 5)
		if err != nil {
			t.Fatal(err)
		}
		var wide bytes.Buffer
		if err := report.WriteTable(&wide, sc, 5, snaps); err != nil {
			t.Fatal(err)
		}
		for _, width := range []int{40, 60, 80, 100} {
			var narrow bytes.Buffer
			if err := report.WriteTableWidth(&narrow, sc, 5, snaps, width); err != nil {
				t.Fatal(err)
			}
			for i, l := range strings.Split(narrow.String(), "\n") {
				if n := len([]rune(l)); n > width {
					t.Errorf("%s at %d columns: line %d is %d wide: %q", sc.Name, width, i+1, n, l)
				}
			}
			count := func(s string) map[string]int {
				m := map[string]int{}
				for _, n := range number.FindAllString(s, -1) {
					m[strings.TrimRight(n, ",.")]++
				}
				return m
			}
			want, got := count(wide.String()), count(narrow.String())
			for n, c := range want {
				// A split table repeats nothing but the design names, which
				// hold numbers too ("200 threads"), so a number may appear
				// more often, never less.
				if got[n] < c {
					t.Errorf("%s at %d columns: %q appears %d times, %d in the wide table (a number split or lost)", sc.Name, width, n, got[n], c)
				}
			}
		}
	}
}

func TestWrapKeepsANumberWithItsUnit(t *testing.T) {
	got := report.Wrap("Share of each endpoint's requests that arrived from 10 s to 30 s", 60, 0)
	if strings.Contains(got, "\n30 s") == false || strings.Contains(got, "30\ns") {
		t.Fatalf("the unit must stay with its number:\n%s", got)
	}
	if got := report.Wrap("a wait of 500 ms, then more words to make it wrap here", 20, 2); strings.Contains(got, "500\n") {
		t.Fatalf("500 ms split:\n%s", got)
	}
	// A unit with two marks after it: cascade's table at 80 columns wrote
	// "(first at 20.095" and put "s)," on the next line.
	for _, text := range []string{
		"recommendations    985 calls reached it, at most 28 in flight (first at 20.095 s), 491 turned away",
		"a share of 50 %), then more words to make it wrap",
	} {
		for width := 20; width <= len(text); width++ {
			got := report.Wrap(text, width, 4)
			if unitFirst.MatchString(got) {
				t.Fatalf("at %d columns a unit starts a line:\n%s", width, got)
			}
		}
	}
}

// unitFirst finds a line that starts, past its indent, with a unit: one
// that wrapping parted from its number.
var unitFirst = regexp.MustCompile(`(?m)^ *(s|ms|min|h|%)[,.:;)\]]*( |$)`)

// No built-in scenario's table, fitted to a terminal, parts a number from
// its unit.
func TestTableKeepsNumbersWithTheirUnits(t *testing.T) {
	for _, b := range scenarios.All() {
		sc := b.Build()
		snaps, err := engine.RunAll(sc, 5)
		if err != nil {
			t.Fatal(err)
		}
		for width := 40; width <= 100; width += 2 {
			var narrow bytes.Buffer
			if err := report.WriteTableWidth(&narrow, sc, 5, snaps, width); err != nil {
				t.Fatal(err)
			}
			if l := unitFirst.FindString(narrow.String()); l != "" {
				t.Errorf("%s at %d columns: a line starts with a unit, %q:\n%s", sc.Name, width, l, narrow.String())
			}
		}
	}
}

// The table says, once, what its lines below the shares count, and both
// halves of the sentence hold in the engine: a design's requests are the
// window's (a narrower window counts fewer) while a dependency's calls are
// the whole run's (the same whatever the window); and a call a timeout gave
// up on stays in flight at its dependency (cascade's hung recommendations
// holds more calls than the pool has threads to wait on them).
func TestTableSaysWhatItsLinesCount(t *testing.T) {
	sc := scenarios.Cascade()
	snaps, err := engine.RunAll(sc, 5)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := report.WriteTable(&b, sc, 5, snaps); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Below, each design's requests are those that arrived from 10 s to 30 s; the calls that reached a dependency are counted over the whole run.",
		" A call its timeout gave up on stays in flight at the dependency until the dependency answers it.",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the table does not say %q:\n%s", want, b.String())
		}
	}
	narrow := scenarios.Cascade()
	narrow.MeasureTo = narrow.MeasureFrom + time.Second
	narrowSnaps, err := engine.RunAll(narrow, 5)
	if err != nil {
		t.Fatal(err)
	}
	for v := range snaps {
		for e := range snaps[v].Endpoints {
			if w, n := snaps[v].Endpoints[e].Window.Total(), narrowSnaps[v].Endpoints[e].Window.Total(); n >= w {
				t.Errorf("%s/%s: %d requests in a 1 s window, %d in 20 s: not the window's", snaps[v].Variant, snaps[v].Endpoints[e].Name, n, w)
			}
		}
		for d := range snaps[v].Dependencies {
			if w, n := snaps[v].Dependencies[d].Calls, narrowSnaps[v].Dependencies[d].Calls; n != w {
				t.Errorf("%s/%s: %d calls with a 1 s window, %d with 20 s: not the whole run's", snaps[v].Variant, snaps[v].Dependencies[d].Name, n, w)
			}
		}
	}
	recs := snaps[0].Dependencies[2]
	if workers := sc.Variants[0].System.Workers; recs.Name != "recommendations" || recs.InFlightMax <= workers {
		t.Errorf("%s: at most %d in flight with %d threads; the sentence about calls given up on explains nothing here", recs.Name, recs.InFlightMax, workers)
	}
	// A scenario with no timeout has no calls given up on: no sentence.
	var none bytes.Buffer
	noTimeout := scenarios.Cascade()
	noTimeout.Variants = noTimeout.Variants[:1]
	for i := range noTimeout.Variants[0].System.Dependencies {
		noTimeout.Variants[0].System.Dependencies[i].Policy.Timeout = 0
	}
	if err := report.WriteTable(&none, noTimeout, 5, snaps[:1]); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(none.String(), "gave up on") {
		t.Errorf("a scenario without timeouts speaks of calls a timeout gave up on:\n%s", none.String())
	}
}

// A count keeps the word it counts, and "of N" the words before it:
// presets' failsafe-go note went "(v0.7.0 on): 1" and "failure of 1" a
// line apart. A phrase wider than a line's room still wraps word by word,
// so that no line runs past the width.
func TestWrapKeepsACountWithItsPhrase(t *testing.T) {
	text := "failsafe-go circuitbreaker.NewWithDefaults() (v0.7.0 on): 1 failure of 1, 60 s"
	for width := 20; width <= len(text); width++ {
		got := report.Wrap(text, width, 4)
		if !strings.Contains(got, "1 failure of 1,") {
			t.Errorf("at %d columns the threshold is cut:\n%s", width, got)
		}
	}
	if got := report.Wrap("12345 requests of 67890", 10, 2); got != "12345\n  requests\n  of 67890\n" {
		t.Errorf("a phrase wider than the room should wrap word by word, got:\n%s", got)
	}
}

// A hanging indent wider than the first line's label kept the label's
// columns and wrote the first word against them: "  api:timeout,".
func TestWrapKeepsTheSpaceAfterAShortLabel(t *testing.T) {
	got := report.Wrap("  api: timeout, deadline, bulkhead, bulkhead_wait, bulkhead_queue, retry.attempts", 60, 6)
	if !strings.HasPrefix(got, "  api: timeout,") {
		t.Errorf("the space after the label is lost:\n%s", got)
	}
}
