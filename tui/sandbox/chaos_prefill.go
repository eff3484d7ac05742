package sandbox

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// The fault the chaos menu's prompt starts from. It must be one the engine
// takes: a learner who presses enter on what the menu wrote and is told
// no has learnt nothing but distrust. So the moment shown is kept where the
// engine allows it, and otherwise moved to the nearest moment it allows,
// saying why.

// nothingToOffer is why no moment of the run takes a kind the part takes
// in general (a recover of a part that never has a fault).
type nothingToOffer string

func (e nothingToOffer) Error() string { return string(e) }

// prefillFault is the spec the prompt for kind k of target t starts from,
// with the faults injected so far and the learner at now on variant shown;
// moved says why its moment or span is not the one asked for ("" when it
// is). knobs is the scenario before the injected faults. A nothingToOffer
// error says why no moment of the run takes the kind; any
// other is the engine's refusal of the best spec found.
func prefillFault(knobs *engine.Scenario, injected []chaos.Spec, shown int, now time.Duration, t chaos.Target, k chaos.Kind) (sp chaos.Spec, moved string, err error) {
	run, err := chaos.ApplyFor(knobs, injected, shown)
	if err != nil {
		return chaos.Spec{}, "", err
	}
	sp = suggest(now, t.Name, k)
	last := run.Duration - time.Millisecond // a fault starts before the traffic ends
	if sp.At > last {
		sp.At = max(0, (run.Duration - max(sp.For, time.Second)).Truncate(time.Second))
		moved = "the traffic ends at " + longMoment(run.Duration).Or(run.Duration, 0, pane.SecondsShort(run.Duration))
	}
	switch k {
	case chaos.Surge:
		blocked := mergeWindows(chaos.SurgeBlocked(run, t))
		from, length, ok := surgeSlot(sp.At, sp.For, engine.LatestSurgeMoment(run.Duration), blocked)
		if !ok {
			return chaos.Spec{}, "", nothingToOffer(fmt.Sprintf("%s cannot surge at any moment: %s", t.Name, blockedWords(blocked, run.Duration)))
		}
		if from != sp.At || length != sp.For {
			at, want := sp.At, sp.For
			sp.At, sp.For = from, length
			moved = "a surge may not meet " + blockedWords(blocked, run.Duration)
			if !slices.ContainsFunc(blocked, func(w chaos.Window) bool { return w.From < at+want && at < w.To }) {
				// Moved by no burst: by the traffic's end, where a
				// surge's 'for' must stop.
				moved = "a surge ends by the traffic's end at " + longMoment(run.Duration).Or(run.Duration, 0, pane.SecondsShort(run.Duration))
			}
		}
	case chaos.Recover:
		inForce := chaos.InForce(run, t)
		at, ok := recoverMoment(sp.At, inForce)
		if !ok {
			return chaos.Spec{}, "", nothingToOffer(fmt.Sprintf("%s has no fault or surge to recover from in this run; inject one first", t.Name))
		}
		if at != sp.At {
			moved = "nothing in force at " + longMoment(run.Duration).Or(sp.At, 0, pane.SecondsShort(sp.At)) + " to recover from"
			sp.At = at
		}
	}
	// The prompt holds the spec as text: what enter injects is that text
	// read back, so that is what must be taken.
	typed, err := chaos.Parse(sp.String())
	if err != nil {
		return sp, moved, err
	}
	if _, err := chaos.ApplyFor(knobs, append(slices.Clone(injected), typed), shown); err != nil {
		return sp, moved, err
	}
	return typed, moved, nil
}

// suggest is a spec for the prompt to start from: the moment at, the part
// and the kind, with arguments to edit.
func suggest(at time.Duration, target string, k chaos.Kind) chaos.Spec {
	sp := chaos.Spec{At: at.Round(time.Millisecond), Target: target, Kind: k, For: 10 * time.Second}
	switch k {
	case chaos.Slow:
		sp.Latency = 2 * time.Second
	case chaos.Errors:
		sp.Rate = 0.5
	case chaos.Surge:
		sp.Factor = 3
	case chaos.Recover, chaos.Restart:
		sp.For = 0
	}
	return sp
}

// mergeWindows joins windows that overlap or meet, in order of start; the
// result has no words (several bursts may make one stretch).
func mergeWindows(ws []chaos.Window) []chaos.Window {
	var out []chaos.Window
	for _, w := range ws {
		if n := len(out); n > 0 && w.From <= out[n-1].To {
			out[n-1].To = max(out[n-1].To, w.To)
			if out[n-1].What != w.What {
				out[n-1].What = ""
			}
			continue
		}
		out = append(out, w)
	}
	return out
}

// surgeSlot is where a surge asked for at at, lasting want, may go in a
// run whose traffic ends at end, given the merged windows it may not
// meet: at and want themselves when they meet none; else from at up to
// the next window, when a second or more is free there; else the first
// free stretch of a second or more after at; else the last one before it.
// end is the latest a surge may end (engine.LatestSurgeMoment, the
// traffic's end): the free stretch after the last window stops there, so
// a surge asked for near the end is cut to it, or moved back when less
// than a second is left.
func surgeSlot(at, want, end time.Duration, blocked []chaos.Window) (from, length time.Duration, ok bool) {
	type gap struct{ from, to time.Duration }
	var gaps []gap
	prev := time.Duration(0)
	for _, w := range blocked {
		if w.From > prev {
			gaps = append(gaps, gap{prev, w.From})
		}
		prev = max(prev, w.To)
	}
	if prev < end {
		gaps = append(gaps, gap{prev, end})
	}
	const least = time.Second
	for _, g := range gaps {
		if g.from <= at && at < g.to {
			switch {
			case at+want <= g.to:
				return at, want, true
			case g.to-at >= least:
				return at, g.to - at, true
			}
		}
	}
	for _, g := range gaps {
		if g.from > at && g.to-g.from >= least {
			return g.from, min(want, g.to-g.from), true
		}
	}
	for i := len(gaps) - 1; i >= 0; i-- {
		if g := gaps[i]; g.from <= at && g.to-g.from >= least {
			from := max(g.from, g.to-want)
			return from, g.to - from, true
		}
	}
	return 0, 0, false
}

// recoverMoment is at when something is in force then, else the middle
// of the next stretch in force (to the second), else of the last one
// before at; false when nothing is ever in force.
func recoverMoment(at time.Duration, inForce []chaos.Window) (time.Duration, bool) {
	middle := func(w chaos.Window) time.Duration {
		return max(w.From, (w.From + (w.To-w.From)/2).Truncate(time.Second))
	}
	for _, w := range inForce {
		if w.From <= at && at < w.To {
			return at, true
		}
	}
	for _, w := range inForce {
		if w.From > at {
			return middle(w), true
		}
	}
	if n := len(inForce); n > 0 {
		return middle(inForce[n-1]), true
	}
	return 0, false
}

// blockedWords says which stretches of a run that ends at end a surge may
// not meet, and why when a single reason holds: "10–30 s (tenant acme's
// burst on search)".
func blockedWords(ws []chaos.Window, end time.Duration) string {
	why := ""
	for i, w := range ws {
		if i == 0 {
			why = w.What
		} else if w.What != why {
			why = ""
		}
	}
	s := spansWords(ws, end)
	if why != "" {
		s += " (" + why + ")"
	}
	return s
}

// surgeBlocked is the stretches a surge of t may not meet in the run
// shown, with the faults injected so far, merged.
func (m Model) surgeBlocked(t chaos.Target) []chaos.Window {
	if !t.Takes(chaos.Surge) {
		return nil
	}
	return mergeWindows(chaos.SurgeBlocked(m.sim.sc, t))
}

// spansWords lists the stretches of windows of a run that ends at end:
// "10–30 s, 35–38 s".
func spansWords(ws []chaos.Window, end time.Duration) string {
	var spans []string
	for _, w := range ws {
		spans = append(spans, spanWords(w.From, w.To, end))
	}
	return strings.Join(spans, ", ")
}

// spanWords writes a stretch of a run that ends at end in seconds, its
// unit once: "10–30 s"; on a long run as the notes write a time
// (longMoment), "12h 00m–12h 05m 10.5s", where "43200–43510.5 s" sat
// under a clock in hours.
func spanWords(from, to, end time.Duration) string {
	if long := longMoment(end); long != nil {
		return long(from, 0) + "–" + long(to, 0)
	}
	sec := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) }
	return sec(from) + "–" + sec(to) + " s"
}
