package shuffle

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// checkShards fails unless every customer has k distinct workers in [0, n).
func checkShards(t interface{ Fatalf(string, ...any) }, a *Assignment, n, k, customers int) {
	if a.Workers() != n || a.PerCustomer() != k || a.Customers() != customers {
		t.Fatalf("assignment is %d workers, %d each, %d customers; want %d, %d, %d",
			a.Workers(), a.PerCustomer(), a.Customers(), n, k, customers)
	}
	seen := make([]int, n) // seen[w] == c+1 when customer c already has w
	for c := range customers {
		shard := a.Shard(c)
		if len(shard) != k {
			t.Fatalf("customer %d has %d workers, want %d", c, len(shard), k)
		}
		for _, w := range shard {
			if w < 0 || int(w) >= n {
				t.Fatalf("customer %d has worker %d, outside [0, %d)", c, w, n)
			}
			if seen[w] == c+1 {
				t.Fatalf("customer %d has worker %d twice: %v", c, w, shard)
			}
			seen[w] = c + 1
		}
	}
}

// sharedWorkers counts the workers two shards have in common.
func sharedWorkers(a, b []int32) int {
	shared := 0
	for _, w := range a {
		if slices.Contains(b, w) {
			shared++
		}
	}
	return shared
}

func TestEveryStrategyGivesKDistinctWorkersInRange(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		k := rapid.IntRange(1, 8).Draw(t, "k")
		shardCount := rapid.IntRange(1, 40).Draw(t, "shardCount")
		n := k * shardCount // plain needs a multiple of k
		customers := rapid.IntRange(1, 300).Draw(t, "customers")
		seed := rapid.Uint64().Draw(t, "seed")
		rng := rand.New(rand.NewPCG(seed, 1))

		plain, err := AssignPlain(n, k, customers)
		if err != nil {
			t.Fatal(err)
		}
		checkShards(t, plain, n, k, customers)

		shuffled, err := AssignShuffle(n, k, customers, rng)
		if err != nil {
			t.Fatal(err)
		}
		checkShards(t, shuffled, n, k, customers)

		ids := make([]string, customers)
		for c := range ids {
			ids[c] = CustomerID(c)
		}
		hashed, err := AssignHash(n, k, ids, HashOptions{})
		if err != nil {
			t.Fatal(err)
		}
		checkShards(t, hashed, n, k, customers)

		if k > 1 {
			maxShared := rapid.IntRange(0, k-1).Draw(t, "maxShared")
			limited, err := AssignOverlapLimited(n, k, customers, maxShared, rng)
			if errors.Is(err, ErrOverlapLimit) {
				return // too many customers for this fleet: covered below
			}
			if err != nil {
				t.Fatal(err)
			}
			checkShards(t, limited, n, k, customers)
		}
	})
}

func TestPlainSpreadsCustomersOverFixedShards(t *testing.T) {
	a, err := AssignPlain(8, 2, 1000)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[[2]int32]int{}
	for c := range a.Customers() {
		s := a.Shard(c)
		counts[[2]int32{s[0], s[1]}]++
	}
	want := map[[2]int32]int{{0, 1}: 250, {2, 3}: 250, {4, 5}: 250, {6, 7}: 250}
	if fmt.Sprint(counts) != fmt.Sprint(want) {
		t.Errorf("plain shards hold %v, want %v", counts, want)
	}
	if _, err := AssignPlain(9, 2, 10); !errors.Is(err, ErrInvalidInput) || !strings.Contains(err.Error(), "multiple") {
		t.Errorf("AssignPlain(9, 2) error = %v, want one saying 9 is not a multiple of 2", err)
	}
}

func TestAssignmentRejectsBadInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := []struct {
		name string
		err  error
	}{
		{"no customers", func() error { _, err := AssignShuffle(8, 2, 0, rng); return err }()},
		{"nil source", func() error { _, err := AssignShuffle(8, 2, 10, nil); return err }()},
		{"too many slots", func() error { _, err := AssignPlain(100, 100, MaxCustomers); return err }()},
		{"zones not dividing k", func() error { _, err := AssignHash(8, 2, []string{"a"}, HashOptions{Zones: 4}); return err }()},
		{"no ids", func() error { _, err := AssignHash(8, 2, nil, HashOptions{}); return err }()},
		{"limit not below k", func() error { _, err := AssignOverlapLimited(8, 2, 10, 2, rng); return err }()},
		{"negative limit", func() error { _, err := AssignOverlapLimited(8, 2, 10, -1, rng); return err }()},
	}
	for _, tc := range cases {
		if !errors.Is(tc.err, ErrInvalidInput) {
			t.Errorf("%s: error = %v, want one wrapping ErrInvalidInput", tc.name, tc.err)
		}
	}
	if a := mustPlain(t, 8, 2, 4); a.Shard(4) != nil || a.Shard(-1) != nil {
		t.Error("Shard out of range should be nil")
	}
}

func mustPlain(t *testing.T, n, k, customers int) *Assignment {
	t.Helper()
	a, err := AssignPlain(n, k, customers)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// A shard depends on the id alone: the same in every run, and the same
// whatever order the customers are listed in.
func TestHashAssignmentIsStableAndOrderIndependent(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		zones := rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "zones")
		k := zones * rapid.IntRange(1, 3).Draw(t, "perZone")
		n := zones * rapid.IntRange(k/zones, 50).Draw(t, "zoneSize")
		ids := rapid.SliceOfNDistinct(rapid.String(), 1, 60, rapid.ID[string]).Draw(t, "ids")
		shuffled := rapid.Permutation(ids).Draw(t, "shuffled")
		opts := HashOptions{Zones: zones}

		first, err := AssignHash(n, k, ids, opts)
		if err != nil {
			t.Fatal(err)
		}
		again, err := AssignHash(n, k, ids, opts)
		if err != nil {
			t.Fatal(err)
		}
		reordered, err := AssignHash(n, k, shuffled, opts)
		if err != nil {
			t.Fatal(err)
		}
		checkShards(t, first, n, k, len(ids))
		position := map[string]int{}
		for i, id := range shuffled {
			position[id] = i
		}
		for c, id := range ids {
			if !slices.Equal(first.Shard(c), again.Shard(c)) {
				t.Fatalf("id %q: %v then %v", id, first.Shard(c), again.Shard(c))
			}
			if !slices.Equal(first.Shard(c), reordered.Shard(position[id])) {
				t.Fatalf("id %q moved from %d to %d: %v became %v", id, c, position[id], first.Shard(c), reordered.Shard(position[id]))
			}
			alone, err := HashShard(n, k, id, opts)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(first.Shard(c), alone) {
				t.Fatalf("id %q: HashShard gives %v, AssignHash %v", id, alone, first.Shard(c))
			}
			// Zone-aware: an equal share from every zone.
			perZone := make([]int, zones)
			for _, w := range alone {
				perZone[int(w)/(n/zones)]++
			}
			for z, got := range perZone {
				if got != k/zones {
					t.Fatalf("id %q has %d workers in zone %d, want %d: %v", id, got, z, k/zones, alone)
				}
			}
		}
	})
}

// A fixed id's shard is pinned here so that a change to the hash, the
// generator or the sampler, which would move every tenant of a real fleet,
// cannot pass unnoticed.
func TestHashShardIsPinned(t *testing.T) {
	got, err := HashShard(2048, 4, "customer-0", HashOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int32{942, 833, 1358, 575}; !slices.Equal(got, want) {
		t.Errorf("HashShard(2048, 4, customer-0) = %v, want %v", got, want)
	}
}

func TestOverlapLimitAlwaysHolds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		k := rapid.IntRange(2, 5).Draw(t, "k")
		n := rapid.IntRange(k, 30).Draw(t, "n")
		maxShared := rapid.IntRange(0, k-1).Draw(t, "maxShared")
		customers := rapid.IntRange(1, 120).Draw(t, "customers")
		seed := rapid.Uint64().Draw(t, "seed")
		a, err := AssignOverlapLimited(n, k, customers, maxShared, rand.New(rand.NewPCG(seed, 3)))
		if err != nil {
			if !errors.Is(err, ErrOverlapLimit) {
				t.Fatalf("unexpected error: %v", err)
			}
			capacity, _ := OverlapCapacity(n, k, maxShared)
			if capacity.Cmp(big.NewInt(int64(customers))) >= 0 && !strings.Contains(err.Error(), "no room was found") {
				t.Fatalf("within the bound %s but the error does not say the search gave up: %v", capacity, err)
			}
			return
		}
		checkShards(t, a, n, k, customers)
		if a.MaxShared() != maxShared {
			t.Fatalf("MaxShared() = %d, want %d", a.MaxShared(), maxShared)
		}
		for c := range customers {
			for d := c + 1; d < customers; d++ {
				if s := sharedWorkers(a.Shard(c), a.Shard(d)); s > maxShared {
					t.Fatalf("customers %d %v and %d %v share %d workers, limit %d", c, a.Shard(c), d, a.Shard(d), s, maxShared)
				}
			}
		}
	})
}

func TestOverlapCapacity(t *testing.T) {
	cases := []struct {
		n, k, m int
		want    string
	}{
		{8, 2, 1, "28"},           // every pair distinct: C(8, 2)
		{8, 2, 0, "4"},            // disjoint pairs
		{16, 4, 3, "1820"},        // every shard distinct: C(16, 4)
		{7, 3, 1, "7"},            // the Fano plane meets it
		{2048, 4, 2, "357389824"}, // Route 53's rule
	}
	for _, tc := range cases {
		got, err := OverlapCapacity(tc.n, tc.k, tc.m)
		if err != nil {
			t.Fatal(err)
		}
		if got.String() != tc.want {
			t.Errorf("OverlapCapacity(%d, %d, %d) = %s, want %s", tc.n, tc.k, tc.m, got, tc.want)
		}
	}
}

// Requests above the bound fail before any search, so they are fast however
// large; requests the greedy search cannot finish fail after a bounded
// number of draws.
func TestImpossibleOverlapRequestsFailQuickly(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	_, err := AssignOverlapLimited(8, 2, 1000, 1, rng)
	if !errors.Is(err, ErrOverlapLimit) || !strings.Contains(err.Error(), "at most 28") {
		t.Errorf("1,000 customers on 8 workers, pairs, 1 shared: error = %v, want one naming the limit of 28", err)
	}
	_, err = AssignOverlapLimited(2048, 4, 357389825, 2, rng)
	if !errors.Is(err, ErrOverlapLimit) {
		t.Errorf("one customer above Route 53's bound: error = %v, want ErrOverlapLimit", err)
	}
	// Disjoint triples of 10 workers: at most 3 fit; asking for 3 works,
	// asking for 4 is refused by the bound.
	if _, err := AssignOverlapLimited(10, 3, 3, 0, rng); err != nil {
		t.Errorf("3 disjoint triples of 10: %v", err)
	}
	if _, err := AssignOverlapLimited(10, 3, 4, 0, rng); !errors.Is(err, ErrOverlapLimit) {
		t.Errorf("4 disjoint triples of 10: error = %v, want ErrOverlapLimit", err)
	}
	// Within the bound (20 disjoint sextets fill 120 workers exactly) but
	// beyond what random draws reach in a fleet too large to scan: the search
	// gives up after its bounded draws and says so.
	_, err = AssignOverlapLimited(120, 6, 20, 0, rand.New(rand.NewPCG(1, 1)))
	if !errors.Is(err, ErrOverlapLimit) || !strings.Contains(err.Error(), "and no room was found for the next") {
		t.Errorf("20 disjoint sextets of 120: error = %v, want the search to give up", err)
	}
}

// When every shard must be distinct, a small fleet can be filled completely:
// the scan finds the last free shards that random draws would rarely hit.
func TestOverlapLimitedFillsSmallFleet(t *testing.T) {
	for _, tc := range []struct{ n, k, customers int }{{8, 2, 28}, {16, 4, 1820}} {
		a, err := AssignOverlapLimited(tc.n, tc.k, tc.customers, tc.k-1, rand.New(rand.NewPCG(11, 0)))
		if err != nil {
			t.Fatalf("%d of %d, all %d shards: %v", tc.k, tc.n, tc.customers, err)
		}
		seen := map[string]bool{}
		for c := range a.Customers() {
			key := fmt.Sprint(a.Shard(c))
			if seen[key] {
				t.Fatalf("shard %s given twice", key)
			}
			seen[key] = true
		}
	}
}

// One customer above the bound is refused before any search, for any fleet:
// the answer comes at once, not after a long hunt.
func TestOverRequestsAreRefusedBeforeSearching(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		k := rapid.IntRange(2, 6).Draw(t, "k")
		n := rapid.IntRange(k, 3000).Draw(t, "n")
		maxShared := rapid.IntRange(0, min(k-1, 2)).Draw(t, "maxShared")
		capacity, err := OverlapCapacity(n, k, maxShared)
		if err != nil {
			t.Fatal(err)
		}
		if !capacity.IsInt64() || capacity.Int64() >= MaxCustomers {
			t.Skip("bound above the customer limit")
		}
		// A source that panics if touched proves no draw was made.
		_, err = AssignOverlapLimited(n, k, int(capacity.Int64())+1, maxShared, rand.New(untouchable{}))
		if !errors.Is(err, ErrOverlapLimit) || !strings.Contains(err.Error(), "at most "+groupDigits(capacity.String())) {
			t.Fatalf("%d customers on %d workers, %d each, %d shared: %v", capacity.Int64()+1, n, k, maxShared, err)
		}
	})
}

// untouchable is a random source that fails the test if anything draws from it.
type untouchable struct{}

func (untouchable) Uint64() uint64 {
	panic("the search drew a random number before checking the bound")
}
