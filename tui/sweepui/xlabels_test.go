package sweepui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/theme"
	xansi "github.com/charmbracelet/x/ansi"
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

// A map of twenty durations labels its columns evenly, as many as fit:
// every k-th, k the least step at which the labels stand a blank apart,
// counted from the first column or back from the last; the first and the
// last always, so that one step, at one end, may be shorter, or longer
// where a column gave way to the end's label (under 2k). Thinned left to
// right, labels of mixed lengths ("900 ms", "1 s") fell at uneven steps.
// At 80 and 200 columns, in windows that draw one-row and taller cells.
func TestXLabelsEvenlySpacedAsManyAsFit(t *testing.T) {
	racefree.Only(t) // lays out text, starts no goroutine
	th := theme.New(theme.Plain())
	for _, x := range []string{"recommendations.timeout=100ms..5s:20", "recommendations.timeout=100ms..2s:20", "recommendations.timeout=1s..20s:20", "recommendations.timeout=50ms..1s:20"} {
		res := filled(t, x, "recommendations.bulkhead=10..50:3", "search.ok", "", func(i, j int) float64 { return float64(i+j) / 30 })
		ax := res.Plan.Axes[0]
		nx, _ := res.Plan.Size()
		texts := textsOf(ax).figure
		for _, size := range [][2]int{{80, 24}, {200, 60}} {
			out := xansi.Strip(HeatmapFit(res, th, size[0], size[1], nil))
			lines := strings.Split(out, "\n")
			rule := -1
			for i, l := range lines {
				if strings.Contains(l, "└") {
					rule = i
				}
			}
			if rule < 0 || rule+1 >= len(lines) {
				t.Fatalf("%s at %v: no axis under the map:\n%s", x, size, out)
			}
			ruleRunes := []rune(lines[rule])
			indent := slices.Index(ruleRunes, '└') + 1
			cw := strings.Count(lines[rule], "─") / nx
			label := []rune(lines[rule+1])
			// The labelled columns, read off the line: a label begins
			// under its column's first cell.
			var cols []int
			for at := indent; at < len(label); at++ {
				if label[at] == ' ' || at > 0 && label[at-1] != ' ' {
					continue
				}
				if (at-indent)%cw != 0 {
					continue // a space inside a label, then its unit
				}
				i := (at - indent) / cw
				if i >= nx || !strings.HasPrefix(string(label[at:]), texts[i]) {
					continue
				}
				cols = append(cols, i)
				at += len([]rune(texts[i])) - 1
			}
			where := fmt.Sprintf("%s at %dx%d (cells of %d):\n%s\n%s", x, size[0], size[1], cw, lines[rule], lines[rule+1])
			if len(cols) < 2 || cols[0] != 0 || cols[len(cols)-1] != nx-1 {
				t.Errorf("%s: labelled columns %v, want the first and the last", where, cols)
				continue
			}
			var steps []int
			for n := 1; n < len(cols); n++ {
				steps = append(steps, cols[n]-cols[n-1])
			}
			// The step k is every interval's but, at most, the first's
			// or the last's.
			k := steps[len(steps)/2]
			odd := 0
			for n, d := range steps {
				if d != k {
					odd++
					if n != 0 && n != len(steps)-1 || d >= 2*k {
						odd = 2
					}
				}
			}
			if odd > 1 {
				t.Errorf("%s: labelled columns %v are not every %d-th but at one end", where, cols, k)
			}
			end := func(i int) int { return indent + i*cw + len([]rune(texts[i])) }
			for n := 1; n < len(cols); n++ {
				if end(cols[n-1])+1 > indent+cols[n]*cw {
					t.Errorf("%s: %q runs into %q", where, texts[cols[n-1]], texts[cols[n]])
				}
			}
			// As many as fit: a step of one less, counted from either
			// end, would run two labels into each other.
			if k > 1 {
				for _, from := range []int{0, (nx - 1) % (k - 1)} {
					crowded := false
					for i := from; i+k-1 < nx-1; i += k - 1 {
						crowded = crowded || end(i)+1 > indent+(i+k-1)*cw
					}
					if !crowded {
						t.Errorf("%s: every %d-th column from column %d would fit too, the map labels every %d-th: %v", where, k-1, from, k, cols)
					}
				}
			}
		}
	}
}
