package lessons

import (
	"regexp"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
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

// A text that says each busy worker shows a letter in the pool pane also
// says that on a small screen a cell stands for several workers: lesson
// 1's "every busy worker shows the first letter" was untrue at 80x24,
// where the pane drew 3 workers a cell.
func TestTextsSayACellMayHoldSeveralWorkers(t *testing.T) {
	racefree.Only(t) // reads the lessons; it starts no goroutine
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	perWorker := regexp.MustCompile(`(?i)\b(?:every|each|a) (?:busy )?worker shows\b`)
	perCell := regexp.MustCompile(`(?i)\bcell stands for (?:a few|several) workers\b`)
	found := false
	for _, l := range all {
		for at, text := range learnerTexts(l) {
			text = oneLine(text)
			if !perWorker.MatchString(text) {
				continue
			}
			found = true
			if !perCell.MatchString(text) {
				t.Errorf("%s %s: %q says a cell is a worker, and does not say that on a small screen a cell stands for several", l.ID, at, perWorker.FindString(text))
			}
		}
	}
	if !found {
		t.Error("no lesson text says what the pool pane's cells show: the check reads nothing")
	}
}
