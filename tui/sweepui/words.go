package sweepui

import (
	"strings"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// Wording is how a heatmap writes its knobs, its measure and its goal.
// The sandbox's sweep and `breakerlab sweep` show them as a user types
// them back (--vary, --goal: "recommendations.bulkhead=16"); a lesson's
// learner was never taught those paths, and reads them in words
// ("bulkhead 16").
type Wording int

const (
	// Typed writes paths and settings as --vary and --goal take them.
	Typed Wording = iota
	// Prose writes them in words, for a learner reading a lesson.
	Prose
)

// HeatmapInWords is Heatmap written in Prose: the axes, the title, the
// goal and each row's boundary in words, not as typed paths.
func HeatmapInWords(res *sweep.Result, th *theme.Theme, width int) string {
	return drawHeatmap(res, th, width, 1, nil, Prose)
}

// groupWords are the parts of a knob's path that name a group of settings
// rather than the part that owns them: the key is "breaker.min_calls",
// not "min_calls" of a part called "breaker".
var groupWords = map[string]bool{"breaker": true, "retry": true, "fault": true, "latency": true, "burst": true}

// knobNames are the knobs whose words are not their key's, spaced: the
// sandbox's form's labels where it has the field ("open for", "half-open
// trials", "accept queue").
var knobNames = map[string]string{
	"queue":               "accept queue",
	"breaker.min_calls":   "min calls",
	"breaker.time_window": "breaker window",
	"breaker.open":        "open for",
	"breaker.trials":      "half-open trials",
	"breaker.consecutive": "failures in a row",
	"fault.to":            "fault until",
	"fault.probability":   "fault error rate",
	"retry.base":          "retry backoff",
}

// splitKnob cuts a knob's path into its owner ("recommendations", "" for
// the server's own) and its key ("bulkhead", "breaker.min_calls").
func splitKnob(path string) (owner, key string) {
	i := strings.LastIndexByte(path, '.')
	if i < 0 {
		return "", path
	}
	owner, key = path[:i], path[i+1:]
	if j := strings.LastIndexByte(owner, '.'); groupWords[owner[j+1:]] {
		owner, key = owner[:max(j, 0)], owner[j+1:]+"."+key
	}
	return owner, key
}

// spaced writes a path's words apart: "in_flight_max" is "in flight max".
func spaced(s string) string { return strings.NewReplacer("_", " ", ".", " ").Replace(s) }

// knobLabel is a knob in words, as a row's boundary says it: its label
// alone ("bulkhead", "min calls", "rate"), since the axes name whose it
// is, and a boundary wrapped onto a second line in a lesson's pane half
// as wide as the screen took rows the map needs.
func knobLabel(path string) string {
	_, key := splitKnob(path)
	if label, ok := knobNames[key]; ok {
		return label
	}
	return spaced(key)
}

// knobWords is a knob in words with its owner, as an axis names it:
// "recommendations bulkhead", "caller rate", "workers".
func knobWords(path string) string {
	owner, _ := splitKnob(path)
	if owner == "" {
		return knobLabel(path)
	}
	return spaced(owner) + " " + knobLabel(path)
}

// axisLabel is an axis's name with the unit the screens read it in
// (Axis.ShownUnit), for the map's axes and the table's head; a unit that is
// already the name's last word is not said twice ("workers", not
// "workers (workers)").
func axisLabel(ax sweep.Axis, w Wording) string {
	unit, per := ax.ShownUnit()
	if per == 0 && (unit == "ms" || unit == "s") {
		unit = "" // each value says it, one for the axis ("0.258s", "1.13s"): Axis.Labels
	}
	return labelIn(ax, unit, w)
}

// labelIn is axisLabel with the unit given: AxisLabel's, for a file,
// is the axis's own.
func labelIn(ax sweep.Axis, unit string, w Wording) string {
	name := ax.Path
	if w == Prose {
		name = knobWords(ax.Path)
	}
	words := strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == '.' })
	if unit == "" || len(words) > 0 && words[len(words)-1] == unit {
		return name
	}
	return name + " (" + unit + ")"
}

// knobSetting is value i of an axis as a row's boundary and the cell
// reader say it: in words, its short label (text, as Axis.Labels writes
// it: "timeout 4.14s"); typed, the setting the cell ran with, every
// digit of it, as --vary and --goal take it back
// ("recommendations.timeout=4.136364s"): 4.14s typed back runs another
// design than the cell's, with other figures (2841ms gave 0.97308 where
// the cell of 2.840909s gave 0.973139).
func knobSetting(ax sweep.Axis, i int, text string, w Wording) string {
	if w == Prose {
		// A space in the label is made no-break: a value stays whole where the line wraps.
		return knobLabel(ax.Path) + " " + strings.ReplaceAll(text, " ", "\u00a0")
	}
	return ax.Path + "=" + ax.Setting(i)
}

// metricWords is a measure's name in words: "recommendations rejected".
func metricWords(m sweep.Metric) string { return m.Owner + " " + spaced(m.Field) }

// measureTitle is a measure as a map's title says it: Describe, with
// the measure's name in words for Prose.
func measureTitle(m sweep.Metric, w Wording) string {
	d := m.Describe()
	if w == Prose {
		return metricWords(m) + strings.TrimPrefix(d, m.Name)
	}
	return d
}

// goalWords writes a goal as Wording says: GoalText's typed form, or in
// words with its comparison as a sign and its threshold's unit
// ("recommendations rejected ≤ 1%", "dependency first open ≤ 80 s").
func goalWords(g *sweep.Goal, w Wording) string {
	if w != Prose {
		return GoalText(g)
	}
	op := map[string]string{">=": "≥", "<=": "≤"}[g.Op]
	if op == "" {
		op = g.Op
	}
	value := sweep.Short(g.Threshold)
	switch u := g.Metric.Unit(); u {
	case "share":
		value = pane.PercentExact(g.Threshold)
	default:
		value += " " + u
	}
	return metricWords(g.Metric) + " " + op + " " + value
}
