package shuffle

import (
	"errors"
	"fmt"
	"math/big"
)

// MaxWorkers is the largest fleet the package accepts. The exact odds stay
// cheap well beyond it, but assignment keeps worker numbers in int32 and a
// limit keeps an accidental huge input from allocating without bound.
const MaxWorkers = 100_000

// ErrInvalidInput marks every error caused by a parameter outside its allowed
// range; test for it with errors.Is.
var ErrInvalidInput = errors.New("invalid input")

// invalidf builds an error that wraps ErrInvalidInput, so callers can tell a
// bad parameter from a search that ran out of attempts.
func invalidf(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrInvalidInput}, args...)...)
}

// checkFleet validates a fleet of n workers where every customer gets k.
func checkFleet(n, k int) error {
	if n < 1 || n > MaxWorkers {
		return invalidf("workers must be between 1 and %s, got %s", count(MaxWorkers), count(n))
	}
	if k < 1 || k > n {
		return invalidf("workers per customer must be between 1 and the number of workers (%s), got %s", count(n), count(k))
	}
	return nil
}

// binomial is C(n, k), and zero when k is outside [0, n], which is what the
// hypergeometric formula needs when a term cannot happen.
func binomial(n, k int) *big.Int {
	if k < 0 || n < 0 || k > n {
		return new(big.Int)
	}
	return new(big.Int).Binomial(int64(n), int64(k))
}

// Shards returns how many different k-worker shards a fleet of n workers
// allows: C(n, k). For Route 53's 2,048 name servers with 4 per domain that is
// 730,862,190,080.
func Shards(n, k int) (*big.Int, error) {
	if err := checkFleet(n, k); err != nil {
		return nil, err
	}
	return binomial(n, k), nil
}

// ShareExactly returns the chance that two shards of k workers, each drawn
// uniformly from n, have exactly j workers in common. Fix the first shard; the
// second must pick j of its k workers and the other k-j from the n-k outside
// it, which is the hypergeometric distribution C(k,j)·C(n-k,k-j)/C(n,k).
func ShareExactly(n, k, j int) (*big.Rat, error) {
	if err := checkFleet(n, k); err != nil {
		return nil, err
	}
	if j < 0 || j > k {
		return nil, invalidf("shared workers must be between 0 and workers per customer (%s), got %s", count(k), count(j))
	}
	ways := new(big.Int).Mul(binomial(k, j), binomial(n-k, k-j))
	return new(big.Rat).SetFrac(ways, binomial(n, k)), nil
}

// ShareAll returns the chance that two random shards are the same shard,
// 1/C(n, k). Only this takes a customer down when the other's workers crash.
func ShareAll(n, k int) (*big.Rat, error) {
	return ShareExactly(n, k, k)
}

// ShareAny returns the chance that two random shards have at least one worker
// in common, 1 - P(share none). It grows with the fleet for a fixed k while
// ShareAll shrinks, which is the point the odds table makes.
func ShareAny(n, k int) (*big.Rat, error) {
	none, err := ShareExactly(n, k, 0)
	if err != nil {
		return nil, err
	}
	return none.Sub(big.NewRat(1, 1), none), nil
}

// ShareSome returns the chance that two random shards overlap in at least one
// worker but not in all of them: the customers that lose part of their shard
// and carry on with the rest.
func ShareSome(n, k int) (*big.Rat, error) {
	anyShared, err := ShareAny(n, k)
	if err != nil {
		return nil, err
	}
	all, err := ShareAll(n, k)
	if err != nil {
		return nil, err
	}
	return anyShared.Sub(anyShared, all), nil
}

// ZonedShareAll returns the chance that two zone-aware shards are identical:
// each shard takes k/zones workers from every one of the zones (n/zones
// workers each), independently per zone, so the chance is the product of the
// per-zone chances, (1/C(n/zones, k/zones))^zones. It is larger than
// 1/C(n, k): spreading over zones buys availability with some isolation.
func ZonedShareAll(n, k, zones int) (*big.Rat, error) {
	if err := checkZones(n, k, zones); err != nil {
		return nil, err
	}
	perZone := binomial(n/zones, k/zones)
	denominator := new(big.Int).Exp(perZone, big.NewInt(int64(zones)), nil)
	return new(big.Rat).SetFrac(big.NewInt(1), denominator), nil
}

// ZonedShareSome is ShareSome for zone-aware shards: the chance that two of
// them share at least one worker but are not identical.
func ZonedShareSome(n, k, zones int) (*big.Rat, error) {
	if err := checkZones(n, k, zones); err != nil {
		return nil, err
	}
	// Per zone, the chance of sharing nothing is the plain formula on the
	// zone's own workers; zones are drawn independently, so multiply.
	noneInZone, err := ShareExactly(n/zones, k/zones, 0)
	if err != nil {
		return nil, err
	}
	none := big.NewRat(1, 1)
	for range zones {
		none.Mul(none, noneInZone)
	}
	all, err := ZonedShareAll(n, k, zones)
	if err != nil {
		return nil, err
	}
	some := new(big.Rat).Sub(big.NewRat(1, 1), none)
	return some.Sub(some, all), nil
}

// checkZones validates a zone-aware fleet: zones of equal size, and an equal
// share of every customer's workers in each zone. zones == 1 is the plain
// case.
func checkZones(n, k, zones int) error {
	if err := checkFleet(n, k); err != nil {
		return err
	}
	if zones < 1 || zones > n {
		return invalidf("zones must be between 1 and the number of workers (%s), got %s", count(n), count(zones))
	}
	if n%zones != 0 {
		return invalidf("workers (%s) must divide evenly into %s zones", count(n), count(zones))
	}
	if k%zones != 0 {
		return invalidf("workers per customer (%s) must divide evenly into %s zones, one equal share from each", count(k), count(zones))
	}
	return nil
}

// ratFloat converts an exact probability for display and JSON; the float is
// the nearest float64, and the exact value stays available as a string.
func ratFloat(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}
