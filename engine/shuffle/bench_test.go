package shuffle

import (
	"math/rand/v2"
	"testing"
	"time"
)

// BenchmarkAssignMillion assigns a million customers on Route 53's fleet
// (2,048 workers, 4 each) and poisons one. The allocations per operation are
// the assignment's storage and a few fixed tables, not one per customer.
func BenchmarkAssignMillion(b *testing.B) {
	const workers, perCustomer, customers = 2048, 4, 1_000_000
	ids := make([]string, customers)
	for c := range ids {
		ids[c] = CustomerID(c)
	}
	b.Run("hash", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			a, err := AssignHash(workers, perCustomer, ids, HashOptions{})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := Poison(a, 0); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("shuffle", func(b *testing.B) {
		b.ReportAllocs()
		rng := rand.New(rand.NewPCG(1, 2))
		for b.Loop() {
			a, err := AssignShuffle(workers, perCustomer, customers, rng)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := Poison(a, 0); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("poison-only", func(b *testing.B) {
		b.ReportAllocs()
		a, err := AssignShuffle(workers, perCustomer, customers, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if _, err := Poison(a, 0); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkOverlapLimitedRoute53 places customers under Route 53's rule (at
// most 2 of 4 name servers shared); every placed shard stores its 4 groups
// of 3, so this one allocates per customer.
func BenchmarkOverlapLimitedRoute53(b *testing.B) {
	b.ReportAllocs()
	rng := rand.New(rand.NewPCG(1, 2))
	for b.Loop() {
		if _, err := AssignOverlapLimited(2048, 4, 100_000, 2, rng); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSimMinute runs the scenario's timeline (8 workers, 1,000
// customers) for a virtual minute in 60 frames, as the animated view would.
func BenchmarkSimMinute(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sim, err := New(DefaultSimConfig(), 5)
		if err != nil {
			b.Fatal(err)
		}
		for frame := 1; frame <= 60; frame++ {
			if err := sim.AdvanceTo(time.Duration(frame) * time.Second); err != nil {
				b.Fatal(err)
			}
		}
	}
}
