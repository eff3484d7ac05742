package lessons

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/sweep"
)

// ParseMetric is sweep.ParseMetric whose refusal of a measure it does not
// know offers the nearest measures (MeasureHint) at the end of its first
// line: `sweep --measure` and a lesson's sweep.measure read a measure
// with it, so both suggest alike.
func ParseMetric(s string, sc *engine.Scenario, v int) (sweep.Metric, error) {
	m, err := sweep.ParseMetric(s, sc, v)
	if err != nil {
		return m, withHint(err, MeasureHint(s, sc, v))
	}
	return m, nil
}

// ParseGoal is sweep.ParseGoal whose refusal of the measure a goal names
// offers the nearest measures as ParseMetric does: `sweep --goal
// 'search.okk>=0.9'` is asked "did you mean search.ok?" as --measure
// search.okk is, and so is a lesson's sweep.goal.
func ParseGoal(s string, sc *engine.Scenario, v int) (sweep.Goal, error) {
	g, err := sweep.ParseGoal(s, sc, v)
	if err != nil {
		return g, withHint(err, MeasureHint(goalMeasure(s), sc, v))
	}
	return g, nil
}

// goalMeasure is the measure a goal names, the text before its comparison
// (sweep.ParseGoal's reading: the first < or > outside a quoted name), or
// "" when it has none. The = or ! of an operator written the wrong way
// round (search.ok=>0.9) is the comparison's, not the measure's: left on,
// it asked "did you mean search.ok?" of the measure typed right.
func goalMeasure(goal string) string {
	quoted := false
	for i := 0; i < len(goal); i++ {
		switch c := goal[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case !quoted && (c == '<' || c == '>'):
			return strings.TrimRight(goal[:i], " \t=!")
		}
	}
	return ""
}

// withHint puts hint at the end of err's first line, before the list of
// measures that follows it.
func withHint(err error, hint string) error {
	if hint == "" {
		return err
	}
	head, rest, cut := strings.Cut(err.Error(), "\n")
	if cut {
		rest = "\n" + rest
	}
	return fmt.Errorf("%s%s%s", head, hint, rest)
}

// MeasureHint is "; did you mean NAME?" for the measures of variant v
// nearest measure (NearestNames, the knobs' own suggestion), or "" when
// none is near or measure names one: a goal refused for its number, or a
// dependency's first_open refused because the dependency has no breaker
// in v, which would otherwise be offered the endpoint's "failed".
func MeasureHint(measure string, sc *engine.Scenario, v int) string {
	measure = strings.TrimSpace(measure)
	if measure == "" {
		return ""
	}
	if _, err := sweep.ParseMetric(measure, sc, v); err == nil {
		return ""
	}
	if owner, ok := strings.CutSuffix(measure, ".first_open"); ok {
		for _, d := range sc.Variants[v].System.Dependencies {
			if d.Name == owner {
				return ""
			}
		}
	}
	return DidYouMean(measure, sweep.Measures(sc, v))
}

// DidYouMean is "; did you mean NAME?" for the names nearest got
// (NearestNames, at most three), or "" when none is near: the one
// suggestion of a misspelt knob, measure, goal's metric or part, put
// before the list of what there is.
func DidYouMean(got string, names []string) string {
	near := NearestNames(got, names, 3)
	if len(near) == 0 {
		return ""
	}
	return "; did you mean " + strings.Join(near, " or ") + "?"
}
