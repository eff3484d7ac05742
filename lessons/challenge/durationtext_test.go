package challenge

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
)

// A knob's duration read "600ms" beside a par of "≤ 600 ms" on one
// screen: the knobs wrote Go's syntax, the goals, pars and briefs the
// number, a space and the unit, as the rest of the app shows a duration
// to read. A knob's values read as the goals' do, and its field, which
// opens with that text, reads it back, on every point of every built-in
// duration knob's grid.
func TestKnobDurationsReadAsTheGoalsDo(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range all {
		for i := range c.Knobs {
			k := &c.Knobs[i]
			if k.Kind != KnobDuration {
				continue
			}
			for j := 0; k.Min+float64(j)*k.Step <= k.Max+1e-9; j++ {
				v := k.fromNumber(k.Min + float64(j)*k.Step)
				f, _ := numeric(v)
				shown := k.Format(v)
				back, err := k.Parse(shown)
				if err != nil || FormatValue(back) != FormatValue(v) {
					t.Errorf("%s: %s is shown %q, which its field reads as %v, %v", c.ID, k.Path, shown, back, err)
				}
				if f == 0 {
					continue // "0 s (not set)" or "0 s", where a measured zero reads "0 ms"
				}
				goal, _ := lessons.Value{Kind: lessons.KindDuration, F: f}.Format("")
				if shown != goal {
					t.Errorf("%s: %s is shown %q, a goal's %s as %q", c.ID, k.Path, shown, FormatValue(v), goal)
				}
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no built-in duration knob: the test's premise is gone")
	}
}

// A goal's window reads as its bound does: "5–15 s", the unit once where
// both ends have it.
func TestGoalWindowsReadAsTheBoundsDo(t *testing.T) {
	for _, tc := range []struct {
		from, to time.Duration
		want     string
	}{
		{5 * time.Second, 15 * time.Second, "5–15 s"},
		{0, 2 * time.Second, "0–2 s"},
		{500 * time.Millisecond, 2 * time.Second, "500 ms–2 s"},
		{1500 * time.Millisecond, 90 * time.Second, "1.5–90 s"},
	} {
		g := Goal{Window: &[2]time.Duration{tc.from, tc.to}}
		if got := g.WindowText(); got != tc.want {
			t.Errorf("window %v to %v reads %q, want %q", tc.from, tc.to, got, tc.want)
		}
	}
}

// The text a duration knob shows is what can be typed back: "1 s" as
// well as "1s".
func TestKnobTakesADurationAsShown(t *testing.T) {
	k := Knob{Path: "x.timeout", Label: "timeout", Kind: KnobDuration, Min: 0, Max: 10, Step: 0.1}
	for text, want := range map[string]string{"1 s": "1s", "250 ms": "250ms", "1.5 s": "1.5s", "0 s (not set)": "0s", "0 s (none)": "0s", "2s": "2s"} {
		if v, err := k.Parse(text); err != nil || FormatValue(v) != want {
			t.Errorf("%q: %v %v, want %s", text, v, err, want)
		}
	}
}
