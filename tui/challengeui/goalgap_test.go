package challengeui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/challenge"
)

// A panel too short for its goals cuts between two of them and says what
// is below ("↓ 2 more lines"); the lines the cut goal leaves are not
// left blank between the goals and that mark: at 40×14, slow-calls on
// its solution showed a blank line there, as if the goals had ended and
// something else were cut. Every level at 40×14 and 50×16, as it opens,
// typing, with a value refused, and on the solution.
func TestCutGoalsLeaveNoBlankBeforeTheMoreMark(t *testing.T) {
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	cuts := 0
	for _, c := range all {
		for _, sz := range [][2]int{{40, 14}, {50, 16}} {
			m := sized(t, open(t, c.ID, Options{}), sz[0], sz[1])
			states := map[string]Model{"as it opens": m, "typing": press(t, m, "enter"),
				"with a value refused": press(t, m, "enter", "ctrl+u", "z", "z", "enter")}
			if len(c.Knobs) > 0 {
				states["on the solution"] = press(t, tried(m), "s")
				states["on the solution, typing"] = press(t, tried(m), "s", "enter")
			}
			for name, s := range states {
				where := fmt.Sprintf("%s %s at %dx%d", c.ID, name, sz[0], sz[1])
				lines := plainLines(s)
				heading, mark := goalsAndMark(lines)
				if heading < 0 || mark < 0 {
					continue // the goals are whole, or gave way altogether
				}
				// The goals run from the heading to the first blank line;
				// a blank line before the mark is the one between the
				// goals and the status only when every goal is above it,
				// as a window tall enough for all of them shows.
				shown := 0
				for _, l := range lines[heading+1 : mark] {
					if panelText(l) == "" {
						break
					}
					shown++
				}
				if heading+1+shown == mark {
					cuts++
					continue // the mark is right under the goals shown
				}
				tall := plainLines(sized(t, s, sz[0], 60))
				all := 0
				if h, _ := goalsAndMark(tall); h >= 0 {
					for _, l := range tall[h+1:] {
						if panelText(l) == "" {
							break
						}
						all++
					}
				}
				if shown < all {
					cuts++
					t.Errorf("%s: a blank line between the goals and the mark of what is cut (%d of %d goal lines shown):\n%s",
						where, shown, all, strings.Join(lines, "\n"))
				}
			}
		}
	}
	if cuts == 0 {
		t.Fatal("no panel cut its goals: the test checks nothing")
	}
}

// goalsAndMark are the rows of a panel's goals' heading and, under it,
// of the line that says what a cut panel does not show below ("↓ 3 more
// lines", the stars before it where they are cut too); -1 where there is
// none. The key line, last, is not the mark: its "↑↓ knob" is no mark.
func goalsAndMark(lines []string) (heading, mark int) {
	heading, mark = -1, -1
	for i, l := range lines[:len(lines)-1] {
		l = panelText(l)
		switch {
		case strings.HasPrefix(l, "Goals · "):
			heading = i
		case heading >= 0 && mark < 0 && (strings.HasPrefix(l, "↓ ") || strings.Contains(l, " · ↓ ")):
			mark = i
		}
	}
	return heading, mark
}

// panelText is a row of the panel without its border and padding.
func panelText(l string) string { return strings.TrimSpace(strings.Trim(strings.TrimSpace(l), "│")) }
