// Package shuffleshard gives every customer its own small set of workers out
// of a larger fleet, picked from a hash of the customer's id, and computes
// exactly how likely two customers are to share workers.
package shuffleshard

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math/big"
	"math/rand/v2"
	"slices"
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
	h := fnv.New128a()
	h.Write([]byte(customer))
	sum := h.Sum(nil)
	rng := rand.New(rand.NewPCG(binary.BigEndian.Uint64(sum[:8]), binary.BigEndian.Uint64(sum[8:])))
	// A partial Fisher-Yates shuffle: the first k places end up holding a
	// uniformly chosen k-subset, in O(n) time.
	workers := make([]int, n)
	for i := range workers {
		workers[i] = i
	}
	for i := range k {
		j := i + rng.IntN(n-i)
		workers[i], workers[j] = workers[j], workers[i]
	}
	shard := workers[:k:k]
	slices.Sort(shard)
	return shard, nil
}

// Shards returns the number of possible shards, n choose k (0 when k is
// outside 0..n).
func Shards(n, k int) *big.Int {
	if k < 0 || k > n || n < 0 {
		return new(big.Int)
	}
	return new(big.Int).Binomial(int64(n), int64(k))
}

// Overlap returns the exact probability that two shards of k workers, each
// picked uniformly from n, have exactly j workers in common:
// C(k, j) · C(n-k, k-j) / C(n, k). It is 0 for a j that cannot happen.
func Overlap(n, k, j int) *big.Rat {
	total := Shards(n, k)
	if total.Sign() == 0 || j < 0 || j > k {
		return new(big.Rat)
	}
	ways := new(big.Int).Mul(Shards(k, j), Shards(n-k, k-j))
	return new(big.Rat).SetFrac(ways, total)
}

// AtLeastOne returns the probability that two shards share at least one
// worker: 1 - Overlap(n, k, 0).
func AtLeastOne(n, k int) *big.Rat {
	if Shards(n, k).Sign() == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).Sub(big.NewRat(1, 1), Overlap(n, k, 0))
}
