// Package textwrap breaks the exercises' messages into lines for a
// terminal, the one way the runner (tui/exercisesui) and `breakerlab
// exercises check` (exercises/cli) both do it: at spaces, never after a
// hyphen (half-open, 02-rate-window-breaker stay whole) nor between a
// number and its unit (50 %, 250 ms), and each line indented, so that a
// test's output stays under its test. Text may hold ANSI styles; they take
// no room.
package textwrap

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// nbHyphen stands in for a hyphen while Lines wraps: ansi.Wrap breaks after
// every hyphen, but not after this one, of the same width.
const nbHyphen = "\u2011"

// nbsp stands in for the space between a number and its unit while Lines
// wraps ("50 %", "250 ms"): ansi.Wrap never breaks at it.
const nbsp = "\u00a0"

// units are the units a space joins to the number before them.
var units = [...]string{"%", "ns", "µs", "ms", "s", "min", "h"}

// joinUnits puts nbsp between each number and the unit after it; text
// without one comes back as it is, with no copy.
func joinUnits(text string) string {
	var b strings.Builder
	last := 0
	for i := 1; i+1 < len(text); i++ {
		if text[i] != ' ' || text[i-1] < '0' || text[i-1] > '9' || !unitAt(text[i+1:]) {
			continue
		}
		if last == 0 {
			b.Grow(len(text) + 8)
		}
		b.WriteString(text[last:i])
		b.WriteString(nbsp)
		last = i + 1
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// unitAt reports whether s starts with a unit standing alone: "s," and
// "ms)" do, "seconds" and "sets" do not.
func unitAt(s string) bool {
	for _, u := range units {
		rest, ok := strings.CutPrefix(s, u)
		if !ok {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(rest); rest == "" || !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// Lines breaks text into lines of at most width cells, each indented by
// indent spaces; a newline in text starts a new line. Where the indent
// would leave fewer than 8 cells, the lines are not indented.
func Lines(text string, width, indent int) []string {
	room := width - indent
	if room < 8 {
		indent, room = 0, width
	}
	if room < 1 {
		return []string{text}
	}
	var out []string
	pad := strings.Repeat(" ", indent)
	for _, para := range strings.Split(text, "\n") {
		if para == "" {
			out = append(out, "")
			continue
		}
		joined := joinUnits(para)
		wrapped := ansi.Wrap(strings.ReplaceAll(joined, "-", nbHyphen), room, "")
		wrapped = strings.ReplaceAll(wrapped, nbHyphen, "-")
		if len(joined) != len(para) && !strings.Contains(para, nbsp) {
			wrapped = strings.ReplaceAll(wrapped, nbsp, " ")
		}
		for _, l := range strings.Split(wrapped, "\n") {
			out = append(out, pad+l)
		}
	}
	return out
}
