package engine_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/deepequal"
)

// TestRunAllContextSameAsRunAll: running in slices changes nothing, and the
// progress reaches the total.
func TestRunAllContextSameAsRunAll(t *testing.T) {
	for _, name := range []string{"cascade", "multi-hop", "noisy-tenant"} {
		b, _ := scenarios.Lookup(name)
		sc := b.Build()
		want, err := engine.RunAll(sc, 5)
		if err != nil {
			t.Fatal(err)
		}
		var last, total time.Duration
		got, err := engine.RunAllContext(context.Background(), sc, 5, func(d, tot time.Duration) {
			if d < last {
				t.Errorf("%s: progress went back from %v to %v", name, last, d)
			}
			last, total = d, tot
		})
		if err != nil {
			t.Fatal(err)
		}
		if !deepequal.Equal(got, want) {
			t.Errorf("%s: RunAllContext's snapshots differ from RunAll's", name)
		}
		if last != total || total != time.Duration(len(sc.Variants))*(sc.Duration+engine.DrainLimit) {
			t.Errorf("%s: progress ended at %v of %v", name, last, total)
		}
	}
}

// TestRunAllContextStops: a cancelled context stops the run between
// slices, with the context's error.
func TestRunAllContextStops(t *testing.T) {
	sc := scenarios.Cascade()
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	_, err := engine.RunAllContext(ctx, sc, 5, func(done, total time.Duration) {
		calls++
		if calls == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if calls != 3 {
		t.Errorf("the run went on for %d slices after it was cancelled", calls-3)
	}
}
