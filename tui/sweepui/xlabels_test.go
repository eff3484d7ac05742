package sweepui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The map's x axis labels its last column whatever the thinning: a
// bulkhead from none to 200 in eleven columns of three cells ended "50
// 100", and the last column, 200, read as 100's.
func TestXLabelsKeepTheLast(t *testing.T) {
	racefree.Only(t) // lays out text, starts no goroutine
	texts := []string{"none", "1", "2", "3", "5", "10", "20", "30", "50", "100", "200"}
	for _, cw := range []int{2, 3, 4, 6} {
		line := xLabels(sweep.Axis{}, 6, cw, len(texts), func(i int) string { return texts[i] })
		fields := strings.Fields(line)
		if len(fields) == 0 || fields[len(fields)-1] != "200" {
			t.Errorf("cells of %d: the labels %q do not end with the last column's 200", cw, line)
		}
		if at := strings.LastIndex(line, "200"); at != 6+10*cw {
			t.Errorf("cells of %d: 200 at %d, want under its column at %d: %q", cw, at, 6+10*cw, line)
		}
		if fields[0] != "none" {
			t.Errorf("cells of %d: the labels %q do not begin with none", cw, line)
		}
	}
}
