package exercisesui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// When a check passes, where n goes is said once, on the status line, and
// it names the exercise n opens: the first after this one not done,
// wrapping round past the last, skipping those done. The verdict says only
// that the tests pass, and the key line offers n: three places once all
// said "n opens the next exercise". When every exercise is done (some
// failing now, else the final check would run), the line says so.
func TestThePassSaysWhereNGoes(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	for _, c := range []struct {
		name       string
		current    string
		solved     []string // done before, failing now
		want, goes string   // the status line; where n then goes
	}{
		{name: "the first", current: "01-consecutive-breaker",
			want: "Passed! n opens 02 A breaker that judges the failure rate of the last N calls.", goes: "02-rate-window-breaker"},
		{name: "the next ones done", current: "01-consecutive-breaker", solved: []string{"02-rate-window-breaker", "03-slow-calls"},
			want: "Passed! n opens 04 Half-open with N trial calls, safe for concurrent callers.", goes: "04-half-open-trials"},
		{name: "the last", current: "16-context-bulkhead", solved: []string{"01-consecutive-breaker"},
			want: "Passed! n opens 02 A breaker that judges the failure rate of the last N calls.", goes: "02-rate-window-breaker"},
		{name: "none left", current: "16-context-bulkhead", solved: names()[:15],
			want: "Passed! Every exercise is done now; l lists them.", goes: "01-consecutive-breaker"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFake()
			f.current = c.current
			for _, n := range c.solved {
				f.solved[n] = true
			}
			f.pass(c.current)
			d := start(t, f, 200, 60)
			v := d.view()
			flat := strings.Join(strings.Fields(v), " ")
			if !strings.Contains(flat, c.want) {
				t.Fatalf("after the pass, the view lacks %q:\n%s", c.want, v)
			}
			if !strings.Contains(v, "✓ PASS  all 2 tests pass.\n") {
				t.Errorf("the verdict should say only that the tests pass:\n%s", v)
			}
			if n := strings.Count(flat, "n opens"); n > 1 {
				t.Errorf("where n goes is said %d times:\n%s", n, v)
			}
			if !strings.Contains(v, "n next exercise") {
				t.Errorf("the key line does not offer n:\n%s", v)
			}
			d.keys("n")
			if d.current() != c.goes {
				t.Errorf("n went to %s; the status line said %q", d.current(), c.want)
			}
		})
	}
}

// names is the catalog's exercise names, in order.
func names() []string {
	var out []string
	for _, e := range newFake().exs {
		out = append(out, e.Name)
	}
	return out
}
