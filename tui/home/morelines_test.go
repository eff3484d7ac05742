package home

import (
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
)

// A scrolled menu counts what it hides in words that agree with the
// number: "1 more line", never "1 more lines" (scrollTo's marker row
// stands for itself too, so its count is 2 or more; moreLines is what
// keeps a 1 right).
func TestScrollToCountsInTheSingular(t *testing.T) {
	// Four rows with the focus on the first: the last row stands for
	// itself and the one below it.
	lines := []string{"a", "b", "c", "d", "e"}
	got := strings.Join(scrollTo(lines, 0, -1, 4, 80, 0, lipgloss.NewStyle()), "\n")
	if !strings.Contains(got, "↓ 2 more lines below") {
		t.Errorf("two hidden lines:\n%s", got)
	}
	got = strings.Join(scrollTo(lines, 4, -1, 4, 80, 0, lipgloss.NewStyle()), "\n")
	if !strings.Contains(got, "↑ 2 more lines above") {
		t.Errorf("two hidden lines above:\n%s", got)
	}
	for n, want := range map[int]string{1: "1 more line", 2: "2 more lines", 0: "0 more lines"} {
		if got := moreLines(n); got != want {
			t.Errorf("moreLines(%d) = %q, want %q", n, got, want)
		}
	}
}
