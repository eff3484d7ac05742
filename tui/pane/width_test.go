package pane

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"pgregory.net/rapid"
)

// fitByAnsi is Fit as it was before Width: ansi's measuring throughout.
func fitByAnsi(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := ansi.StringWidth(s)
	if n > w {
		s = ansi.Truncate(s, w, "…")
		n = ansi.StringWidth(s)
	}
	if n < w {
		s += strings.Repeat(" ", w-n)
	}
	return s
}

// widthPieces are what the strings of the property tests are made of:
// what the panes draw (ASCII, SGR codes, the one-cell symbols) beside
// everything Width must leave to ansi.StringWidth, each next to each.
var widthPieces = []string{
	// Printable ASCII.
	"a", "Z", "0", " ", "~", "/", "-", "[", "\\", "]",
	// Escape sequences Width reads: SGR and other CSI, OSC 8 links.
	"\x1b[0m", "\x1b[1;38;2;10;20;30m", "\x1b[m", "\x1b[?25l", "\x1b[2 q", "\x1b[>4;1m",
	"\x1b]8;;https://example.com\x07", "\x1b]8;;\x1b\\", "\x1b]0;title\x1b\\",
	// Escape sequences it leaves: cut short, malformed, of other kinds.
	"\x1b", "\x1b[", "\x1b[31", "\x1b[1!2m", "\x1b[1\x07m", "\x1b[1\u00e9m", "\x1b]8;;", "\x1b]x\x1bm",
	"\x1b]\u00e9\x07", "\x1b(B", "\x1b7", "\x1bP1$r\x1b\\", "\x1b_apc\x1b\\", "\x1bX",
	// One-cell symbols it counts.
	"─", "│", "╭", "╯", "━", "┄", "█", "▒", "░", "▁", "▏", "⠋", "⠼", "⣿", "…", "·", "×", "µ",
	"\u00a0", "é", "–", "—", "“", "•", "‰", "›", "→", "↑", "↪", "↔", "−", "≤", "⌫", "⏸",
	"■", "▶", "◀", "◆", "●", "◐", "★", "☠", "⚠", "✓", "✗", "✱", "⧖", "\u2011", "\u2215",
	// Runes it leaves: combining marks, joiners, variation selectors,
	// emoji, wide and zero-width characters, controls, prepended marks,
	// spacing marks, regional indicators, Hangul jamo, bad UTF-8.
	"\u0301", "\u20dd", "\u200d", "\ufe0f", "\ufe0e", "🙂", "👍🏽", "❤", "❤️", "🇫🇷", "\U0001f1eb",
	"名", "ｱ", "Ａ", "\u200b", "\u00ad", "\t", "\n", "\r", "\x00", "\x7f", "\u0085", "\u009b",
	"\u0600", "\u0903", "\u093e", "\u094d", "\u0915", "\u1100", "\u1161", "\u11a8", "\uac00", "\xff", "\xe2\x94", "\xc3",
}

// genWidthString draws a string of up to a few dozen pieces.
func genWidthString(t *rapid.T) string {
	parts := rapid.SliceOfN(rapid.SampledFrom(widthPieces), 0, 40).Draw(t, "pieces")
	return strings.Join(parts, "")
}

// genPlainString draws a string Width counts itself: ASCII, the escape
// sequences it reads and one-cell symbols.
func genPlainString(t *rapid.T) string {
	var plain []string
	for _, p := range widthPieces {
		if _, ok := plainWidth(p); ok {
			plain = append(plain, p)
		}
	}
	parts := rapid.SliceOfN(rapid.SampledFrom(plain), 0, 40).Draw(t, "pieces")
	return strings.Join(parts, "")
}

func TestWidthIsAnsiStringWidth(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genWidthString(t)
		// Every prefix and suffix too, cut at any byte: sequences cut
		// short, runes cut in two, every piece first and last.
		for i := range len(s) + 1 {
			for _, p := range []string{s[:i], s[i:]} {
				if got, want := Width(p), ansi.StringWidth(p); got != want {
					t.Fatalf("Width(%q) = %d, ansi.StringWidth %d", p, got, want)
				}
			}
		}
	})
}

// TestWidthOfEveryPairOfPieces puts every piece beside every other, where
// random strings may miss a pair: a symbol and the mark that joins it, a
// sequence and what its parser swallows after it.
func TestWidthOfEveryPairOfPieces(t *testing.T) {
	for _, a := range widthPieces {
		for _, b := range widthPieces {
			for _, s := range []string{a + b, "x" + a + b + "x", "\x1b[0m" + a + b + "\x1b[0m"} {
				want := ansi.StringWidth(s)
				if got := Width(s); got != want {
					t.Fatalf("Width(%q) = %d, ansi.StringWidth %d", s, got, want)
				}
				for w := range want + 2 {
					if got, want := Fit(s, w), fitByAnsi(s, w); got != want {
						t.Fatalf("Fit(%q, %d) = %q, ansi's %q", s, w, got, want)
					}
				}
			}
		}
	}
}

func TestFitIsFitByAnsi(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genWidthString(t)
		w := rapid.IntRange(-1, ansi.StringWidth(s)+2).Draw(t, "w")
		if got, want := Fit(s, w), fitByAnsi(s, w); got != want {
			t.Fatalf("Fit(%q, %d) = %q, ansi's %q", s, w, got, want)
		}
	})
}

func TestTruncatePlainIsAnsiTruncate(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genPlainString(t)
		n, ok := plainWidth(s)
		if !ok {
			t.Fatalf("%q drawn from plain pieces is not plain", s)
		}
		if n == 0 {
			t.Skip("nothing to cut")
		}
		length := rapid.IntRange(0, n-1).Draw(t, "length")
		tail := rapid.SampledFrom([]string{"…", "", "~~", "\x1b[0m…"}).Draw(t, "tail")
		got, gotW := truncatePlain(s, length, tail, ansi.StringWidth(tail))
		if want := ansi.Truncate(s, length, tail); got != want {
			t.Fatalf("truncatePlain(%q, %d, %q) = %q, ansi.Truncate %q", s, length, tail, got, want)
		}
		if want := ansi.StringWidth(got); gotW != want {
			t.Fatalf("truncatePlain(%q, %d, %q) says %d cells, ansi.StringWidth %d", s, length, tail, gotW, want)
		}
	})
}

// TestOneCellSymbolsStandAlone holds every symbol Width counts itself
// against every other and against the ASCII and escape sequences beside
// it: a pair that ansi.StringWidth joined into one cluster, or measured
// otherwise than one cell a symbol, would count differently.
func TestOneCellSymbolsStandAlone(t *testing.T) {
	var syms []string
	for r := rune(0); r < oneCellTop; r++ {
		if isOneCell(r) {
			syms = append(syms, string(r))
		}
	}
	if len(syms) < 1000 {
		t.Fatalf("only %d one-cell symbols: the set was not built", len(syms))
	}
	others := append([]string{"a", " ", "~", "\x1b[0m", "\x1b]8;;x\x1b\\"}, syms...)
	var b strings.Builder
	for _, a := range syms {
		// a next to each other piece, on both sides: a o1 a o2 … a.
		b.Reset()
		for _, o := range others {
			b.WriteString(a)
			b.WriteString(o)
		}
		b.WriteString(a)
		s := b.String()
		got, ok := plainWidth(s)
		if !ok {
			t.Fatalf("%q beside the others is not plain", a)
		}
		if want := ansi.StringWidth(s); got != want {
			for _, o := range others {
				for _, p := range []string{a + o, o + a} {
					if g, w := Width(p), ansi.StringWidth(p); g != w {
						t.Fatalf("Width(%q) = %d, ansi.StringWidth %d", p, g, w)
					}
				}
			}
			t.Fatalf("%q beside the others: Width %d, ansi.StringWidth %d", a, got, want)
		}
	}
}

func FuzzWidth(f *testing.F) {
	for _, p := range widthPieces {
		f.Add(p+"ab"+p, 3)
	}
	f.Add("\x1b[1m╭─ title ─╮\x1b[0m", 5)
	f.Add("·×\u0301─\x1b[0m", 2)
	f.Fuzz(func(t *testing.T, s string, w int) {
		if got, want := Width(s), ansi.StringWidth(s); got != want {
			t.Fatalf("Width(%q) = %d, ansi.StringWidth %d", s, got, want)
		}
		w %= 200
		if got, want := Fit(s, w), fitByAnsi(s, w); got != want {
			t.Fatalf("Fit(%q, %d) = %q, ansi's %q", s, w, got, want)
		}
		if !utf8.ValidString(s) {
			return
		}
		if n, ok := plainWidth(s); ok && n > 0 {
			length := (w%n + n) % n
			got, gotW := truncatePlain(s, length, "…", ellipsisWidth)
			if want := ansi.Truncate(s, length, "…"); got != want || gotW != ansi.StringWidth(want) {
				t.Fatalf("truncatePlain(%q, %d) = %q (%d cells), ansi.Truncate %q", s, length, got, gotW, want)
			}
		}
	})
}
