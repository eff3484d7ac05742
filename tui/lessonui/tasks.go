package lessonui

import (
	"fmt"
	"maps"
	"slices"
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
	th *theme.Theme
	// figures holds each figure's wordings, the full one first and then a
	// shorter one with the same numbers, for a column short of rows: the
	// snapshot's (shown, kinds), with those held back (HoldFigures) put
	// in words that keep their numbers for after the guess.
	figures [][2]string
	shown   [][2]string
	kinds   []figureKind
	held    figureKind
	after   map[figureKind]int // the step whose question each held kind waits for (HoldFigures)
	// wraps is the figures wrapped at each inner width asked for since
	// they last changed: Needs, Min and View each ask on every frame,
	// mostly of the same figures at the same width.
	wraps   map[int]*figureWraps
	wrapsOf [][2]string // the figures wraps holds, a copy
}

// figureKind is a line of the pane, as a set of them: the figures a
// prediction still to be made asks for are held back (HoldFigures).
type figureKind uint8

const (
	figLoop figureKind = 1 << iota
	figTasks
	figMemory
	figPool
	figPermits
)

// metricFigures is the line of the pane that shows each metric of
// lessons' expr_tasks.go a prediction may ask for (the pane shows no
// pool's mean wait, nor the requests a kill took: pool-wait-mean and
// oom-killed are in no line).
var metricFigures = map[string]figureKind{
	"loop-busy": figLoop, "loop-lag-max": figLoop,
	"tasks-live-max": figTasks,
	"memory-peak":    figMemory, "oom-kills": figMemory, "memory-limit": figMemory, "memory-base": figMemory,
	"pool-inuse-max": figPool, "pool-waiting-max": figPool, "pool-size": figPool,
	"permits-max": figPermits, "permits-waiting-max": figPermits, "permits-refused": figPermits,
}

// heldWords are a held figure's words: what it is, then when it shows,
// in full and short.
var heldWords = map[figureKind][2]string{
	figLoop:    {"loop     ", "loop "},
	figTasks:   {"tasks    ", "tasks "},
	figMemory:  {"memory   ", "memory "},
	figPool:    {"pools    ", "pools "},
	figPermits: {"permits  ", "permits "},
}

// shownAfter says when a held figure shows: after the guess the step
// waits for, or after a later step's question (step, from 1), which the
// learner may reach only after playing this one to its end.
func shownAfter(step int) string {
	if step > 0 {
		return fmt.Sprintf("shown after step %d's question", step)
	}
	return "shown after your guess"
}

// HoldFigures keeps back the figures of the kinds in held: a prediction
// about them, in this step or a later one on the same run (after: the
// step, from 1, that asks for each; 0 for this one), waits for its guess.
// (Lesson 14's first step ended on "loop busy 5.0%", and its second asks
// what share of its time the loop is busy.)
func (p *tasksPane) HoldFigures(held figureKind, after map[figureKind]int) {
	if held != p.held || !maps.Equal(after, p.after) {
		p.held, p.after = held, maps.Clone(after)
		p.apply()
	}
}

// apply puts the snapshot's figures on the pane, the held ones in their
// held words (a kind with many lines, pools, in one).
func (p *tasksPane) apply() {
	p.figures = p.figures[:0]
	var done figureKind
	for i, f := range p.shown {
		k := p.kinds[i]
		if p.held&k == 0 {
			p.figures = append(p.figures, f)
			continue
		}
		if done&k == 0 {
			w, when := heldWords[k], shownAfter(p.after[k])
			p.figures = append(p.figures, [2]string{w[0] + when, w[1] + when})
			done |= k
		}
	}
	var key strings.Builder
	for _, f := range p.figures {
		key.WriteString(f[0] + "\n")
	}
	p.show(key.String())
}

func newTasksPane(th *theme.Theme) *tasksPane { return &tasksPane{th: th} }

// Needs is a line per figure in its full words, wrapped at the width, and
// the frame.
func (p *tasksPane) Needs(w int) int {
	return len(p.wrapped(max(w-2, 1), 0)) + 2
}

// Min is every figure in its shorter words, wrapped, and the frame, up to
// tasksMin rows: the least that shows every number of a server with a
// pool or two (given fewer rows, the pane lost the end of a figure, the
// part that says how full it is: lesson 14's "pool aiohttp 5 in use, of
// 100 (most" at 80×24). A server with many pools and semaphores gets no
// more, or a small window would have no room for the other panes; the
// figures that do not fit are left out whole (wrapped).
func (p *tasksPane) Min(w int) int {
	short := make([]bool, len(p.figures))
	for i := range short {
		short[i] = true
	}
	return min(len(p.wrapsAt(max(w-2, 1)).body(len(p.figures), short))+2, tasksMin)
}

// tasksMin is the most rows Min asks for: five lines of figures.
const tasksMin = 7

func (p *tasksPane) SetSize(w, h int) { p.cached.SetSize(w, h) }

func (p *tasksPane) SetData(d pane.Data) {
	s := d.Snap
	if s == nil {
		return
	}
	p.shown, p.kinds = tasksFigures(s)
	p.apply()
}

// tasksFigures writes each figure in its full words and in shorter ones
// that keep every number, and which line of the pane each is.
func tasksFigures(s *engine.Snapshot) ([][2]string, []figureKind) {
	var out [][2]string
	var kinds []figureKind
	if t := s.Tasks; t != nil {
		kinds = append(kinds, figLoop, figTasks)
		// The busy share is the measurement window's (engine's
		// loopBusyShare): before it opens it is no figure yet, not 0% (lesson
		// 14's steps from 15 s read "busy 0%" of a loop about 5% busy). The
		// shorter words keep the line to one row of a side-by-side pane at
		// 80 columns, as "busy 0%" did, or a figure below would give way.
		busy, busyShort := pane.Percent(t.LoopBusy), pane.Percent(t.LoopBusy)
		if !pane.WindowBegun(s, s.Now) {
			busy, busyShort = "– (counted from "+pane.SecondsShort(s.MeasureFrom)+")", "–"
		}
		out = append(out, [2]string{
			fmt.Sprintf("loop     busy %s · waited ≤ %s", busy, lagText(t.LagMax)),
			fmt.Sprintf("loop busy %s, waits ≤ %s", busyShort, lagText(t.LagMax))})
		out = append(out, [2]string{
			fmt.Sprintf("tasks    %s live, most %s", pane.Count(t.Live), pane.Count(t.LiveMax)),
			fmt.Sprintf("tasks %s live, most %s", pane.Count(t.Live), pane.Count(t.LiveMax))})
		if t.MemoryLimit == 0 && t.PerTask == 0 {
			return appendLimits(out, kinds, s) // the scenario does not model memory
		}
		mem := fmt.Sprintf("memory   %s MiB", mibText(t.Memory))
		short := fmt.Sprintf("memory %s", mibText(t.Memory))
		if t.MemoryLimit > 0 {
			mem += " of " + mibText(t.MemoryLimit)
			short += "/" + mibText(t.MemoryLimit)
		}
		mem += ", peak " + mibText(t.MemoryPeak)
		short += " MiB, peak " + mibText(t.MemoryPeak)
		if t.Down {
			mem = fmt.Sprintf("memory   KILLED, back at %s", pane.SecondsShort(t.UpAt))
			short = fmt.Sprintf("memory KILLED, back at %s", pane.SecondsShort(t.UpAt))
		}
		if t.Kills > 0 {
			mem += fmt.Sprintf(" · killed %d×", t.Kills)
			short += fmt.Sprintf(" · killed %d×", t.Kills)
		}
		out = append(out, [2]string{mem, short})
		kinds = append(kinds, figMemory)
	}
	return appendLimits(out, kinds, s)
}

// appendLimits adds a figure per connection pool and per semaphore.
func appendLimits(out [][2]string, kinds []figureKind, s *engine.Snapshot) ([][2]string, []figureKind) {
	for i := range s.Pools {
		pl := &s.Pools[i]
		limit, short := "no cap", pane.Count(pl.InUse)+", no cap"
		switch {
		case pl.Size > 0:
			limit, short = "of "+pane.Count(pl.Size), pane.Count(pl.InUse)+"/"+pane.Count(pl.Size)
		case pl.PerHost > 0:
			limit, short = pane.Count(pl.PerHost)+" a host", pane.Count(pl.InUse)+", "+pane.Count(pl.PerHost)+" a host"
		}
		out = append(out, [2]string{
			fmt.Sprintf("pool %s  %s in use, %s (most %s) · %s waiting (most %s)",
				pl.Name, pane.Count(pl.InUse), limit, pane.Count(pl.InUseMax), pane.Count(pl.Waiting), pane.Count(pl.WaitingMax)),
			fmt.Sprintf("pool %s %s in use (most %s) · %s waiting (most %s)",
				pl.Name, short, pane.Count(pl.InUseMax), pane.Count(pl.Waiting), pane.Count(pl.WaitingMax))})
		kinds = append(kinds, figPool)
	}
	for i := range s.Dependencies {
		d := &s.Dependencies[i]
		if d.BulkheadCap == 0 || pane.Uncalled(s, d.Name) {
			continue // no permits, or none this variant takes
		}
		refused := pane.Count(d.BulkheadFull + d.BulkheadWaitedOut)
		if tb := d.TenantBulkhead; tb != nil {
			// Each tenant's calls have a lane of their own, and a call is
			// refused at its tenant's: "44 of 60 held" summed the lanes,
			// room to spare beside the refusals of acme's full one. Such
			// a bulkhead never makes a call wait: no waiting count.
			lanes := pane.TenantBulkheadSize(tb) + ": " + pane.TenantLanes(tb)
			out = append(out, [2]string{
				fmt.Sprintf("permits %s  %s held (most %s), %s · %s refused", d.Name, pane.Count(d.Bulkhead), pane.Count(d.BulkheadMax), lanes, refused),
				fmt.Sprintf("permits %s %s held (most %s), %s · %s refused", d.Name, pane.Count(d.Bulkhead), pane.Count(d.BulkheadMax), lanes, refused)})
			kinds = append(kinds, figPermits)
			continue
		}
		// The most waiting at once beside the moment's, as the pool's line
		// has it: lesson 14's "The acquisition timeout" ended on "0
		// waiting" beside a reveal of a permit queue of 1,042.
		out = append(out, [2]string{
			fmt.Sprintf("permits %s  %s of %s held (most %s) · %s waiting (most %s) · %s refused",
				d.Name, pane.Count(d.Bulkhead), pane.Count(d.BulkheadCap), pane.Count(d.BulkheadMax), pane.Count(d.BulkheadWaiting), pane.Count(d.BulkheadWaitingMax), refused),
			fmt.Sprintf("permits %s %s/%s held (most %s) · %s waiting (most %s) · %s refused",
				d.Name, pane.Count(d.Bulkhead), pane.Count(d.BulkheadCap), pane.Count(d.BulkheadMax), pane.Count(d.BulkheadWaiting), pane.Count(d.BulkheadWaitingMax), refused)})
		kinds = append(kinds, figPermits)
	}
	return out, kinds
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

// figureWraps is the figures at an inner width, each in its full words
// ([0]) or its shorter ones ([1]), wrapped when first asked for: wrapped
// tries shorter words one figure at a time, and a try wraps again only the
// figure it changed, not all of them. A figure too long for the column
// wraps under its label rather than losing its end.
type figureWraps struct {
	figures [][2]string
	inner   int
	lines   [][2][]string
}

func newFigureWraps(figures [][2]string, inner int) *figureWraps {
	return &figureWraps{figures: figures, inner: inner, lines: make([][2][]string, len(figures))}
}

// of is figure i's lines, in its shorter words where short says so.
func (f *figureWraps) of(i int, short bool) []string {
	k := 0
	if short {
		k = 1
	}
	if f.lines[i][k] == nil {
		var out []string
		for j, w := range wrapText(f.figures[i][k], max(f.inner-2, 1)) {
			if j > 0 {
				w = "  " + w
			}
			out = append(out, ansi.Truncate(w, f.inner, "…"))
		}
		f.lines[i][k] = out
	}
	return f.lines[i][k]
}

// wrapsAt is the figures' wrapping at an inner width, kept while the
// figures read the same.
func (p *tasksPane) wrapsAt(inner int) *figureWraps {
	if !slices.Equal(p.wrapsOf, p.figures) {
		// A tick moves a figure or two (the live tasks, the loop's
		// busy share); the rest read as before, and their lines, a
		// wrapping of their words alone at the width, are kept.
		figures := slices.Clone(p.figures)
		for _, fw := range p.wraps {
			lines := make([][2][]string, len(figures))
			for i := range lines {
				if i < len(fw.figures) && fw.figures[i] == figures[i] {
					lines[i] = fw.lines[i]
				}
			}
			fw.figures, fw.lines = figures, lines
		}
		p.wrapsOf = figures
	}
	fw := p.wraps[inner]
	if fw == nil {
		if p.wraps == nil {
			p.wraps = map[int]*figureWraps{}
		}
		fw = newFigureWraps(p.wrapsOf, inner)
		p.wraps[inner] = fw
	}
	return fw
}

// body is the first n figures' lines, each in the words short says.
func (f *figureWraps) body(n int, short []bool) []string {
	var body []string
	for i := range n {
		body = append(body, f.of(i, short[i])...)
	}
	return body
}

// wrapped is the figures in the fullest words that fit room rows (0: no
// limit): the last figures take their shorter words first. Where even the
// shorter words do not fit, the last figures are left out whole, never
// cut in the middle, and a row left over counts them.
func (p *tasksPane) wrapped(inner, room int) []string {
	fw := p.wrapsAt(inner)
	n := len(p.figures)
	short := make([]bool, n)
	body := fw.body(n, short)
	for i := len(short) - 1; i >= 0 && room > 0 && len(body) > room; i-- {
		short[i] = true
		body = fw.body(n, short)
	}
	if room <= 0 || len(body) <= room {
		return body
	}
	// Leave a row for the count of what is left out.
	for n > 1 && len(body) > room-1 {
		n--
		body = fw.body(n, short)
	}
	if left := len(p.figures) - n; len(body) < room {
		// The row left over says what is not shown.
		body = append(body, p.th.Dim.Render(ansi.Truncate(fmt.Sprintf("+ %d more: a taller window shows them", left), inner, "…")))
	}
	return body
}

func (p *tasksPane) View() string {
	if !p.dirty {
		return p.view
	}
	p.dirty = false
	body := p.wrapped(max(p.w-2, 1), p.h-2)
	if room := p.h - 2; room > 0 && len(body) > room {
		body = body[:room]
	}
	if len(body) == 0 {
		body = []string{p.th.Dim.Render("a thread pool: no loop, no connection pools")}
	}
	p.view = strings.Join(pane.Frame(p.th, p.w, p.h, "Loop, memory, pools, permits", "", body), "\n")
	return p.view
}
