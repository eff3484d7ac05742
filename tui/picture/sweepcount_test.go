package picture

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A picture of a sweep stopped short says its runs as the terminal's map
// and every other screen write a count: "2,047 of 2,048 runs".
func TestStoppedSweepPictureCountsWithSeparators(t *testing.T) {
	res := tuitest.StoppedGrid(t, false)
	f, err := sweepFigure(res, "test", [2]string{})
	if err != nil {
		t.Fatal(err)
	}
	title := f.rows[0][0].Title.Text
	if !strings.Contains(title, "(stopped: 2,047 of 2,048 runs)") {
		t.Errorf("title %q, want it to say (stopped: 2,047 of 2,048 runs)", title)
	}
}
