package pane_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// Wrapping never leaves a number on one line and its unit on the next.
func TestWrapKeepsNumbersWithTheirUnits(t *testing.T) {
	for _, c := range []struct {
		s string
		w int
	}{
		{"rejected with a 503 and Retry-After (last: 0.6 s)", 46},
		{"opens when ≥ 50% of last 10 calls fail or ≥ 50% slower than 400 ms", 63},
		{"the share fell to 46.4 % in the window", 22},
	} {
		lines := pane.Wrap(c.s, c.w)
		for i := 0; i+1 < len(lines); i++ {
			end := strings.TrimRight(lines[i], " ")
			next := lines[i+1]
			if end != "" && end[len(end)-1] >= '0' && end[len(end)-1] <= '9' &&
				(strings.HasPrefix(next, "s") || strings.HasPrefix(next, "ms") || strings.HasPrefix(next, "%")) {
				t.Errorf("Wrap(%q, %d) splits a number from its unit: %q / %q", c.s, c.w, lines[i], next)
			}
		}
		if got := strings.Join(lines, " "); strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields(c.s), " ") {
			t.Errorf("Wrap changed the words: %q", got)
		}
		for _, l := range lines {
			if ansi.StringWidth(l) > c.w {
				t.Errorf("a line wider than %d: %q", c.w, l)
			}
		}
	}
}

// The open breaker's note says what its number is: "trials in 4.1 s",
// never a bare "4.1 s". At the 80-column layout's width the title keeps
// the form it has beside the widest state word (it must not jump as the
// state changes), and the note beside it is the state alone.
func TestBreakerNoteSaysWhatItsNumberMeans(t *testing.T) {
	for _, w := range []int{40, 44, 66, 110} {
		b := pane.NewBreaker(tuitest.Plain())
		b.SetData(tuitest.At(t, "cascade", 2, 26))
		b.SetSize(w, 16)
		top := strings.Split(ansi.Strip(b.View()), "\n")[0]
		if strings.Contains(top, "4.1 s") && !strings.Contains(top, "OPEN · trials in 4.1 s") {
			t.Errorf("at width %d the title has a bare 4.1 s: %q", w, top)
		}
		if !strings.Contains(top, "OPEN") {
			t.Errorf("at width %d the title lacks the state: %q", w, top)
		}
		if w >= 66 && !strings.Contains(top, "OPEN · trials in 4.1 s") {
			t.Errorf("at width %d the title should say the trials come in 4.1 s: %q", w, top)
		}
	}
}

// At 80 columns the diagram's edges say their rules in words: no "|"
// joining rules, no bare "3✓" or "1✗".
func TestEdgeLabelsReadableAt80Columns(t *testing.T) {
	b := pane.NewBreaker(tuitest.Plain())
	b.SetData(tuitest.At(t, "checkout", 3, 0.2))
	b.SetSize(44, 16)
	v := ansi.Strip(b.View())
	for _, want := range []string{"≥50% fail or slow", "3 pass", "1 fails", "1 s"} {
		if !strings.Contains(v, want) {
			t.Errorf("the diagram lacks %q:\n%s", want, v)
		}
	}
	for _, bad := range []string{"|", "3✓", "1✗", "≥50%/10"} {
		if strings.Contains(v, bad) {
			t.Errorf("the diagram still has %q:\n%s", bad, v)
		}
	}
}

// The pool's lines fit its width whatever its bulkhead holds: the count
// goes under the name rather than being cut.
func TestPoolNeverCutsItsLines(t *testing.T) {
	for _, at := range []float64{5, 20, 30} {
		p := pane.NewPool(tuitest.Plain())
		p.SetData(tuitest.At(t, "cascade", 1, at))
		p.SetSize(36, p.Needs(36))
		if v := ansi.Strip(p.View()); strings.Contains(v, "…") {
			t.Errorf("at %v s the pool cuts a line:\n%s", at, v)
		}
	}
}

// The overview drops whole columns when narrow, and says which.
func TestOverviewDropsWholeColumns(t *testing.T) {
	o := pane.NewOverview(tuitest.Plain())
	o.SetData(tuitest.At(t, "cascade", 2, 26))
	o.SetSize(40, o.Needs())
	v := ansi.Strip(o.View())
	if strings.Contains(v, "…") || !strings.Contains(v, "hidden") || strings.Contains(v, "wider shows") {
		t.Errorf("a narrow overview should name what it leaves out:\n%s", v)
	}
	o.SetSize(100, o.Needs())
	v = ansi.Strip(o.View())
	for _, want := range []string{"recommendations", "█ open", "in flight", "refused", "1,103"} {
		if !strings.Contains(v, want) {
			t.Errorf("the overview lacks %q:\n%s", want, v)
		}
	}
}

// A status note too long for the line ends at a whole word.
func TestStatusNoteEndsAtAWord(t *testing.T) {
	s := pane.NewStatus(tuitest.Plain())
	s.SetSize(80, 1)
	s.SetInfo(pane.StatusInfo{Speed: 1, Variants: 3, Scenario: "cascade",
		Note: "compare: same seed, same traffic; tab or 1-9 picks the right side, [ ] the left"})
	v := s.View()
	if ansi.StringWidth(v) != 80 {
		t.Fatalf("the line is %d wide", ansi.StringWidth(v))
	}
	if !strings.Contains(v, " …") || strings.Contains(v, "sid…") {
		t.Errorf("the note should end at a word, then \" …\": %q", v)
	}
}
