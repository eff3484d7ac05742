package sweepui

import (
	"strconv"
	"sync"
	"time"

	"github.com/breakerlab/breakerlab/engine/sweep"
)

// windows holds each plan's window words, worked out once: a title is
// drawn on every frame of a sweep under way, and working them out builds
// the scenario.
var windows sync.Map // *sweep.Plan → string

// windowWords says which requests a measure counts, as `breakerlab run`'s
// table says it ("Share of each endpoint's requests that arrived from 10 s
// to 30 s"): a share, a latency or held_max is read in the scenario's
// measurement window, and a map that does not say which reads as the
// whole run. Empty for a measure of the whole run (in_flight_max,
// first_open). The window is the plan's scenario's; swept, the duration
// ends it where it is shorter (lessons' override), so then its end is
// given as the range the cells' windows end in.
func windowWords(p *sweep.Plan) string {
	if p == nil || p.Build == nil {
		return ""
	}
	var lead string
	switch p.Measure.Field {
	case "ok", "fallback", "rejected", "failed":
		lead = "of requests arriving "
	case "p50", "p95", "p99":
		lead = "for requests arriving "
	case "held_max":
		lead = "read "
	default:
		return ""
	}
	if w, ok := windows.Load(p); ok {
		return lead + w.(string)
	}
	w := windowSpan(p)
	windows.Store(p, w)
	return lead + w
}

// windowSpan is the window of p's cells, "from 10 s to 30 s", or with an
// end that moves with a swept duration, "from 0 s to 20 s…40 s".
func windowSpan(p *sweep.Plan) string {
	sc := p.Build()
	from, lo, hi := sc.MeasureFrom, sc.MeasureTo, sc.MeasureTo
	for _, ax := range p.Axes {
		if ax.Path != "duration" || p.Set == nil {
			continue
		}
		for _, v := range ax.Values {
			c := p.Build()
			if p.Set(c, p.Variant, ax.Path, v) != nil {
				continue // a refused cell runs nothing, and its message says why
			}
			from = c.MeasureFrom
			lo, hi = min(lo, c.MeasureTo), max(hi, c.MeasureTo)
		}
	}
	if lo == hi {
		return "from " + secondsText(from) + " to " + secondsText(hi)
	}
	return "from " + secondsText(from) + " to " + secondsText(lo) + "…" + secondsText(hi)
}

// secondsText writes d as run's table does: in seconds, to the millisecond.
func secondsText(d time.Duration) string {
	return strconv.FormatFloat(float64(d.Round(time.Millisecond))/float64(time.Second), 'f', -1, 64) + " s"
}
