package shuffle

import (
	"math/big"
)

// Outcome counts what happens to the other customers once every worker of
// the poisoned customer is down. Clients retry on the other workers of their
// own shard, so a customer loses service only when all of its workers are
// down; one that lost some but not all is degraded and carries on.
type Outcome struct {
	Customers int // the customers other than the poisoned one
	Lost      int // others with every worker down
	Degraded  int // others with some but not all workers down
}

// Poison takes down every worker of customer poisoned, as its requests and
// retries crash each worker they reach, and counts the other customers that
// lose service or part of their shard. It allocates only a table of the
// fleet's workers, so it is cheap even for a million customers.
func Poison(a *Assignment, poisoned int) (Outcome, error) {
	if err := checkPoisoned(a, poisoned); err != nil {
		return Outcome{}, err
	}
	down := make([]bool, a.workers)
	for _, w := range a.Shard(poisoned) {
		down[w] = true
	}
	k := a.perShard
	out := Outcome{Customers: a.Customers() - 1}
	for c := range a.Customers() {
		if c == poisoned {
			continue
		}
		hit := 0
		for _, w := range a.slots[c*k : (c+1)*k] {
			if down[w] {
				hit++
			}
		}
		switch {
		case hit == k:
			out.Lost++
		case hit > 0:
			out.Degraded++
		}
	}
	return out, nil
}

func checkPoisoned(a *Assignment, poisoned int) error {
	if a == nil {
		return invalidf("no assignment given")
	}
	if poisoned < 0 || poisoned >= a.Customers() {
		return invalidf("the poisoned customer must be between 0 and %s (one less than the customers), got %s", count(a.Customers()-1), count(poisoned))
	}
	return nil
}

// Expectation is what the exact odds predict for Poison's counts.
type Expectation struct {
	// Lost is the expected number of other customers that lose service.
	Lost float64
	// Degraded is the expected number that lose some but not all workers;
	// it is meaningful only when DegradedKnown is true.
	Degraded      float64
	DegradedKnown bool
}

// Expected returns the counts the exact odds predict for Poison on a, without
// looking at the drawn shards beyond their parameters:
//
//   - plain: exact, not an average; the others on the poisoned customer's
//     fixed shard lose service and nobody is degraded.
//   - shuffle: every other customer's shard is an independent uniform draw,
//     so each is lost with chance 1/C(n, k) and degraded with chance
//     ShareSome; multiply by the number of others.
//   - hash: the same, on the model that a good hash of distinct ids behaves
//     like an independent uniform draw; with zones, each zone is drawn on
//     its own and the zone-aware odds apply.
//   - overlap-limited: no other customer can share all k workers when at
//     most k-1 may be shared, so none is lost, guaranteed. The overlaps that
//     remain depend on how full the search packed the fleet, so no
//     degraded figure is given.
func Expected(a *Assignment, poisoned int) (Expectation, error) {
	if err := checkPoisoned(a, poisoned); err != nil {
		return Expectation{}, err
	}
	n, k, others := a.workers, a.perShard, a.Customers()-1
	switch a.strategy {
	case StrategyPlain:
		shardCount := n / k
		position := poisoned % shardCount
		// Customers position, position+shardCount, ... below the total share
		// the shard; the poisoned customer is one of them.
		sameShard := (a.Customers()-1-position)/shardCount + 1
		return Expectation{Lost: float64(sameShard - 1), DegradedKnown: true}, nil
	case StrategyShuffle, StrategyHash:
		all, err := ZonedShareAll(n, k, a.zones)
		if err != nil {
			return Expectation{}, err
		}
		some, err := ZonedShareSome(n, k, a.zones)
		if err != nil {
			return Expectation{}, err
		}
		return Expectation{
			Lost:          ExpectedOf(others, all),
			Degraded:      ExpectedOf(others, some),
			DegradedKnown: true,
		}, nil
	case StrategyOverlapLimited:
		return Expectation{Lost: 0}, nil
	}
	return Expectation{}, invalidf("unknown strategy %q; the strategies are %v", a.strategy, Strategies())
}

// ExpectedOf is how many of count customers a chance p reaches on average:
// count × p, exact until one rounding to a float at the end. Expected's
// counts come from it, and so does every other place that shows such a
// count beside them (the shard view's odds pane), so the two cannot drift.
func ExpectedOf(count int, p *big.Rat) float64 {
	return ratFloat(new(big.Rat).Mul(big.NewRat(int64(count), 1), p))
}
