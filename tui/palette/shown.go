package palette

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Shown is text someone typed or chose (a command's argument, a user
// name) as a screen may show it: a control character as its Unicode
// picture (ESC as ␛, a newline as ␊, DEL as ␡), and any other rune that
// does not print, a bidirectional override or a byte that is not UTF-8,
// as �; the rest as it is. Nothing in it reaches the terminal as a
// sequence, and nothing is quoted or escaped as Go would write it
// ("\x1b[31m", `\"`), which reads as noise to a student.
func Shown(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == utf8.RuneError && isBadByte(s[i:]):
			b.WriteRune('\uFFFD')
		case r < 0x20:
			b.WriteRune(0x2400 + r) // the Control Pictures block: ␀ to ␟
		case r == 0x7f:
			b.WriteRune('\u2421')
		case r == ' ' || unicode.IsPrint(r):
			b.WriteRune(r)
		default:
			b.WriteRune('\uFFFD')
		}
	}
	return b.String()
}

// isBadByte reports whether s begins with a byte that is not UTF-8 (and
// not a U+FFFD written out, which prints as itself).
func isBadByte(s string) bool {
	_, n := utf8.DecodeRuneInString(s)
	return n <= 1
}
