package drill

import (
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// plainRE finds a generated problem's comparison with plain sharding:
// "With plain shards of 5, another customer shares yours with a chance of
// 1 in 4".
var plainRE = regexp.MustCompile(`plain shards of (\d+), another customer shares yours with a chance of ([\d,]+) in ([\d,]+)`)

// chanceRE finds every "a in b" a text writes.
var chanceRE = regexp.MustCompile(`\b([\d,]+) in ([\d,]+)\b`)

func atoi(t *testing.T, s string) int64 {
	t.Helper()
	v, err := strconv.ParseInt(strings.ReplaceAll(s, ",", ""), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// generatedTexts are the texts a generated problem shows: its question,
// its working and the whys of its misconceptions.
func generatedTexts(p Problem) []string {
	out := []string{p.Question, p.Explain}
	for _, m := range p.Check.Misconceptions {
		out = append(out, m.Why)
	}
	return out
}

// Every plain comparison a shuffle problem states is a setup
// shuffle.AssignPlain accepts, and its odds are the share of the
// customers the engine's plain assignment puts on the first customer's
// shard. The drill compared with "plain shards of 5" on 2,048 workers,
// which the engine refuses.
func TestPlainComparisonsAreSetupsTheEngineAccepts(t *testing.T) {
	racefree.Only(t) // pure text and assignments, no goroutine
	stated := 0
	for _, kind := range []string{"shards", "share"} {
		for seed := range uint64(300) {
			p, err := One(kind, seed)
			if err != nil {
				t.Fatal(err)
			}
			for _, text := range generatedTexts(p) {
				for _, m := range plainRE.FindAllStringSubmatch(text, -1) {
					stated++
					k, num, den := atoi(t, m[1]), atoi(t, m[2]), atoi(t, m[3])
					n := int64(p.p.n)
					customers := 3 * n / max(k, 1)
					a, err := shuffle.AssignPlain(int(n), int(k), int(customers))
					if err != nil {
						t.Errorf("%s (seed %d): %q is a setup the engine refuses: %v", kind, seed, m[0], err)
						continue
					}
					first, same := a.Shard(0), int64(0)
					for c := range a.Customers() {
						if a.Shard(c)[0] == first[0] {
							same++
						}
					}
					want := big.NewRat(same, customers)
					if got := big.NewRat(num, den); got.Cmp(want) != 0 {
						t.Errorf("%s (seed %d): %q, but the engine puts %d of %d customers on one plain shard (%s)", kind, seed, m[0], same, customers, want.RatString())
					}
				}
			}
		}
	}
	if stated == 0 {
		t.Fatal("no generated problem compared with plain shards")
	}
}

// A generated problem writes a chance "a in b" reduced, as the lessons
// and the shard view do: "1 in 4", never "2 in 8".
func TestGeneratedChancesAreReduced(t *testing.T) {
	racefree.Only(t) // pure text, no goroutine
	seen := 0
	for _, kind := range []string{"shards", "share"} {
		for seed := range uint64(300) {
			p, err := One(kind, seed)
			if err != nil {
				t.Fatal(err)
			}
			for _, text := range generatedTexts(p) {
				for _, m := range chanceRE.FindAllStringSubmatch(text, -1) {
					seen++
					r := big.NewRat(atoi(t, m[1]), atoi(t, m[2]))
					if reduced := shuffle.ChanceText(r); reduced != m[0] {
						t.Errorf("%s (seed %d) writes %q where the others write %q: %s", kind, seed, m[0], reduced, text)
					}
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no generated problem wrote a chance")
	}
}
