package lessonui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// shuffleHistory is a shuffle step's chart over time, an extra for a tall
// window: the share of the other customers lost (█) and degraded (▒) from
// the start of the step's run to its end, a column per stretch of time
// drawn at the worst moment of its stretch. The counts panes say how many
// right now; this says when, and how the waves of crashes come and go as
// the poisoned customer keeps sending. What has not happened yet stays
// blank at the right; what has passed with nobody hit is a dotted floor.
type shuffleHistory struct {
	cached
	th *theme.Theme
	d  shuffleData
	// on: the run has played past its first moment, so the chart has
	// something to draw; moved: on changed since the panes were placed.
	on, moved bool
}

// The plot is histMin to histMax rows high, plus its legend, its time
// axis and the frame.
const (
	histMin = 3
	histMax = 12
	// histLabel is the width of the y axis' labels ("100%"), and its line.
	histLabel = 5
)

func (p *shuffleHistory) Needs(int) int { return 0 }
func (p *shuffleHistory) Min(int) int   { return 0 }

// Extent asks for the plot's least rows and its most, with the legend, the
// axis and the frame; nothing before the run has played (a lone moment
// makes no chart), or without width for a column per second.
func (p *shuffleHistory) Extent(w int) (int, int) {
	if !p.on || p.d.end <= 0 || w-2-histLabel < 20 {
		return 0, 0
	}
	return 4 + histMin, 4 + histMax
}

func (p *shuffleHistory) SetShuffle(d shuffleData) {
	p.d = d
	on := d.snap != nil && len(d.hist) > 1
	p.moved = p.moved || on != p.on
	p.on = on
	if d.snap == nil {
		return
	}
	// The chart changes only when a step is recorded.
	p.show(fmt.Sprint(len(d.hist), d.end, d.cfg.Strategy, len(d.snap.Statuses)))
}

func (p *shuffleHistory) Relayout() bool { m := p.moved; p.moved = false; return m }

// others is how many customers the shares are of: all but the poisoned one.
func (p *shuffleHistory) others() int {
	if p.d.snap == nil {
		return 0
	}
	return max(len(p.d.snap.Statuses)-1, 1)
}

// histLegends are the chart's legend, the longest first.
var histLegends = []string{
	"█ lost  ▒ degraded  · nobody: the share of the %s others, at the worst moment of each column",
	"█ lost  ▒ degraded  · nobody: share of the %s others",
	"█ lost ▒ degraded · nobody, of %s",
	"█ lost ▒ degraded",
}

func (p *shuffleHistory) View() string {
	if !p.dirty {
		return p.view
	}
	p.dirty = false
	iw, ih := max(p.w-2, 0), max(p.h-2, 0)
	var body []string
	if p.d.snap != nil && ih >= 2+histMin && iw > histLabel+1 {
		others := p.others()
		for _, l := range histLegends {
			if !strings.Contains(l, "%s") {
				body = append(body, p.th.Dim.Render(l))
				break
			}
			if l = fmt.Sprintf(l, pane.Count(others)); len([]rune(l)) <= iw {
				body = append(body, p.th.Dim.Render(l))
				break
			}
		}
		body = append(body, p.plot(iw, ih-2)...)
		body = append(body, p.axis(iw))
	}
	p.view = strings.Join(pane.Frame(p.th, p.w, p.h, "Customers over time", "", body), "\n")
	return p.view
}

// columns works out, for a plot cw columns wide, each column's worst share
// lost and lost or degraded, in eighths of a row of a plot rows high, and
// whether the run has reached the column yet.
func (p *shuffleHistory) columns(cw, rows int) (lostE, totalE []int, drawn []bool) {
	others := p.others()
	h8 := rows * 8
	lostE, totalE, drawn = make([]int, cw), make([]int, cw), make([]bool, cw)
	steps := float64(p.d.end/playback.Step+1) / float64(cw)
	for c := range cw {
		lo := int(float64(c) * steps)
		hi := max(int(float64(c+1)*steps), lo+1)
		if lo >= len(p.d.hist) {
			break
		}
		lost, total := 0, 0
		for _, cc := range p.d.hist[lo:min(hi, len(p.d.hist))] {
			lost = max(lost, cc.Lost)
			total = max(total, cc.Lost+cc.Degraded)
		}
		drawn[c] = true
		lostE[c] = (lost*h8 + others/2) / others
		if lost > 0 {
			lostE[c] = max(lostE[c], 1) // one lost customer still shows
		}
		totalE[c] = (total*h8 + others/2) / others
		if total > lost {
			// The degraded start on the row above the lost ones' top, and
			// one degraded customer still takes a row.
			totalE[c] = max(totalE[c], (lostE[c]+7)/8*8+1)
		}
	}
	return lostE, totalE, drawn
}

// plot draws rows of bars under the y axis' labels.
func (p *shuffleHistory) plot(iw, rows int) []string {
	cw := iw - histLabel
	lostE, totalE, drawn := p.columns(cw, rows)
	lost, degraded, dim := theme.InkOf(p.th.Bad), theme.InkOf(p.th.Warn), theme.InkOf(p.th.Dim)
	// A label at the top, the middle and the bottom, each on the row that
	// holds its share.
	labels := map[int]string{0: "100%", rows - 1: "0%"}
	if rows >= 5 {
		labels[rows-1-rows/2] = "50%"
	}
	out := make([]string, 0, rows)
	var b strings.Builder
	for y := range rows {
		b.Reset()
		axis := "│"
		if l, ok := labels[y]; ok {
			axis = "┤"
			b.WriteString(dim.Paint(fmt.Sprintf("%*s", histLabel-1, l)))
		} else {
			b.WriteString(strings.Repeat(" ", histLabel-1))
		}
		b.WriteString(dim.Paint(axis))
		k := rows - 1 - y // the row holds eighths [8k, 8k+8)
		for c := range cw {
			switch {
			case !drawn[c]:
				b.WriteByte(' ')
			case lostE[c] >= 8*k+8:
				lost.WriteTo(&b, "█")
			case lostE[c] > 8*k:
				lost.WriteTo(&b, string(eighths[lostE[c]-8*k-1]))
			case totalE[c] > 8*k && lostE[c] <= 8*k && (totalE[c]-8*k >= 4 || (lostE[c]+7)/8 == k):
				degraded.WriteTo(&b, "▒")
			case k == 0 && totalE[c] == 0:
				dim.WriteTo(&b, "·")
			default:
				b.WriteByte(' ')
			}
		}
		out = append(out, b.String())
	}
	return out
}

// eighths are the lower blocks, one to seven eighths of a row high.
var eighths = [...]rune{'▁', '▂', '▃', '▄', '▅', '▆', '▇'}

// axis is the time axis under the plot: round seconds under the columns
// they fall in, written as the sandbox's charts write them ("10s"), so a
// click on it goes to that moment (playback.AxisTime).
func (p *shuffleHistory) axis(iw int) string {
	cw := iw - histLabel
	line := []rune(strings.Repeat(" ", iw))
	span := p.d.end + playback.Step // the columns cover the steps 0 to end
	secs := span.Seconds()
	every := 1.0
	for _, e := range []float64{1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600} {
		every = e
		if float64(cw)*e/secs >= 8 { // room for "100s" and a gap
			break
		}
	}
	label := func(v float64) []rune { return []rune(strconv.FormatFloat(v, 'f', -1, 64) + "s") }
	next, last, lastV := 0, -1, -1.0 // the first cell a label may take; the last label's
	for v := 0.0; v <= p.d.end.Seconds(); v += every {
		l := label(v)
		c := histLabel + int(v/secs*float64(cw))
		if c < next || c+len(l) > iw {
			continue
		}
		copy(line[c:], l)
		next, last, lastV = c+len(l)+2, c, v
	}
	// The end always shows, at the right edge, in place of a round second
	// too close to it (the first two stay, for the click's scale).
	if end := p.d.end.Seconds(); lastV < end {
		l := label(end)
		at := iw - len(l)
		if at < next && last > histLabel && lastV > every {
			copy(line[last:], []rune(strings.Repeat(" ", len(label(lastV)))))
			next = last
		}
		if at >= next {
			copy(line[at:], l)
		}
	}
	return p.th.Dim.Render(string(line))
}

var (
	_ extraPane   = (*shuffleHistory)(nil)
	_ shufflePane = (*shuffleHistory)(nil)
)
