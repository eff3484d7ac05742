package challenge

import (
	"fmt"
	"slices"
	"strings"
	"sync"
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
