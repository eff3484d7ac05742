package tuitest

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// CutWord is an ellipsis right after a letter or a digit: a word or a
// number cut short ("recommendat…", "OPEN 5…"). An ellipsis after a space
// ("speed …") is a deliberate mark, not a cut.
var CutWord = regexp.MustCompile(`[\p{L}\p{N}]…`)

// unitStart is text that only ever follows a number: a unit sent to the
// next line without it.
var unitStart = regexp.MustCompile(`^(%|‰|(s|ms|µs|min|h|rps|req/s)\b)`)

// listItem is the start of a numbered item ("2. "), which may follow a
// sentence that ends in a number ("= 10.").
var listItem = regexp.MustCompile(`^\d+[.)] `)

// A word run is a run of letters, digits and the marks inside a word
// ("half-open", "p99.9", "730,862,190,080"): the regular expression
// `[\p{L}\p{N}][\p{L}\p{N}'’.,\-]*[\p{L}\p{N}]|[\p{L}\p{N}]`, which
// TestWordRunsAreTheRegexps holds them to. Found by hand: the expression's
// matches over every line of every screen were a tenth of the CPU of the
// sandbox's screen-by-screen tests. Each stretch of letters, digits and
// those marks that holds a letter or a digit is one match, from its first
// letter or digit to its last.

// inWord says r may stand inside a word run; isWordEnd that it may start
// or end one.
func inWord(r rune) bool {
	return isWordEnd(r) || r == '\'' || r == '’' || r == '.' || r == ',' || r == '-'
}

func isWordEnd(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsNumber(r)
}

// wordRuns calls yield with each word run of s, in order, until it
// returns false.
func wordRuns(s string, yield func(string) bool) {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !inWord(r) {
			i += n
			continue
		}
		// A stretch of word characters: from its first letter or digit to
		// its last, if it has any.
		start, end := -1, -1
		j := i
		for j < len(s) {
			r, n := utf8.DecodeRuneInString(s[j:])
			if !inWord(r) {
				break
			}
			if isWordEnd(r) {
				if start < 0 {
					start = j
				}
				end = j + n
			}
			j += n
		}
		if start >= 0 && !yield(s[start:end]) {
			return
		}
		i = j
	}
}

// firstWordRun and lastWordRun are s's first and last word runs, "" when
// it has none.
func firstWordRun(s string) (w string) {
	wordRuns(s, func(r string) bool { w = r; return false })
	return w
}

func lastWordRun(s string) string {
	// The last stretch of word characters with a letter or a digit.
	end := -1
	for i := len(s); i > 0; {
		r, n := utf8.DecodeLastRuneInString(s[:i])
		if end < 0 {
			if isWordEnd(r) {
				end = i
			}
		} else if !inWord(r) {
			return firstWordRun(s[i:end])
		}
		i -= n
	}
	if end < 0 {
		return ""
	}
	return firstWordRun(s[:end])
}

// CheckNoCuts fails when a line of view cuts a word or a number with "…",
// when a line ends in a number that the next line goes on with (its digits
// or its unit), or when two lines split one of the words of sources
// between them ("recommendat" / "ions" where the sources say
// "recommendations" and never "recommendat ions"). Lines are compared
// cell by cell between "│" borders, so panes side by side are checked
// each on its own. sources are the texts the screen shows (a card's
// prompt, the menu's descriptions): the more of them, the more cuts the
// check can see.
func CheckNoCuts(t testing.TB, where, view string, sources ...string) {
	t.Helper()
	if err := FindCut(view, sources...); err != "" {
		t.Errorf("%s: %s\n%s", where, err, ansi.Strip(view))
	}
}

// FindCut is CheckNoCuts' finding: "" when view has no cut, else what is
// cut and where.
func FindCut(view string, sources ...string) string {
	lines := strings.Split(ansi.Strip(view), "\n")
	for i, l := range lines {
		if !strings.Contains(l, "…") {
			continue // the check runs on every screen: the regexp only where it can match
		}
		if loc := CutWord.FindStringIndex(l); loc != nil {
			return "line " + itoa(i+1) + " cuts a word: " + quote(l)
		}
	}
	words := map[string]bool{}
	pairs := " "
	for _, s := range sources {
		s = ansi.Strip(s)
		wordRuns(s, func(w string) bool { words[w] = true; return true })
		pairs += strings.Join(strings.Fields(s), " ") + " "
	}
	return cellPairs(lines, func(prev, next string) string { return splitBetween(prev, next, words, pairs) })
}

// cellPairs calls find with each cell of each line and the cell under it
// (between "│" borders, so that panes side by side are each compared on
// their own), both trimmed and neither empty, until it says what is
// wrong: then that, with the lines and the two cells; else "".
func cellPairs(lines []string, find func(prev, next string) string) string {
	for i := 0; i+1 < len(lines); i++ {
		a, b := cells(lines[i]), cells(lines[i+1])
		if len(a) != len(b) {
			continue
		}
		for c := range a {
			prev, next := strings.TrimSpace(a[c]), strings.TrimSpace(b[c])
			if prev == "" || next == "" {
				continue
			}
			if msg := find(prev, next); msg != "" {
				return "lines " + itoa(i+1) + "-" + itoa(i+2) + " " + msg + ": " + quote(prev) + " / " + quote(next)
			}
		}
	}
	return ""
}

// CheckWhole is CheckNoCuts, and fails too when an ellipsis after whole
// words cuts short a text of about: what a step or a question is about
// (its text, its question, its designs' names), which may be wrapped but
// never shortened ("open 15 s, 5 trials" shown as "open 15 s …"). A list
// that previews texts on purpose uses CheckNoCuts.
func CheckWhole(t testing.TB, where, view string, about ...string) {
	t.Helper()
	if err := FindCut(view, about...); err != "" {
		t.Errorf("%s: %s\n%s", where, err, ansi.Strip(view))
		return
	}
	if err := FindShortened(view, about...); err != "" {
		t.Errorf("%s: %s\n%s", where, err, ansi.Strip(view))
	}
}

// FindShortened is CheckWhole's own finding: "" when no ellipsis in view
// cuts short a text of about.
func FindShortened(view string, about ...string) string {
	spaced := make([]string, 0, len(about)) // each text's words, spaced
	for _, s := range about {
		spaced = append(spaced, " "+strings.Join(strings.Fields(ansi.Strip(s)), " ")+" ")
	}
	for i, l := range strings.Split(ansi.Strip(view), "\n") {
		if !strings.Contains(l, "…") {
			continue
		}
		for _, cell := range cells(l) {
			if msg := shortened(cell, spaced); msg != "" {
				return "line " + itoa(i+1) + " " + msg + ": " + quote(l)
			}
		}
	}
	return ""
}

// shortened says what a cell cuts short with an ellipsis after whole
// words, when a source (its words, spaced) goes on after the two words
// before it; "" when nothing is.
func shortened(cell string, sources []string) string {
	for rest := cell; ; {
		i := strings.Index(rest, "…")
		if i < 0 {
			return ""
		}
		words := strings.Fields(rest[:i])
		rest = rest[i+len("…"):]
		if len(words) < 2 {
			continue
		}
		phrase := " " + words[len(words)-2] + " " + words[len(words)-1] + " "
		for _, src := range sources {
			if j := strings.Index(src, phrase); j >= 0 && j+len(phrase) < len(src) && !strings.HasPrefix(src[j+len(phrase):], "…") {
				return "cuts short " + quote(strings.TrimSpace(phrase)) + ", which its text goes on from"
			}
		}
	}
}

// splitBetween says how the end of prev and the start of next split one
// thing, or "".
// thousands is the start of a line that goes on a number's thousands.
var thousands = regexp.MustCompile(`^\d{3}(?:\D|$)`)

func splitBetween(prev, next string, words map[string]bool, pairs string) string {
	last, first := []rune(prev)[len([]rune(prev))-1], []rune(next)[0]
	if unicode.IsDigit(last) && unitStart.MatchString(next) {
		return "part a number from its unit"
	}
	// A comma splits a number only before a group of three digits ("730,"
	// / "862"); "4 of 16," / "8 of 32" is a list.
	if last == ',' && len(prev) > 1 && unicode.IsDigit(rune(prev[len(prev)-2])) && thousands.MatchString(next) {
		return "split a number"
	}
	if last == '.' && len(prev) > 1 && unicode.IsDigit(rune(prev[len(prev)-2])) && unicode.IsDigit(first) && !listItem.MatchString(next) {
		return "split a number"
	}
	if len(words) == 0 {
		return "" // no sources: no word to see split
	}
	tail, head := lastWordRun(prev), firstWordRun(next)
	if tail == "" || head == "" || !strings.HasPrefix(next, head) {
		return ""
	}
	// A word broken after its hyphen ("half-" / "open").
	if strings.HasSuffix(prev, tail+"-") {
		tail += "-"
	} else if !strings.HasSuffix(prev, tail) {
		return ""
	}
	if words[tail+head] && !strings.Contains(pairs, " "+tail+" "+head+" ") {
		return "split the word " + quote(tail+head)
	}
	return ""
}

// cells are the parts of a line between "│" borders.
func cells(l string) []string { return strings.Split(l, "│") }

func itoa(n int) string { return strconv.Itoa(n) }

func quote(s string) string { return strconv.Quote(s) }

// CheckValuesWhole fails when a form's field does not show its value
// whole from its first character: each of values must follow a field's
// "[" in view ("[overlap-limited", never a field scrolled to
// "[-limited ]").
func CheckValuesWhole(t testing.TB, where, view string, values ...string) {
	t.Helper()
	plain := ansi.Strip(view)
	for _, v := range values {
		if v != "" && !strings.Contains(plain, "["+v) {
			t.Errorf("%s: no field shows %q whole\n%s", where, v, plain)
		}
	}
}
