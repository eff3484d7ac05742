package builder

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// A tall window's builder shows more than the parts, the map and two
// charts stretched past what they say: the charts at the heights worth
// giving them (the sandbox's), the preview run's latency under the
// outcomes, and the scenario file the system is, as w would save it, so
// that each edit shows what it writes.

// setFile keeps sc as the scenario file the encoder writes, from its
// first setting (without the comments every file opens with, and the
// header w adds, which names the file).
func (m *Model) setFile(sc *engine.Scenario) {
	m.file, m.fileErr = nil, ""
	data, err := scenariofile.Dump(sc)
	if err != nil {
		m.fileErr = err.Error()
		return
	}
	m.file = strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	// The encoder's opening comments are the same for every system: the
	// pane starts at what this one says.
	for len(m.file) > 1 && (strings.HasPrefix(m.file[0], "#") || m.file[0] == "") {
		m.file = m.file[1:]
	}
}

// filePane draws the file in w×h: its lines from the top, a long one
// wrapped under itself (never cut), and how many lines more there are.
func (m Model) filePane(w, h int) []string {
	iw, ih := max(w-2, 1), max(h-2, 0)
	var body []string
	shown := 0
	for _, l := range m.file {
		wrapped := pane.Wrap(l, iw)
		for i := 1; i < len(wrapped); i++ {
			wrapped[i] = "  " + wrapped[i] // under its start, not a line of its own
		}
		if len(body)+len(wrapped) > ih-1 && shown < len(m.file)-1 || len(body)+len(wrapped) > ih {
			break
		}
		body = append(body, wrapped...)
		shown++
	}
	note := fmt.Sprintf("%d lines", len(m.file))
	if left := len(m.file) - shown; left > 0 {
		body = append(body, m.th.Dim.Render(fmt.Sprintf("↓ %d more lines: w saves them all", left)))
		note = fmt.Sprintf("first %d of %d lines", shown, len(m.file))
	}
	if m.fileErr != "" {
		body = pane.Wrap(m.th.Error.Render(m.fileErr), iw)
	}
	for i, l := range body {
		if !strings.HasPrefix(l, "\x1b") {
			body[i] = m.th.Dim.Render(l)
		}
	}
	title, note := pane.Titled(w, []string{"The file w saves", "File"}, []string{note, fmt.Sprint(len(m.file))})
	return pane.Frame(m.th, w, h, title, note, body)
}

// The heights worth giving the charts: the calls in flight as the sandbox
// gives them at the most; the outcomes eight rows a band (an endpoint),
// with the axis, the legend and the frame.
const inflightMax = 18

func (m Model) outcomesMax() int {
	n := max(len(m.sc.Variants[0].System.Endpoints), 1)
	return 2 + 2 + 8*n + (n - 1) + 2
}

// fileMin is the least height the file pane is drawn at: the frame and
// a few lines of the file.
const fileMin = 8

// column stacks a chart at up to its most and a filler under it in h rows
// of w cells; without the rows for the filler, the chart takes them all.
func (m Model) column(c sized, most int, filler func(w, h int) []string, fillMin, w, h int) []string {
	top := min(h, most)
	if h-top < fillMin {
		return m.chartLines(c, w, h)
	}
	return append(m.chartLines(c, w, top), filler(w, h-top)...)
}

// latencyFill draws the latency chart as a column's filler.
func (m Model) latencyFill(w, h int) []string { return m.chartLines(m.lat, w, h) }

var _ sized = (*chart.Latency)(nil)
