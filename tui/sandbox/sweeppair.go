package sandbox

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/engine/sweep"
)

// A breaker's window and its minimum calls bound each other: every pair
// of a grid needs the minimum no greater than the window. Each axis laid
// alone (spanOf), the window from a quarter of its value and the minimum
// up to twice its own, paired a window of 10 with a minimum of 18, and
// the whole sweep was refused; the sandbox picks the ranges, so the
// learner could do nothing about it. The two axes are now parted at one
// value, the window's from it up and the minimum's up to it, as the
// refusal's own rule asks (sweep.Plan's pairedAxes).

// pairedSpans are the axes of a sweep of the overlay's x against y on a
// grid of nx by ny, as spanOf lays them, parted (partPair) when they are
// one breaker's window and minimum calls. The picker announces them and
// planFor runs them, from this one function, so the two agree.
func (s *sweepOverlay) pairedSpans(y string, nx, ny int) (sx, sy span, err error) {
	if sx, err = s.spanOf(s.x, nx); err != nil {
		return span{}, span{}, err
	}
	if sy, err = s.spanOf(y, ny); err != nil {
		return span{}, span{}, err
	}
	if head, ok := strings.CutSuffix(sx.ax.Path, ".breaker.window"); ok && sy.ax.Path == head+".breaker.min_calls" {
		sx, sy = partPair(sx, sy)
	} else if head, ok := strings.CutSuffix(sy.ax.Path, ".breaker.window"); ok && sx.ax.Path == head+".breaker.min_calls" {
		sy, sx = partPair(sy, sx)
	}
	return sx, sy, nil
}

// partPair parts a window's axis and its minimum calls' at one value c,
// the window's values from c up and the minimum's up to c, so that every
// pair is one the engine takes. c lies between the design's minimum and
// its window, so both of the design's values stay on their axes (the
// mark), and is the one that keeps the most values of the two. Axes that
// already part are returned as they are.
func partPair(win, least span) (span, span) {
	wx, lx := win.ax.X, least.ax.X
	if len(wx) == 0 || len(lx) == 0 || lx[len(lx)-1] <= wx[0] {
		return win, least
	}
	best, kept := least.x, -1
	for _, c := range append(append([]float64{least.x, win.x}, wx...), lx...) {
		if c < least.x || c > win.x {
			continue
		}
		n := 0
		for _, x := range wx {
			if x >= c {
				n++
			}
		}
		for _, x := range lx {
			if x <= c {
				n++
			}
		}
		if n > kept || (n == kept && c < best) {
			best, kept = c, n
		}
	}
	if w := keepAxis(win.ax, func(x float64) bool { return x >= best }); len(w.X) > 0 && len(w.X) < len(wx) {
		// Its low end is now the pair's, not the scenario's limit.
		win.ax, win.cutLo, win.refusedLo = w, false, nil
		win.paired = fmt.Sprintf("cut at %s, no window below any minimum calls swept", sweep.Short(w.X[0]))
	}
	if l := keepAxis(least.ax, func(x float64) bool { return x <= best }); len(l.X) > 0 && len(l.X) < len(lx) {
		least.ax, least.cutHi, least.refusedHi = l, false, nil
		least.paired = fmt.Sprintf("cut at %s, no minimum above any window swept", sweep.Short(l.X[len(l.X)-1]))
	}
	return win, least
}

// keepAxis is ax with only the values whose X keep takes.
func keepAxis(ax sweep.Axis, keep func(float64) bool) sweep.Axis {
	out := ax
	out.Values, out.X = nil, nil
	for i, x := range ax.X {
		if keep(x) {
			out.Values = append(out.Values, ax.Values[i])
			out.X = append(out.X, x)
		}
	}
	return out
}
