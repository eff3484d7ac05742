package sweepui

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// A measure some seeds have no value of (first_open: a breaker that
// never opens on a seed) is the mean of the seeds that have one, which
// reads as if every seed had it. The map marks such a cell (partMark)
// and says on how many seeds of how many the value came, and one that no
// seed gave a value (noneMark); the table gives the count in a column of
// its own. Both read sweep.Cell's counts, which also decide that such a
// cell meets no goal, as the CSV and JSON say with their values column.

// The map's marks for a cell that some seeds (partMark) or every seed
// (noneMark) gave no value.
const (
	partMark = "*"
	noneMark = "-"
)

// possessive is name's possessive: "dependency's", "recommendations'".
func possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}

// neverWords says what a seed without a value of m means: "dependency's
// breaker never opened".
func neverWords(m sweep.Metric) string {
	if m.Field == "first_open" {
		return possessive(m.Owner) + " breaker never opened"
	}
	return m.Name + " had no value"
}

// someWords says that only some seeds gave m a value: "dependency's
// breaker opened on only some seeds".
func someWords(m sweep.Metric) string {
	if m.Field == "first_open" {
		return possessive(m.Owner) + " breaker opened on only some seeds"
	}
	return "only some seeds gave " + m.Name + " a value"
}

// seedsWith is how many of a cell's seeds gave m a value: "opened on 3 of
// 6 seeds".
func seedsWith(m sweep.Metric, c sweep.Cell) string {
	if m.Field == "first_open" {
		return "opened on " + pane.Count(c.N) + " of " + pane.Count(c.Runs) + " seeds"
	}
	return "a value on " + pane.Count(c.N) + " of " + pane.Count(c.Runs) + " seeds"
}

// tableNote is the line under a table with countHead's column: what it
// counts, that the figures are of those seeds, and with a goal, that a
// row without every seed's value meets none.
func tableNote(m sweep.Metric, goal bool) string {
	s := countHead(m) + ": of the seeds run, those that gave " + m.Name + " a value"
	if m.Field == "first_open" {
		s = countHead(m) + ": on how many of the seeds run " + possessive(m.Owner) + " breaker opened"
	}
	s += "; the mean, fewest and most are of those seeds"
	if goal {
		s += ", and a row without a value on every seed meets no goal"
	}
	return s
}

// countHead is the table's column of seeds with a value.
func countHead(m sweep.Metric) string {
	if m.Field == "first_open" {
		return "opened"
	}
	return "values"
}

// partial says whether some, not all, of a cell's seeds run gave a value.
func partial(c sweep.Cell) bool { return c.N > 0 && c.Lacking() > 0 }

// maxListed is how many marked cells the legend's line names one by one;
// past it, it counts them.
const maxListed = 3

// lackingLegend is the map's lines for its - and * marks, for the cells
// run (- typed only): what each means, and for *, on how many seeds each cell had a
// value, with the cell's settings as w writes them. Empty when no cell
// lacks a value.
func lackingLegend(res *sweep.Result, ts []axisTexts, width int, w Wording) string {
	p := res.Plan
	nx, ny := p.Size()
	none := false
	var some []string
	n := 0
	for j := range ny {
		for i := range nx {
			c := res.Cell(i, j)
			switch {
			case c.Runs > 0 && c.N == 0:
				none = true
			case partial(c):
				n++
				if n <= maxListed {
					where := knobSetting(p.Axes[0], i, ts[0].setting[i], w)
					if len(p.Axes) > 1 {
						where += ", " + knobSetting(p.Axes[1], j, ts[1].setting[j], w)
					}
					some = append(some, pane.Count(c.N)+" of "+pane.Count(c.Runs)+" at "+where)
				}
			}
		}
	}
	var b strings.Builder
	// A lesson's map (Prose) leaves - to the lesson's words: the one
	// that sweeps first_open says what - marks, in a pane whose every
	// line the map needs.
	if none && w == Typed {
		b.WriteString(wrapWords(noneMark+" "+neverWords(p.Measure)+", on any seed", width) + "\n")
	}
	if n > 0 {
		s := partMark + " " + someWords(p.Measure) + ", the shade their mean"
		if p.Goal != nil {
			s += ", and the cell meets no goal"
		}
		if n > maxListed {
			s += fmt.Sprintf(": %s, and %s cells more", strings.Join(some, "; "), pane.Count(n-maxListed))
		} else {
			s += ": " + strings.Join(some, "; ")
		}
		b.WriteString(wrapWords(s, width) + "\n")
	}
	return b.String()
}

// goalLacking is the goal summary's line for a goal on another metric
// than the one measured, when some cells' seeds gave it no value: those
// cells meet no goal, which the map's marks, being of the measure, do
// not say. Empty otherwise.
func goalLacking(res *sweep.Result, width int) string {
	p := res.Plan
	if p.Goal == nil || (p.Goal.Metric.Owner == p.Measure.Owner && p.Goal.Metric.Field == p.Measure.Field) {
		return ""
	}
	nx, ny := p.Size()
	n := 0
	for j := range ny {
		for i := range nx {
			if c := res.Cell(i, j); c.Runs > 0 && c.GoalN < c.Runs {
				n++
			}
		}
	}
	if n == 0 {
		return ""
	}
	cells := "cells miss"
	if n == 1 {
		cells = "cell misses"
	}
	return wrapWords(fmt.Sprintf("%s %s it because %s on one seed or more", pane.Count(n), cells, neverWords(p.Goal.Metric)), width) + "\n"
}
