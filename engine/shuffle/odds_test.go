package shuffle

import (
	"errors"
	"math/big"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// The published table: shards, and the exact chances of sharing all workers
// and at least one.
func TestOddsTable(t *testing.T) {
	cases := []struct {
		n, k     int
		shards   string
		shareAll string
		shareAny string
		anyPct   float64 // the seed's rounded percentage
	}{
		{8, 2, "28", "1/28", "13/28", 46.4},
		{16, 4, "1820", "1/1820", "265/364", 72.8},
		{64, 4, "635376", "1/635376", "49247/211792", 23.3},
		{100, 5, "75287520", "1/75287520", "2478143/10755360", 23.0},
		{2048, 4, "730862190080", "1/730862190080", "5697316829/730862190080", 0.8},
	}
	for _, tc := range cases {
		shards, err := Shards(tc.n, tc.k)
		if err != nil {
			t.Fatalf("Shards(%d, %d): %v", tc.n, tc.k, err)
		}
		if shards.String() != tc.shards {
			t.Errorf("Shards(%d, %d) = %s, want %s", tc.n, tc.k, shards, tc.shards)
		}
		all, err := ShareAll(tc.n, tc.k)
		if err != nil {
			t.Fatal(err)
		}
		if all.RatString() != tc.shareAll {
			t.Errorf("ShareAll(%d, %d) = %s, want %s", tc.n, tc.k, all.RatString(), tc.shareAll)
		}
		anyShared, err := ShareAny(tc.n, tc.k)
		if err != nil {
			t.Fatal(err)
		}
		if anyShared.RatString() != tc.shareAny {
			t.Errorf("ShareAny(%d, %d) = %s, want %s", tc.n, tc.k, anyShared.RatString(), tc.shareAny)
		}
		if got := anyShared.FloatString(3); got != formatPercentAsFraction(tc.anyPct) {
			t.Errorf("ShareAny(%d, %d) ≈ %s, want the published %.1f%%", tc.n, tc.k, got, tc.anyPct)
		}
	}
}

// formatPercentAsFraction turns 46.4 into "0.464", the form FloatString(3)
// gives, so the test compares against the seed's rounding.
func formatPercentAsFraction(pct float64) string {
	return new(big.Rat).SetFloat64(pct / 100).FloatString(3)
}

func TestShareExactlyForPairsOfEight(t *testing.T) {
	// With 8 workers and pairs: 15/28 share nothing, 12/28 share one worker
	// (the "about 12 in 28 carry on"), 1/28 share both.
	want := []string{"15/28", "3/7", "1/28"}
	for j, w := range want {
		got, err := ShareExactly(8, 2, j)
		if err != nil {
			t.Fatal(err)
		}
		if got.RatString() != w {
			t.Errorf("ShareExactly(8, 2, %d) = %s, want %s", j, got.RatString(), w)
		}
	}
	some, err := ShareSome(8, 2)
	if err != nil {
		t.Fatal(err)
	}
	if some.RatString() != "3/7" {
		t.Errorf("ShareSome(8, 2) = %s, want 3/7 (12/28)", some.RatString())
	}
}

func TestOddsLargestFleet(t *testing.T) {
	shards, err := Shards(MaxWorkers, 2)
	if err != nil {
		t.Fatal(err)
	}
	if shards.String() != "4999950000" {
		t.Errorf("Shards(100000, 2) = %s, want 4999950000", shards)
	}
	// Half the fleet per customer is an enormous number; it must still be
	// exact and fast enough to compute.
	big, err := Shards(MaxWorkers, MaxWorkers/2)
	if err != nil {
		t.Fatal(err)
	}
	if digits := len(big.String()); digits != 30101 {
		t.Errorf("C(100000, 50000) has %d digits, want 30101", digits)
	}
	all, err := ShareAll(MaxWorkers, 4)
	if err != nil {
		t.Fatal(err)
	}
	if all.Sign() <= 0 {
		t.Errorf("ShareAll(100000, 4) = %s, want a positive chance", all)
	}
}

func TestOddsRejectBadInput(t *testing.T) {
	cases := []struct {
		name       string
		call       func() error
		wantInText string
	}{
		{"no workers", func() error { _, err := Shards(0, 1); return err }, "got 0"},
		{"too many workers", func() error { _, err := Shards(100_001, 4); return err }, "100,000"},
		{"k above n", func() error { _, err := Shards(8, 9); return err }, "got 9"},
		{"k zero", func() error { _, err := ShareAll(8, 0); return err }, "workers per customer"},
		{"j above k", func() error { _, err := ShareExactly(8, 2, 3); return err }, "shared workers"},
		{"j negative", func() error { _, err := ShareExactly(8, 2, -1); return err }, "got -1"},
		{"zones do not divide", func() error { _, err := ZonedShareAll(9, 2, 2); return err }, "zones"},
	}
	for _, tc := range cases {
		err := tc.call()
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		if !errors.Is(err, ErrInvalidInput) {
			t.Errorf("%s: error %q does not wrap ErrInvalidInput", tc.name, err)
		}
		if !strings.Contains(err.Error(), tc.wantInText) {
			t.Errorf("%s: error %q does not mention %q", tc.name, err, tc.wantInText)
		}
	}
}

// The chances of sharing 0..k workers cover every case, so they sum to one.
func TestShareExactlySumsToOne(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, MaxWorkers).Draw(t, "n")
		k := rapid.IntRange(1, min(n, 40)).Draw(t, "k")
		total := new(big.Rat)
		for j := 0; j <= k; j++ {
			p, err := ShareExactly(n, k, j)
			if err != nil {
				t.Fatal(err)
			}
			if p.Sign() < 0 {
				t.Fatalf("ShareExactly(%d, %d, %d) = %s is negative", n, k, j, p)
			}
			total.Add(total, p)
		}
		if total.Cmp(big.NewRat(1, 1)) != 0 {
			t.Fatalf("chances for n=%d k=%d sum to %s, not 1", n, k, total)
		}
	})
}

func TestZonedOddsWithOneZoneMatchPlainOdds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 5000).Draw(t, "n")
		k := rapid.IntRange(1, min(n, 10)).Draw(t, "k")
		plainAll, _ := ShareAll(n, k)
		zonedAll, err := ZonedShareAll(n, k, 1)
		if err != nil {
			t.Fatal(err)
		}
		plainSome, _ := ShareSome(n, k)
		zonedSome, err := ZonedShareSome(n, k, 1)
		if err != nil {
			t.Fatal(err)
		}
		if plainAll.Cmp(zonedAll) != 0 || plainSome.Cmp(zonedSome) != 0 {
			t.Fatalf("one zone: all %s vs %s, some %s vs %s", plainAll, zonedAll, plainSome, zonedSome)
		}
	})
}

func TestGroupDigits(t *testing.T) {
	for in, want := range map[string]string{
		"0": "0", "999": "999", "1000": "1,000", "28": "28", "-1234567": "-1,234,567",
		"730862190080": "730,862,190,080", "100000": "100,000",
	} {
		if got := groupDigits(in); got != want {
			t.Errorf("groupDigits(%q) = %q, want %q", in, got, want)
		}
	}
}
