package challengeui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// goalRows are the view's lines from the goals' heading down to the line
// of stars, and whether the stars line is on screen.
func goalRows(lines []string) (rows []string, verdict bool) {
	in := false
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "Goals · "):
			in = true
		case strings.HasPrefix(t, "☆☆☆ ") || strings.HasPrefix(t, "★"):
			return rows, true
		case in:
			rows = append(rows, t)
		}
	}
	return rows, false
}

// A window too short for the panel cut the goals from the bottom: at
// 40×14 level 15 showed no goal at all, and level 12, with a deadline of
// 1 s, hid the one goal that failed under "☆☆☆ falls short". A short
// panel shows the goals that fall short first, with only the selected
// knob if that is what it takes, and keeps the line of stars; a panel
// with room draws every knob and the goals in the level's order.
func TestShortPanelShowsTheFailingGoalsFirst(t *testing.T) {
	for _, lv := range []struct {
		id   string
		keys []string
	}{
		{"deadline", strings.Split(strings.Repeat("right ", 10), " ")[:10]}, // a deadline of 1 s
		{"deadline", nil},
		{"tenant-lanes", nil},
	} {
		for _, sz := range [][2]int{{40, 14}, {50, 16}, {80, 24}} {
			m := press(t, sized(t, open(t, lv.id, Options{Embedded: true}), sz[0], sz[1]), lv.keys...)
			r := m.Result()
			if r == nil || r.Pass {
				t.Fatalf("%s %v: the design should be graded and fall short", lv.id, lv.keys)
			}
			v := m.View()
			tuitest.CheckBlock(t, v, sz[0], sz[1])
			lines := plainLines(m)
			rows, verdict := goalRows(lines)
			if !verdict {
				t.Errorf("%s at %dx%d: the line of stars is gone:\n%s", lv.id, sz[0], sz[1], strings.Join(lines, "\n"))
			}
			failing, shown := 0, 0
			for _, g := range r.Goals {
				if !g.Pass {
					failing++
				}
			}
			for _, row := range rows {
				if strings.HasPrefix(row, "✗ ") {
					shown++
				}
			}
			// Every goal that falls short, or as many as fit, the first
			// of them at the top.
			if shown == 0 || shown < failing && !strings.HasPrefix(rows[0], "✗ ") {
				t.Errorf("%s at %dx%d: %d of the %d goals that fall short are shown, and the first goal shown should be one:\n%s", lv.id, sz[0], sz[1], shown, failing, strings.Join(lines, "\n"))
			}
			if sz[1] < 24 {
				continue
			}
			// With room, the level's order: its first goal first, and
			// every knob.
			if first := m.c.Goals[0].Label; len(rows) == 0 || !strings.Contains(rows[0], first) {
				t.Errorf("%s at %dx%d: the goals should keep their order, %q first:\n%s", lv.id, sz[0], sz[1], first, strings.Join(lines, "\n"))
			}
			for _, k := range m.c.Knobs {
				if !strings.Contains(strings.Join(lines, "\n"), k.Label) {
					t.Errorf("%s at %dx%d: the knob %q is missing:\n%s", lv.id, sz[0], sz[1], k.Label, strings.Join(lines, "\n"))
				}
			}
		}
	}
}
