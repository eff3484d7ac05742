package lab

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"
)

// At --scale 0.3 the report's window_ms and latencies are wall times while
// rate_per_s stayed the reference's 20, where the clients sent 66.7 a
// second: the variant gives the wall rate beside it, and at scale 1 the
// two are one.
func TestReportGivesTheWallRate(t *testing.T) {
	cases := []struct {
		rate, scale     float64
		reference, wall float64
	}{
		{20, 0.3, 20, 66.667},
		{40, 0.3, 40, 133.333},
		{20, 0.25, 20, 80},
		{20, 1, 20, 20},
		{10, 2, 10, 5},
	}
	for _, c := range cases {
		cfg := DefaultConfig(Protected)
		cfg.Rate, cfg.Scale = c.rate, c.scale
		var b strings.Builder
		if err := WriteJSON(&b, []Result{{Config: cfg, Variant: cfg.VariantName(), From: time.Second, To: 2 * time.Second}}); err != nil {
			t.Fatal(err)
		}
		var rep struct {
			Scale    float64 `json:"scale"`
			Variants []struct {
				RatePerS     *float64 `json:"rate_per_s"`
				WallRatePerS *float64 `json:"wall_rate_per_s"`
			} `json:"variants"`
		}
		if err := json.Unmarshal([]byte(b.String()), &rep); err != nil || len(rep.Variants) != 1 {
			t.Fatalf("rate %v scale %v: %v\n%s", c.rate, c.scale, err, b.String())
		}
		v := rep.Variants[0]
		if v.RatePerS == nil || *v.RatePerS != c.reference {
			t.Errorf("rate %v scale %v: rate_per_s %v, want the reference's %v", c.rate, c.scale, v.RatePerS, c.reference)
		}
		if v.WallRatePerS == nil || *v.WallRatePerS != c.wall {
			t.Errorf("rate %v scale %v: wall_rate_per_s %v, want %v\n%s", c.rate, c.scale, v.WallRatePerS, c.wall, b.String())
		}
		// The wall rate is the schedule's: one arrival every Interval.
		if got := 1 / cfg.Interval().Seconds(); v.WallRatePerS != nil && math.Abs(got-*v.WallRatePerS)/got > 1e-4 {
			t.Errorf("rate %v scale %v: the clients are scheduled at %.3f/s, the report says %v", c.rate, c.scale, got, *v.WallRatePerS)
		}
	}
}
