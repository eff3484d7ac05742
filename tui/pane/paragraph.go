package pane

import (
	"regexp"
	"strings"
)

// listItem is the start of a Markdown list item: a bullet or a number.
var listItem = regexp.MustCompile(`^\s*([-*+]|\d{1,9}[.)])\s`)

// JoinLines undoes the line breaks an author put inside a paragraph (a
// TOML """ string keeps them), so that the screen, not the file's line
// length, decides where its lines end: kept, they came out ragged at any
// width but the author's. A blank line still parts paragraphs, and a line
// that starts a list item still starts a line. It lives here, beside Wrap,
// because the lesson player and the drill both draw a lesson question's
// text and must break it the same way.
func JoinLines(s string) string {
	lines := strings.Split(s, "\n")
	for i := range lines {
		lines[i] = strings.TrimRight(lines[i], " \t")
	}
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			prev := lines[i-1]
			if strings.TrimSpace(prev) == "" || strings.TrimSpace(l) == "" || listItem.MatchString(l) {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
				l = strings.TrimLeft(l, " \t")
			}
		}
		b.WriteString(l)
	}
	return b.String()
}
