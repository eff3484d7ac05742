package lab

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A mode measured more than once says how many runs were thrown away, in
// words that agree with the number, and why, in terms the table explains:
// it printed "1 stalled runs discarded", and the lab's "stalled" was
// never said to mean the clients falling behind their schedule.
func TestTableSaysWhyRunsWereDiscarded(t *testing.T) {
	racefree.Only(t) // no goroutine: it writes a table of results made here
	c := DefaultConfig(Protected)
	c.Rate = 5
	limit := report.LatencyShort(c.StallLimit())
	for _, tc := range []struct {
		name     string
		attempts int
		stalled  bool
		want     []string
		wantNot  []string
	}{
		{"one measured once", 1, false, nil, []string{"discarded", "later than scheduled"}},
		{"one discarded", 2, false, []string{"protected, 5 req/s: 1 run discarded and measured again: its requests went out more than " + limit + " later than scheduled (the machine was too busy), so it was not the load asked for"}, []string{"runs discarded"}},
		{"three discarded", 4, false, []string{"protected, 5 req/s: 3 runs discarded and measured again: in each, requests went out more than " + limit + " later than scheduled", "so none was the load asked for"}, []string{"1 run"}},
		{"every one of four late", 4, true, []string{"protected, 5 req/s: in each of its 4 runs, requests went out more than " + limit + " later than scheduled", "the one kept, 812 ms late at worst, came closest", "read its numbers with care"}, []string{"discarded"}},
		{"its only run late", 1, true, []string{"protected, 5 req/s: its run's requests went out up to 812 ms later than scheduled, past the " + limit + " allowed", "read its numbers with care"}, []string{"runs", "discarded"}},
	} {
		r := Result{Config: c, Variant: c.VariantName(), From: time.Second, To: 2 * time.Second, Attempts: tc.attempts, Stalled: tc.stalled, Stall: 812 * time.Millisecond}
		var b strings.Builder
		if err := WriteTable(&b, []Result{r}); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		// The note is wrapped to the table's 80 columns; read it unwrapped.
		flat := strings.Join(strings.Fields(out), " ")
		for _, w := range tc.want {
			if !strings.Contains(flat, w) {
				t.Errorf("%s: the table does not say %q:\n%s", tc.name, w, out)
			}
		}
		for _, w := range tc.wantNot {
			if strings.Contains(flat, w) {
				t.Errorf("%s: the table says %q:\n%s", tc.name, w, out)
			}
		}
		if strings.Contains(out, "stalled") {
			t.Errorf("%s: the table says \"stalled\", a word it never explains:\n%s", tc.name, out)
		}
		for i, l := range strings.Split(out, "\n") {
			if len([]rune(l)) > 80 {
				t.Errorf("%s: line %d is %d columns: %q", tc.name, i+1, len([]rune(l)), l)
			}
		}
	}
}

// A run stopped by ctrl+c with one mode asked for says "mode", not "modes".
func TestInterruptedCountsModesInWords(t *testing.T) {
	racefree.Only(t) // no goroutine: it writes one line
	for _, tc := range []struct {
		done        int
		notMeasured []string
		want        string
	}{
		{0, []string{"protected"}, "0 of 1 mode measured; not measured: protected"},
		{1, []string{"protected"}, "1 of 2 modes measured; not measured: protected"},
		// A name with a comma in it stays one name, and the line fits
		// the table's 80 columns.
		{1, []string{"timeout 500 ms", "timeout 500 ms, 40 req/s", "protected"}, "1 of 4 modes measured; not measured: timeout 500 ms · timeout 500 ms, 40 req/s · protected"},
	} {
		var b strings.Builder
		if err := WriteInterrupted(&b, tc.done, tc.notMeasured); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.Join(strings.Fields(b.String()), " "), tc.want) {
			t.Errorf("%d done, %v not: %q, want %q", tc.done, tc.notMeasured, b.String(), tc.want)
		}
		for _, l := range strings.Split(b.String(), "\n") {
			if len([]rune(l)) > 80 {
				t.Errorf("%d done, %v not: a line of %d columns: %q", tc.done, tc.notMeasured, len([]rune(l)), l)
			}
		}
	}
}
