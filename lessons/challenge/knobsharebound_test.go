package challenge

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// A share knob's min, max or step written as a percentage is the share
// its decimal is, and the knob's range prints it as written: "99.9%"
// divided by 100 was 0.9990000000000001, a hair above a bare 0.999, and
// 100*0.333 printed a "33.3%" bound as 33.300000000000004%.
func TestKnobSharePercentBoundIsTheTypedShare(t *testing.T) {
	for _, c := range []struct {
		pct   string
		share float64
	}{{"99.9%", 0.999}, {"33.3%", 0.333}, {"57%", 0.57}, {"7%", 0.07}, {"12.3456%", 0.123456}, {"0.1%", 0.001}} {
		f, err := boundOf(KnobShare, c.pct)
		if err != nil {
			t.Fatalf("boundOf(%q): %v", c.pct, err)
		}
		bare, err := boundOf(KnobShare, c.share)
		if err != nil || f != bare {
			t.Errorf("%q reads as %v, %v as %v, %v: want the same share", c.pct, f, c.share, bare, err)
		}
		k := Knob{Path: "catalog.breaker.failure_rate", Label: "failure share", Kind: KnobShare, Min: f, Max: 1, Step: 0.001}
		if got := k.Range(); got != c.pct+" to 100%" {
			t.Errorf("a knob from %q prints its range as %q", c.pct, got)
		}
	}
	// A share knob pressed through its range shows each step as the
	// percentage it is: 0 + 7×0.1 is 0.7000000000000001, shown 70%.
	for _, k := range []Knob{
		{Path: "fleet.breaker.jitter", Label: "jitter", Kind: KnobShare, Min: 0, Max: 0.9, Step: 0.1},
		{Path: "catalog.breaker.slow_rate", Label: "slow share", Kind: KnobShare, Min: 0.1, Max: 1, Step: 0.1},
	} {
		var v any = k.Min
		for i := 0; i <= 10; i++ {
			f, _ := k.number(v)
			want := strconv.Itoa(int(math.Round(100*f))) + "%"
			if got := k.Format(v); got != want {
				t.Errorf("%s at %v shows %q, want %q", k.Label, f, got, want)
			}
			v = k.Move(v, 1)
		}
	}
	for _, bad := range []string{"9x%", "inf%", "%"} {
		_, err := boundOf(KnobShare, bad)
		if err == nil || !strings.Contains(err.Error(), "is not a percentage such as") {
			t.Errorf("boundOf(%q) = %v, want it refused as no percentage", bad, err)
		}
	}
}
