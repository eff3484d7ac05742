package serve

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/tui/palette"
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
//
// It keeps the first maxLogRunes runes of the value and says how long the
// whole was: "aaaa…(100000 bytes)". A user name may be as long as an SSH
// packet, and one of 100,000 characters wrote lines of 100 KB, three a
// connection, a few a second from one address. A byte that is not UTF-8
// counts as a rune; one escaped is written in at most ten characters, so a
// value takes at most some 700 characters of a line.
func logText(s string) string {
	cut := ""
	n := 0
	for i := range s {
		if n == maxLogRunes {
			cut = fmt.Sprintf("…(%d bytes)", len(s))
			s = s[:i]
			break
		}
		n++
	}
	q := strconv.Quote(s)
	// Quote writes '"' as \" (and only so): the log quotes it again.
	return strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`) + cut
}

// maxLogRunes is the most of a value a client chose that the log keeps.
const maxLogRunes = 64

// rollName is a user name as the teacher's list of who is in the room
// shows it: as text (palette.Shown: an escape as ␛, never Go's "\x1b"),
// cut at maxRollName characters with "…". The log's form (logText) said
// "…(320 bytes)" of a long name, which wrapped onto a line of its own.
func rollName(user string) string {
	shown := palette.Shown(user)
	if utf8.RuneCountInString(shown) <= maxRollName {
		return shown
	}
	r := []rune(shown)
	return string(r[:maxRollName-1]) + "…"
}

// maxRollName is the most characters of a name the room's list shows:
// room for any real name, and a line of the list at 80 columns whole.
const maxRollName = 40
