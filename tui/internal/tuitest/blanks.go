package tuitest

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// ColumnBlanks is, for a screen of two columns (the left mainW cells wide,
// then a gutter of three), the longest run of rows with nothing in each,
// the two title rows and the key line left out: how the blank-rows checks
// of the drill and the interview see a large window half empty.
func ColumnBlanks(view string, mainW int) [2]int {
	lines := strings.Split(ansi.Strip(view), "\n")
	var best, run [2]int
	if len(lines) < 4 {
		return best
	}
	for _, l := range lines[2 : len(lines)-1] {
		r := []rune(l)
		cells := [2]string{string(r[:min(mainW, len(r))]), ""}
		if len(r) > mainW+3 {
			cells[1] = string(r[mainW+3:])
		}
		for c, cell := range cells {
			if strings.TrimSpace(cell) == "" {
				run[c]++
				best[c] = max(best[c], run[c])
			} else {
				run[c] = 0
			}
		}
	}
	return best
}
