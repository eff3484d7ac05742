package shuffle

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
)

// ErrOverlapLimit marks a request for more customers than an overlap limit
// allows, or more than the bounded search could place; test for it with
// errors.Is.
var ErrOverlapLimit = errors.New("overlap limit cannot be met")

// OverlapAttemptsPerCustomer is how many random shards the overlap-limited
// search draws for one customer before it falls back to a scan or gives up.
// It bounds the running time: a request that cannot be met ends in an error.
const OverlapAttemptsPerCustomer = 1000

// maxScanShards is the largest number of possible shards, C(n, k), for which
// the search will try every shard in turn once random draws have failed. Small
// fleets fill up and need the scan; large ones almost never reach it.
const maxScanShards = 200_000

// maxSubsetsPerShard bounds C(k, m+1), the number of keys the search stores
// per customer; beyond it the bookkeeping would dwarf the assignment.
const maxSubsetsPerShard = 10_000

// OverlapCapacity returns an upper bound on how many customers can get k of
// n workers with no two sharing more than maxShared. Two shards share at most
// m workers exactly when they differ in at least k-m, so this is the Johnson
// bound for constant-weight codes:
//
//	⌊n/k · ⌊(n-1)/(k-1) · … ⌊(n-m)/(k-m)⌋ … ⌋⌋
//
// It is exact when maxShared is k-1 (every shard distinct: C(n, k)) and when
// maxShared is 0 (disjoint shards: ⌊n/k⌋); in between, real packings can fall
// short of it.
func OverlapCapacity(n, k, maxShared int) (*big.Int, error) {
	if err := checkOverlap(n, k, maxShared); err != nil {
		return nil, err
	}
	bound := big.NewInt(int64((n - maxShared) / (k - maxShared)))
	for i := maxShared - 1; i >= 0; i-- {
		bound.Mul(bound, big.NewInt(int64(n-i)))
		bound.Quo(bound, big.NewInt(int64(k-i)))
	}
	return bound, nil
}

func checkOverlap(n, k, maxShared int) error {
	if err := checkFleet(n, k); err != nil {
		return err
	}
	if maxShared < 0 || maxShared >= k {
		return invalidf("the most workers two customers may share must be between 0 and %s (one less than workers per customer; %s or more is no limit, which is plain shuffle sharding), got %s",
			count(k-1), count(k), count(maxShared))
	}
	if subsets := binomial(k, maxShared+1); subsets.Cmp(big.NewInt(maxSubsetsPerShard)) > 0 {
		return invalidf("an overlap limit of %s with %s workers per customer means tracking %s worker groups per customer; at most %s are allowed",
			count(maxShared), count(k), groupDigits(subsets.String()), count(maxSubsetsPerShard))
	}
	return nil
}

// AssignOverlapLimited gives every customer k distinct workers such that no
// two customers share more than maxShared of them, the rule Route 53 uses
// with at most 2 of 4 name servers in common.
//
// It works one customer at a time: draw a random shard from rng and keep it
// if none of its groups of maxShared+1 workers is already part of an earlier
// shard, since sharing maxShared+1 workers means sharing such a group. After
// OverlapAttemptsPerCustomer failed draws, a small fleet is scanned shard by
// shard; otherwise the search stops, and the error says how many customers
// were placed and what makes room. A request above OverlapCapacity is
// refused before any search. Errors that come from the limit wrap
// ErrOverlapLimit.
func AssignOverlapLimited(n, k, customers, maxShared int, rng *rand.Rand) (*Assignment, error) {
	if rng == nil {
		return nil, invalidf("overlap-limited sharding needs a seeded random source, got nil")
	}
	if err := checkOverlap(n, k, maxShared); err != nil {
		return nil, err
	}
	capacity, err := OverlapCapacity(n, k, maxShared)
	if err != nil {
		return nil, err
	}
	if capacity.Cmp(big.NewInt(int64(customers))) < 0 {
		return nil, fmt.Errorf("%w: %s customers cannot each get %s of %s workers with at most %s shared between any two; at most %s can",
			ErrOverlapLimit, count(customers), count(k), count(n), count(maxShared), groupDigits(capacity.String()))
	}
	a, err := newAssignment(StrategyOverlapLimited, n, k, customers)
	if err != nil {
		return nil, err
	}
	a.maxShared = maxShared
	p := newOverlapPlacer(maxShared + 1)
	scanAllowed := binomial(n, k).Cmp(big.NewInt(maxScanShards)) <= 0
	s := newSampler(n)
	for c := range customers {
		shard := a.slots[c*k : (c+1)*k]
		placed := false
		for range OverlapAttemptsPerCustomer {
			s.draw(shard, 0, rng)
			slices.Sort(shard)
			if p.fits(shard) {
				placed = true
				break
			}
		}
		if !placed && scanAllowed {
			placed = p.scan(shard, n)
		}
		if !placed {
			// Told in the fleet's terms and what to change: how the
			// search looked (draws, a scan) is no help to the learner,
			// nor the bound it stayed under.
			return nil, fmt.Errorf("%w: %s of %s customers got %s of %s workers each with at most %s shared between any two, and no room was found for the next; %s",
				ErrOverlapLimit, count(c), count(customers), count(k), count(n), count(maxShared), overlapRemedy)
		}
		p.claim(shard)
	}
	return a, nil
}

// overlapRemedy is what makes room for more overlap-limited shards.
const overlapRemedy = "allow more workers shared, give each customer fewer workers, or add workers"

// overlapPlacer remembers every group of groupSize workers that some placed
// shard contains. A candidate shard fits when none of its groups is taken.
//
// Groups of up to three workers (Route 53's rule of at most 2 shared makes
// groups of 3) are packed into one uint64, 21 bits a worker, which keeps the
// map small and its inserts free of allocations; larger groups are spelled
// out as strings of 4 bytes a worker.
type overlapPlacer struct {
	groupSize int
	packed    map[uint64]struct{} // used when groupSize <= maxPackedGroup
	spelled   map[string]struct{} // used otherwise
	index     []int               // positions of the current group inside the shard
	key       []byte              // the current group spelled out, reused
}

// maxPackedGroup is the largest group whose workers (each below MaxWorkers,
// so below 2^21) fit in 64 bits.
const maxPackedGroup = 3

func newOverlapPlacer(groupSize int) *overlapPlacer {
	p := &overlapPlacer{groupSize: groupSize, index: make([]int, groupSize)}
	if groupSize <= maxPackedGroup {
		p.packed = make(map[uint64]struct{})
	} else {
		p.spelled = make(map[string]struct{})
		p.key = make([]byte, 4*groupSize)
	}
	return p
}

// fits reports whether a sorted shard shares no group with a placed shard.
func (p *overlapPlacer) fits(shard []int32) bool {
	p.firstGroup()
	for {
		if p.packed != nil {
			if _, taken := p.packed[p.packedKey(shard)]; taken {
				return false
			}
		} else if _, taken := p.spelled[string(p.spelledKey(shard))]; taken {
			// Indexing with string(bytes) does not allocate; only storing does.
			return false
		}
		if !nextCombination(p.index, len(shard)) {
			return true
		}
	}
}

// claim records every group of a sorted shard that has just been placed.
func (p *overlapPlacer) claim(shard []int32) {
	p.firstGroup()
	for {
		if p.packed != nil {
			p.packed[p.packedKey(shard)] = struct{}{}
		} else {
			p.spelled[string(p.spelledKey(shard))] = struct{}{}
		}
		if !nextCombination(p.index, len(shard)) {
			return
		}
	}
}

// firstGroup points index at the first group of positions, 0..groupSize-1.
// Groups are taken from sorted shards, so the same workers always make the
// same key.
func (p *overlapPlacer) firstGroup() {
	for i := range p.index {
		p.index[i] = i
	}
}

func (p *overlapPlacer) packedKey(shard []int32) uint64 {
	var key uint64
	for _, pos := range p.index {
		key = key<<21 | uint64(shard[pos])
	}
	return key
}

func (p *overlapPlacer) spelledKey(shard []int32) []byte {
	for i, pos := range p.index {
		binary.BigEndian.PutUint32(p.key[4*i:], uint32(shard[pos]))
	}
	return p.key
}

// scan tries every shard of the fleet in lexicographic order and leaves the
// first that fits in shard. It is the fallback for small fleets that are
// nearly full, where random draws rarely hit one of the few free shards.
func (p *overlapPlacer) scan(shard []int32, n int) bool {
	positions := make([]int, len(shard))
	for i := range positions {
		positions[i] = i
	}
	for {
		for i, w := range positions {
			shard[i] = int32(w)
		}
		if p.fits(shard) {
			return true
		}
		if !nextCombination(positions, n) {
			return false
		}
	}
}

// nextCombination advances index, a strictly increasing list of values in
// [0, n), to the next one in lexicographic order, and reports false after
// the last.
func nextCombination(index []int, n int) bool {
	r := len(index)
	i := r - 1
	for i >= 0 && index[i] == n-r+i {
		i--
	}
	if i < 0 {
		return false
	}
	index[i]++
	for j := i + 1; j < r; j++ {
		index[j] = index[j-1] + 1
	}
	return true
}
