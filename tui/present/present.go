// Package present is presentation mode: any screen of breakerlab drawn for
// a projector at about 100×30. Fewer, larger elements: the key number of
// the moment in big digits ("197/200", with "workers held" under it, and
// the same in words where the digits do not fit), the state that matters
// in words, the lesson's or scenario's one sentence as a caption, and the
// key just pressed in a corner for a moment, so the room sees what the
// presenter did. No key help. It is drawn with the high-contrast variant
// of the session's theme (theme.HighContrast), on the session's renderer,
// so NO_COLOR still gives plain text: every state has its word.
//
// A screen that has a key number says so with a Moment (the sandbox, the
// lesson player, the home screen passing on whichever is open); a screen
// without one (a menu, the drill) is shown as it is, its last line (the
// key help) given to the key corner, and to a note where the screen is a
// Noter (the home menu: the sandbox and the lessons show big). Model wraps any screen with the
// ctrl+p key that toggles it; the classroom server (tui/serve) draws a
// session's screens with View and Frame itself.
//
// It may import the engine's snapshot types (engine, engine/shuffle's
// timeline), tui/theme, tui/pane, tui/chart (SpanUnit: the unit a long
// run's clock reads in), bubbletea and x/ansi; it imports no
// screen.
package present

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Key toggles presentation mode, on every screen.
const Key = "ctrl+p"

// Moment is what a screen shows in presentation mode, every number taken
// from the snapshot the screen shows.
type Moment struct {
	// Title is the top line: what is on screen ("cascade · one shared
	// pool", "Lesson 1 · step 3 of 7").
	Title string
	// Clock is the play state and the virtual time ("▶ 12.0 s / 60.0 s").
	Clock string
	// Value of Of is the key number ("197/200"); Label says what it counts
	// ("workers held"). Of 0 draws Value alone; no Label, no number.
	Value, Of int
	Label     string
	// Figure, when set, is the key number as text, drawn big in place of
	// Value and Of: "32.6%", "24". Big draws digits, '.', ',', '%', '-'
	// and '/'; a figure with other runes is written in words.
	Figure string
	// Lead is a line over the number saying what it belongs to
	// ("recommendations breaker: open"); alone, without Figure or Label,
	// it is the whole of the key state, in words.
	Lead string
	// Held says the number is kept back until the room has guessed it:
	// Label says what it is, and no number is drawn.
	Held bool
	// Details are the states that matter, in words, one a line.
	Details []string
	// Caption is the one sentence of the moment.
	Caption string
	// Ask is the question the moment asks, drawn in place of the caption:
	// a lesson step's prediction or self-check question.
	Ask *Ask
	// Sides are the two sides of a comparison, drawn side by side in place
	// of the one number; Details then say how they differ.
	Sides []Side
}

// Ask is a question as the room reads it: the prompt, the choices as the
// presenter's own screen numbers them, the answer as it is typed or as
// given beside what happened, and the reveal's first sentence, the first
// thing left out where the window is short.
type Ask struct {
	Prompt  string   // with its head: "Predict: How many ..."
	Choices []string // each with its number and mark: "1) All of them."
	Lines   []string // "Your guess: 250▏"; "Your guess: 250 · What happened: 249"; the verdict
	Reveal  string
}

// Side is one side of a comparison: its name, its key number and its
// states in words.
type Side struct {
	Name      string
	Value, Of int
	Label     string
	Details   []string
}

// hasNumber reports whether the moment draws a key number, or says that
// it is held.
func (mo Moment) hasNumber() bool {
	return mo.Label != "" || mo.Figure != "" || mo.Lead != ""
}

// Words is the key number in words, as a narrow window shows it.
func (mo Moment) Words() string {
	var s string
	switch {
	case mo.Held:
		s = mo.Label + ": " + heldWords
	case mo.Figure != "":
		s = strings.TrimSpace(mo.Figure + " " + mo.Label)
	case mo.Lead != "" && mo.Label == "":
	case mo.Of > 0:
		s = fmt.Sprintf("%d / %d %s", mo.Value, mo.Of, mo.Label)
	default:
		s = fmt.Sprintf("%d %s", mo.Value, mo.Label)
	}
	switch {
	case mo.Lead == "":
		return s
	case s == "":
		return mo.Lead
	}
	return mo.Lead + " · " + s
}

// digits is the key number to draw big, or "" when there is none to draw:
// it is held, it is a state in words, or Big cannot draw it.
func (mo Moment) digits() string {
	switch {
	case mo.Held:
		return ""
	case mo.Figure != "":
		if !Drawable(mo.Figure) {
			return ""
		}
		return mo.Figure
	case mo.Lead != "" && mo.Label == "":
		return ""
	case mo.Of > 0:
		return fmt.Sprintf("%d/%d", mo.Value, mo.Of)
	}
	return fmt.Sprint(mo.Value)
}

// Clock is the play state and time of a simulation, the time as the
// status line writes it (pane.Clock: cut to tenths, never rounded up to
// the end; a long run's in its time axes' unit, chart.SpanUnit and
// pane.ClockIn), so that the projector and the presenter's screen agree:
// at 12 h of a 24-hour run the projector read "43200.0 s / 86400.0 s"
// under a status line reading "12h 00m / 24h 00m".
func Clock(now, end time.Duration, playing bool) string {
	glyph := theme.GlyphPaused
	switch {
	case now >= end:
		glyph = theme.GlyphFinished
	case playing:
		glyph = theme.GlyphPlaying
	}
	return fmt.Sprintf("%s %s / %s", glyph, ClockTime(now, end), ClockEnd(end))
}

// ClockTime is the time now as the status line's clock writes it on a run
// of end: "30.0 s", or "47m 05s" on a long one. A screen that names a
// moment of a run (the builder's "the map shows the run at") writes it
// so, and reads as the sandbox's clock does at that moment.
func ClockTime(now, end time.Duration) string {
	return pane.ClockIn(now, chart.SpanUnit(end))
}

// ClockEnd is a run's length as the status line writes it after the
// slash: "60.0 s", or "24h 00m" on a long one.
func ClockEnd(end time.Duration) string {
	if unit := chart.SpanUnit(end); unit > time.Second {
		return pane.ClockIn(end, unit)
	}
	return pane.Seconds(end)
}

// Engine is the moment of an engine snapshot: the workers the server holds
// of its pool (a tasks server's tasks live), and each dependency with a
// fault or a breaker, in words.
func Engine(title string, snap *engine.Snapshot, playing bool, caption string) Moment {
	label, _ := Held(snap)
	return Moment{Title: title, Clock: Clock(snap.Now, snap.Duration, playing),
		Value: snap.Busy, Of: snap.Workers, Label: label, Caption: caption,
		Details: EngineDetails(snap, true)}
}

// Held says what a snapshot's Busy counts: the words under the number
// (label) and the name of the number where it is held back (what). A
// thread pool's Busy is its workers held; a tasks server has no workers
// (engine/snapshot.go: its Workers is 0 and its Busy counts its live
// tasks), so its number is the tasks live, as the sandbox's Limits pane
// calls them. Every screen that draws Busy on a projector takes its words
// from here, so that none says "workers held" over a server without them.
func Held(snap *engine.Snapshot) (label, what string) {
	if snap.Tasks != nil {
		return "tasks live", "the tasks live"
	}
	return "workers held", "the workers held"
}

// CustomerDetails is a shuffle-sharding run's other customers (the
// poisoned one is not counted) in a line of words: those degraded and lost
// now, and lost so far. The lesson player's shuffle steps and the shard
// view say it alike.
func CustomerDetails(snap *shuffle.Snapshot) string {
	c := snap.Now
	return fmt.Sprintf("degraded %d · lost %d · ever lost %d", c.Degraded, c.Lost, snap.EverLost)
}

// EngineDetails are the snapshot's dependencies that have a fault or a
// breaker, one a line: the fault, the calls their callers still hold apart
// from the abandoned ones (calls a timeout gave up on, which the
// dependency still works on and a bulkhead no longer counts), and the
// breaker's state unless state is false (a prediction about it waits).
func EngineDetails(snap *engine.Snapshot, state bool) []string {
	return EngineDetailsShown(snap, state, true)
}

// EngineDetailsShown is EngineDetails with the calls held and abandoned
// left out where counts is false (a question open about the run: its
// figures wait for the guess), so that a line says only the fault and,
// where state is true, the breaker's state; a dependency left with neither
// has no line.
func EngineDetailsShown(snap *engine.Snapshot, state, counts bool) []string {
	var out []string
	for _, d := range snap.Dependencies {
		if d.Fault == nil && d.Breaker == nil {
			continue
		}
		var parts []string
		if d.Fault != nil {
			parts = append(parts, "fault: "+d.Fault.Kind.String())
		}
		if counts {
			parts = append(parts, CallsHeld(&d))
		}
		if d.Breaker != nil && state {
			parts = append(parts, "breaker "+d.Breaker.State.String())
		}
		if len(parts) > 0 {
			out = append(out, d.Name+": "+strings.Join(parts, " · "))
		}
	}
	return out
}

// CallsHeld is a dependency's calls in flight in words, those the callers
// still wait for apart from the abandoned ones: "20 held · 60 abandoned".
// The held are the map's and the in-flight chart's (pane.HeldNow): under a
// bulkhead, its permits held, dialling calls among them; counted as the
// calls at the dependency instead, go-server's payments read "0 held"
// while the map said all 60 permits held by calls dialling the hung
// provider.
func CallsHeld(d *engine.DependencySnapshot) string {
	s := fmt.Sprintf("%d held", pane.HeldNow(d))
	if d.Abandoned > 0 {
		s += fmt.Sprintf(" · %d abandoned", d.Abandoned)
	}
	return s
}

// digitRows are the big digits, five rows of three cells.
var digitRows = [...][5]string{
	{"███", "█ █", "█ █", "█ █", "███"},
	{" █ ", "██ ", " █ ", " █ ", "███"},
	{"███", "  █", "███", "█  ", "███"},
	{"███", "  █", "███", "  █", "███"},
	{"█ █", "█ █", "███", "  █", "  █"},
	{"███", "█  ", "███", "  █", "███"},
	{"███", "█  ", "███", "█ █", "███"},
	{"███", "  █", " █ ", " █ ", " █ "},
	{"███", "█ █", "███", "█ █", "███"},
	{"███", "█ █", "███", "  █", "███"},
}

// glyphs are the big signs other than digits, each as wide in every row.
var glyphs = map[rune][5]string{
	'/': {"  █", "  █", " █ ", "█  ", "█  "},
	'.': {" ", " ", " ", " ", "█"},
	',': {" ", " ", " ", "█", "▌"},
	'%': {"█ █", "  █", " █ ", "█  ", "█ █"},
	'-': {"   ", "   ", "███", "   ", "   "},
	' ': {" ", " ", " ", " ", " "},
}

// Drawable reports whether Big draws every rune of s.
func Drawable(s string) bool {
	for _, r := range s {
		if _, ok := glyphs[r]; !ok && (r < '0' || r > '9') {
			return false
		}
	}
	return s != ""
}

// Big draws s's digits big, and '/', '.', ',', '%', '-' and spaces; other
// runes are left out (callers pass numbers: see Drawable).
func Big(s string) [5]string {
	var rows [5]strings.Builder
	first := true
	for _, r := range s {
		g, ok := glyphs[r]
		if r >= '0' && r <= '9' {
			g, ok = digitRows[r-'0'], true
		}
		if !ok {
			continue
		}
		if !first {
			for j := range rows {
				rows[j].WriteByte(' ')
			}
		}
		first = false
		for j := range rows {
			rows[j].WriteString(g[j])
		}
	}
	var out [5]string
	for j := range rows {
		out[j] = rows[j].String()
	}
	return out
}

// scaled repeats each cell of a row of big digits k times.
func scaled(row string, k int) string {
	if k == 1 {
		return row
	}
	var b strings.Builder
	for _, r := range row {
		for range k {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// View draws mo for a projector at w×h with th (the high-contrast theme),
// lastKey in the bottom-right corner. The title is alone on the top line,
// so that a classroom's tag can take its right end.
//
// What does not fit is given up in this order: the digits' size (a large
// window draws each cell k×k), the reveal's sentence, the digits (the
// number in words), the details, the blank lines; the question and its
// choices stay.
func View(th *theme.Theme, mo Moment, lastKey string, w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	center := func(s string) string {
		return strings.Repeat(" ", max((w-pane.Width(s))/2, 0)) + s
	}
	var head []string
	if mo.Clock != "" {
		head = append(head, th.Bold.Render(center(mo.Clock)), "")
	}
	var details []string
	for _, d := range mo.Details {
		for _, l := range wrapParts(d, max(w-4, 10)) {
			details = append(details, center(l))
		}
	}
	body := func(reveal bool) []string {
		if mo.Ask != nil {
			return askLines(th, mo.Ask, reveal, w)
		}
		var out []string
		if mo.Caption != "" {
			for _, l := range pane.Wrap(mo.Caption, max(w-8, 10)) {
				out = append(out, th.Subtitle.Render(center(l)))
			}
		}
		return out
	}
	// The parts of the screen are drawn once each and kept: the number at
	// each size tried (with the sides' details or without) and the body
	// with the reveal or without. Trying a size or a leaving-out counts
	// their lines; only the one chosen is put together.
	var numbers [4][2][]string
	var numbersDrawn [4][2]bool
	number := func(k int, withDetails bool) []string {
		d := 0
		if withDetails {
			d = 1
		}
		if !numbersDrawn[k][d] {
			if len(mo.Sides) == 2 {
				numbers[k][d] = sideLines(th, mo.Sides, k, withDetails, w)
			} else {
				numbers[k][d] = numberLines(th, mo, k, w, center)
			}
			numbersDrawn[k][d] = true
		}
		return numbers[k][d]
	}
	var bodies [2][]string
	var bodiesDrawn [2]bool
	bodyOf := func(reveal bool) []string {
		r := 0
		if reveal {
			r = 1
		}
		if !bodiesDrawn[r] {
			bodies[r], bodiesDrawn[r] = body(reveal), true
		}
		return bodies[r]
	}
	// detail is how many of the details are drawn: 2 all, 1 all but the
	// sides' own, 0 none; tight leaves out the blank lines.
	type layout struct {
		k      int
		reveal bool
		detail int
		tight  bool
	}
	// height is how many lines compose makes of l, a layout with its
	// blank lines.
	height := func(l layout) int {
		n := len(head) + len(number(l.k, l.detail == 2)) + 1
		if l.detail > 0 {
			n += len(details)
		}
		if b := bodyOf(l.reveal); len(b) > 0 {
			n += 1 + len(b)
		}
		return n
	}
	compose := func(l layout) []string {
		lines := append([]string(nil), head...)
		if l.tight && len(lines) > 0 {
			lines = lines[:1]
		}
		lines = append(lines, number(l.k, l.detail == 2)...)
		if !l.tight {
			lines = append(lines, "")
		}
		if l.detail > 0 {
			lines = append(lines, details...)
		}
		if b := bodyOf(l.reveal); len(b) > 0 {
			if !l.tight {
				lines = append(lines, "")
			}
			for _, line := range b {
				if line != "" || !l.tight {
					lines = append(lines, line)
				}
			}
		}
		return lines
	}
	// The title and the key corner take a row each.
	room := h - 2
	kmax := bigScale(mo, w, h)
	// The layouts in the order tried, the first that fits kept; the
	// tightest is drawn where none does.
	layouts := make([]layout, 0, 10)
	for _, reveal := range []bool{true, false} {
		for k := kmax; k >= 1; k-- {
			layouts = append(layouts, layout{k, reveal, 2, false})
		}
	}
	layouts = append(layouts, layout{0, true, 2, false}, layout{0, false, 2, false}, layout{0, false, 1, false}, layout{0, false, 0, false})
	chosen := layout{0, false, 0, true}
	for _, l := range layouts {
		if height(l) <= room {
			chosen = l
			break
		}
	}
	lines := compose(chosen)
	if top := (h - 2 - len(lines)) / 2; top > 0 {
		lines = append(make([]string, top), lines...)
	}
	title := pane.Fit(" "+mo.Title, w)
	lines = append([]string{th.Title.Render(title)}, lines...)
	lines = pane.Block(lines, w, h)
	for _, l := range lines {
		if strings.Contains(l, "\n") || pane.Width(l) != w {
			// A line that is two, or one that measures otherwise once
			// fitted (a broken escape code that swallowed its padding):
			// Corner splits and fits them again, as it always has.
			return Corner(strings.Join(lines, "\n"), th, lastKey, w, h)
		}
	}
	// Joining, splitting and fitting the lines again, as Corner does,
	// would give them back unchanged.
	return corner(lines, th, lastKey, w)
}

// bigScale is the largest k for which the big number, each cell drawn k×k,
// fits the window: up to 3 on a large window (40 rows or more), 1 where
// the digits just fit, 0 where they do not (the number is then in words).
func bigScale(mo Moment, w, h int) int {
	if h < 18 {
		return 0
	}
	width := 0
	avail := w
	if len(mo.Sides) == 2 {
		// Two columns, each with a margin.
		avail = (w-2)/2 - 2
		for _, s := range mo.Sides {
			width = max(width, ansi.StringWidth(Big(sideDigits(s))[0]))
		}
	} else {
		d := mo.digits()
		if d == "" {
			return 0
		}
		width = ansi.StringWidth(Big(d)[0])
	}
	if width > avail {
		return 0
	}
	k := 1
	for k < 3 && width*(k+1) <= avail-8 && h >= 40 {
		k++
	}
	return k
}

// numberLines are the key number: its lead, the big digits each cell k×k
// and the label under them, or at k 0 the number in words.
func numberLines(th *theme.Theme, mo Moment, k, w int, center func(string) string) []string {
	if !mo.hasNumber() {
		return nil
	}
	bold := func(lines []string) []string {
		for i, l := range lines {
			lines[i] = th.Bold.Render(center(l))
		}
		return lines
	}
	d := mo.digits()
	if k == 0 || d == "" {
		return bold(wordsLines(mo, w))
	}
	var lines []string
	if mo.Lead != "" {
		lines = append(bold(wrapParts(mo.Lead, max(w-4, 10))), "")
	}
	for _, r := range Big(d) {
		// Each row is drawn once and repeated: styling it is most of
		// the cost of a large number.
		row := th.Bold.Render(center(scaled(r, k)))
		for range k {
			lines = append(lines, row)
		}
	}
	if mo.Label != "" {
		lines = append(append(lines, ""), bold(pane.Wrap(mo.Label, max(w-4, 10)))...)
	}
	return lines
}

// heldWords is what a held number says after its label.
const heldWords = "shown after the guess"

// wordsLines are the key number in words (Words), broken at a word where
// they are wider than the window (w), never cut inside one: a held
// number's label on its lines, "shown after the guess" on its own.
func wordsLines(mo Moment, w int) []string {
	s, bw := mo.Words(), max(w-4, 10)
	if ansi.StringWidth(s) <= bw {
		return []string{s}
	}
	if held, ok := strings.CutSuffix(s, " "+heldWords); ok && mo.Held {
		return append(wrapParts(held, bw), heldWords)
	}
	return wrapParts(s, bw)
}

func sideDigits(s Side) string {
	if s.Of > 0 {
		return fmt.Sprintf("%d/%d", s.Value, s.Of)
	}
	return fmt.Sprint(s.Value)
}

func sideWords(s Side) string {
	if s.Of > 0 {
		return fmt.Sprintf("%d / %d %s", s.Value, s.Of, s.Label)
	}
	return fmt.Sprintf("%d %s", s.Value, s.Label)
}

// sideLines are two sides of a comparison in two columns: each side's
// name, its number big (each cell k×k; in words at k 0), its label and its
// details.
func sideLines(th *theme.Theme, sides []Side, k int, withDetails bool, w int) []string {
	colW := max((w-2)/2, 1)
	var cols [2][]string
	for i, s := range sides[:2] {
		in := func(l string) string {
			return strings.Repeat(" ", max((colW-pane.Width(l))/2, 0)) + l
		}
		var col []string
		for _, l := range pane.Wrap(s.Name, max(colW-2, 1)) {
			col = append(col, th.Bold.Render(in(l)))
		}
		col = append(col, "")
		if k == 0 {
			for _, l := range pane.Wrap(sideWords(s), max(colW-2, 1)) {
				col = append(col, th.Bold.Render(in(l)))
			}
		} else {
			for _, r := range Big(sideDigits(s)) {
				row := th.Bold.Render(in(scaled(r, k)))
				for range k {
					col = append(col, row)
				}
			}
			col = append(col, "", th.Bold.Render(in(s.Label)))
		}
		if len(s.Details) > 0 && withDetails {
			col = append(col, "")
			for _, d := range s.Details {
				for _, l := range wrapParts(d, max(colW-2, 1)) {
					col = append(col, in(l))
				}
			}
		}
		cols[i] = col
	}
	n := max(len(cols[0]), len(cols[1]))
	lines := make([]string, n)
	for j := range n {
		var l, r string
		if j < len(cols[0]) {
			l = cols[0][j]
		}
		if j < len(cols[1]) {
			r = cols[1][j]
		}
		lines[j] = pane.Fit(l, colW) + "  " + r
	}
	return lines
}

// wrapParts wraps a line of details at w, breaking it between its parts
// (joined by " · ") where it can, so that "20 held" stays whole; a part
// wider than a line is wrapped on its own.
func wrapParts(s string, w int) []string {
	var out []string
	cur := ""
	for _, part := range strings.Split(s, " · ") {
		switch {
		case cur == "":
			cur = part
		case ansi.StringWidth(cur+" · "+part) <= w:
			cur += " · " + part
		default:
			out = append(out, cur+" ·")
			cur = part
		}
		if ansi.StringWidth(cur) > w {
			lines := pane.Wrap(cur, w)
			out = append(out, lines[:len(lines)-1]...)
			cur = lines[len(lines)-1]
		}
	}
	return append(out, cur)
}

// askLines draws a question as a block of text, left-aligned and centred
// in the window: the prompt, the choices (a long one's next lines under
// its text, not its number), the answer lines, and the reveal when reveal
// is on.
func askLines(th *theme.Theme, a *Ask, reveal bool, w int) []string {
	bw := max(min(w-4, 110), 10)
	var block []string
	for _, l := range pane.Wrap(a.Prompt, bw) {
		block = append(block, th.Bold.Render(l))
	}
	if len(a.Choices) > 0 {
		block = append(block, "")
	}
	for _, c := range a.Choices {
		indent := 2
		if i := strings.Index(c, ") "); i >= 0 {
			indent += ansi.StringWidth(c[:i+2])
		}
		for j, l := range pane.Wrap(c, max(bw-indent, 1)) {
			pad := "  "
			if j > 0 {
				pad = strings.Repeat(" ", indent)
			}
			block = append(block, pad+l)
		}
	}
	if len(a.Lines) > 0 {
		block = append(block, "")
	}
	for _, line := range a.Lines {
		for _, l := range pane.Wrap(line, bw) {
			block = append(block, th.Bold.Render(l))
		}
	}
	if reveal && a.Reveal != "" {
		block = append(block, "")
		for _, l := range pane.Wrap(a.Reveal, bw) {
			block = append(block, th.Subtitle.Render(l))
		}
	}
	width := 0
	for _, l := range block {
		width = max(width, ansi.StringWidth(l))
	}
	pad := strings.Repeat(" ", max((w-width)/2, 0))
	for i, l := range block {
		if l != "" {
			block[i] = pad + l
		}
	}
	return block
}

// Frame is a screen without a key number in presentation mode: its own
// view, at w×h, with its last line (where every screen keeps its key help)
// given to the key corner.
func Frame(th *theme.Theme, view, lastKey string, w, h int) string {
	if w <= 0 || h <= 0 {
		return view
	}
	return Corner(view, th, lastKey, w, h)
}

// block is view fitted to exactly w×h, as Frame fits it, its last line
// kept.
func block(view string, w, h int) string {
	if w <= 0 || h <= 0 {
		return view
	}
	return strings.Join(pane.Block(strings.Split(view, "\n"), w, h), "\n")
}

// Corner puts lastKey at the right end of view's last line, which it
// blanks: the key help there is left out in presentation mode.
func Corner(view string, th *theme.Theme, lastKey string, w, h int) string {
	return corner(pane.Block(strings.Split(view, "\n"), w, h), th, lastKey, w)
}

// corner is Corner for a view already split into its h lines, each w
// cells wide (pane.Block's), which it writes over. The first of notes that
// fits beside the key (a Noter's) is written at the line's left.
func corner(lines []string, th *theme.Theme, lastKey string, w int, notes ...string) string {
	last := ""
	if lastKey != "" {
		last = th.Key.Render("[" + lastKey + "]")
	}
	// One cell is left blank at the right: a key shown in the very last
	// cell of a terminal may scroll it.
	room := w - ansi.StringWidth(last) - 1
	lead := ""
	for _, n := range notes {
		// A cell in from the left, as the screens' own key lines are, and
		// two clear of the key, whose longest is "[" + 16 cells + "]".
		if 1+ansi.StringWidth(n)+2+18 <= w {
			lead = " " + th.Subtitle.Render(n)
			break
		}
	}
	lines[len(lines)-1] = pane.Fit(lead+strings.Repeat(" ", max(room-ansi.StringWidth(lead), 0))+last, w)
	return strings.Join(lines, "\n")
}

// shown is how long a pressed key stays in the corner.
const shown = 1500 * time.Millisecond

// FadeMsg clears the key in the corner, unless a later key replaced it.
type FadeMsg struct {
	seq int
	c   *Keys
}

// Keys is the key in the corner. Its zero value shows none.
type Keys struct {
	Last string
	seq  int
}

// Show puts k in the corner and returns the command that clears it.
func (c *Keys) Show(k tea.KeyMsg) tea.Cmd {
	c.seq++
	c.Last = KeyWords(k)
	seq := c.seq
	return tea.Tick(shown, func(time.Time) tea.Msg { return FadeMsg{seq, c} })
}

// Fade handles msg if it is this corner's; it reports whether it was.
func (c *Keys) Fade(msg tea.Msg) bool {
	f, ok := msg.(FadeMsg)
	if !ok || f.c != c {
		return false
	}
	if f.seq == c.seq {
		c.Last = ""
	}
	return true
}

// KeyWords is how the corner shows a key: a burst of one rune as the rune
// and a count (". ×12"), anything else cut to 16 cells.
func KeyWords(k tea.KeyMsg) string {
	if k.Type == tea.KeyRunes && len(k.Runes) > 1 && strings.Count(string(k.Runes), string(k.Runes[0])) == len(k.Runes) {
		return fmt.Sprintf("%c ×%d", k.Runes[0], len(k.Runes))
	}
	if k.Type == tea.KeySpace {
		return "space"
	}
	return ansi.Truncate(k.String(), 16, "…")
}
