// Package breakerloop is the home screen's small live picture: the built-in
// breaker-timeline scenario (one call a second to a dependency that fails
// for a minute) playing in a loop, drawn in two to four lines: the virtual
// time, the breaker's state among closed, open and half-open, the last
// calls its window judged, the calls it refused, and the engine's own words
// for its last transition ("5 of the last 10 calls failed (50%)"); on a
// tall window, under them, the log of its transitions so far.
//
// The run is made once, in a command (Load): the engine runs the scenario
// to its end and the loop keeps one small frame a virtual second, so a
// tick only moves an index and View only draws a frame, from a cache. The
// ticks (Tick) run while the caller shows the loop and stop when it does
// not; Still shows one frame and never ticks (reduced motion).
//
// It may import engine, engine/breaker, engine/scenarios, tui/pane (for
// the fault spans and text helpers), tui/theme, bubbletea and x/ansi. It
// does no I/O.
package breakerloop

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Scenario is the built-in scenario the loop plays, and Seed its seed.
const (
	Scenario = "breaker-timeline"
	Seed     = 5
)

// Step is the virtual time between frames, and Interval the wall time a
// frame stays on screen: the two-minute run loops in half a minute.
const (
	Step     = time.Second
	Interval = 250 * time.Millisecond
)

// frame is the loop at one virtual second.
type frame struct {
	at      time.Duration
	state   breaker.State
	window  []breaker.Result // the breaker's window, oldest first
	refused uint64           // calls the breaker refused so far
	failing bool             // the dependency's fault is in force
	// probed says the breaker went half-open during the second up to
	// this frame, if only for an instant (a failed trial reopens it at
	// once).
	probed bool
	last   *engine.Transition
	seen   int // transitions at or before this frame
}

// Frames is the loop's run: a frame a virtual second, and what the run is
// about (its fault, in the engine's terms).
type Frames struct {
	frames []frame
	about  string // "dependency fails from 20 s to 80 s"
	// trans is every transition of the run; a frame's log shows the
	// first seen of them, those that have happened by its clock.
	trans []engine.Transition
}

// LoadedMsg carries the frames Load made.
type LoadedMsg struct{ Frames *Frames }

// TickMsg moves the loop one frame; Gen is the chain of ticks it belongs
// to, so a chain left running when the loop stopped dies out.
type TickMsg struct{ Gen int }

// Load runs the scenario in a command and hands back its frames.
func Load() tea.Cmd {
	return func() tea.Msg { return LoadedMsg{Frames: Run()} }
}

// Run runs the scenario to its end, keeping a frame a virtual second.
func Run() *Frames {
	b, ok := scenarios.Lookup(Scenario)
	if !ok {
		return &Frames{} // no frames: nothing is drawn
	}
	sc := b.Build()
	r, err := engine.New(sc, 0, Seed)
	if err != nil {
		return &Frames{}
	}
	f := &Frames{}
	for _, s := range pane.FaultSpans(sc, 0) {
		f.about = fmt.Sprintf("%s %s from %s to %s", s.Dependency, faultVerb(s.Kind), secs(s.From), secs(s.To))
		break
	}
	seen := 0 // transitions already in an earlier frame
	for at := time.Duration(0); at <= sc.Duration; at += Step {
		r.AdvanceTo(at)
		snap := r.Snapshot()
		fr := frame{at: at}
		for _, t := range snap.Transitions[seen:] {
			fr.probed = fr.probed || t.To == breaker.HalfOpen
		}
		seen = len(snap.Transitions)
		fr.seen = seen
		for _, d := range snap.Dependencies {
			if d.Breaker == nil {
				continue
			}
			fr.state, fr.refused, fr.failing = d.Breaker.State, d.ShortCircuited, d.Fault != nil
			fr.window = append([]breaker.Result(nil), d.Breaker.Window...)
			break
		}
		if n := len(snap.Transitions); n > 0 {
			t := snap.Transitions[n-1]
			fr.last = &t
		}
		f.frames = append(f.frames, fr)
	}
	f.trans = append(f.trans, r.Snapshot().Transitions...)
	return f
}

// faultVerb is what a dependency does under a fault of kind k.
func faultVerb(k engine.FaultKind) string {
	switch k {
	case engine.Hang:
		return "hangs"
	case engine.Slow:
		return "slows"
	case engine.Unreachable:
		return "drops every packet"
	}
	return "fails"
}

// secs writes a whole number of seconds: "20 s".
func secs(d time.Duration) string { return fmt.Sprintf("%d s", int(d/time.Second)) }

// Model is the loop on screen.
type Model struct {
	th     *theme.Theme
	f      *Frames
	i      int
	gen    int
	ticked bool // a tick of chain gen is on its way
	still  bool
	cache  *cache
}

// cache keeps the drawn lines of each frame at one width, and the
// wording of the state line every frame takes at that width.
type cache struct {
	w     int
	form  int
	lines map[int][]string
}

// New makes the loop, with no frames until LoadedMsg; still shows one
// frame (the breaker open) and never ticks.
func New(th *theme.Theme, still bool) Model {
	return Model{th: th, still: still, cache: &cache{}}
}

// Loaded reports whether the frames have come.
func (m Model) Loaded() bool { return m.f != nil && len(m.f.frames) > 0 }

// Frame is the index of the frame on screen.
func (m Model) Frame() int { return m.i }

// Update takes the loop's messages: its frames, and its ticks while show
// says the caller shows it. It returns the next tick, if any.
func (m Model) Update(msg tea.Msg, show bool) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case LoadedMsg:
		m.f = msg.Frames
		m.i = 0
		if m.still {
			m.i = m.stillFrame()
		}
		m.cache.lines = nil
	case TickMsg:
		if msg.Gen != m.gen {
			return m, nil // a chain that stopped
		}
		m.ticked = false
		if !show || !m.Loaded() || m.still {
			return m, nil
		}
		m.i = (m.i + 1) % len(m.f.frames)
	}
	return m, m.Tick(show)
}

// Tick starts a chain of ticks when the loop is shown, loaded, allowed to
// move and not already ticking; nil otherwise. A caller calls it after
// every message (coming back to the screen that shows it restarts it).
func (m *Model) Tick(show bool) tea.Cmd {
	if !show || m.still || m.ticked || !m.Loaded() {
		return nil
	}
	m.ticked = true
	gen := m.gen
	return tea.Tick(Interval, func(time.Time) tea.Msg { return TickMsg{Gen: gen} })
}

// Stop ends the chain of ticks: the tick on its way is ignored, and the
// next Tick starts a new chain.
func (m *Model) Stop() {
	if m.ticked {
		m.gen++
		m.ticked = false
	}
}

// stillFrame is the frame a still loop shows: the first with the breaker
// open, where the picture says the most.
func (m Model) stillFrame() int {
	for i, fr := range m.f.frames {
		if fr.state == breaker.Open {
			return i
		}
	}
	return 0
}

// View draws the loop in at most rows lines of w cells: nil when it has
// nothing to show or no room (no row, under 60 columns). With fewer rows
// than it draws, the title goes first, then the reason, then the
// timeline: the state line stays. With more, the rows past the picture's
// own five hold its log of the transitions so far (logLines).
func (m Model) View(w, rows int) []string {
	if !m.Loaded() || rows < 1 || w < 60 {
		return nil
	}
	c := m.cache
	if c.w != w || c.lines == nil {
		c.w, c.lines, c.form = w, map[int][]string{}, m.stateForm(w)
	}
	lines, ok := c.lines[m.i]
	if !ok {
		lines = m.draw(m.f.frames[m.i], w)
		c.lines[m.i] = lines
	}
	if len(lines) <= rows {
		if log := m.logLines(w, rows-len(lines)); len(log) > 0 {
			return append(append([]string(nil), lines...), log...)
		}
		return lines
	}
	// lines are the title, the timeline and its axis when drawn, the
	// state, the reason; keep the last rows of them, the state kept
	// first.
	state := len(lines) - 2
	switch rows {
	case 1:
		return lines[state : state+1]
	case 2:
		return lines[state:]
	}
	return lines[len(lines)-rows:]
}

// LogRows is the most rows the transition log takes under the picture:
// a blank, its heading and a line a transition of the whole run, as many
// as it has at the run's end. The log keeps them at every frame (logLines),
// so what sits under it stays put while the loop plays.
func (m Model) LogRows() int {
	if !m.Loaded() || len(m.f.trans) == 0 {
		return 0
	}
	return 2 + len(m.f.trans)
}

// logLines is the log of the transitions so far, in the engine's words,
// in rows lines at most (none under three): only those at or before the
// frame's clock, as the sandbox's breaker log lists them, the last of them
// marked ▸, so the picture's rhythm reads as a list of causes. When they
// do not all fit, the window shows the latest. The rows the log will need
// by the run's end stay, blank until their transition happens.
func (m Model) logLines(w, rows int) []string {
	trans := m.f.trans
	if rows < 3 || len(trans) == 0 {
		return nil
	}
	th := m.th
	seen := m.f.frames[m.i].seen
	room := min(rows-2, len(trans))
	from := max(seen-room, 0)
	var head string
	switch {
	case seen == 0:
		// The reason line just above says there is none yet ("no
		// transition yet: every call is sent"): the head says only
		// what will come here, where it said "none yet" again.
		head = "transitions, listed here as they happen"
	case from > 0:
		head = fmt.Sprintf("transitions %d to %d of the %d so far, ▸ the last", from+1, seen, seen)
	case seen == 1:
		head = "1 transition so far, ▸ the last"
	default:
		head = fmt.Sprintf("%d transitions so far, ▸ the last", seen)
	}
	out := []string{"", " " + th.Dim.Render(head)}
	for i := from; i < seen; i++ {
		t := trans[i]
		mark, paint := " ", func(s ...string) string { return strings.Join(s, "") }
		if i == seen-1 {
			mark, paint = "▸", th.Bold.Render
		}
		line := fmt.Sprintf("%s %5s  %s → %s: %s", mark, pane.TransitionTime(t.At), t.From, t.To, t.Reason())
		if ansi.StringWidth(line) >= w {
			line = fmt.Sprintf("%s %5s  %s → %s", mark, pane.TransitionTime(t.At), t.From, t.To) // the reason never cut
		}
		out = append(out, " "+paint(line))
	}
	for len(out) < 2+room {
		out = append(out, "")
	}
	return out
}

// draw lays a frame out: a title line saying what plays, the state line,
// the last transition in the engine's words. Each line has a long form
// and a short one for a narrow window.
func (m Model) draw(fr frame, w int) []string {
	th := m.th
	pick := func(long, short string) string {
		if ansi.StringWidth(long) < w {
			return " " + long
		}
		return pane.Fit(" "+short, w)
	}
	title := pick(th.Dim.Render(fmt.Sprintf("live: %s, seed %d, one call a second; %s", Scenario, Seed, m.f.about)),
		th.Dim.Render(fmt.Sprintf("live: %s; %s", Scenario, m.f.about)))
	state := m.stateLine(fr, m.cache.form)
	if m.cache.form == formShort {
		state = pane.Fit(state, w)
	}
	why := "no transition yet: every call is sent"
	if t := fr.last; t != nil {
		why = fmt.Sprintf("at %s %s → %s: %s", pane.TransitionTime(t.At), t.From, t.To, t.Reason())
	}
	out := []string{title}
	if len(m.f.frames)+10 <= w {
		out = append(out, m.timeline(fr), " "+th.Dim.Render("         ─ closed  ━ closed, dependency failing  █ open  ▒ half-open (a probe)  ▼ now"))
	}
	return append(out, state, pick(th.Dim.Render(why), th.Dim.Render(why)))
}

// The wordings of the state line, longest first: the lamps spaced and the
// dependency and the window named; the lamps tight and the window's label
// dropped; and, for a narrow window, the dependency's label dropped too.
const (
	formLong = iota
	formMiddle
	formShort
)

// stateForm is the wording every frame's state line takes at width w: the
// longest in which the widest frame fits. Chosen frame by frame, the line
// changed its words a few seconds into the loop, as the window filled (at
// 80 columns "dependency up   window ✓✓✓" became "up  ✓✓✓✓✓✓✓✓✓✓"), a
// jolt on the first screen with nothing in the run behind it, and the
// short form's bare "up" and "failing" said nothing of what was up.
func (m Model) stateForm(w int) int {
	for _, form := range []int{formLong, formMiddle} {
		fits := true
		for _, fr := range m.f.frames {
			if ansi.StringWidth(m.stateLine(fr, form)) > w {
				fits = false
				break
			}
		}
		if fits {
			return form
		}
	}
	return formShort
}

// stateLine is a frame's state line in one wording: the time, the
// breaker's lamps, whether the dependency is up, the window's calls and
// the calls refused, with the space that starts every line.
func (m Model) stateLine(fr frame, form int) string {
	th := m.th
	var lamps []string
	for _, s := range []breaker.State{breaker.Closed, breaker.Open, breaker.HalfOpen} {
		glyph, style := string(theme.GlyphUnlit), th.Dim
		if s == fr.state {
			glyph, style = string(theme.GlyphLit), th.State(s)
		}
		if form == formLong {
			lamps = append(lamps, style.Render(glyph+" "+s.String()))
		} else {
			lamps = append(lamps, style.Render(glyph+s.String()))
		}
	}
	var calls strings.Builder
	for _, r := range fr.window {
		switch r {
		case breaker.Success:
			calls.WriteString(th.Good.Render(string(theme.GlyphPass)))
		case breaker.Failure:
			calls.WriteString(th.Bad.Render(string(theme.GlyphFail)))
		default:
			calls.WriteString(th.Dim.Render(string(theme.GlyphEmpty)))
		}
	}
	dep, style := "up", th.Good
	if fr.failing {
		dep, style = "failing", th.Bad
	}
	if form != formShort {
		dep = "dependency " + dep
	}
	at := th.Bold.Render(fmt.Sprintf("%3d s", int(fr.at/time.Second)))
	if form == formLong {
		return fmt.Sprintf(" %s  %s   %s   window %s   refused %d", at, strings.Join(lamps, " "), style.Render(dep), calls.String(), fr.refused)
	}
	return fmt.Sprintf(" %s  %s  %s  %s  refused %d", at, strings.Join(lamps, " "), style.Render(dep), calls.String(), fr.refused)
}

// timeline is the whole run in one row, a cell a second: ─ closed, █ open,
// ▒ half-open (or a probe in that second), the seconds the dependency fails underlined in red by ━
// instead of ─, and ▼ over the cell of the frame on screen: the breaker's
// rhythm (open, a probe, open again) at a glance.
func (m Model) timeline(fr frame) string {
	th := m.th
	var b strings.Builder
	b.WriteString(" " + th.Dim.Render("states ") + " ")
	for _, f := range m.f.frames {
		cell, style := "─", th.State(f.state)
		switch f.state {
		case breaker.Open:
			cell = "█"
		case breaker.HalfOpen:
			cell = "▒"
		}
		switch {
		case f.probed:
			cell, style = "▒", th.State(breaker.HalfOpen)
		case f.state == breaker.Closed && f.failing:
			cell, style = "━", th.Bad
		}
		if f.at == fr.at {
			cell, style = "▼", th.Bold
		}
		b.WriteString(style.Render(cell))
	}
	return b.String()
}
