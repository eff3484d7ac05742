package pane

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Width is ansi.StringWidth, the cells s takes on screen, made cheap for
// the lines the panes draw. ansi.StringWidth segments every string into
// grapheme clusters, and fitting each line of each pane to its width made
// that the largest cost of a frame. A pane's line is almost always plain:
// printable ASCII, SGR colour codes and a few symbols (box drawing, the
// shade blocks, braille spinners, arrows, ✓, …), each of which is one cell
// and a grapheme cluster of its own beside any of the others. Width counts
// such a line byte by byte and hands any other (a combining mark, a
// variation selector, an emoji, a wide character, a control, an escape
// sequence it does not know) to ansi.StringWidth whole, so that it is
// exactly ansi.StringWidth for every string (width_test.go holds it to
// that).
func Width(s string) int {
	n, ok := plainWidth(s)
	if !ok {
		return ansi.StringWidth(s)
	}
	return n
}

// plainWidth is the width of s if s is plain (see Width), and false if it
// is not.
func plainWidth(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); {
		if c := s[i]; c >= 0x20 && c < 0x7f {
			n++
			i++
			continue
		}
		end, w := plainToken(s, i)
		if end < 0 {
			return 0, false
		}
		n += w
		i = end
	}
	return n, true
}

// plainToken reads the token of s at i that is not printable ASCII: an
// escape sequence (no cells) or a one-cell symbol. It returns where the
// token ends and its width, or end -1 for anything else.
func plainToken(s string, i int) (end, width int) {
	c := s[i]
	if c == 0x1b {
		return escapeEnd(s, i), 0
	}
	if c < utf8.RuneSelf {
		return -1, 0 // a control character or DEL
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if !isOneCell(r) {
		return -1, 0 // invalid UTF-8 decodes to RuneError, never one cell
	}
	return i + size, 1
}

// escapeEnd is where the escape sequence at s[i] (an ESC) ends, or -1 for
// one that is not a complete CSI or OSC sequence of the forms below. Only
// these are taken: for them ansi's parser prints nothing from the ESC to
// the sequence's last byte and is back in its ground state after it. Any
// other sequence, or a CSI or OSC with a byte out of place (a control, a
// byte of UTF-8, a parameter after an intermediate), is left to
// ansi.StringWidth, whose parser handles those in ways of its own.
//
//	CSI: ESC [ (0x30–0x3F)* (0x20–0x2F)* (0x40–0x7E)
//	OSC: ESC ] (0x20–0x7E)* (BEL | ESC \)
func escapeEnd(s string, i int) int {
	j := i + 1
	if j >= len(s) {
		return -1
	}
	switch s[j] {
	case '[':
		j++
		for j < len(s) && s[j] >= 0x30 && s[j] <= 0x3f {
			j++
		}
		for j < len(s) && s[j] >= 0x20 && s[j] <= 0x2f {
			j++
		}
		if j < len(s) && s[j] >= 0x40 && s[j] <= 0x7e {
			return j + 1
		}
	case ']':
		for j++; j < len(s); j++ {
			switch c := s[j]; {
			case c == 0x07:
				return j + 1
			case c == 0x1b:
				if j+1 < len(s) && s[j+1] == '\\' {
					return j + 2
				}
				return -1
			case c < 0x20 || c > 0x7e:
				return -1
			}
		}
	}
	return -1
}

// oneCellTop bounds the symbols Width counts itself: every one of them is
// below it.
const oneCellTop = 0x2a00

// oneCell marks the runes below oneCellTop that Width counts as one cell
// without segmenting: see oneCellCandidates.
var oneCell = func() (set [oneCellTop / 64]uint64) {
	for _, rg := range oneCellCandidates {
		for r := rg[0]; r <= rg[1]; r++ {
			// ansi.StringWidth has the last word on each: a symbol of
			// East Asian ambiguous width is two cells for it when
			// RUNEWIDTH_EASTASIAN is set, and is then left to it.
			if ansi.StringWidth(string(r)) == 1 {
				set[r/64] |= 1 << (r % 64)
			}
		}
	}
	return set
}()

// oneCellCandidates are the symbols, as ranges of runes, that the panes
// draw and that are a grapheme cluster of their own beside printable
// ASCII, an escape sequence or one another: none is a combining mark, a
// joiner, a spacing mark, a prepended concatenation mark, a regional
// indicator or a Hangul jamo (the runes that join a cluster), and none
// is wide. Those of them that ansi.StringWidth does not find one cell
// wide are left out when the set is built.
var oneCellCandidates = [][2]rune{
	{0x00a0, 0x00ac}, // Latin-1 symbols: no-break space, «, ¬ (not the soft hyphen)
	{0x00ae, 0x00ff}, // Latin-1 symbols and letters: ±, ², µ, ·, ×, é, ÷, ü
	{0x2010, 0x2027}, // dashes, quotation marks, bullet, ellipsis
	{0x2030, 0x203a}, // per mille, primes, ‹ ›
	{0x2190, 0x21ff}, // arrows
	{0x2200, 0x22ff}, // mathematical operators: −, ∘, ≈, ≤, ≥
	{0x2300, 0x23ff}, // technical: ⌊ ⌋ ⌫ ⏸
	{0x2500, 0x257f}, // box drawing
	{0x2580, 0x259f}, // block elements
	{0x25a0, 0x25ff}, // geometric shapes: ■ ▶ ◆ ● ◐
	{0x2600, 0x26ff}, // miscellaneous symbols: ★ ☆ ☠ ⚠
	{0x2700, 0x27bf}, // dingbats: ✓ ✗ ✕ ✱
	{0x2800, 0x28ff}, // braille patterns (spinners)
	{0x2900, 0x29ff}, // more arrows and mathematical symbols: ⧖
}

// isOneCell says whether r is one of the symbols Width counts itself.
func isOneCell(r rune) bool {
	return r >= 0 && r < oneCellTop && oneCell[r/64]&(1<<(r%64)) != 0
}

// truncatePlain is ansi.Truncate(s, length, tail) for a plain s (see
// Width) wider than length, with the width of the result: the cells of s
// up to length less tail's width, then tail, then the escape sequences
// of the rest of s (so that a colour reset after the cut is kept), as
// ansi.Truncate writes them.
func truncatePlain(s string, length int, tail string, tailWidth int) (string, int) {
	keep := length - tailWidth
	if keep < 0 {
		return "", 0
	}
	var b strings.Builder
	b.Grow(len(s) + len(tail))
	n := 0
	i := 0
	for i < len(s) {
		end, w := i+1, 1
		if c := s[i]; c < 0x20 || c >= 0x7f {
			end, w = plainToken(s, i)
		}
		if w == 1 && n == keep {
			break
		}
		n += w
		b.WriteString(s[i:end])
		i = end
	}
	b.WriteString(tail)
	// Past the cut only the escape sequences are kept.
	for i < len(s) {
		if s[i] != 0x1b {
			i++
			continue
		}
		end := escapeEnd(s, i)
		b.WriteString(s[i:end])
		i = end
	}
	return b.String(), keep + tailWidth
}
