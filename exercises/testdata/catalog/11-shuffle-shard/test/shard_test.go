package shuffleshard

import (
	"fmt"
	"math/big"
	"slices"
	"testing"
)

func TestShards(t *testing.T) {
	answers := map[string]int{} // how many sizes got each answer
	cases := 0
	var wrong []string
	for _, tc := range []struct {
		n, k int
		want string
	}{
		{8, 2, "28"},
		{16, 4, "1820"},
		{64, 4, "635376"},
		{100, 5, "75287520"},
		{2048, 4, "730862190080"}, // Route 53: 4 of 2,048 virtual name servers
		{5, 0, "1"},
		{5, 5, "1"},
	} {
		got := Shards(tc.n, tc.k)
		switch {
		case got == nil:
			wrong = append(wrong, fmt.Sprintf("Shards(%d, %d) returned no number, want %s: the ways to choose %d of %d workers", tc.n, tc.k, tc.want, tc.k, tc.n))
			continue
		case got.String() != tc.want:
			wrong = append(wrong, fmt.Sprintf("Shards(%d, %d) = %v, want %s: the ways to choose %d of %d workers, n! / (k! (n-k)!)", tc.n, tc.k, got, tc.want, tc.k, tc.n))
		}
		answers[got.String()]++
		cases++
	}
	// One answer for every size is a count not yet computed: say it once.
	if len(answers) == 1 && len(wrong) > 1 {
		for got := range answers {
			t.Fatalf("Shards returned %s for all %d sizes; want n choose k, the ways to choose k of n workers: Shards(8, 2) = 28 (big.Int has Binomial)", got, cases)
		}
	}
	for _, w := range wrong {
		t.Error(w)
	}
}

// There is no way to choose a k outside 0..n. big.Int's Binomial answers
// 0 for a k above n but 1 for a k below 0, and a loop that runs k times
// answers 1 too: check k first.
func TestShardsOutsideTheFleetAreNone(t *testing.T) {
	for _, nk := range [][2]int{{3, 4}, {5, 7}, {5, -1}, {8, -2}, {0, 1}} {
		n, k := nk[0], nk[1]
		if got := Shards(n, k); got == nil || got.Sign() != 0 {
			t.Errorf("Shards(%d, %d) = %v, want 0: there is no way to choose %d of %d workers", n, k, got, k, n)
		}
	}
}

// The count is exact however large it grows. C(64, 32) fits in an int64,
// but the products on the way to it do not; C(100, 50) does not fit at
// all. The expected values are n! / (k! (n-k)!), computed here in big.Int.
func TestShardsPastWhatAnIntHolds(t *testing.T) {
	for _, nk := range [][2]int{{64, 32}, {100, 50}, {2048, 10}} {
		n, k := nk[0], nk[1]
		want := new(big.Int).MulRange(int64(n-k+1), int64(n))
		want.Quo(want, new(big.Int).MulRange(1, int64(k)))
		if got := Shards(n, k); got == nil || got.Cmp(want) != 0 {
			t.Errorf("Shards(%d, %d) = %v, want %v%s", n, k, got, want, overflowAdvice())
		}
	}
}

// overflowAdvice blames an int's overflow only when the small counts come
// out right: a Shards that is wrong everywhere (the stub's 0, say) has a
// mistake TestShards names, not an overflow.
func overflowAdvice() string {
	if got := Shards(8, 2); got == nil || got.Cmp(big.NewInt(28)) != 0 {
		return ""
	}
	return ": count in big.Int all the way, since an int overflows (past 9,223,372,036,854,775,807) without a word"
}

func TestSharingAllWorkers(t *testing.T) {
	if got := Overlap(8, 2, 2); got == nil || got.Cmp(big.NewRat(1, 28)) != 0 {
		t.Fatalf("Overlap(8, 2, 2) = %v, want exactly 1/28%s", got, inexact(got))
	}
	if got := Overlap(2048, 4, 4); got == nil || got.Cmp(new(big.Rat).SetFrac(big.NewInt(1), big.NewInt(730862190080))) != 0 {
		t.Fatalf("Overlap(2048, 4, 4) = %v, want 1/730862190080%s", got, inexact(got))
	}
}

// inexact explains a fraction whose denominator is a power of two, other
// than 1: that is what a float64 turned into a big.Rat looks like, and
// 1/28 has no exact float64 form.
func inexact(r *big.Rat) string {
	if r == nil {
		return ""
	}
	d := r.Denom()
	if d.Cmp(big.NewInt(1)) == 0 || d.BitLen()-1 != int(d.TrailingZeroBits()) {
		return ""
	}
	return ": a denominator that is a power of two comes from a float64, which cannot hold 1/28 exactly; divide with big.Rat (SetFrac of two big.Int counts), not float64"
}

// The published table: the chance that another customer shares at least
// one worker, to one decimal place.
func TestSharingAtLeastOne(t *testing.T) {
	answers := map[string]int{} // how many fleets got each chance
	var wrong []string
	for _, tc := range []struct {
		n, k int
		want string
	}{
		{8, 2, "46.4"},
		{16, 4, "72.8"},
		{64, 4, "23.3"},
		{100, 5, "23.0"},
		{2048, 4, "0.8"},
	} {
		got := AtLeastOne(tc.n, tc.k)
		if got == nil {
			t.Fatalf("AtLeastOne(%d, %d) returned no number, want %s %%", tc.n, tc.k, tc.want)
		}
		pct := new(big.Rat).Mul(got, big.NewRat(100, 1)).FloatString(1)
		answers[pct]++
		if pct != tc.want {
			wrong = append(wrong, fmt.Sprintf("AtLeastOne(%d, %d) = %s %%, want %s %%", tc.n, tc.k, pct, tc.want))
		}
	}
	// One chance for every fleet is a chance not yet computed: say it once.
	if len(answers) == 1 && len(wrong) > 1 {
		for pct := range answers {
			t.Errorf("AtLeastOne returned %s %% for all %d fleets; want the chance that two shards share a worker, 46.4 %% for AtLeastOne(8, 2)", pct, answers[pct])
		}
	} else {
		for _, w := range wrong {
			t.Error(w)
		}
	}
	if got := AtLeastOne(8, 2); got.Cmp(big.NewRat(13, 28)) != 0 {
		t.Errorf("AtLeastOne(8, 2) = %v, want exactly 13/28", got)
	}
	if t.Failed() {
		if why := givenParts(8, 2); why != "" {
			t.Error(why)
		}
	}
}

// givenParts says why AtLeastOne is wrong when what it is built on is:
// the learner did not write AtLeastOne and should not hunt for a mistake
// in it.
func givenParts(n, k int) string {
	const given = "AtLeastOne is done for you, from your Shards and Overlap: "
	if got, want := Shards(n, k), new(big.Int).Binomial(int64(n), int64(k)); got == nil || got.Cmp(want) != 0 {
		return fmt.Sprintf(given+"Shards(%d, %d) = %v, want %v; fix Shards and Overlap, and AtLeastOne follows", n, k, got, want)
	}
	want := new(big.Rat).SetFrac(new(big.Int).Binomial(int64(n-k), int64(k)), new(big.Int).Binomial(int64(n), int64(k)))
	if got := Overlap(n, k, 0); got == nil || got.Cmp(want) != 0 {
		return fmt.Sprintf(given+"it is 1 - Overlap(%d, %d, 0), the chance of sharing no worker, and Overlap(%d, %d, 0) = %v, want %v; fix Overlap and AtLeastOne follows",
			n, k, n, k, got, want)
	}
	return ""
}

// The overlaps of all possible sizes add up to exactly 1.
func TestOverlapsAddUpToOne(t *testing.T) {
	for _, nk := range [][2]int{{8, 2}, {16, 4}, {64, 4}, {100, 5}, {10, 10}, {7, 1}} {
		n, k := nk[0], nk[1]
		sum := new(big.Rat)
		for j := 0; j <= k; j++ {
			o := Overlap(n, k, j)
			if o == nil || o.Sign() < 0 {
				t.Fatalf("Overlap(%d, %d, %d) = %v", n, k, j, o)
			}
			sum.Add(sum, o)
		}
		if sum.Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("the overlaps for n=%d, k=%d add up to %v, want exactly 1", n, k, sum)
		}
	}
	for _, j := range []int{-1, 3, 10} {
		if o := Overlap(8, 2, j); o == nil || o.Sign() != 0 {
			t.Errorf("Overlap(8, 2, %d) = %v, want 0", j, o)
		}
	}
}

func TestAssignGivesKDistinctSortedWorkers(t *testing.T) {
	for _, nk := range [][2]int{{8, 2}, {16, 4}, {2048, 4}, {5, 5}, {1, 1}} {
		n, k := nk[0], nk[1]
		for c := range 200 {
			id := fmt.Sprintf("customer-%d", c)
			shard, err := Assign(id, n, k)
			if err != nil {
				t.Fatalf("Assign(%q, %d, %d) failed: %s", id, n, k, said(err))
			}
			if len(shard) != k {
				t.Fatalf("Assign(%q, %d, %d) = %v, want %d workers", id, n, k, shard, k)
			}
			for i, w := range shard {
				if w < 0 || w >= n {
					t.Fatalf("Assign(%q, %d, %d) = %v: worker %d is outside 0..%d", id, n, k, shard, w, n-1)
				}
				if i > 0 && w <= shard[i-1] {
					t.Fatalf("Assign(%q, %d, %d) = %v: want distinct workers in ascending order", id, n, k, shard)
				}
			}
		}
	}
}

func TestAssignIsStable(t *testing.T) {
	for c := range 100 {
		id := fmt.Sprintf("tenant-%d", c)
		first, _ := Assign(id, 64, 4)
		for range 5 {
			again, _ := Assign(id, 64, 4)
			if !slices.Equal(first, again) {
				t.Fatalf("Assign(%q) gave %v, then %v: a customer must always get the same workers", id, first, again)
			}
		}
	}
}

// Every pair of 8 workers should be some customer's shard, about equally
// often. Plain sharding (fixed pairs like {0,1}, {2,3}) uses only 4 of the
// 28 pairs, and a hash that picks neighbours ({h, h+1}) only 8.
func TestAssignSpreadsOverAllPairs(t *testing.T) {
	const customers = 28_000
	counts := map[[2]int]int{}
	load := make([]int, 8)
	twice, first := 0, -1 // customers given one worker twice, and the first of them
	var firstShard []int
	for c := range customers {
		s, err := Assign(fmt.Sprintf("customer-%d", c), 8, 2)
		if err != nil {
			t.Fatalf("Assign(\"customer-%d\", 8, 2) failed: %s", c, said(err))
		}
		if len(s) != 2 {
			t.Fatalf("Assign(\"customer-%d\", 8, 2) = %v, want 2 workers", c, s)
		}
		if s[0] == s[1] {
			if twice == 0 {
				first, firstShard = c, s
			}
			twice++
		}
		// The pair in ascending order: an order left unsorted is
		// TestAssignGivesKDistinctSortedWorkers's to name, and counted as
		// given it would make more than 28 pairs out of 28.
		counts[[2]int{min(s[0], s[1]), max(s[0], s[1])}]++
		load[s[0]]++
		load[s[1]]++
	}
	if twice > 0 {
		// A worker drawn twice makes pairs like {3, 3} that are no pair
		// at all, so the count of pairs used would blame the spread for
		// what is a draw with replacement: name that instead.
		t.Fatalf("%d of %d customers got the same worker twice, as Assign(\"customer-%d\", 8, 2) = %v, want 2 different workers: "+
			"drawing each worker at random can draw one already drawn; pick each from the workers not yet picked, as a shuffle does",
			twice, customers, first, firstShard)
	}
	if len(counts) == 1 {
		// One pair for all is no hash at all (the stub's first k workers),
		// not neighbours picked from one: say that, not how a hash fell short.
		for pair := range counts {
			t.Fatalf("%d customers all got the same pair %v, want all 28 pairs of 8 workers used: Assign must pick each customer's workers from a hash of its id", customers, pair)
		}
	}
	if len(counts) != 28 {
		neighbours := true
		for pair := range counts {
			if d := (pair[1] - pair[0] + 8) % 8; d != 1 && d != 7 {
				neighbours = false
			}
		}
		why := "pick each worker of the shard at random, not the whole shard from a fixed list"
		if neighbours {
			why = "every pair is two neighbouring workers, {h, h+1}: a hash that picks only the first worker leaves the others fixed; pick each worker at random, as a shuffle does"
		}
		t.Fatalf("%d customers used only %d of the 28 possible pairs of 8 workers, want all 28: %s", customers, len(counts), why)
	}
	for pair, n := range counts {
		if n < 700 || n > 1300 {
			t.Errorf("pair %v is the shard of %d customers; about 1000 each expected", pair, n)
		}
	}
	for w, n := range load {
		if n < 6000 || n > 8000 {
			t.Errorf("worker %d serves %d customers; about 7000 each expected", w, n)
		}
	}
}

// Similar ids get unrelated shards: the hash must mix every byte.
func TestSimilarIdsGetUnrelatedShards(t *testing.T) {
	const ids, n, k = 1000, 2048, 4
	holders := map[string][]string{} // a shard, as printed, to the ids it went to
	var order []string               // the shards in the order first given
	for c := range ids {
		id := fmt.Sprintf("acct-%04d", c)
		s, _ := Assign(id, n, k)
		key := fmt.Sprint(s)
		if holders[key] == nil {
			order = append(order, key)
		}
		holders[key] = append(holders[key], id)
	}
	if len(holders) >= ids-5 {
		return
	}
	total := new(big.Int).Binomial(n, k)
	if len(holders) == 1 {
		t.Fatalf("%d similar ids, acct-0000 to acct-%04d, all got the same workers %s, want at least %d different shards of %d out of %d workers: "+
			"pick each id's shard from a hash of the id, so that with %s possible shards each of these ids gets one of its own",
			ids, ids-1, order[0], ids-5, k, n, thousands(total.String()))
	}
	// Which shards went to more than one id, and the one most shared.
	shared, sharers, most := 0, 0, ""
	for _, key := range order {
		if h := holders[key]; len(h) > 1 {
			shared, sharers = shared+1, sharers+len(h)
			if most == "" || len(h) > len(holders[most]) {
				most = key
			}
		}
	}
	h := holders[most]
	example := fmt.Sprintf("%s and %s both got workers %s", h[0], h[1], most)
	if len(h) > 2 {
		example = fmt.Sprintf("%s, %s and %d more all got workers %s", h[0], h[1], len(h)-2, most)
	}
	// The chance that any two of the ids draw the same shard at random:
	// ids·(ids-1)/2 pairs, each alike with chance 1 in C(n, k).
	odds, _ := new(big.Rat).SetFrac(total, big.NewInt(ids*(ids-1)/2)).Float64()
	went := fmt.Sprintf("%d shards went to more than one id, %d ids in all", shared, sharers)
	if shared == 1 {
		went = fmt.Sprintf("1 shard went to more than one id, %d ids in all", sharers)
	}
	t.Fatalf("%d similar ids, acct-0000 to acct-%04d, got only %d different shards of %d out of %d workers, want at least %d: "+
		"%s (%s). "+
		"With %s possible shards, a good shuffle shard gives each of these ids a shard of its own: "+
		"two of them landing on the same one by chance happens about once in %.1f million runs. "+
		"Ids this alike landing on the same workers means the hash does not mix every byte of the id "+
		"(a sum of its bytes, or a part of it, gives similar ids the same seed): hash the whole id, with hash/fnv, and seed the generator with all of the hash",
		ids, ids-1, len(holders), k, n, ids-5, went, example, thousands(total.String()), odds/1e6)
}

// thousands writes a whole number's digits in groups of three, as the
// README writes 730,862,190,080.
func thousands(digits string) string {
	for i := len(digits) - 3; i > 0; i -= 3 {
		digits = digits[:i] + "," + digits[i:]
	}
	return digits
}

func TestAssignRejectsBadSizes(t *testing.T) {
	for _, tc := range []struct{ n, k int }{{0, 1}, {8, 0}, {8, 9}, {-1, 2}} {
		if s, err := Assign("x", tc.n, tc.k); err == nil {
			t.Errorf("Assign(\"x\", %d, %d) returned the workers %v and no error; want an error: %s", tc.n, tc.k, s, badSize(tc.n, tc.k))
		}
	}
}

// said is what a call returned, in words: "no error", or the error's text
// in quotes.
func said(err error) string {
	if err == nil {
		return "no error"
	}
	return fmt.Sprintf("%q", err.Error())
}

// badSize says why n workers and shards of k cannot be assigned.
func badSize(n, k int) string {
	switch {
	case n < 1:
		return fmt.Sprintf("%d workers is no pool to choose from", n)
	case k < 1:
		return fmt.Sprintf("a shard of %d workers serves no one", k)
	default:
		return fmt.Sprintf("a shard of %d workers cannot be chosen from %d", k, n)
	}
}
