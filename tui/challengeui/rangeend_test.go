package challengeui

import (
	"strings"
	"testing"
)

// bracketDepth is how deep the brackets of s nest: 1 for "a (b) c (d)",
// 2 for "a (b (c))".
func bracketDepth(s string) int {
	depth, most := 0, 0
	for _, r := range s {
		switch r {
		case '(':
			depth++
			most = max(most, depth)
		case ')':
			depth--
		}
	}
	return most
}

// An arrow past the end of a range said so in brackets, round a range
// that has brackets of its own: challenge 8's most workers shared, left
// no value by 2 workers each, read "at the end of its range (no value
// fits the other knobs as they are (the fewest …))", and a bulkhead "(0
// (none) to 34, …)". The note sets the range off with commas: no bracket
// inside another, and an empty range names the knob's own range, whose
// end the arrow met.
func TestRangeEndNoteNestsNoBrackets(t *testing.T) {
	// Most shared 1 beside overlap-limited shards of 2 workers each: ←
	// on it meets its own end, 1. (An arrow on it moves it no more while
	// its range is empty: the test of that is
	// TestNoArrowLeavesADesignOutOfRangeUnsaid.) No arrow reaches that
	// design now, as plain shards do not read most shared and their
	// arrows leave it (TestAnUnreadKnobDoesNotTurn), so a design file's
	// value sets it.
	m := sized(t, open(t, "shuffle-shards", Options{}), 80, 24)
	m = press(t, m, "right", "right")
	m.setting = with(m.setting, "max_shared", int64(1))
	m = press(t, m, "down", "down", "left")
	if !m.c.Limit(m.setting, m.focus).Empty() {
		t.Fatalf("most workers shared beside 2 workers each should have no value; note %q", m.note)
	}
	if !strings.Contains(m.note, "most workers shared is at the end of its own range, 1 to 7, and no value fits") {
		t.Errorf("at the end of an empty range the note reads %q", m.note)
	}
	if d := bracketDepth(m.note); d > 1 {
		t.Errorf("the note nests brackets %d deep: %q", d, m.note)
	}
	b := sized(t, open(t, "bulkhead-40", Options{}), 100, 30)
	for range 20 {
		b = press(t, b, "right")
	}
	if !strings.Contains(b.note, "at the end of its range, 0 (not set) to 34, the workers of the pool") {
		t.Errorf("at the bulkhead's top the note reads %q", b.note)
	}
	if d := bracketDepth(b.note); d > 1 {
		t.Errorf("the note nests brackets %d deep: %q", d, b.note)
	}
}
