package exercisesui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// codeIndent is how much deeper than its first line a split line of code
// goes on: one tab stop, as gofmt indents a parameter list it splits.
const codeIndent = "    "

// codeLines lays out one line of a README's code in room cells. A line
// that fits is kept as written, alignment and all. One that does not is
// split where Go split by hand reads best, rather than scrolled sideways:
// the learner has to see the whole signature to write it, and a sideways
// scroll would show one part at a time behind a key of its own. A trailing
// comment goes under the code; the code breaks after a comma of the
// parameter list, before the results, after the parameter list's "(",
// after another comma, at a space, after another "(", or (a word longer
// than the room) where the room ends. Every line after the first is
// indented by codeIndent past the line's own indent.
func codeLines(line string, room int) []string {
	if room < 1 || ansi.StringWidth(line) <= room {
		return []string{line}
	}
	body := strings.TrimLeft(line, " \t")
	indent := line[:len(line)-len(body)]
	cont := indent + codeIndent
	if room-ansi.StringWidth(cont) < 8 {
		cont = "" // too narrow to spend cells on indents
		indent = ""
	}
	code, comment := splitComment(body)
	if code == "" {
		return commentLines(indent, comment, room)
	}
	out := breakCode(indent, code, cont, room)
	if comment != "" {
		out = append(out, commentLines(cont, comment, room)...)
	}
	return out
}

// splitComment cuts a line of Go at its trailing // comment, outside
// string and rune literals: code without the spaces before the comment,
// and the comment.
func splitComment(s string) (code, comment string) {
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == '\\' && quote != '`':
			i++ // an escaped character, maybe a quote
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
		case c == '"' || c == '`' || c == '\'':
			quote = c
		case c == '/' && strings.HasPrefix(s[i:], "//"):
			return strings.TrimRight(s[:i], " \t"), s[i:]
		}
	}
	return s, ""
}

// Where a line of code may break, best first.
const (
	breakParamComma = iota // after a comma between parameters
	breakResults           // between the parameters and the results
	breakParamOpen         // after the "(" of the parameters
	breakComma             // after any other comma
	breakSpace             // at any other space
	breakOpen              // after any other "("
	breakKinds
)

// breakPoint is a place code may break: the first line ends at end (a
// space there is dropped), the next one starts at next.
type breakPoint struct {
	kind, end, next int
}

// breakCode splits code (no comment) into lines of at most room cells:
// the first indented by indent, the rest by cont. Each line ends at the
// best kind of break that fits, as late as that kind allows.
func breakCode(indent, code, cont string, room int) []string {
	points := breakPoints(code)
	var out []string
	start, pad := 0, indent
	for {
		rest := code[start:]
		avail := room - ansi.StringWidth(pad)
		if ansi.StringWidth(rest) <= avail {
			return append(out, pad+rest)
		}
		best := [breakKinds]*breakPoint{}
		for i := range points {
			p := &points[i]
			if p.end > start && ansi.StringWidth(code[start:p.end]) <= avail {
				best[p.kind] = p // points are in order: the latest wins
			}
		}
		var at *breakPoint
		for _, p := range best {
			if p != nil {
				at = p
				break
			}
		}
		end, next := start, start
		if at != nil {
			end, next = at.end, at.next
		} else {
			// No break fits: cut where the room ends, at least one cell on.
			cut := ansi.Truncate(rest, max(avail, 1), "")
			if cut == "" {
				cut = string([]rune(rest)[:1])
			}
			end, next = start+len(cut), start+len(cut)
		}
		out = append(out, pad+code[start:end])
		start, pad = next, cont
	}
}

// breakPoints finds where code may break, in order. The parameter list is
// the first top-level parenthesis of a func, or its second after a
// receiver.
func breakPoints(code string) []breakPoint {
	params := 0 // which top-level "(" opens the parameters; -1: none
	switch {
	case strings.HasPrefix(code, "func ("):
		params = 1
	case strings.HasPrefix(code, "func "):
	default:
		params = -1
	}
	var points []breakPoint
	depth, group, inParams, afterParams := 0, 0, false, false
	var quote byte
	for i := 0; i < len(code); i++ {
		c := code[i]
		if quote != 0 {
			if c == '\\' && quote != '`' {
				i++
			} else if c == quote {
				quote = 0
			}
			continue
		}
		switch c {
		case '"', '`', '\'':
			quote = c
		case '(', '[', '{':
			if depth == 0 && c == '(' {
				inParams = group == params
				group++
			}
			switch {
			case c != '(':
			case inParams && depth == 0:
				points = append(points, breakPoint{breakParamOpen, i + 1, i + 1})
			default:
				points = append(points, breakPoint{breakOpen, i + 1, i + 1})
			}
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 && inParams {
				inParams, afterParams = false, true
				if strings.HasPrefix(code[i+1:], " ") && strings.TrimSpace(code[i+1:]) != "" {
					points = append(points, breakPoint{breakResults, i + 1, i + 2})
				}
			}
		case ',':
			if strings.HasPrefix(code[i+1:], " ") {
				kind := breakComma
				if inParams && depth == 1 {
					kind = breakParamComma
				}
				points = append(points, breakPoint{kind, i + 1, i + 2})
			}
		case ' ':
			if i > 0 && code[i-1] != ',' && !(afterParams && depth == 0 && code[i-1] == ')') {
				points = append(points, breakPoint{breakSpace, i, i + 1})
			}
		}
	}
	return points
}

// commentLines wraps a comment into lines of at most room cells, each
// indented by pad and opening with "// ", as a comment split by hand is.
func commentLines(pad, comment string, room int) []string {
	text := strings.TrimSpace(strings.TrimPrefix(comment, "//"))
	var out []string
	for _, l := range wrap(text, room-ansi.StringWidth(pad)-3, 0) {
		out = append(out, pad+"// "+l)
	}
	return out
}
