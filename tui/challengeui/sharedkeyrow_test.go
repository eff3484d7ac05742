package challengeui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Beside the sandbox the screen's last row holds two key lines: the
// panel's, then the run's. Each fitted to its own column, the panel's
// (wider than any panel) dropped "enter type" and "w write" at 200×60
// while the run's ended in 40 blank cells. Now the panel's keys take those
// cells: wherever both lines fit the row whole, every key of both shows;
// where they cannot, the least needed go first and ? (all keys) stays.
func TestSharedKeyRowShowsEveryKeyThatFits(t *testing.T) {
	for _, embedded := range []bool{false, true} {
		out := "q quit"
		if embedded {
			out = "esc/q back"
		}
		fitsAt200 := false
		for _, w := range []int{124, 140, 160, 180, 200, 240} {
			m := sized(t, open(t, "timeout-pool", Options{Embedded: embedded}), w, 60)
			if !m.wide() {
				t.Fatalf("%d columns: the panel is not beside the sandbox", w)
			}
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			row := lines[len(lines)-1]
			if n := ansi.StringWidth(row); n != w {
				t.Errorf("%d columns, embedded %v: the key row is %d cells wide: %q", w, embedded, n, row)
			}
			if strings.Count(row, "? keys") != 2 || !strings.Contains(row, out) {
				t.Errorf("%d columns, embedded %v: the key row lacks the panel's or the run's ? keys, or %q: %q", w, embedded, out, row)
			}
			// The two lines' whole widths: the panel's every key, its
			// margin and two blanks, then the run's line as it is.
			all := m.keyFits()[0]
			sbLines := strings.Split(ansi.Strip(m.sb.View()), "\n")
			run := strings.TrimRight(sbLines[len(sbLines)-1], " ")
			if 1+all.w+2+ansi.StringWidth(run) > w {
				continue
			}
			fitsAt200 = fitsAt200 || w == 200
			for _, k := range strings.Split(ansi.Strip(all.line), "  ") {
				if !strings.Contains(row, k) {
					t.Errorf("%d columns, embedded %v: both key lines fit, but the row lacks %q: %q", w, embedded, k, row)
				}
			}
			if !strings.HasSuffix(strings.TrimRight(row, " "), strings.TrimSpace(run)) {
				t.Errorf("%d columns, embedded %v: the run's keys %q are not whole at the row's end: %q", w, embedded, run, row)
			}
		}
		if !fitsAt200 {
			t.Errorf("embedded %v: at 200 columns the two key lines no longer fit whole; the test checks no width", embedded)
		}
	}
}
