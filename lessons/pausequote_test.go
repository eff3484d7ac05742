package lessons

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
)

// windowMetrics are the figures of the measurement window's requests: a
// step that pauses before the window ends has not played what they count,
// even when the part played prints the same (lesson 5's "Counting slow
// calls" stopped at 1.726 s and said health's median "is 0 ms" over a
// window that runs to 3.5 s, and no pane showed a latency).
var windowMetrics = map[string]bool{"share": true, "count": true, "requests": true, "p50": true, "p95": true, "p99": true}

// A step that pauses before its run ends shows the run at the pause, and
// its texts speak of what is on screen: a number of its own run that the
// pause's snapshot would give otherwise (a whole run's count, a share of
// the whole window) says in its sentence that it covers the whole run, or
// is quoted at the pause (service-abandoned-at and the other -at metrics).
// Lesson 11's "Working for nobody" stopped at 39 s with the chain pane at
// 1,304 calls of abandoned work and quoted the whole run's 792 and 792
// without a word; the learner could not match either with the pane. The
// words are stretch.go's (QuoteSaysStretch): the whole run's for any
// figure, the end of the measurement window's also for a figure of the
// window, which ends before the run does.
func TestAPausedStepSaysWhenItQuotesTheWholeRun(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	lab := NewLab()
	checked := 0
	for _, l := range all {
		p, err := Prepare(l, lab)
		if err != nil {
			t.Fatal(err)
		}
		for i := range l.Steps {
			st, ps := &l.Steps[i], &p.Steps[i]
			if st.Sim == nil || st.Sim.IsShuffle() || ps.PauseAt < 0 || ps.PauseAt >= ps.End {
				continue
			}
			// The same expressions, with the step's run cut at its pause.
			atPause, err := lab.At(st.Sim, ps.PauseAt)
			if err != nil {
				t.Fatal(err)
			}
			cut := NewLab()
			cut.final.done = map[string]engine.Snapshot{st.Sim.key(): atPause}
			whole := &evalCtx{lab: lab, step: st, lesson: l, seed: st.Seed}
			paused := &evalCtx{lab: cut, step: st, lesson: l, seed: st.Seed}
			for where, text := range learnerTexts(l) {
				if !strings.HasPrefix(where, fmt.Sprintf("step %d (", i+1)) {
					continue
				}
				for _, sentence := range strings.SplitAfter(oneLine(text), ". ") {
					err := scanPlaceholders(sentence, func(at int, expr string, _ error) error {
						e, err := ParseExpr(expr)
						if err != nil || len(e.Args) == 0 || e.Args[0] != "step" || e.Metric == "param" || strings.HasSuffix(e.Metric, "-at") {
							return nil
						}
						w, err1 := whole.Eval(e)
						a, err2 := paused.Eval(e)
						if err1 != nil || err2 != nil {
							return nil // a metric that needs the whole run (opens, closes, ...) has no value at the pause
						}
						checked++
						ws, _ := w.Format(e.Format)
						as, _ := a.Format(e.Format)
						if ws == as && !(windowMetrics[e.Metric] && ps.PauseAt < atPause.MeasureTo) {
							return nil
						}
						if saysAllItCounts(e.Metric, sentence, at) {
							return nil
						}
						t.Errorf("%s %s pauses at %v and quotes {{%s}} as %s, which is %s at the pause, without saying it covers all it counts (say one of %q): say so in the sentence, or quote the moment with an -at metric\n\t%s",
							l.ID, where, ps.PauseAt, expr, ws, as, wordsForAllItCounts(e.Metric), sentence)
						return nil
					})
					if err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d quotes checked", checked)
	}
}

// wordsForAllItCounts are the words saysAllItCounts takes for metric.
func wordsForAllItCounts(metric string) []string {
	words := StretchWords(StretchWholeRun)
	if windowMetrics[metric] {
		words = append(words, StretchWords(StretchWindow)...)
	}
	return words
}

// saysAllItCounts says whether the figure of metric quoted at offset at of
// a sentence is said to cover all it counts: the whole run, or for a
// figure of the measurement window, the window to its end.
func saysAllItCounts(metric, sentence string, at int) bool {
	return QuoteSaysStretch(StretchWholeRun, sentence, at) ||
		windowMetrics[metric] && QuoteSaysStretch(StretchWindow, sentence, at)
}
