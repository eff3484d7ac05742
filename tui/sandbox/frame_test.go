package sandbox

import (
	"fmt"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
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

// TestWriteBesideIsViewFitted: what a parent drawing a panel beside the
// sandbox gets from WriteBeside is byte for byte its own line then
// pane.Fit of View's line, for h lines, on every kind of screen, in a
// colour theme (escape codes measured apart) and where the sandbox is
// wider, narrower or shorter than the room given.
func TestWriteBesideIsViewFitted(t *testing.T) {
	for _, c := range []struct {
		name  string
		w, h  int
		keys  []string
		color bool
		room  int // the width given, beside the panel
		rows  int // the lines asked for
	}{
		{name: "main view", w: 160, h: 48, room: 160, rows: 48},
		{name: "main view in colour", w: 200, h: 60, color: true, room: 200, rows: 60},
		{name: "main view clipped", w: 160, h: 48, color: true, room: 120, rows: 48},
		{name: "main view padded and short", w: 100, h: 30, room: 110, rows: 34},
		{name: "fewer rows asked", w: 100, h: 30, room: 100, rows: 12},
		{name: "help", w: 100, h: 30, keys: []string{"?"}, room: 100, rows: 30},
		{name: "compare", w: 160, h: 48, keys: []string{"c"}, color: true, room: 160, rows: 48},
		{name: "knob form", w: 120, h: 40, keys: []string{"e"}, room: 120, rows: 40},
		{name: "too small", w: 60, h: 20, room: 60, rows: 20},
	} {
		o := Options{}
		if c.color {
			o.Theme = tuitest.Color()
		}
		m := press(newModel(t, c.w, c.h, o), c.keys...)
		left := make([]string, c.rows)
		for i := range left {
			left[i] = fmt.Sprintf("%3d│", i)
		}
		var want []string
		rest := m.View()
		for i := range c.rows {
			var l string
			l, rest, _ = strings.Cut(rest, "\n")
			want = append(want, left[i]+pane.Fit(l, c.room))
		}
		var b strings.Builder
		m.WriteBeside(&b, left, c.room, c.rows, nil)
		if got := b.String(); got != strings.Join(want, "\n") {
			t.Errorf("%s: WriteBeside wrote\n%s\nwhere the fitted view is\n%s", c.name, got, strings.Join(want, "\n"))
		}
	}
}
