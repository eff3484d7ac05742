package serve

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Presentation mode: the sandbox for a projector. Fewer and larger
// elements: the key number of the moment (workers held of the pool) in big
// digits, the state of the dependency that matters and of its breaker in
// words, the scenario's one sentence as a caption, and the key just
// pressed in the corner for a moment so the room sees what the teacher
// did. No key help. Every number comes from the snapshot on screen.

// keyShown is how long a pressed key stays in the corner.
const keyShown = 1500 * time.Millisecond

// keyFadeMsg clears the key in the corner, unless a later key replaced it.
type keyFadeMsg struct{ seq int }

// showKey puts k in the corner and returns the command that clears it.
func (s *Session) showKey(k tea.KeyMsg) tea.Cmd {
	s.keySeq++
	s.lastKey = keyWords(k)
	seq := s.keySeq
	return tea.Tick(keyShown, func(time.Time) tea.Msg { return keyFadeMsg{seq} })
}

// keyWords is how the corner shows a key: a burst of one rune as the rune
// and a count (". ×12"), anything else cut to 16 cells.
func keyWords(k tea.KeyMsg) string {
	if k.Type == tea.KeyRunes && len(k.Runes) > 1 && strings.Count(string(k.Runes), string(k.Runes[0])) == len(k.Runes) {
		return fmt.Sprintf("%c ×%d", k.Runes[0], len(k.Runes))
	}
	return ansi.Truncate(k.String(), 16, "…")
}

// digits are the big digits, five rows of three cells.
var digits = [...][5]string{
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

// bigText draws s's digits big, '/' as a slash and spaces as gaps; other
// runes are left out (callers pass numbers).
func bigText(s string) [5]string {
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
				rows[j].WriteString(digits[r-'0'][j])
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

// presentView draws the sandbox snapshot snap of scenario sc for a
// projector at w×h.
func presentView(th *theme.Theme, sc *engine.Scenario, snap *engine.Snapshot, playing bool, lastKey string, w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	center := func(s string) string {
		pad := max((w-ansi.StringWidth(s))/2, 0)
		return strings.Repeat(" ", pad) + s
	}
	var lines []string
	glyph := theme.GlyphPaused
	switch {
	case snap.Now >= snap.Duration:
		glyph = theme.GlyphFinished
	case playing:
		glyph = theme.GlyphPlaying
	}
	clock := fmt.Sprintf("%s %s / %s", glyph, pane.Seconds(snap.Now/(100*time.Millisecond)*(100*time.Millisecond)), pane.Seconds(snap.Duration))
	// The title alone on the top line (a room's tag may take its right
	// end); the rest centred in the window.
	title := ansi.Truncate(fmt.Sprintf(" %s · %s", snap.Scenario, snap.Variant), w, "…")
	head := th.Title.Render(title)
	lines = append(lines, th.Bold.Render(center(clock)), "")
	big := bigText(fmt.Sprintf("%d/%d", snap.Busy, snap.Workers))
	if ansi.StringWidth(big[0]) <= w {
		for _, r := range big {
			lines = append(lines, th.Bold.Render(center(r)))
		}
		lines = append(lines, "", center("workers held"))
	} else {
		lines = append(lines, th.Bold.Render(center(fmt.Sprintf("%d / %d workers held", snap.Busy, snap.Workers))))
	}
	lines = append(lines, "")
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
		lines = append(lines, center(d.Name+": "+strings.Join(parts, " · ")))
	}
	lines = append(lines, "")
	caption := sc.Summary
	for _, l := range pane.Wrap(caption, max(w-8, 10)) {
		lines = append(lines, th.Subtitle.Render(center(l)))
	}
	if top := (h - 2 - len(lines)) / 2; top > 0 {
		lines = append(make([]string, top), lines...)
	}
	lines = append([]string{head}, lines...)
	body := pane.Block(lines, w, max(h-1, 0))
	last := ""
	if lastKey != "" {
		last = th.Key.Render("[" + lastKey + "]")
	}
	body = append(body, strings.Repeat(" ", max(w-ansi.StringWidth(last)-1, 0))+last)
	if h == 1 {
		body = body[len(body)-1:]
	}
	return strings.Join(body, "\n")
}

// presentKey toggles presentation mode, on every screen of a session.
const presentKey = "ctrl+p"

// SetPresent turns presentation mode on or off.
func (s *Session) SetPresent(on bool) { s.present = on }

// presenting returns the sandbox shown, when presentation mode draws it.
func (s *Session) presented() (sb sandboxView, ok bool) {
	if !s.present {
		return sandboxView{}, false
	}
	switch {
	case s.mode != onHome && s.haveRS:
		return sandboxView{s.rs.State(), s.rs.Snapshot(), s.rs.Playing()}, true
	case s.mode == onHome:
		if hs, open := s.home.Sandbox(); open {
			return sandboxView{hs.State(), hs.Snapshot(), hs.Playing()}, true
		}
	}
	return sandboxView{}, false
}

// sandboxView is what presentation mode reads from a sandbox.
type sandboxView struct {
	st      sandbox.State
	snap    *engine.Snapshot
	playing bool
}
