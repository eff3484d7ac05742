package lessonui

import (
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// TestOneTakesTheSingular: "Within 1 customers" read wrong on the
// prediction's verdict.
func TestOneTakesTheSingular(t *testing.T) {
	for _, c := range []struct{ v, unit, want string }{
		{"1", "customers", "1 customer"},
		{"1", "retries", "1 retry"},
		{"1", "percentage points", "1 percentage point"},
		{"2", "customers", "2 customers"},
		{"1", "ms", "1 ms"},
		{"1", "req/s", "1 req/s"},
		{"1.5", "calls", "1.5 calls"},
	} {
		if got := lessons.WithUnit(c.v, c.unit); got != c.want {
			t.Errorf("lessons.WithUnit(%q, %q) = %q, want %q", c.v, c.unit, got, c.want)
		}
	}
	q := &lessons.PreparedQuestion{Tolerance: 1, Unit: "customers"}
	if got := q.ToleranceText(); got != "1 customer" {
		t.Errorf("a tolerance of one customer reads %q", got)
	}
	q = &lessons.PreparedQuestion{Tolerance: 0.01, AnswerKind: lessons.KindFraction}
	if got := q.ToleranceText(); got != "1 percentage point" {
		t.Errorf("a tolerance of one point reads %q", got)
	}
}
