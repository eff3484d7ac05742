package lessonui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// stopKey reads the step the stop's words say n opens: "step 3 … : n" or
// "…; n: step 2".
var stopKey = regexp.MustCompile(`step (\d+) [^·]*: n\b|n: step (\d+)`)

// At lesson 1's first stop the status line said "step 3 plays on from
// here: n", and n opened step 2: the step that plays on the run is not
// the next one. The words name the step n opens.
func TestStopNamesTheStepNOpens(t *testing.T) {
	p := allLessons(t)[0]
	for _, w := range []int{80, 100} {
		m := open(t, p, 0, w, 30, Options{})
		m = send(m, keys("1")...)
		m = playToPause(t, m)
		if !m.atStop() {
			t.Fatalf("%d columns: lesson 1's first step, answered and played, is not at its stop", w)
		}
		line := statusRow(t, m)
		sub := stopKey.FindStringSubmatch(line)
		if sub == nil {
			t.Fatalf("%d columns: the status line %q does not say what n opens", w, line)
		}
		said := sub[1] + sub[2]
		m = send(m, keys("n")...)
		if opened := fmt.Sprint(m.step + 1); said != opened {
			t.Errorf("%d columns: the status line %q says n opens step %s; n opened step %s", w, strings.TrimSpace(line), said, opened)
		}
	}
}
