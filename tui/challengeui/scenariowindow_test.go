package challengeui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/charmbracelet/x/ansi"
)

// A reviewer on level 6: "orders refused 87.8%" was a share of the
// requests that arrived in 5–25 s, and the screen never said so. Every
// built-in goal and par on a scenario whose value counts the measurement
// window's requests shows that window on the screen, the scenario's
// measure_from–measure_to, written here from the scenario itself; and a
// share always does, where the window is not the whole run.
func TestScreenNamesTheScenarioWindow(t *testing.T) {
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		sc := c.Scenario
		if sc == nil || sc.MeasureFrom == 0 && sc.MeasureTo == sc.Duration {
			continue // the shuffle lab, or a window that is the whole run
		}
		sec := func(d time.Duration) string { return fmt.Sprintf("%g", d.Seconds()) }
		words := " (" + sec(sc.MeasureFrom) + "–" + sec(sc.MeasureTo) + " s)"
		// At 100 columns the goals panel is wide enough to keep a label and
		// its window on one line; beside a sandbox a long one wraps, and the
		// window falls to the next line, as a goal's own window does.
		view := ansi.Strip(sized(t, open(t, c.ID, Options{}), 100, 50).View())
		goals := []*challenge.Goal{}
		for i := range c.Goals {
			goals = append(goals, &c.Goals[i])
		}
		if c.Par.Goal != nil {
			goals = append(goals, c.Par.Goal)
		}
		for _, g := range goals {
			if g.Window != nil {
				continue // its own window, shown already
			}
			share := g.Metric == "share" || g.Metric == "tenant-share"
			if (share || g.MeasuredWindow() != nil) && !strings.Contains(view, g.Label+words) {
				t.Errorf("%s: %q counts the requests of%s, and the screen does not say so:\n%s", c.ID, g.Text, words, view)
			}
		}
	}
	// The reviewer's level at 80x24: the window shown, every line within 80.
	view := ansi.Strip(sized(t, open(t, "layer-order", Options{}), 80, 24).View())
	if !strings.Contains(view, "orders refused (5–25 s)") {
		t.Errorf("level 6 at 80x24 does not name the refused orders' window:\n%s", view)
	}
	for _, line := range strings.Split(view, "\n") {
		if w := ansi.StringWidth(line); w > 80 {
			t.Errorf("a line of %d columns at 80x24: %q", w, line)
		}
	}
	// And the brief's page says what the mark means.
	about := strings.Join(strings.Fields(readPage(t, press(t, sized(t, open(t, "layer-order", Options{}), 80, 24), "i"))), " ")
	if !strings.Contains(about, "The goals marked (5–25 s) count only the requests that arrived from 5 s to 25 s, not the whole 30 s run.") {
		t.Errorf("level 6's brief page does not say what its goals' window is:\n%s", about)
	}
}

// Level 8 at 80x24, from the start: overlap-limited, then most workers
// shared in focus. The note under the knob read four lines of nested
// clauses; it now says in a line what holds the knob and what to do. (→
// on it now carries workers per customer to 4, which gives it a range.)
func TestEmptyRangeNoteFitsTwoLines(t *testing.T) {
	m := sized(t, open(t, "shuffle-shards", Options{}), 80, 24)
	m = press(t, m, "right", "right", "down", "down")
	view := ansi.Strip(m.View())
	lines := strings.Split(view, "\n")
	at := -1
	for i, line := range lines {
		if strings.Contains(line, "no value fits") {
			at = i
			break
		}
	}
	if at < 0 {
		t.Fatalf("no note on most workers shared's empty range:\n%s", view)
	}
	note := lines[at]
	if at+1 < len(lines) && strings.HasPrefix(lines[at+1], "     ") && strings.TrimSpace(lines[at+1]) != "" {
		note += " " + strings.TrimSpace(lines[at+1])
		if at+2 < len(lines) && strings.HasPrefix(lines[at+2], "     ") && strings.TrimSpace(lines[at+2]) != "" {
			t.Errorf("the note takes more than two lines:\n%s", view)
		}
	}
	if !strings.Contains(note, "raise workers per customer") {
		t.Errorf("the note does not name the knob that holds it and the move: %q", note)
	}
}
