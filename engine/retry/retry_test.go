package retry

import (
	"testing"
	"time"

	"pgregory.net/rapid"
)

func TestBackoffGrowsAndCaps(t *testing.T) {
	b := Backoff{Base: 100 * time.Millisecond, Max: time.Second}
	for n, want := range map[int]time.Duration{1: 100, 2: 200, 3: 400, 4: 800, 5: 1000, 9: 1000} {
		// u just below 1 shows the ceiling.
		got := b.Delay(n, 0.999999)
		if got < want*time.Millisecond*999/1000 || got > want*time.Millisecond {
			t.Errorf("retry %d: ceiling %v, want %v", n, got, want*time.Millisecond)
		}
		if b.Delay(n, 0) != 0 {
			t.Errorf("full jitter must reach zero")
		}
	}
}

func TestBackoffNeverExceedsMax(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		base := time.Duration(rapid.Int64Range(0, int64(time.Minute)).Draw(t, "base"))
		b := Backoff{Base: base, Max: base + time.Duration(rapid.Int64Range(0, int64(time.Hour)).Draw(t, "extra"))}
		d := b.Delay(rapid.IntRange(1, 200).Draw(t, "n"), rapid.Float64Range(0, 0.9999999).Draw(t, "u"))
		if d < 0 || d > b.Max {
			t.Fatalf("delay %v outside [0, %v]", d, b.Max)
		}
	})
}

func TestAWSTokenBucket(t *testing.T) {
	tb := NewAWSTokenBucket()
	// 500 tokens pay for 100 plain retries, then no more.
	for i := range 100 {
		if !tb.TryRetry(false) {
			t.Fatalf("retry %d refused with %d tokens", i+1, tb.Tokens())
		}
	}
	if tb.TryRetry(false) {
		t.Fatal("an empty bucket paid for a retry")
	}
	for range 10 {
		tb.OnSuccess()
	}
	if !tb.TryRetry(true) || tb.Tokens() != 0 {
		t.Fatalf("10 successes should pay for one timeout retry, tokens %d", tb.Tokens())
	}
	for range 1000 {
		tb.OnSuccess()
	}
	if tb.Tokens() != 500 {
		t.Fatalf("refunds overfilled the bucket: %d", tb.Tokens())
	}
}

// Whatever happens, retries paid never exceed what the bucket could pay.
func TestTokenBucketNeverOverspends(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tb := NewAWSTokenBucket()
		paid, refunds := 0, 0
		for _, op := range rapid.SliceOf(rapid.IntRange(0, 2)).Draw(t, "ops") {
			switch op {
			case 0:
				if tb.TryRetry(false) {
					paid += 5
				}
			case 1:
				if tb.TryRetry(true) {
					paid += 10
				}
			case 2:
				if tb.Tokens() < 500 {
					refunds++
				}
				tb.OnSuccess()
			}
			if tb.Tokens() < 0 || paid > 500+refunds {
				t.Fatalf("tokens %d, paid %d with %d refunds", tb.Tokens(), paid, refunds)
			}
		}
	})
}

func TestEnvoyBudget(t *testing.T) {
	c := NewEnvoyBudget()
	for range 10 {
		c.Begin()
	}
	// 20 % of 10 is 2, but at least 3 are allowed.
	for i := range 3 {
		if !c.TryRetry(false) {
			t.Fatalf("retry %d refused", i+1)
		}
	}
	if c.TryRetry(false) {
		t.Fatal("a fourth concurrent retry was allowed with 10 active requests")
	}
	for range 40 {
		c.Begin()
	}
	// 50 active: 10 retries allowed.
	for i := 3; i < 10; i++ {
		if !c.TryRetry(false) {
			t.Fatalf("retry %d refused with 50 active", i+1)
		}
	}
	if c.TryRetry(false) {
		t.Fatal("more than 20 % of active requests retried")
	}
	c.EndRetry()
	if !c.TryRetry(false) {
		t.Fatal("a finished retry did not free its slot")
	}
}
