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
// key help) given to the key corner. Model wraps any screen with the
// ctrl+p key that toggles it; the classroom server (tui/serve) draws a
// session's screens with View and Frame itself.
//
// It may import the engine's snapshot types, tui/theme, tui/pane,
// bubbletea and x/ansi; it imports no screen.
package present

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
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
	// Details are the states that matter, in words, one a line.
	Details []string
	// Caption is the one sentence of the moment.
	Caption string
}

// Words is the key number in words, as a narrow window shows it.
func (mo Moment) Words() string {
	if mo.Of > 0 {
		return fmt.Sprintf("%d / %d %s", mo.Value, mo.Of, mo.Label)
	}
	return fmt.Sprintf("%d %s", mo.Value, mo.Label)
}

func (mo Moment) digits() string {
	if mo.Of > 0 {
		return fmt.Sprintf("%d/%d", mo.Value, mo.Of)
	}
	return fmt.Sprint(mo.Value)
}

// Clock is the play state and time of a simulation, to the tenth of a
// second, as the screens write it.
func Clock(now, end time.Duration, playing bool) string {
	glyph := theme.GlyphPaused
	switch {
	case now >= end:
		glyph = theme.GlyphFinished
	case playing:
		glyph = theme.GlyphPlaying
	}
	return fmt.Sprintf("%s %s / %s", glyph, pane.Seconds(now/(100*time.Millisecond)*(100*time.Millisecond)), pane.Seconds(end))
}

// Engine is the moment of an engine snapshot: the workers the server holds
// of its pool, and each dependency with a fault or a breaker, in words.
func Engine(title string, snap *engine.Snapshot, playing bool, caption string) Moment {
	mo := Moment{Title: title, Clock: Clock(snap.Now, snap.Duration, playing),
		Value: snap.Busy, Of: snap.Workers, Label: "workers held", Caption: caption}
	for _, d := range snap.Dependencies {
		if d.Fault == nil && d.Breaker == nil {
			continue
		}
		var parts []string
		if d.Fault != nil {
			parts = append(parts, "fault: "+d.Fault.Kind.String())
		}
		parts = append(parts, fmt.Sprintf("%d in flight", d.InFlight))
		if d.Breaker != nil {
			parts = append(parts, "breaker "+d.Breaker.State.String())
		}
		mo.Details = append(mo.Details, d.Name+": "+strings.Join(parts, " · "))
	}
	return mo
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

// Big draws s's digits big, '/' as a slash and spaces as gaps; other runes
// are left out (callers pass numbers).
func Big(s string) [5]string {
	var rows [5]strings.Builder
	for i, r := range s {
		if i > 0 {
			for j := range rows {
				rows[j].WriteByte(' ')
			}
		}
		for j := range rows {
			switch {
			case r >= '0' && r <= '9':
				rows[j].WriteString(digitRows[r-'0'][j])
			case r == '/':
				rows[j].WriteString([...]string{"  █", "  █", " █ ", "█  ", "█  "}[j])
			case r == ' ':
				rows[j].WriteString(" ")
			}
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
func View(th *theme.Theme, mo Moment, lastKey string, w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	center := func(s string) string {
		return strings.Repeat(" ", max((w-ansi.StringWidth(s))/2, 0)) + s
	}
	var lines []string
	if mo.Clock != "" {
		lines = append(lines, th.Bold.Render(center(mo.Clock)), "")
	}
	big := Big(mo.digits())
	var details, caption []string
	for _, d := range mo.Details {
		details = append(details, pane.Wrap(d, max(w-4, 10))...)
	}
	if mo.Caption != "" {
		caption = pane.Wrap(mo.Caption, max(w-8, 10))
	}
	// The digits need their five rows and the label's two, and the
	// caption and details still some room: below that, words.
	switch {
	case mo.Label == "":
		// A moment without a number: the caption alone.
	case ansi.StringWidth(big[0]) <= w && h >= 18:
		// A large window draws the digits larger still, for the back of
		// the room: each cell k×k, as large as the width allows with the
		// rest of the screen still whole below them.
		// The clock, the label and its blank, the details and the caption
		// as drawn below, the title and the key corner.
		rest := len(lines) + 2 + 1 + len(details) + 2
		if len(caption) > 0 {
			rest += 1 + len(caption)
		}
		k := 1
		for k < 3 && ansi.StringWidth(big[0])*(k+1) <= w-8 && 5*(k+1)+rest <= h-2 && h >= 40 {
			k++
		}
		for _, r := range big {
			row := scaled(r, k)
			for range k {
				lines = append(lines, th.Bold.Render(center(row)))
			}
		}
		lines = append(lines, "", th.Bold.Render(center(mo.Label)))
	default:
		lines = append(lines, th.Bold.Render(center(mo.Words())))
	}
	lines = append(lines, "")
	for _, l := range details {
		lines = append(lines, center(l))
	}
	if len(caption) > 0 {
		lines = append(lines, "")
		for _, l := range caption {
			lines = append(lines, th.Subtitle.Render(center(l)))
		}
	}
	if top := (h - 2 - len(lines)) / 2; top > 0 {
		lines = append(make([]string, top), lines...)
	}
	title := pane.Fit(" "+mo.Title, w)
	lines = append([]string{th.Title.Render(title)}, lines...)
	return Corner(strings.Join(pane.Block(lines, w, h), "\n"), th, lastKey, w, h)
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

// Corner puts lastKey at the right end of view's last line, which it
// blanks: the key help there is left out in presentation mode.
func Corner(view string, th *theme.Theme, lastKey string, w, h int) string {
	lines := strings.Split(view, "\n")
	lines = pane.Block(lines, w, h)
	last := ""
	if lastKey != "" {
		last = th.Key.Render("[" + lastKey + "]")
	}
	// One cell is left blank at the right: a key shown in the very last
	// cell of a terminal may scroll it.
	lines[len(lines)-1] = pane.Fit(strings.Repeat(" ", max(w-ansi.StringWidth(last)-1, 0))+last, w)
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
