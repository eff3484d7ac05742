package engine_test

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine"
)

// A count past a thousand G reads as whole G, in the message and in the
// budget it offers, where %.3g wrote 3.61e+03 G and --budget 3.7e+03G.
func TestCountsPastAThousandGReadInFull(t *testing.T) {
	for _, c := range []struct {
		n           float64
		count, flag string
	}{{3.61e12, "3610 G", "3700G"}, {1.207e12, "1207 G", "1300G"}, {2.05e9, "2.05 G", "2.1G"}} {
		if got := engine.FormatCount(c.n); got != c.count {
			t.Errorf("FormatCount(%v) = %q, want %q", c.n, got, c.count)
		}
		if got := engine.BudgetValue(c.n); got != c.flag {
			t.Errorf("BudgetValue(%v) = %q, want %q", c.n, got, c.flag)
		}
		if n, err := engine.ParseBudget(engine.BudgetValue(c.n)); err != nil || float64(n) < c.n {
			t.Errorf("ParseBudget(%q) = %d, %v; want a budget of at least %v", engine.BudgetValue(c.n), n, err, c.n)
		}
	}
}
