package lessons

import (
	"regexp"
	"testing"
)

// A text counts a pool's workers, never the pool pane's cells: the pane
// draws one worker per cell only where it has room, and several per cell
// in a small window (at 80×24 lesson 3's pool is "6 per cell"), so lesson
// 3's "the letter r never takes more than 20 cells" was false on the
// screen a learner most often has.
func TestTextsCountWorkersNotCells(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	cells := regexp.MustCompile(`(?i)(?:\d|\}\}|\bmany|\bfew)\s+cells?\b`)
	for _, l := range all {
		for at, text := range learnerTexts(l) {
			if m := cells.FindString(oneLine(text)); m != "" {
				t.Errorf("%s %s: %q counts the pool pane's cells, which hold several workers each in a small window: count the workers", l.ID, at, m)
			}
		}
	}
}
