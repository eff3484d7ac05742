package report

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
)

// A fleet of breakers probing a provider (fleet-probes) makes hundreds of
// transitions per design, which would bury every design's summary under
// them. A design with at most transitionsInFull transitions lists them
// all; one with more gets a summary per breaker group and its first
// transitionsListed transitions, and the JSON and CSV still carry them all.
const (
	transitionsInFull = 20
	transitionsListed = 10
)

// writeTransitions writes a design's breaker transitions under its lines:
// the list, its times aligned on a common number of decimals, cut short
// after a summary per breaker group when it is long. Its times are moments
// of a run that ends at end (TimeIn): seconds, or a long run's hours and
// minutes as the sandbox writes them, padded to the widest listed.
func writeTransitions(line func(indent int, text string), ts []engine.Transition, width int, end time.Duration) {
	shown := ListedTransitions(ts)
	if len(shown) < len(ts) {
		for _, g := range breakerGroups(ts) {
			line(21, fmt.Sprintf("  %-18s %s", g.name, g.summary(end)))
		}
	}
	decimals := TransitionDecimals(ts)
	pad := transitionPad(shown, decimals, end)
	// A reason too long for its transition's line (at 80 columns, a rate's
	// "10 of the last 20 calls failed (50%)") goes under it, beneath the
	// states it explains, from where the first state's name begins: it
	// reads as that transition's. Under the name, where it went, it read
	// as a line of its own. Where the width leaves too little room beneath
	// the states, it goes under the name, indented.
	states := pad + 2 + 2 + 18 + 1 // the column the states' field starts at
	for _, t := range shown {
		head := fmt.Sprintf("  %*s  %-18s %9s -> %-9s", pad, TimeIn(t.At, end, decimals), TransitionName(&t), t.From, t.To)
		if width > 0 && len(head)+2+len(t.Reason()) > width {
			line(0, strings.TrimRight(head, " "))
			under := states + max(9-len(t.From.String()), 0) // %9s right-aligns it
			if width-under < reasonRoom {
				under = pad + 6
			}
			line(under, strings.Repeat(" ", under)+t.Reason())
			continue
		}
		line(0, head+"  "+t.Reason())
	}
	if more := len(ts) - len(shown); more > 0 {
		// Under the names, where the list's next line would start.
		line(pad+4, fmt.Sprintf("%*s… %s more %s (--format json lists them all)", pad+4, "", thousands(uint64(more)), plural(more, "transition", "transitions")))
	}
}

// reasonRoom is the fewest columns a reason is given beneath its
// transition's states: "5 of the last 10 calls failed (50%)" and most
// reasons fit, and a longer one wraps a few words a line.
const reasonRoom = 36

// transitionPad is the width the list pads its times to, so that the
// states line up down it: "12.345 s"'s and a little more on a run read in
// seconds, the widest of the times on a long run, whose figures vary
// ("20h 00m", "20h 00m 01.022s").
func transitionPad(shown []engine.Transition, decimals int, end time.Duration) int {
	if SpanUnit(end) == time.Second {
		return 9
	}
	pad := 0
	for _, t := range shown {
		pad = max(pad, len(TimeIn(t.At, end, decimals)))
	}
	return pad
}

// breakerGroup is the breakers of one dependency in every instance of one
// service (or the front service's one breaker of a dependency), and what
// their transitions added up to.
type breakerGroup struct {
	name      string
	breakers  int
	openings  int // transitions into open
	reopened  int // of openings, those after a failed trial
	firstOpen time.Duration
	lastClose time.Duration
	closings  int
	notClosed int // breakers whose last transition left them other than closed
}

// breakerGroups sums ts per group, in the order each group first appears.
func breakerGroups(ts []engine.Transition) []breakerGroup {
	type key struct{ service, dependency string }
	type breakerKey struct {
		key
		instance int
	}
	var groups []breakerGroup
	index := map[key]int{}
	instance := map[key]int{} // the group's first instance, to tell whether it spans several
	last := map[breakerKey]breaker.State{}
	var order []breakerKey
	for i := range ts {
		t := &ts[i]
		k := key{t.Service, t.Dependency}
		gi, ok := index[k]
		if !ok {
			gi = len(groups)
			index[k] = gi
			instance[k] = t.Instance
			groups = append(groups, breakerGroup{name: TransitionName(t)})
		}
		g := &groups[gi]
		if t.Service != "" && t.Instance != instance[k] {
			g.name = t.Service + "#*/" + t.Dependency
		}
		bk := breakerKey{k, t.Instance}
		if _, seen := last[bk]; !seen {
			g.breakers++
			order = append(order, bk)
		}
		last[bk] = t.To
		switch t.To {
		case breaker.Open:
			if g.openings == 0 {
				g.firstOpen = t.At
			}
			g.openings++
			if t.From == breaker.HalfOpen {
				g.reopened++
			}
		case breaker.Closed:
			g.closings++
			g.lastClose = t.At
		}
	}
	for _, bk := range order {
		if last[bk] != breaker.Closed {
			groups[index[bk.key]].notClosed++
		}
	}
	return groups
}

// summary reads "20 breakers: 100 openings (20 after a failed trial), the
// first at 20.215 s, the last closing at 48.383 s", its moments those of
// a run that ends at end (TimeIn).
func (g *breakerGroup) summary(end time.Duration) string {
	text := fmt.Sprintf("%d %s: %s %s", g.breakers, plural(g.breakers, "breaker", "breakers"), thousands(uint64(g.openings)), plural(g.openings, "opening", "openings"))
	if g.reopened > 0 {
		text += fmt.Sprintf(" (%s after a failed trial)", thousands(uint64(g.reopened)))
	}
	if g.openings > 0 {
		text += ", the first at " + TimeIn(g.firstOpen, end, 0)
	}
	switch {
	case g.closings > 0:
		text += ", the last closing at " + TimeIn(g.lastClose, end, 0)
	case g.openings > 0:
		text += ", none closing again"
	}
	if g.notClosed > 0 && g.closings > 0 {
		text += fmt.Sprintf("; %d not closed at the end", g.notClosed)
	}
	return text
}

// ListedTransitions are the transitions of ts, a design's in order, that
// run's table lists: all of them, or the first transitionsListed of a
// list longer than transitionsInFull.
func ListedTransitions(ts []engine.Transition) []engine.Transition {
	if len(ts) > transitionsInFull {
		return ts[:transitionsListed]
	}
	return ts
}

// TransitionDecimals is how many decimals run's table writes the times of
// a design's transitions ts with, so that they line up on the point: the
// fewest that write each listed time whole to the millisecond ("12.500 s"
// beside "15.072 s", "24 s" where every one falls on a whole second). A
// screen that lists a run's transitions (the breaker pane's log, a
// lesson's list) takes its decimals from here, with TransitionTime, so
// that a transition reads there as run lists it.
func TransitionDecimals(ts []engine.Transition) int {
	n := 0
	for _, t := range ListedTransitions(ts) {
		n = max(n, millisecondDecimals(t.At))
	}
	return n
}

// TransitionDecimalsSoFar is TransitionDecimals of a run whose
// transitions are known as far as ts, its first ones (every one when
// complete); decided says that no transition found later can change them:
// the run has more than the list keeps in full, so run lists its first
// few, or those first few already take every decimal a millisecond has.
// A screen that finds a run's transitions as it plays it (the sandbox's
// compare mode) writes one as run lists it without playing the run out.
func TransitionDecimalsSoFar(ts []engine.Transition, complete bool) (decimals int, decided bool) {
	decimals = TransitionDecimals(ts)
	if complete || len(ts) > transitionsInFull {
		return decimals, true
	}
	first := 0
	for _, t := range ts[:min(len(ts), transitionsListed)] {
		first = max(first, millisecondDecimals(t.At))
	}
	return decimals, first == 3
}

// TransitionTime writes a transition's time in seconds with decimals
// decimals (TransitionDecimals), as run's table does: "12.500 s", "24 s".
// A time that needs more, one past the transitions the table lists, gets
// them: it is never rounded to another millisecond.
func TransitionTime(d time.Duration, decimals int) string {
	decimals = max(decimals, millisecondDecimals(d))
	return strconv.FormatFloat(float64(d.Round(time.Millisecond))/float64(time.Second), 'f', decimals, 64) + " s"
}

// TransitionName names the breaker that changed, as run's table lists it:
// a service's breaker lives in one instance's memory, so the instance is
// part of its name ("api#12/provider"); the front's has its dependency's
// ("payment"). A screen that names one transition (the sandbox's ] note)
// names it with this, so that it reads as run lists it.
func TransitionName(t *engine.Transition) string {
	if t.Service != "" {
		return fmt.Sprintf("%s#%d/%s", t.Service, t.Instance, t.Dependency)
	}
	return t.Dependency
}

// millisecondDecimals is how many decimals d in seconds needs to be
// written whole at the millisecond the table keeps.
func millisecondDecimals(d time.Duration) int {
	ms := d.Round(time.Millisecond).Milliseconds()
	switch {
	case ms%1000 == 0:
		return 0
	case ms%100 == 0:
		return 1
	case ms%10 == 0:
		return 2
	}
	return 3
}

// plural picks the word for n things.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
