package home

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/tui/mappane"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// The scenario picker on a tall window: under the list, what the scenario
// under the cursor holds, from the scenario itself (its designs, its
// endpoints, its faults, the window its counts cover), so the choice is
// made knowing what the sandbox will compare, rather than over blank rows.

// pickDetailMin is the least height the detail is drawn at: the frame and
// three lines.
const pickDetailMin = 5

// withPickDetail puts the detail of the scenario under the cursor under
// the picker's list, a blank row between, in the rows body leaves free of
// height.
func (m Model) withPickDetail(body []string, height int) []string {
	if m.screen != onPicker || m.showHelp || m.pick < 0 || m.pick >= len(m.o.Scenarios) {
		return body
	}
	free := height - len(body) - 1
	lines := m.pickDetailLines(m.o.Scenarios[m.pick], max(m.w-2, 1))
	if len(lines) == 0 || free < pickDetailMin {
		return body
	}
	// The whole detail, or as much as fits with a line saying so.
	if len(lines) > free-2 {
		hidden := len(lines) - (free - 3)
		lines = append(lines[:free-3], m.th.Dim.Render(fmt.Sprintf("↓ %s: a taller window shows them", moreLines(hidden))))
	}
	if len(body) > 0 && body[len(body)-1] != "" {
		body = append(body, "")
	}
	note := ""
	if sc := m.pickScenario(); sc != nil {
		note = fmt.Sprintf("%d designs · %s", len(sc.Variants), pane.SecondsShort(sc.Duration))
		if len(sc.Variants) == 1 {
			note = "1 design · " + pane.SecondsShort(sc.Duration)
		}
	}
	box := pane.Frame(m.th, m.w-2, len(lines)+2, m.o.Scenarios[m.pick].Name, note, lines)
	for _, l := range box {
		body = append(body, " "+l)
	}
	// Rows still free: the map of the first design in the middle of its
	// first fault, as the sandbox's map draws it then.
	if mp := m.pickMap(m.w-2, height-len(body)-1); len(mp) > 0 {
		body = append(body, "")
		for _, l := range mp {
			body = append(body, " "+l)
		}
	}
	return body
}

// pickMapCache keeps the last map drawn for the picker: a move of the
// cursor runs the scenario once, a redraw does not.
type pickMapCache struct {
	pick, w, h int
	lines      []string
}

// pickMap is, for the shard view's entry, the shuffle report
// (shuffleReport); for another, the map of the scenario under the cursor, its first design
// run to the middle of its first fault (or of its counted window), in at
// most h rows of w cells: a heading, then the Map pane at the height it
// asks for; nil without the rows for it.
func (m Model) pickMap(w, h int) []string {
	c := m.pickMaps
	if c == nil || h < 6 {
		return nil
	}
	if c.lines != nil && c.pick == m.pick && c.w == w && c.h == h {
		return c.lines
	}
	c.pick, c.w, c.h, c.lines = m.pick, w, h, nil
	if m.o.Scenarios[m.pick].ShardView {
		c.lines = m.shuffleReport(w, h)
		return c.lines
	}
	sc := m.pickScenario()
	if sc == nil || len(sc.Variants) == 0 {
		return nil
	}
	at, why := (sc.MeasureFrom+sc.MeasureTo)/2, "the middle of the counted window"
	if fs := byStart(pane.FaultSpans(sc, 0)); len(fs) > 0 {
		at, why = (fs[0].From+fs[0].To)/2, "the middle of its first fault"
	}
	r, err := engine.New(sc, 0, m.o.Seed)
	if err != nil {
		return nil
	}
	r.AdvanceTo(at)
	snap := r.Snapshot()
	mp := mappane.New(m.th)
	mp.SetStatic(true)
	mp.SetSize(w, h-1)
	mp.SetData(pane.Data{Snap: &snap, Faults: pane.FaultSpans(sc, 0)})
	mh := min(h-1, mp.Max())
	if mh < mp.MinHeight() {
		return nil
	}
	mp.SetSize(w, mh)
	// The heading in the words that fit, never cut.
	heads := []string{
		fmt.Sprintf("design 1, %s, at %s (%s): the sandbox opens at the start", sc.Variants[0].Name, pane.SecondsShort(at), why),
		fmt.Sprintf("design 1 at %s, %s", pane.SecondsShort(at), why),
		fmt.Sprintf("design 1 at %s", pane.SecondsShort(at)),
	}
	head := heads[len(heads)-1]
	for _, hd := range heads {
		if ansi.StringWidth(hd) <= w {
			head = hd
			break
		}
	}
	c.lines = append([]string{m.th.Dim.Render(head)}, strings.Split(mp.View(), "\n")...)
	return c.lines
}

// pickScenario builds the scenario under the cursor, or nil (the shard
// view's, which is no engine scenario, or one the sandbox cannot open).
func (m Model) pickScenario() *engine.Scenario {
	e := m.o.Scenarios[m.pick]
	if e.Build == nil || e.ShardView || e.Unavailable != "" {
		return nil
	}
	return e.Build()
}

// pickDetailLines are the detail's lines in w cells, each wrapped whole.
func (m Model) pickDetailLines(e Entry, w int) []string {
	iw := max(w-2, 1)
	var out []string
	add := func(s string, style func(...string) string) {
		for _, l := range pane.Wrap(s, iw) {
			out = append(out, style(l))
		}
	}
	plain := func(s ...string) string { return strings.Join(s, "") }
	switch {
	case e.ShardView:
		add("The shard view: one poisoned customer against plain shards on one side and shuffle sharding on the other, on one clock; "+
			"its knobs change the fleet, the shard size and the strategies.", plain)
		return out
	case e.Unavailable != "":
		add(e.Unavailable, m.th.Dim.Render)
		return out
	}
	sc := m.pickScenario()
	if sc == nil {
		return nil
	}
	add("Designs, each run on the same seeded traffic (tab switches between them, c compares two):", m.th.Dim.Render)
	for i, v := range sc.Variants {
		add(fmt.Sprintf("  %d  %s", i+1, v.Name), plain)
	}
	if len(sc.Variants) > 0 {
		var eps []string
		for _, ep := range sc.Variants[0].System.Endpoints {
			s := ep.Name + " "
			switch {
			case ep.Rate > 0:
				s += strconv.FormatFloat(ep.Rate, 'f', -1, 64) + "/s"
			case ep.Interval > 0:
				s += "every " + pane.SecondsShort(ep.Interval)
			}
			if ep.Calls != "" {
				s += " → " + ep.Calls
			}
			eps = append(eps, s)
		}
		if len(eps) > 0 {
			add("Endpoints: "+strings.Join(eps, " · "), plain)
		}
	}
	var faults []string
	for _, f := range byStart(pane.FaultSpans(sc, 0)) {
		what := f.What
		if what == "" {
			what = f.Kind.String() + "s"
			if f.Kind == engine.Slow {
				what = "slows"
			}
		}
		faults = append(faults, fmt.Sprintf("%s %s from %s to %s", f.Dependency, what, pane.SecondsShort(f.From), pane.SecondsShort(f.To)))
	}
	if len(faults) > 0 {
		add("Faults: "+strings.Join(faults, " · "), plain)
	}
	add(fmt.Sprintf("The counts cover the requests that arrive from %s to %s; `breakerlab run %s` prints them.",
		pane.SecondsShort(sc.MeasureFrom), pane.SecondsShort(sc.MeasureTo), sc.Name), m.th.Dim.Render)
	return out
}

// byStart orders fault spans by when they start, the first first.
func byStart(fs []pane.FaultSpan) []pane.FaultSpan {
	out := slices.Clone(fs)
	slices.SortStableFunc(out, func(a, b pane.FaultSpan) int { return cmp.Compare(a.From, b.From) })
	return out
}

// shuffleReport is, for the shard view's entry, what `breakerlab run
// shuffle` prints at the home screen's seed: the exact odds and the
// poisoned customer's reach under each strategy, in at most h rows of w
// cells; nil when it does not fit whole.
func (m Model) shuffleReport(w, h int) []string {
	r, err := shuffle.RunScenario(m.o.Seed)
	if err != nil {
		return nil
	}
	var b strings.Builder
	if shuffle.WriteTable(&b, r) != nil {
		return nil
	}
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	for _, l := range lines {
		if ansi.StringWidth(l) > w {
			return nil // a table is not wrapped
		}
	}
	// Whole blocks (the odds, the strategies, their notes), as many as fit.
	out := []string{m.th.Dim.Render(fmt.Sprintf("breakerlab run shuffle --seed %d prints:", m.o.Seed))}
	var block []string
	for _, l := range append(lines, "") {
		if l != "" {
			block = append(block, l)
			continue
		}
		if len(block) == 0 {
			continue
		}
		if len(out)+len(block) > h {
			break
		}
		out = append(out, block...)
		if len(out) < h {
			out = append(out, "")
		}
		block = nil
	}
	if len(out) < 3 {
		return nil
	}
	return out
}
