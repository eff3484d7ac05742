package lessonui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

var (
	// openedAt is a fleet row's open breaker with the time it opened;
	// probeAt the same with the time of its next probe after it.
	openedAt = regexp.MustCompile(`\bopen [0-9.]+ s`)
	probeAt  = regexp.MustCompile(`\bopen [0-9.]+ s [0-9.]+ s`)
)

// A step that plays the run a later question asks the breakers' moves
// about keeps back when they will probe, as that step does, until the
// question is answered: lesson 12's "The outage" paused at 21 s with
// every instance's "next probe 25.2 s" and "14 probe at 25.3 s" beside
// it, and the next step asks whether they probe together. Once the
// question is answered, going back shows them.
func TestLaterBreakerQuestionHoldsTheProbes(t *testing.T) {
	checked := 0
	for _, p := range allLessons(t) {
		asks := figureAsks(p)
		for i := range p.Steps {
			st := &p.Steps[i]
			if st.Scenario == nil || !containsPane(st.Panes, "instances") {
				continue
			}
			later := -1
			for j := i + 1; j < len(p.Steps); j++ {
				if p.Steps[j].Predict != nil && asks[j].own != nil && sameRun(asks[j].own, st.Sim) && p.Asks(j, true).Breaker {
					later = j
					break
				}
			}
			if later < 0 {
				continue
			}
			m := play(t, open(t, p, i, 160, 48, Options{}))
			tw, _ := m.columns()
			v := flat(simColumn(m.View(), tw))
			if !openedAt.MatchString(v) {
				continue // no breaker open: nothing to probe
			}
			checked++
			if probeAt.MatchString(v) || strings.Contains(v, "probe at") {
				t.Errorf("%s step %d at %v shows when the breakers probe before step %d's question:\n%s", p.Lesson.ID, i+1, m.Now(), later+1, v)
			}
			// The step's own guess is made (play): the footer names the
			// later question the probes wait for, where it said "after
			// your guess" beside the guess just made.
			if !m.waiting() && (strings.Contains(v, "your guess") || !strings.Contains(v, fmt.Sprintf("after step %d", later+1))) {
				t.Errorf("%s step %d: the held probes do not name step %d's question they wait for:\n%s", p.Lesson.ID, i+1, later+1, v)
			}
			m.predicts[later].made = true
			m.layout()
			if v := flat(simColumn(m.View(), tw)); strings.Contains(v, "after your guess") {
				t.Errorf("%s step %d: still held after step %d's guess:\n%s", p.Lesson.ID, i+1, later+1, v)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no step before a question about its run's breakers checked")
	}
}

func containsPane(panes []string, name string) bool {
	for _, p := range panes {
		if p == name {
			return true
		}
	}
	return false
}
