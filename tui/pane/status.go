package pane

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// StatusInfo is what the status line says.
type StatusInfo struct {
	Playing, Finished bool
	Speed             float64
	Now, Duration     time.Duration
	// Unit is what the clock reads in (ClockIn): a long run's minutes or
	// hours, as its time axes; zero reads seconds.
	Unit         time.Duration
	Scenario     string
	Variant      string
	VariantIndex int // counting from 0
	// Variants is how many the scenario has; 0 shows Variant unnumbered.
	Variants int
	Seed     uint64
	// Edited marks a run whose knobs differ from the scenario's.
	Edited bool
	// Note is a short message (an error, a hint) shown at the right.
	Note      string
	NoteIsErr bool
	// NoteShort, when set, is said instead of Note when Note does not
	// fit whole: the part that matters (the command that reproduces a
	// run), not Note cut short.
	NoteShort string
}

// Status is the one-line status bar: virtual time, speed, playing or
// paused, scenario, variant and seed.
type Status struct {
	th    *theme.Theme
	w     int
	info  StatusInfo
	dirty bool
	view  string
}

// NewStatus makes a status line.
func NewStatus(th *theme.Theme) *Status { return &Status{th: th, dirty: true} }

// Init does nothing.
func (s *Status) Init() tea.Cmd { return nil }

// Update ignores every message: the parent sets the info.
func (s *Status) Update(tea.Msg) (tea.Model, tea.Cmd) { return s, nil }

// SetSize sets the width; the status line is one row high.
func (s *Status) SetSize(w, _ int) {
	if w != s.w {
		s.w, s.dirty = w, true
	}
}

// SetInfo sets what to show.
func (s *Status) SetInfo(i StatusInfo) {
	if i != s.info {
		s.info, s.dirty = i, true
	}
}

// SpeedLabel writes a speed factor: "×1", "×0.1", "×100".
func SpeedLabel(f float64) string { return "×" + strconv.FormatFloat(f, 'f', -1, 64) }

// View draws the line.
func (s *Status) View() string {
	if !s.dirty {
		return s.view
	}
	s.dirty = false
	i := s.info
	left := s.left()
	variant := fmt.Sprintf("%d/%d %s", i.VariantIndex+1, i.Variants, i.Variant)
	if i.Variants == 0 {
		variant = i.Variant
	}
	if i.Edited {
		variant += " " + s.th.Warn.Render("(edited)")
	}
	right := fmt.Sprintf("%s · %s · seed %d ", s.th.Accent.Render(i.Scenario), variant, i.Seed)
	if i.Note != "" {
		st := s.th.Dim
		if i.NoteIsErr {
			st = s.th.Error
		}
		// A note says whole what it is about: beside the clock when it
		// fits, else over the line but the clock (clockOnly) until the
		// next key (the rest comes back with it; a caller that plays on may end it sooner,
		// NoteOverLine), else its short form (NoteShort) the same
		// way. Only a note too long for all of these ends at its last
		// whole word, with an ellipsis set apart.
		room := s.w - ansi.StringWidth(left) - 3
		note, over := s.fitNote(i, room)
		switch over {
		case overClock:
			s.view = Fit(s.clockOnly()+"  "+st.Render(note), s.w)
			return s.view
		case overLine:
			s.view = Fit(" "+st.Render(note), s.w)
			return s.view
		}
		right = st.Render(note) + " "
	}
	lw, rw := ansi.StringWidth(left), ansi.StringWidth(right)
	if lw+2+rw > s.w && i.Note == "" && i.Variants > 0 {
		// Short of room: the variant by number only (the title line names
		// it), and the edit mark kept: a knob that no variant's name
		// quotes (cascade's search-index timeout) is marked nowhere else,
		// and at 80 columns an edited run read as the scenario's own.
		mark := ""
		if i.Edited {
			mark = " " + s.th.Warn.Render("(edited)")
		}
		right = fmt.Sprintf("%s · variant %d/%d%s · seed %d ", s.th.Accent.Render(i.Scenario), i.VariantIndex+1, i.Variants, mark, i.Seed)
		rw = ansi.StringWidth(right)
		if lw+2+rw > s.w {
			// Shorter still: the seed, which reproduces the run, stays;
			// the scenario's name is on the title line.
			right = fmt.Sprintf("variant %d/%d%s · seed %d ", i.VariantIndex+1, i.Variants, mark, i.Seed)
			rw = ansi.StringWidth(right)
		}
	}
	if lw+2+rw > s.w && i.Note == "" && i.Variants == 0 {
		// Compare mode's "compare 1/resilience4j vs 1/polly" (a variant
		// unnumbered) was cut at its end, the seed with it: the
		// scenario's name goes first (the title line has it), then the
		// words of the variant, never the seed, which reproduces the run.
		seed := fmt.Sprintf(" · seed %d ", i.Seed)
		right = variant + seed
		rw = ansi.StringWidth(right)
		if lw+2+rw > s.w {
			right = cutWords(ansi.Strip(variant), s.w-lw-2-ansi.StringWidth(seed)) + seed
			rw = ansi.StringWidth(right)
		}
	}
	switch {
	case lw+2+rw <= s.w:
		s.view = left + strings.Repeat(" ", s.w-lw-rw) + right
	case lw+6 <= s.w:
		s.view = left + "  " + Fit(cutWords(ansi.Strip(right), s.w-lw-2), s.w-lw-2)
	default:
		s.view = Fit(left, s.w)
	}
	return s.view
}

// clockOnly is the left part a note too long to stand beside it leaves:
// the state's glyph and the clock ("⏸ 20.0 s"). The note took the whole
// line, and a learner stepping through events with ] lost the time each
// one happened at while its note stood.
func (s *Status) clockOnly() string {
	i := s.info
	mode := s.th.Warn.Bold(true).Render(theme.GlyphPaused)
	switch {
	case i.Finished:
		mode = s.th.Bold.Render(theme.GlyphFinished)
	case i.Playing:
		mode = s.th.Good.Bold(true).Render(theme.GlyphPlaying)
	}
	return " " + mode + " " + s.th.Bold.Render(ClockIn(i.Now, i.Unit))
}

// left is the line's left part: playing or paused, the clock, the speed.
func (s *Status) left() string {
	i := s.info
	var mode string
	switch {
	case i.Finished:
		mode = s.th.Bold.Render(theme.GlyphFinished + " finished")
	case i.Playing:
		mode = s.th.Good.Bold(true).Render(theme.GlyphPlaying + " playing ")
	default:
		mode = s.th.Warn.Bold(true).Render(theme.GlyphPaused + " paused  ")
	}
	// The clock is Clock's, padded so that it does not move as it grows;
	// a long run's reads in its unit (ClockIn).
	end := Seconds(i.Duration)
	if i.Unit > time.Second {
		end = ClockIn(i.Duration, i.Unit)
	}
	clock := fmt.Sprintf("%s / %s", s.th.Bold.Render(fmt.Sprintf("%7s", ClockIn(i.Now, i.Unit))), end)
	return " " + mode + "  " + clock + "  " + s.th.Bold.Render(SpeedLabel(i.Speed))
}

// NoteOverLine reports whether the note takes the line but the clock, the
// speed and the run's end with it, as View draws it at this width: a
// caller that plays on may let such a note go after a while, so they come
// back.
func (s *Status) NoteOverLine() bool {
	if s.info.Note == "" {
		return false
	}
	_, over := s.fitNote(s.info, s.w-ansi.StringWidth(s.left())-3)
	return over != beside
}

// Where fitNote sets a note: beside the whole left part, beside the
// clock alone (clockOnly), or over the whole line, for a note that must
// be whole and fits nowhere else (a command to copy).
const (
	beside = iota
	overClock
	overLine
)

// fitNote is the note to show in room cells beside the clock, or where
// else it is whole (beside the clock alone, or over the line).
func (s *Status) fitNote(i StatusInfo, room int) (note string, where int) {
	clockRoom := s.w - ansi.StringWidth(s.clockOnly()) - 3
	for _, n := range []string{i.Note, i.NoteShort} {
		switch w := ansi.StringWidth(n); {
		case n == "":
		case w <= room:
			return n, beside
		case w <= clockRoom:
			return n, overClock
		}
	}
	for _, n := range []string{i.Note, i.NoteShort} {
		if n != "" && ansi.StringWidth(n) <= s.w-2 {
			return n, overLine
		}
	}
	return cutWords(i.Note, room), beside
}

// cutWords shortens s to at most w cells at a space, ending in " …", so
// that no word is cut; s that fits comes back as it is.
func cutWords(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	words := strings.Fields(s)
	out := ""
	for _, wd := range words {
		next := wd
		if out != "" {
			next = out + " " + wd
		}
		if ansi.StringWidth(next)+2 > w {
			break
		}
		out = next
	}
	if out == "" {
		return "…"
	}
	return out + " …"
}
