package lessonui

import (
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// The text column's scroll is a line of the text as wrapped at one width,
// clamped so that the window is never below the text's end. It used to be
// the only record of where the learner was: a window made larger, where
// all of the text fits, clamped it to 0, and made small again it came back
// at the top; a width that wraps the text into other lines showed another
// part of it. So the player keeps what was asked for apart from what a
// size shows (textAnchor): the line the learner (or the player, scrolling
// to an outcome or a question) asked for, at the width it was asked at.
// Back at that width, the text starts at that line again, whatever sizes
// came between; at another width it starts at the line that holds the
// same words (textPos), so the paragraph being read stays in view. A
// resize never changes the anchor; only a scroll does.

// textAnchor is where the text column was asked to start. Its zero value
// is the top of the text, at every width.
type textAnchor struct {
	width int // the text width it was asked at
	line  int // the scroll asked for, a line at that width
	// pos is the first line shown in terms no wrapping moves, and placed
	// says it has been found: from the lines at width, just before the
	// first resize to another width (placeAnchor), as finding it at every
	// scroll would cost each key a pass over the text.
	pos    textPos
	placed bool
}

// textPos is a place in the text column's lines that a width does not
// move: how many letters and digits of the text come before it, and how
// many lines with none (a blank line, a rule) lie between the last of them
// and it. Wrapping moves the breaks between words and the lengths of the
// rules; it neither adds a letter nor takes one away.
type textPos struct{ letters, skip int }

// setScroll scrolls the text to line n, as far as the window allows, and
// makes it the line asked for.
func (m *Model) setScroll(n int) {
	m.scroll = max(n, 0)
	m.clampScroll()
	// A column hidden on a narrow screen (tab) has no width of its own:
	// textWidth is then 1, which no shown column has, and followAnchor
	// keeps the scroll as it is (clamped) until the learner scrolls again.
	m.want = textAnchor{width: m.textWidth(), line: m.scroll}
}

// placeAnchor finds the anchor's textPos while the text is still wrapped
// at the width it was asked at: Update calls it before it takes a new
// size.
func (m *Model) placeAnchor() {
	if m.want.placed || m.want.line == 0 || m.w <= 0 || m.h <= 0 {
		return
	}
	if tw, _ := m.columns(); tw == 0 || m.textWidth() != m.want.width {
		return
	}
	lines := m.textLines()
	// The first line shown: the one under "↑ more (k)", which covers the
	// scroll's own line (bodyView).
	m.want.pos, m.want.placed = posOf(lines, min(m.want.line+1, len(lines))), true
}

// followAnchor scrolls the text to the anchor at the window's size:
// layout calls it whenever the size, the step or the text changes.
func (m *Model) followAnchor() {
	if m.w <= 0 || m.h <= 0 {
		return
	}
	if tw, _ := m.columns(); tw == 0 {
		return // the text is hidden: its scroll waits for a width
	}
	switch {
	case m.want.line == 0:
		m.scroll = 0
	case m.textWidth() == m.want.width:
		m.scroll = m.want.line
	case m.want.placed:
		// The line holding the words shown first goes under "↑ more".
		m.scroll = max(lineAt(m.textLines(), m.want.pos)-1, 0)
	}
	m.clampScroll()
}

// letters counts the letters and digits of a drawn line.
func letters(line string) int {
	n := 0
	for _, r := range ansi.Strip(line) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

// posOf is line i of lines as a textPos (i may be len(lines): the end).
func posOf(lines []string, i int) textPos {
	var p textPos
	for _, l := range lines[:i] {
		if n := letters(l); n > 0 {
			p.letters += n
			p.skip = 0
		} else {
			p.skip++
		}
	}
	return p
}

// lineAt is the line of lines at a textPos: the line holding its letter,
// or, where the letter starts a line, the line skip lines into the run of
// lines without letters before it. At the width the textPos was taken at,
// lineAt(lines, posOf(lines, i)) is i.
func lineAt(lines []string, p textPos) int {
	seen, run := 0, 0 // letters before line i; lines without any just above it
	i := 0
	for ; i < len(lines); i++ {
		n := letters(lines[i])
		if seen+n > p.letters {
			break
		}
		seen += n
		if n > 0 {
			run = 0
		} else {
			run++
		}
	}
	if seen == p.letters {
		i = i - run + min(p.skip, run)
	}
	return min(i, max(len(lines)-1, 0))
}
