package lessonui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// tasksPane shows what a server without a thread pool runs out of (lesson
// 14): its loop's busy share and lag, its live tasks, its memory against
// the limit, each connection pool's connections in use and calls waiting,
// and each semaphore's permits held, waiting and refused. The figures are
// the moment's, with the most so far beside them; the same fields
// `breakerlab run` prints in its loop, memory, pool and permits lines.
type tasksPane struct {
	cached
	th    *theme.Theme
	lines []string
}

func newTasksPane(th *theme.Theme) *tasksPane { return &tasksPane{th: th} }

// Needs is a line per figure, wrapped at the width, and the frame.
func (p *tasksPane) Needs(w int) int { return len(p.body(max(w-2, 1))) + 2 }
func (p *tasksPane) Min() int        { return min(len(p.lines)+2, 5) }

func (p *tasksPane) SetData(d pane.Data) {
	s := d.Snap
	if s == nil {
		return
	}
	p.lines = tasksLines(s)
	p.show(strings.Join(p.lines, "\n"))
}

// tasksLines writes the pane's figures, one a line, label first.
func tasksLines(s *engine.Snapshot) []string {
	var out []string
	if t := s.Tasks; t != nil {
		out = append(out, fmt.Sprintf("loop     busy %s · waited ≤ %s", pane.Percent(t.LoopBusy), lagText(t.LagMax)))
		out = append(out, fmt.Sprintf("tasks    %s live, most %s", pane.Count(t.Live), pane.Count(t.LiveMax)))
		if t.MemoryLimit == 0 && t.PerTask == 0 {
			return appendLimits(out, s) // the scenario does not model memory
		}
		mem := fmt.Sprintf("memory   %s MiB", mibText(t.Memory))
		if t.MemoryLimit > 0 {
			mem += " of " + mibText(t.MemoryLimit)
		}
		mem += ", peak " + mibText(t.MemoryPeak)
		if t.Down {
			mem = fmt.Sprintf("memory   KILLED, back at %s", pane.SecondsShort(t.UpAt))
		}
		if t.Kills > 0 {
			mem += fmt.Sprintf(" · killed %d×", t.Kills)
		}
		out = append(out, mem)
	}
	return appendLimits(out, s)
}

// appendLimits adds a line per connection pool and per semaphore.
func appendLimits(out []string, s *engine.Snapshot) []string {
	for i := range s.Pools {
		pl := &s.Pools[i]
		limit := "no cap"
		switch {
		case pl.Size > 0:
			limit = "of " + pane.Count(pl.Size)
		case pl.PerHost > 0:
			limit = pane.Count(pl.PerHost) + " a host"
		}
		out = append(out, fmt.Sprintf("pool %s  %s in use, %s (most %s) · %s waiting (most %s)",
			pl.Name, pane.Count(pl.InUse), limit, pane.Count(pl.InUseMax), pane.Count(pl.Waiting), pane.Count(pl.WaitingMax)))
	}
	for i := range s.Dependencies {
		d := &s.Dependencies[i]
		if d.BulkheadCap == 0 || pane.Uncalled(s, d.Name) {
			continue // no permits, or none this variant takes
		}
		out = append(out, fmt.Sprintf("permits %s  %s of %s held (most %s) · %s waiting · %s refused",
			d.Name, pane.Count(d.Bulkhead), pane.Count(d.BulkheadCap), pane.Count(d.BulkheadMax), pane.Count(d.BulkheadWaiting), pane.Count(d.BulkheadFull+d.BulkheadWaitedOut)))
	}
	return out
}

// lagText is the loop's lag: under a second in milliseconds to a tenth,
// since a healthy loop's is a fraction of one.
func lagText(d time.Duration) string {
	if d < time.Second {
		return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 1, 64) + " ms"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', 2, 64) + " s"
}

// mibText is bytes in MiB, whole.
func mibText(b int64) string { return pane.Count((b + 1<<19) >> 20) }

// body is the figures at an inner width: a figure too long for the
// column wraps under its label rather than losing its end, the part that
// says how full it is.
func (p *tasksPane) body(inner int) []string {
	var body []string
	for _, l := range p.lines {
		for j, w := range wrapText(l, max(inner-2, 1)) {
			if j > 0 {
				w = "  " + w
			}
			body = append(body, ansi.Truncate(w, inner, "…"))
		}
	}
	return body
}

func (p *tasksPane) View() string {
	if !p.dirty {
		return p.view
	}
	p.dirty = false
	body := p.body(max(p.w-2, 1))
	if room := p.h - 2; room > 0 && len(body) > room {
		body = body[:room]
	}
	if len(body) == 0 {
		body = []string{p.th.Dim.Render("a thread pool: no loop, no connection pools")}
	}
	p.view = strings.Join(pane.Frame(p.th, p.w, p.h, "Loop, memory, pools, permits", "", body), "\n")
	return p.view
}
