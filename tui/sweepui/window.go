package sweepui

import (
	"sync"
	"time"

	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/sweep"
)

// windows holds the window words of the last few plans drawn, worked out
// once a plan: a title is drawn on every frame of a sweep under way, and
// working them out builds the scenario. A few, not every plan a session
// ever drew: a kept plan keeps its scenario and its closures alive.
var windows struct {
	sync.Mutex
	plans [4]*sweep.Plan
	words [4]string
	next  int
}

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
	windows.Lock()
	defer windows.Unlock()
	for i, q := range windows.plans {
		if q == p {
			return lead + windows.words[i]
		}
	}
	w := windowSpan(p)
	windows.plans[windows.next], windows.words[windows.next] = p, w
	windows.next = (windows.next + 1) % len(windows.plans)
	return lead + w
}

// windowSpan is the window of p's cells, "from 10 s to 30 s", or with an
// end that moves with a swept duration, "from 0 s to 20 s…40 s".
func windowSpan(p *sweep.Plan) string {
	sc := p.Build()
	from, lo, hi := sc.MeasureFrom, sc.MeasureTo, sc.MeasureTo
	longest := sc.Duration
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
			longest = max(longest, c.Duration)
		}
	}
	// Every time in the unit `breakerlab run` writes the longest cell's
	// run's times in (report.TimeIn): "from 0h 00m 00.5s to 2h 00m…24h
	// 00m" for a day, where seconds read "from 0.5 s to 7200 s…86400 s";
	// a run of seconds reads as it did.
	at := func(d time.Duration) string { return report.TimeIn(d, longest, 0) }
	if lo == hi {
		return "from " + at(from) + " to " + at(hi)
	}
	return "from " + at(from) + " to " + at(lo) + "…" + at(hi)
}
