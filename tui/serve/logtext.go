package serve

import (
	"strconv"
	"strings"
)

// logText is a value a client chose (a user name, a terminal type, a
// channel or subsystem name) as the log is handed it: every rune that does
// not print, newlines and the escape that starts a terminal sequence
// included, written as Go writes it in a string ("\n", "\x1b"), and a
// backslash doubled, so that the value reads back unambiguously; the rest
// as it is. The log (charmbracelet/log's text formatter) quotes a value
// holding a space, '=' or '"' itself, and would escape what does not
// print, but writes a value holding a newline as lines of its own; so the
// value is escaped here, not quoted, and a name stays on its line.
func logText(s string) string {
	q := strconv.Quote(s)
	// Quote writes '"' as \" (and only so): the log quotes it again.
	return strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`)
}
