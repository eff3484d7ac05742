package sandbox

import (
	"strings"
	"testing"
)

// TestFrameWritesWhatJoiningWould: the screen written in one buffer is
// byte for byte the lines joined with each body row's halves joined, a
// column that runs short padded with its width of blanks, wherever the
// body sits among the lines and whether or not there is one.
func TestFrameWritesWhatJoiningWould(t *testing.T) {
	long := strings.Repeat("x", 150)
	cases := []struct {
		name  string
		lines []string
		cols  [2][]string
		w     [2]int
		at    int
		rows  int
	}{
		{name: "no body", lines: []string{"title", "status", "keys"}},
		{name: "one empty line", lines: []string{""}},
		{name: "nothing"},
		{name: "body after the title", lines: []string{"title", "status", "keys"}, cols: [2][]string{{"a1", "a2", "a3"}, {"b1", "b2", "b3"}}, w: [2]int{2, 2}, at: 1, rows: 3},
		{name: "short columns", lines: []string{"title", ""}, cols: [2][]string{{"a1"}, {"b1", "b2"}}, w: [2]int{3, 130}, at: 1, rows: 4},
		{name: "body first", lines: []string{"status"}, cols: [2][]string{{long, "é╭─"}, {"", "b"}}, w: [2]int{150, 1}, at: 0, rows: 2},
		{name: "body last", lines: []string{"title"}, cols: [2][]string{{"a"}, {"b"}}, w: [2]int{1, 1}, at: 1, rows: 1},
	}
	for _, c := range cases {
		var want []string
		for j := 0; j <= len(c.lines); j++ {
			if j == c.at {
				for i := range c.rows {
					row := ""
					for k := range 2 {
						if i < len(c.cols[k]) {
							row += c.cols[k][i]
						} else {
							row += strings.Repeat(" ", c.w[k])
						}
					}
					want = append(want, row)
				}
			}
			if j < len(c.lines) {
				want = append(want, c.lines[j])
			}
		}
		f := frame{lines: c.lines, cols: c.cols, widths: c.w, at: c.at, rows: c.rows}
		if got := f.String(); got != strings.Join(want, "\n") {
			t.Errorf("%s: the frame wrote\n%q\nwhere joining gives\n%q", c.name, got, strings.Join(want, "\n"))
		}
	}
}
