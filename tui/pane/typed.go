package pane

import "unicode"

// Typable says whether r, typed or pasted, may go into a text input (the
// palette's line, a knob form's field, a prompt). A control character
// (C0 such as ESC, DEL, C1 such as CSI U+009B) is dropped so that a paste
// such as "a\x1b[31mb" never reaches the terminal as a sequence; so is a
// bidirectional control (U+202E, U+200F): invisible, it would reorder the
// line as drawn, so that what the learner reads is not what is read. One
// rule for every input: the palette dropped C1 and bidi controls while
// the fields and the prompts kept them.
func Typable(r rune) bool {
	return !unicode.In(r, unicode.Cc, unicode.Bidi_Control)
}
