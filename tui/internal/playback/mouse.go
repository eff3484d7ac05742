package playback

import (
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The mouse, read from plain cell coordinates (bubbletea's MouseMsg): a
// click on a chart's time axis seeks there, the wheel scrolls. The screens
// enable cell motion in their programs (tui/run.go).

// Click reports whether msg is a press of the left button.
func Click(msg tea.MouseMsg) bool {
	return msg.Action == tea.MouseActionPress && msg.Button == tea.MouseButtonLeft
}

// Wheel is -1 for the wheel turned up, 1 for down, 0 for anything else.
func Wheel(msg tea.MouseMsg) int {
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		return -1
	case tea.MouseButtonWheelDown:
		return 1
	}
	return 0
}

// WheelKey is the arrow key the wheel stands for in a scrolling view.
func WheelKey(msg tea.MouseMsg) (tea.KeyMsg, bool) {
	switch Wheel(msg) {
	case -1:
		return tea.KeyMsg{Type: tea.KeyUp}, true
	case 1:
		return tea.KeyMsg{Type: tea.KeyDown}, true
	}
	return tea.KeyMsg{}, false
}

// AxisTime reads the time under column x of a click on row y of a screen
// drawn as lines: on a chart's time axis (the row of labels "0s … 15s …
// 30s" or the axis rule just above it). Labels stand where their time
// falls, starting at their column (tui/chart/axis.go's ticks), so the first
// two labels of the pane under x give the scale. ok is false off an axis.
func AxisTime(lines []string, x, y int) (t time.Duration, ok bool) {
	for _, row := range []int{y, y + 1} {
		if row < 0 || row >= len(lines) {
			continue
		}
		cells := []rune(ansi.Strip(lines[row]))
		if x < 0 || x >= len(cells) {
			continue
		}
		// The pane under x: between the frame's verticals either side.
		lo, hi := x, x
		for lo > 0 && !frame(cells[lo-1]) {
			lo--
		}
		for hi < len(cells) && !frame(cells[hi]) {
			hi++
		}
		labels := axisLabels(cells[lo:hi], lo)
		if len(labels) < 2 || labels[0].v != 0 || labels[1].col <= labels[0].col {
			continue
		}
		a, b := labels[0], labels[1]
		secs := float64(x-a.col) * b.v / float64(b.col-a.col)
		if secs < 0 {
			secs = 0
		}
		return time.Duration(secs * float64(time.Second)).Round(time.Millisecond), true
	}
	return 0, false
}

// frame reports whether r is a pane's vertical edge or the plot's axis.
func frame(r rune) bool { return r == '│' || r == '┃' || r == '║' }

type axisLabel struct {
	col int
	v   float64
}

// axisLabels finds the labels of a time axis in a row: numbers ending in
// "s", set apart by spaces; a row with anything else is no axis.
func axisLabels(cells []rune, offset int) []axisLabel {
	var out []axisLabel
	for _, f := range fieldsAt(cells) {
		word := string(cells[f[0]:f[1]])
		if !strings.HasSuffix(word, "s") {
			return nil
		}
		v, err := strconv.ParseFloat(strings.TrimSuffix(word, "s"), 64)
		if err != nil {
			return nil
		}
		out = append(out, axisLabel{col: offset + f[0], v: v})
	}
	return out
}

// fieldsAt is the [start, end) of each run of non-space cells.
func fieldsAt(cells []rune) [][2]int {
	var out [][2]int
	start := -1
	for i, r := range cells {
		switch {
		case r != ' ' && start < 0:
			start = i
		case r == ' ' && start >= 0:
			out = append(out, [2]int{start, i})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, [2]int{start, len(cells)})
	}
	return out
}

// RowAt is the item of a list whose row holds line y of a screen drawn as
// lines (plain text, without escape codes): the nearest line at or above
// y that heads an item (head says which item a line heads, if any), over
// the lines that go on the item above it (more says which, such as its
// wrapped summary). ok is false off the list's rows. The lists take a
// click on a row as the sandbox takes one on a variant's tab: the first
// selects, one on the row selected opens it.
func RowAt(lines []string, y int, head func(line string) (int, bool), more func(line string) bool) (item int, ok bool) {
	for row := y; row >= 0 && row < len(lines); row-- {
		if i, ok := head(lines[row]); ok {
			return i, true
		}
		if !more(lines[row]) {
			return 0, false
		}
	}
	return 0, false
}
