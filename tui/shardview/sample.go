package shardview

import "github.com/breakerlab/breakerlab/engine/shuffle"

// overlap is how much of a customer's shard the poisoned customer's holds.
type overlap uint8

const (
	overlapNone overlap = iota
	overlapSome
	overlapAll
)

// overlaps classes every customer below limit by how its shard meets the
// poisoned customer's on assignment a.
func overlaps(a *shuffle.Assignment, poisoned, limit int) []overlap {
	down := make([]bool, a.Workers())
	for _, w := range a.Shard(poisoned) {
		down[w] = true
	}
	out := make([]overlap, limit)
	for c := range limit {
		hit := 0
		shard := a.Shard(c)
		for _, w := range shard {
			if down[w] {
				hit++
			}
		}
		switch {
		case hit == len(shard):
			out[c] = overlapAll
		case hit > 0:
			out[c] = overlapSome
		}
	}
	return out
}

// sampleOrder is the order in which kinds of customer enter the sample:
// first those whose fate differs most between the left side and the right
// (lost on one, untouched on the other), then those lost on both, then
// the rest, so that the first few rows already tell the story.
var sampleOrder = [...][2]overlap{
	{overlapAll, overlapNone},
	{overlapNone, overlapAll},
	{overlapAll, overlapAll},
	{overlapAll, overlapSome},
	{overlapNone, overlapSome},
	{overlapSome, overlapNone},
	{overlapSome, overlapAll},
	{overlapSome, overlapSome},
	{overlapNone, overlapNone},
}

// pickSample chooses up to n customers to show as rows: the poisoned one,
// then one of each kind in sampleOrder, then a second of each, and so on.
// Within a kind the lowest ids come first. A longer sample starts with the
// shorter one, so the rows do not reshuffle when the window grows.
func pickSample(left, right *shuffle.Assignment, poisoned, n int) []int {
	limit := min(left.Customers(), right.Customers())
	if n <= 0 || poisoned >= limit {
		return nil
	}
	lo, ro := overlaps(left, poisoned, limit), overlaps(right, poisoned, limit)
	var buckets [3][3][]int
	for c := range limit {
		if c == poisoned {
			continue
		}
		b := &buckets[lo[c]][ro[c]]
		if len(*b) < n {
			*b = append(*b, c)
		}
	}
	out := []int{poisoned}
	for round := 0; len(out) < n; round++ {
		added := false
		for _, kind := range sampleOrder {
			b := buckets[kind[0]][kind[1]]
			if round < len(b) && len(out) < n {
				out = append(out, b[round])
				added = true
			}
		}
		if !added {
			break
		}
	}
	return out
}
