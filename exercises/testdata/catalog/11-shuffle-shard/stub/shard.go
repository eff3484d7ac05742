// Package shuffleshard gives every customer its own small set of workers out
// of a larger fleet, picked from a hash of the customer's id, and computes
// exactly how likely two customers are to share workers.
package shuffleshard

import (
	"fmt"
	"math/big"
)

// Assign returns the k distinct workers, numbered 0 to n-1 and sorted,
// that serve customer. The same customer always gets the same workers.
func Assign(customer string, n, k int) ([]int, error) {
	switch {
	case n < 1:
		return nil, fmt.Errorf("n is %d; the fleet needs at least 1 worker", n)
	case k < 1 || k > n:
		return nil, fmt.Errorf("k is %d; each customer needs from 1 to n (%d) workers", k, n)
	}
	// TODO: pick k workers from a hash of customer. For now every customer
	// gets the same first k workers, one shard for all. That is worse even
	// than plain sharding, which spreads customers over fixed shards.
	shard := make([]int, k)
	for i := range shard {
		shard[i] = i
	}
	return shard, nil
}

// Shards returns the number of possible shards, n choose k (0 when k is
// outside 0..n).
func Shards(n, k int) *big.Int {
	// TODO
	return new(big.Int)
}

// Overlap returns the exact probability that two shards of k workers, each
// picked uniformly from n, have exactly j workers in common:
// C(k, j) · C(n-k, k-j) / C(n, k). It is 0 for a j that cannot happen.
func Overlap(n, k, j int) *big.Rat {
	// TODO
	return new(big.Rat)
}

// AtLeastOne returns the probability that two shards share at least one
// worker: 1 - Overlap(n, k, 0).
func AtLeastOne(n, k int) *big.Rat {
	if Shards(n, k).Sign() == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).Sub(big.NewRat(1, 1), Overlap(n, k, 0))
}
