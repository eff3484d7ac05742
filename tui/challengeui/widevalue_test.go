package challengeui

import (
	"strings"
	"testing"
)

// The knobs' value column was 14 cells at every width: at 80 columns
// challenge 5's "‹ token-bucket ›" went under "retry budget", the line
// beside the label empty, and the knobs under it moved down a line as →
// reached it. A longer value stands beside its label where the label
// fits beside it whole; where it does not, the value goes under it.
func TestALongValueStaysBesideItsLabel(t *testing.T) {
	m := sized(t, open(t, "retry-budget", Options{}), 80, 24)
	m = press(t, m, "right")
	if l := lineWith(m, "‹ token-bucket ›"); !strings.Contains(l, "retry budget") {
		t.Errorf("at 80 columns the value should stand beside its label: %q\n%s", strings.TrimSpace(l), strings.Join(plainLines(m), "\n"))
	}
	next := lineWith(m, "← none | token-bucket | → concurrency")
	if next == "" {
		t.Fatalf("the retry budget's choices are not shown:\n%s", strings.Join(plainLines(m), "\n"))
	}
	// Its value and the others' end in one column.
	a, b := lineWith(m, "‹ token-bucket ›"), ""
	for _, l := range plainLines(m) {
		if strings.HasPrefix(strings.TrimSpace(l), "attempts ") {
			b = l
		}
	}
	if len([]rune(strings.TrimRight(a, " "))) != len([]rune(strings.TrimRight(b, " "))) {
		t.Errorf("the values end in different columns:\n%q\n%q", a, b)
	}
	narrow := press(t, sized(t, open(t, "retry-budget", Options{}), 24, 40), "right")
	if l := lineWith(narrow, "token-bucket ›"); strings.Contains(l, "retry") {
		t.Errorf("at 24 columns the label has no room beside the value: %q\n%s", l, strings.Join(plainLines(narrow), "\n"))
	}
}
