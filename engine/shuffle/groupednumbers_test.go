package shuffle

import (
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// ungroupedRE finds a number of four digits or more written without its
// thousands commas.
var ungroupedRE = regexp.MustCompile(`\b\d{4,}\b`)

// Every number a refusal writes is grouped, as its counts of customers
// are: the overlap-limited refusal wrote "10,000 customers cannot each get
// 4 of 2048 workers".
func TestRefusalsGroupTheirNumbers(t *testing.T) {
	racefree.Only(t) // refusals computed in place, no goroutine
	rng := rand.New(rand.NewPCG(1, 2))
	_, overlap := AssignOverlapLimited(2048, 4, 10_000_000, 0, rng)
	_, plain := AssignPlain(2048, 5, 10_000)
	_, fleet := Shards(2048, 3000)
	_, zones := ZonedShareAll(2048, 4, 3000)
	_, uneven := ZonedShareAll(2048, 4, 3)
	_, exactly := ShareExactly(2048, 1024, 1025)
	for _, err := range []error{overlap, plain, fleet, zones, uneven, exactly} {
		if err == nil {
			t.Fatal("a setup the package refuses was accepted")
		}
		if m := ungroupedRE.FindString(err.Error()); m != "" {
			t.Errorf("%q writes %s without its thousands commas", err, m)
		}
	}
}
