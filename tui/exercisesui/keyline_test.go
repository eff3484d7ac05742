package exercisesui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
)

// The key line in each state a learner meets (failing, running, passed,
// all done), on its own and inside the home screen, at 80×24 and 200×60,
// as testdata/keyline.golden: a change to what the line offers shows in
// the golden's diff. Checked here besides: while a check runs the line
// does not offer x, which then only says to wait for the result; and on
// the last screen esc and q do not both read "back".
func TestKeyLinePerState(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	var b strings.Builder
	for _, home := range []bool{false, true} {
		for _, sz := range [][2]int{{80, 24}, {200, 60}} {
			w, h := sz[0], sz[1]
			f := newFake()
			d := startWith(t, f, w, h, func(o *Options) {
				if home {
					o.Leave = func() tea.Msg { return nil }
				}
			})
			where := fmt.Sprintf("%dx%d", w, h)
			if home {
				where += ", in the home screen"
			}
			line := func(state string) string {
				t.Helper()
				rows := strings.Split(d.view(), "\n")
				last := rows[len(rows)-1]
				fmt.Fprintf(&b, "%-40s %s\n", where+", "+state+":", strings.TrimRight(last, " "))
				return last
			}
			if l := line("failing"); !strings.Contains(l, "x reset to stub") && w >= 200 {
				t.Errorf("%s, failing: the line %q does not offer x", where, l)
			}
			_ = d.m.startCheck(d.m.current()) // its result never comes: running
			if l := line("running"); strings.Contains(l, "x ") {
				t.Errorf("%s, running: the line %q offers x, which only says to wait while the check runs", where, l)
			}
			d.keys("x")
			if d.m.screen == screenConfirm || d.m.message != stillCheckingMessage {
				t.Errorf("%s, running: x should say to wait for the result, got screen %v, message %q", where, d.m.screen, d.m.message)
			}
			f.pass("01-consecutive-breaker")
			d.keys("r")
			if l := line("passed"); !strings.Contains(l, "n next exercise") || w >= 200 && !strings.Contains(l, "x reset to stub") {
				t.Errorf("%s, passed: the line %q lacks n, or x at 200 columns", where, l)
			}
			for _, e := range exercises.All() {
				f.pass(e.Name)
			}
			d.keys("c")
			if d.m.screen != screenCongrats {
				t.Fatalf("%s: every exercise passes, yet no congratulations:\n%s", where, d.view())
			}
			if l := line("all done"); strings.Count(l, "back") > 1 {
				t.Errorf("%s, all done: %q has two keys that say back", where, l)
			}
			d.keys("esc")
			if d.m.screen != screenMain {
				t.Errorf("%s, all done: esc should go back to the exercise, the screen is %v", where, d.m.screen)
			}
		}
	}
	golden.Check(t, "keyline", b.String())
}
