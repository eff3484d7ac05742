package shuffle

import (
	"math/rand/v2"
)

// Strategy names how customers were given their workers. The values are the
// keys of the scenario report's "simulation" object.
type Strategy string

const (
	// StrategyPlain cuts the fleet into fixed shards of k workers and spreads
	// customers over them evenly.
	StrategyPlain Strategy = "plain"
	// StrategyShuffle draws every customer's k workers at random from the
	// run's seeded source.
	StrategyShuffle Strategy = "shuffle"
	// StrategyHash derives every customer's k workers from a hash of its id,
	// so any fleet member computes the same shard without coordination.
	StrategyHash Strategy = "hash"
	// StrategyOverlapLimited draws at random but rejects a shard that would
	// share more than a set number of workers with any earlier customer.
	StrategyOverlapLimited Strategy = "overlap-limited"
)

// Strategies lists every strategy in the order reports show them. It returns
// a new slice each time, so no caller can change another's list.
func Strategies() []Strategy {
	return []Strategy{StrategyPlain, StrategyShuffle, StrategyHash, StrategyOverlapLimited}
}

// MaxCustomers bounds the number of customers an assignment may hold; a
// million is the size the benchmarks use, ten times that leaves room.
const MaxCustomers = 10_000_000

// maxSlots bounds customers × workers-per-customer, the length of the flat
// storage, so that a mistyped input fails with a message instead of trying to
// allocate gigabytes.
const maxSlots = 1 << 26

// Assignment is the result of a strategy: for each customer, its k distinct
// workers, numbered from 0 to Workers-1. It stores them flat, customer c's
// workers at [c*k, (c+1)*k), because a million customers as a million small
// slices would cost a million allocations.
type Assignment struct {
	strategy Strategy
	workers  int
	perShard int
	slots    []int32

	// How the shards were drawn, which the expected losses depend on.
	zones     int // hash: zones the shards were spread over (1 = none)
	maxShared int // overlap-limited: the most workers two shards share
}

// Strategy reports which strategy produced the assignment.
func (a *Assignment) Strategy() Strategy { return a.strategy }

// Workers is the size of the fleet.
func (a *Assignment) Workers() int { return a.workers }

// PerCustomer is k, the number of workers each customer has.
func (a *Assignment) PerCustomer() int { return a.perShard }

// Customers is the number of customers assigned.
func (a *Assignment) Customers() int { return len(a.slots) / a.perShard }

// Shard returns customer c's workers. The slice shares the assignment's
// storage to keep million-customer loops free of allocations: read it, do not
// change it. Its capacity is capped so an append cannot spill into the next
// customer's workers. It returns nil when c is out of range.
func (a *Assignment) Shard(c int) []int32 {
	if c < 0 || c >= a.Customers() {
		return nil
	}
	lo, hi := c*a.perShard, (c+1)*a.perShard
	return a.slots[lo:hi:hi]
}

// newAssignment validates the common parameters and allocates the storage.
func newAssignment(strategy Strategy, n, k, customers int) (*Assignment, error) {
	if err := checkFleet(n, k); err != nil {
		return nil, err
	}
	if customers < 1 || customers > MaxCustomers {
		return nil, invalidf("customers must be between 1 and %s, got %s", count(MaxCustomers), count(customers))
	}
	if customers*k > maxSlots {
		return nil, invalidf("customers × workers per customer must be at most %s, got %s × %s",
			count(maxSlots), count(customers), count(k))
	}
	return &Assignment{strategy: strategy, workers: n, perShard: k, slots: make([]int32, customers*k), zones: 1}, nil
}

// AssignPlain cuts n workers into n/k fixed shards (workers 0..k-1, k..2k-1,
// and so on) and puts customer c on shard c mod n/k, so the shards fill
// evenly. n must be a multiple of k: a fleet that does not divide leaves
// workers no shard uses, and plain sharding as taught has none.
func AssignPlain(n, k, customers int) (*Assignment, error) {
	a, err := newAssignment(StrategyPlain, n, k, customers)
	if err != nil {
		return nil, err
	}
	if n%k != 0 {
		return nil, invalidf("plain sharding needs the workers (%s) to be a multiple of workers per customer (%s)", count(n), count(k))
	}
	shardCount := n / k
	for c := range customers {
		first := (c % shardCount) * k
		shard := a.slots[c*k : (c+1)*k]
		for i := range shard {
			shard[i] = int32(first + i)
		}
	}
	return a, nil
}

// AssignShuffle gives every customer k distinct workers drawn uniformly at
// random from rng, one customer after another, so the result depends on the
// source's seed and on the customer order.
func AssignShuffle(n, k, customers int, rng *rand.Rand) (*Assignment, error) {
	if rng == nil {
		return nil, invalidf("shuffle sharding needs a seeded random source, got nil")
	}
	a, err := newAssignment(StrategyShuffle, n, k, customers)
	if err != nil {
		return nil, err
	}
	s := newSampler(n)
	for c := range customers {
		s.draw(a.slots[c*k:(c+1)*k], 0, rng)
	}
	return a, nil
}

// sampler draws k distinct values from [0, size) with a partial Fisher–Yates
// shuffle: swap a random one of the remaining positions into place k times
// and read off the first k. It keeps one permutation of the whole range and
// undoes its swaps after each draw, so a draw costs O(k) time and no
// allocation however large the fleet.
type sampler struct {
	perm    []int32
	swapped []int32 // the positions picked during the current draw, for undoing
}

func newSampler(size int) *sampler {
	perm := make([]int32, size)
	for i := range perm {
		perm[i] = int32(i)
	}
	return &sampler{perm: perm}
}

// draw fills dst with len(dst) distinct values from [0, size), each plus
// offset (the first worker of a zone), using rng for the randomness.
func (s *sampler) draw(dst []int32, offset int32, rng *rand.Rand) {
	size := len(s.perm)
	s.swapped = s.swapped[:0]
	for i := range dst {
		j := i + rng.IntN(size-i)
		s.perm[i], s.perm[j] = s.perm[j], s.perm[i]
		s.swapped = append(s.swapped, int32(j))
		dst[i] = s.perm[i] + offset
	}
	// Undo in reverse order so the permutation is the identity again and the
	// next draw does not depend on this one.
	for i := len(s.swapped) - 1; i >= 0; i-- {
		j := s.swapped[i]
		s.perm[i], s.perm[j] = s.perm[j], s.perm[i]
	}
}

// Zones is the number of zones a hash assignment spread each shard over; 1
// for every other strategy.
func (a *Assignment) Zones() int { return a.zones }

// MaxShared is the most workers two customers of an overlap-limited
// assignment share; for the other strategies it is k, meaning no limit.
func (a *Assignment) MaxShared() int {
	if a.strategy == StrategyOverlapLimited {
		return a.maxShared
	}
	return a.perShard
}

// Fleet is what an assignment is drawn for: the fleet, the customers, and
// the strategy with its one setting.
type Fleet struct {
	Workers     int // n, the size of the fleet
	PerCustomer int // k, the workers each customer gets
	Customers   int // customers to assign, customer 0 first
	Strategy    Strategy
	MaxShared   int // StrategyOverlapLimited: the most workers two customers may share
	Zones       int // StrategyHash: zones to spread each shard over (0 or 1: none)
}

// assignStream is the second word of the PCG seed that random assignments
// draw from. Its value is the one the scenario report used before every
// view drew its shards here, so `run shuffle` kept its numbers.
const assignStream = 0x7368_7566_666c_6521

// Assign hands out f's shards for seed. It is the one place where a seed
// becomes shards: the `shuffle` scenario's report and the timeline (and so
// the shard view and the lessons that play it) all call it, so a seed gives
// one assignment, and one count of who goes down, in every view.
//
// The random strategies draw from a source of their own, seeded with seed
// and assignStream and made afresh on every call, so nothing else a caller
// draws (the timeline's request times, another strategy's shards) can move
// them. Plain shards depend on positions alone and hash shards on the
// customer ids (CustomerID), so neither depends on seed.
func Assign(f Fleet, seed uint64) (*Assignment, error) {
	n, k, customers := f.Workers, f.PerCustomer, f.Customers
	switch f.Strategy {
	case StrategyPlain:
		return AssignPlain(n, k, customers)
	case StrategyShuffle:
		return AssignShuffle(n, k, customers, assignRand(seed))
	case StrategyHash:
		if customers < 1 || customers > MaxCustomers {
			return nil, invalidf("customers must be between 1 and %s, got %s", count(MaxCustomers), count(customers))
		}
		return assignHashNumbered(n, k, customers, HashOptions{Zones: f.Zones})
	case StrategyOverlapLimited:
		return AssignOverlapLimited(n, k, customers, f.MaxShared, assignRand(seed))
	}
	return nil, invalidf("unknown strategy %q; the strategies are %v", f.Strategy, Strategies())
}

// assignRand is the source a random assignment for seed draws from.
func assignRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, assignStream)) }
