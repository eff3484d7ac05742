package tuitest

import (
	"strings"
	"testing"
)

// The count sees each column's own blank rows, and not the title rows or
// the key line.
func TestColumnBlanksCountsEachColumn(t *testing.T) {
	rows := []string{"title", "tabs"}
	for i := range 6 {
		left := "card"
		if i >= 1 && i <= 4 {
			left = "    " // four blank rows on the left
		}
		right := "list"
		if i >= 3 {
			right = "" // three on the right, to the end
		}
		rows = append(rows, left+" │ "+right)
	}
	rows = append(rows, "keys")
	if got := ColumnBlanks(strings.Join(rows, "\n"), 4); got != [2]int{4, 3} {
		t.Errorf("ColumnBlanks = %v, want [4 3]", got)
	}
	if got := ColumnBlanks("a\nb", 4); got != [2]int{} {
		t.Errorf("a view of two rows: %v, want none", got)
	}
}
