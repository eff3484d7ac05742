package picture

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/sweeptest"
)

// A picture of a sweep stopped short says its runs as the terminal's map
// and every other screen write a count: "2,047 of 2,048 runs".
func TestStoppedSweepPictureCountsWithSeparators(t *testing.T) {
	res := sweeptest.FilledBut(t, []string{"workers=1..64:64", "queue=1..32:32"}, "search.ok", "",
		func(i, j int) float64 { return float64(i+j) / 96 }, func(i, j int) bool { return i+j == 0 })
	f, err := sweepFigure(res, "test", [2]string{})
	if err != nil {
		t.Fatal(err)
	}
	title := f.rows[0][0].Title.Text
	if !strings.Contains(title, "(stopped: 2,047 of 2,048 runs)") {
		t.Errorf("title %q, want it to say (stopped: 2,047 of 2,048 runs)", title)
	}
}
