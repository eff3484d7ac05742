package lab

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

// The table's breaker times share one number of decimals, as run's list
// does, so their decimal points line up: 2.550 s read "2.55 s" beneath
// "1.501 s", one column short.
func TestTableAlignsTransitionTimes(t *testing.T) {
	r := Result{Config: DefaultConfig(Protected), Variant: "protected", From: time.Second, To: 2 * time.Second,
		Transitions: []breaker.Transition{
			{At: 1501 * time.Millisecond, From: breaker.Closed, To: breaker.Open, Cause: breaker.CauseFailureRate, Wait: time.Second},
			{At: 2550 * time.Millisecond, From: breaker.Open, To: breaker.HalfOpen, Wait: time.Second},
			{At: 4 * time.Second, From: breaker.HalfOpen, To: breaker.Closed},
		}}
	var b strings.Builder
	if err := WriteTable(&b, []Result{r}); err != nil {
		t.Fatal(err)
	}
	var points []int
	for _, want := range []string{"1.501 s", "2.550 s", "4.000 s"} {
		for _, l := range strings.Split(b.String(), "\n") {
			if i := strings.Index(l, want); i >= 0 {
				points = append(points, i+strings.Index(want, "."))
			}
		}
	}
	if len(points) != 3 || points[0] != points[1] || points[1] != points[2] {
		t.Errorf("want 1.501 s, 2.550 s and 4.000 s with their points in one column (found at %v):\n%s", points, b.String())
	}
}
