package lessonui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Lesson 9 step 2 at 80×24, guessed and played to the end: the Outcomes
// table's title still names its window once the run is final. Its text
// speaks of the requests that arrived during the slow spell; the title
// read only "final" there, as if the table counted every request of the
// run.
func TestFinalOutcomesKeepTheirWindowAt80x24(t *testing.T) {
	p := lessonID(t, "09-checkout-incident")
	m := open(t, p, 1, 80, 24, Options{})
	if !m.waiting() {
		t.Fatal("lesson 9 step 2 should wait for a guess")
	}
	m = runToStop(t, send(m, keys("1")...))
	title := ""
	for _, l := range strings.Split(ansi.Strip(endpointsOf(t, m).View()), "\n") {
		if strings.Contains(l, "╭─ Outcomes") {
			title = l
		}
	}
	if !strings.Contains(title, "final") {
		t.Fatalf("the final table should say it is final: %q", title)
	}
	if !strings.Contains(title, "500 ms–3.5 s") && !strings.Contains(title, "0.5–3.5 s") {
		t.Errorf("the final table should name its window, 500 ms to 3.5 s: %q", title)
	}
}
