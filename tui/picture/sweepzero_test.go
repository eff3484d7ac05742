package picture

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/sweepui"
)

// A pool's wait of 0 waits as long as the call's timeout lets it
// (lessons.NoneWords: "up to the timeout"). The terminal's map labels that
// column or row "0" (sweepui.ZeroLabel) and says beneath what it stands
// for; the picture's map labelled it "none", which read as no wait at
// all. It labels it as the map does, from the same function, and its
// legend says what the 0 stands for as the map's summary does, on x and
// on y, in SVG (PNG draws the same plot).
func TestSweepPictureLabelsAWaitOfZeroAsTheMapDoes(t *testing.T) {
	words := lessons.NoneWords("database.wait")
	if zero := sweepui.ZeroLabel(words); zero != "0" {
		t.Fatalf("the map labels a pool's wait of 0 %q; this test is of a 0 the map labels 0", zero)
	}
	for a, axis := range []string{"x", "y"} {
		t.Run(axis, func(t *testing.T) {
			// noneSweep's knob stands in for the wait: the words, not the
			// path, say what its 0 is.
			res := noneSweep(t, true)
			var none [2]string
			none[a] = words
			f, err := sweepFigure(res, "go-server", none)
			if err != nil {
				t.Fatal(err)
			}
			p := f.rows[0][0]
			ax := &p.X
			if a == 1 {
				ax = &p.Y
			}
			var labels []string
			for _, tk := range ax.Tick.Marker.Ticks(ax.Min, ax.Max) {
				labels = append(labels, tk.Label)
			}
			if slices.Contains(labels, "none") || !slices.Contains(labels, "0") {
				t.Errorf("the %s axis's ticks read %q: want the 0 labelled 0, as the map's axis labels it, not none", axis, labels)
			}
			var svg bytes.Buffer
			if err := f.write(&svg, "svg"); err != nil {
				t.Fatal(err)
			}
			want := res.Plan.Axes[a].Path + " " + sweepui.NoneText(words)
			if text := svg.String(); !strings.Contains(text, ">"+want+"<") || strings.Contains(text, ">none<") {
				t.Errorf("the SVG does not say %q, or says none", want)
			}
		})
	}
}
