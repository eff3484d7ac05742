package challenge

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
)

// gradings holds every grading the tests asked for, by challenge and
// design (gradingKey). Several tests grade the same design (each
// challenge's start, as opened and as a naive design; a reference
// solution's knobs), and the engine gives the same design the same result
// bit for bit, so the second asking is answered from the first.
var gradings struct {
	sync.Mutex
	m map[string]graded
}

type graded struct {
	r   *Result
	err error
}

// gradeOnce is c.Grade(s), run once per challenge and design.
func gradeOnce(c *Challenge, s Setting) (*Result, error) {
	key := gradingKey(c, s)
	gradings.Lock()
	g, ok := gradings.m[key]
	gradings.Unlock()
	if ok {
		return g.r, g.err
	}
	r, err := c.Grade(s)
	gradings.Lock()
	if gradings.m == nil {
		gradings.m = map[string]graded{}
	}
	gradings.m[key] = graded{r, err}
	gradings.Unlock()
	return r, err
}

// gradingKey names the design s makes of c: the challenge, by address
// (the built-in ones are parsed once and live as long as the tests; a
// changed copy of one must be graded with its own Grade, as its address
// may be reused once it is gone), and every knob's value, the start's
// where s has none, as Grade reads them.
func gradingKey(c *Challenge, s Setting) string {
	full := c.Start()
	for k, v := range s {
		full[k] = v
	}
	keys := make([]string, 0, len(full))
	for k, v := range full {
		keys = append(keys, k+"="+FormatValue(v))
	}
	slices.Sort(keys)
	return fmt.Sprintf("%p %s", c, strings.Join(keys, " "))
}

// gradedGoal is the goal labelled label, graded on the design s of c
// (gradeOnce): a test that pins a why's boundary reads one goal of many
// designs.
func gradedGoal(t *testing.T, c *Challenge, s Setting, label string) GoalResult {
	t.Helper()
	r, err := gradeOnce(c, s)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(r.Goals, func(g GoalResult) bool { return g.Goal.Label == label })
	if i < 0 {
		t.Fatalf("%s has no goal %q", c.ID, label)
	}
	return r.Goals[i]
}

// goalValues are the goal's values on the design s, one a seed, in the
// order of c.Seeds.
func goalValues(t *testing.T, c *Challenge, s Setting, label string) []float64 {
	t.Helper()
	g := gradedGoal(t, c, s, label)
	out := make([]float64, len(g.Measures))
	for i, m := range g.Measures {
		out[i] = m.Value.F
	}
	return out
}
