package pane

import "testing"

// A line break inside a paragraph is a space; a blank line still parts
// paragraphs, a list item (a bullet or a number) still starts its line, and
// the spaces around a joined break are one.
func TestJoinLines(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"one\ntwo", "one two"},
		{"one  \n   two", "one two"},
		{"one\n\ntwo\nthree", "one\n\ntwo three"},
		{"Two ways:\n- the first\n  goes on\n* the second\n+ the third", "Two ways:\n- the first goes on\n* the second\n+ the third"},
		{"Steps:\n1. one\n2) two\n10. ten", "Steps:\n1. one\n2) two\n10. ten"},
		{"a figure\n-3 is no item", "a figure -3 is no item"},
		{"", ""},
	} {
		if got := JoinLines(c.in); got != c.want {
			t.Errorf("JoinLines(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
