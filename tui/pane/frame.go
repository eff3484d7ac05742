package pane

import (
	"regexp"
	"strings"

	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// Fit clips s to width w (ending in "…" when clipped) and pads it with
// spaces to exactly w cells. Escape codes in s are kept.
func Fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	s, n := clip(s, w)
	if n < w {
		s += spaces(w - n)
	}
	return s
}

// WriteFit writes Fit(s, w) to b: a screen built line by line in one
// builder pads each line there, where Fit's padded copy was made and
// copied again.
func WriteFit(b *strings.Builder, s string, w int) {
	if w <= 0 {
		return
	}
	s, n := clip(s, w)
	b.WriteString(s)
	if n < w {
		b.WriteString(spaces(w - n))
	}
}

// WriteFitPair writes Fit(a+c, w) to b without joining a and c when
// together they fit, as a screen's row made of two columns' lines does: a
// parent drawing that screen beside its own wrote the joined row, then
// the screen, then copied it again into its own. The halves are measured
// apart; a line's width is the sum of its parts', as a pane's lines start
// at a border, never with a mark that would join the cell before.
func WriteFitPair(b *strings.Builder, a, c string, w int) {
	if w <= 0 {
		return
	}
	na, nc := width(a), width(c)
	if na+nc > w {
		WriteFit(b, a+c, w) // clipped: rare, and clipped as the joined line
		return
	}
	b.WriteString(a)
	b.WriteString(c)
	b.WriteString(spaces(w - na - nc))
}

// width is s's width in cells, as clip measures it.
func width(s string) int {
	if n, plain := plainWidth(s); plain {
		return n
	}
	return ansi.StringWidth(s)
}

// sided is side+Fit(s, w)+side, a framed pane's line, made in one
// allocation: every pane of every screen is framed on every frame, and the
// padded line Fit made was copied again between the sides.
func sided(side, s string, w int) string {
	s, n := clip(s, w)
	pad := max(w-n, 0)
	var b strings.Builder
	b.Grow(2*len(side) + len(s) + pad)
	b.WriteString(side)
	b.WriteString(s)
	b.WriteString(spaces(pad))
	b.WriteString(side)
	return b.String()
}

// clip is ansi.Truncate(s, w, ellipsis) and its width.
func clip(s string, w int) (string, int) {
	n, plain := plainWidth(s)
	switch {
	case !plain:
		n = ansi.StringWidth(s)
		if n > w {
			s = ansi.Truncate(s, w, ellipsis)
			n = ansi.StringWidth(s)
		}
	case n > w:
		// The clipped line's width is known: no second measuring.
		s, n = truncatePlain(s, w, ellipsis, ellipsisWidth)
	}
	return s, n
}

// ellipsis ends a clipped line; ellipsisWidth is its width as
// ansi.StringWidth has it (two cells where RUNEWIDTH_EASTASIAN is set).
const ellipsis = "…"

var ellipsisWidth = ansi.StringWidth(ellipsis)

// blanks is a run of spaces that spaces slices, so that padding a line
// does not allocate.
var blanks = strings.Repeat(" ", 256)

// spaces is n spaces.
func spaces(n int) string {
	if n <= len(blanks) {
		return blanks[:n]
	}
	return strings.Repeat(" ", n)
}

// Block returns exactly h lines of exactly w cells: lines clipped or padded,
// missing lines blank.
func Block(lines []string, w, h int) []string {
	out := make([]string, max(h, 0))
	for i := range out {
		if i < len(lines) {
			out[i] = Fit(lines[i], w)
		} else {
			out[i] = spaces(max(w, 0))
		}
	}
	return out
}

// Frame draws a w×h box with rounded corners around body, with title on the
// top edge at the left and note at the right. It always returns h lines of
// exactly w cells; a box too small for a border is just the clipped body.
func Frame(th *theme.Theme, w, h int, title, note string, body []string) []string {
	return FrameFoot(th, w, h, title, note, "", body)
}

// FrameFoot is Frame with foot set into the bottom edge at the left,
// dimmed, as the sandbox's columns say what they left out: a pane says
// there what its body had no room for. A foot too wide for the edge is
// left out rather than cut; the caller picks words that fit (FootRoom).
func FrameFoot(th *theme.Theme, w, h int, title, note, foot string, body []string) []string {
	if w < 4 || h < 2 {
		return Block(body, w, h)
	}
	border := theme.InkOf(th.Border)
	inner := w - 2
	out := make([]string, 0, h)
	out = append(out, topEdge(th, border, inner, title, note))

	side := border.Paint("│")
	for i := range h - 2 {
		var l string
		if i < len(body) {
			l = body[i]
		}
		out = append(out, sided(side, l, inner))
	}
	if fw := Width(foot); foot != "" && fw <= FootRoom(w) {
		out = append(out, border.Paint("╰─ ")+th.Dim.Render(foot)+" "+border.Paint(strings.Repeat("─", inner-fw-3)+"╯"))
	} else {
		out = append(out, border.Paint("╰"+strings.Repeat("─", inner)+"╯"))
	}
	return out
}

// TopEdge is the top line of a frame w cells wide with title and note,
// as Frame draws it, for a pane whose figures on that edge move while its
// body stays (a gauge between two samples): it builds no body nor bottom
// edge. A frame under 4 cells has no border; its top line is then w
// blanks, as Frame's is with no body.
func TopEdge(th *theme.Theme, w int, title, note string) string {
	if w < 4 {
		return spaces(max(w, 0))
	}
	return topEdge(th, theme.InkOf(th.Border), w-2, title, note)
}

// topEdge draws ╭─ title ─────── note ─╮ over inner cells between the
// corners: Frame's and TopEdge's one rule for the top edge.
func topEdge(th *theme.Theme, border theme.Ink, inner int, title, note string) string {
	var top strings.Builder
	top.WriteString(border.Paint("╭─"))
	used := 1
	if title != "" && inner >= 4 {
		t, tw := clip(title, inner-3)
		top.WriteString(" " + th.PaneTitle.Render(t) + " ")
		used += tw + 2
	}
	if note != "" {
		// At least one dash between the title and the note: without it the
		// two spaces around them ran together ("Outcomes  hidden: ...").
		room := inner - used - 4
		if room >= 3 {
			nt, nw := clip(note, room)
			top.WriteString(border.Paint(strings.Repeat("─", inner-used-nw-3)))
			top.WriteString(" " + nt + " ")
			used = inner - 1
		}
	}
	top.WriteString(border.Paint(strings.Repeat("─", max(inner-used, 0)) + "╮"))
	return top.String()
}

// FootRoom is the widest foot a frame w cells wide sets into its bottom
// edge: "╰─ " before it, a space and at least one dash and "╯" after.
func FootRoom(w int) int { return w - 6 }

// Titled picks, for a frame w cells wide, the first title (the longest
// first) with the first of its notes (the most telling first) that fit on
// the top edge together, so that a narrow frame shortens its words rather
// than cutting them off. With no pair that fits, it gives the shortest of
// each.
func Titled(w int, titles, notes []string) (title, note string) {
	room := w - 9 // the corners, the edge's dashes (one between the two) and the spaces around both
	for _, t := range titles {
		for _, n := range notes {
			if Width(t)+Width(n) <= room {
				return t, n
			}
		}
	}
	if len(titles) > 0 {
		title = titles[len(titles)-1]
	}
	if len(notes) > 0 {
		note = notes[len(notes)-1]
	}
	return title, note
}

// Wrap breaks s into lines of at most w cells at spaces, keeping escape
// codes. Unlike ansi.Wrap it never breaks after a hyphen, so "half-open",
// "fail-fast" and file names stay whole, nor between a number and its unit
// ("0.6 s", "400 ms", "50%"). A word wider than a line, a path most often,
// breaks after a slash ("/tmp/breakerlab/" then "cascade.toml"), else
// after a hyphen; only a word with neither where it must break is cut.
func Wrap(s string, w int) []string {
	if w <= 0 {
		return nil
	}
	s = strings.ReplaceAll(s, "-", nbHyphen)
	// Each pattern needs a digit or a slash; a line with none (most, and
	// panes wrap on every frame) skips it.
	if strings.ContainsAny(s, "0123456789") {
		s = unitSpace.ReplaceAllString(s, "$1"+nbsp+"$2$3")
	}
	if strings.Contains(s, "/") {
		s = longWord.ReplaceAllStringFunc(s, func(word string) string {
			if ansi.StringWidth(word) <= w {
				return word
			}
			// Its hyphens may break too, should a name between slashes be
			// wider than the line.
			return strings.ReplaceAll(strings.ReplaceAll(word, "/", pathBreak), nbHyphen, "-")
		})
	}
	wrapped := ansi.Wrap(s, w, pathBreak)
	wrapped = strings.ReplaceAll(wrapped, nbsp, " ")
	wrapped = strings.ReplaceAll(wrapped, pathBreak, "/")
	return strings.Split(strings.ReplaceAll(wrapped, nbHyphen, "-"), "\n")
}

// longWord is a word with a slash in it, a candidate for breaking at its
// slashes when it is wider than the line.
var longWord = regexp.MustCompile(`[^\s]*/[^\s]*`)

// pathBreak stands in for a slash in a word wider than the line: Wrap
// hands it to ansi.Wrap as a breakpoint, after which a line may end, and
// writes it back as a slash. One cell wide, like the slash.
const pathBreak = "\u2215"

// nbsp holds a number to its unit while Wrap wraps: ansi.Wrap breaks at
// every space but this one (x/ansi wrap.go, Wrap: "unicode.IsSpace(r) &&
// r != nbsp"), and it is as wide as a space.
const nbsp = "\u00a0"

// unitSpace is the space between a number and the unit after it.
var unitSpace = regexp.MustCompile(`(\d) (s|ms|µs|%|req/s)([^\pL\pN]|$)`)

// TitledNoteFirst is Titled for a frame whose note matters more than its
// title's words: it keeps the longest note that fits beside any of the
// titles, with the longest title that fits beside it.
func TitledNoteFirst(w int, titles, notes []string) (title, note string) {
	room := w - 9
	for _, n := range notes {
		for _, t := range titles {
			if Width(t)+Width(n) <= room {
				return t, n
			}
		}
	}
	return Titled(w, titles, notes)
}

// nbHyphen stands in for a hyphen while Wrap wraps: ansi.Wrap breaks after
// every hyphen, but not after this one, of the same width.
const nbHyphen = "\u2011"
