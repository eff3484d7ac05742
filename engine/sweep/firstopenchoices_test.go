package sweep

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The list a refused measure shows offers first_open where ParseMetric
// takes it, on a dependency with a breaker: not on every dependency of a
// variant where none has one (it offered it everywhere, and the measure it
// suggested was refused), and naming the ones that have one where some do.
func TestMeasureChoicesOfferFirstOpenWhereItIsTaken(t *testing.T) {
	racefree.Only(t) // no goroutines: scenarios built and parsed only
	var none, some, all int
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			text := strings.Join(strings.Fields(MeasureChoices(sc, v, 1000)), " ")
			var with, without []string
			for _, d := range sc.Variants[v].System.Dependencies {
				_, err := ParseMetric(partName(d.Name)+".first_open", sc, v)
				if d.Policy.Breaker != nil {
					with = append(with, partName(d.Name))
					if err != nil {
						t.Errorf("%s variant %d: %s.first_open refused: %v", b.Name, v+1, d.Name, err)
					}
				} else {
					without = append(without, partName(d.Name))
				}
			}
			offered := strings.Contains(text, "first_open")
			switch {
			case len(with) == 0:
				none++
				if offered {
					t.Errorf("%s variant %d has no breaker, and its choices offer first_open:\n%s", b.Name, v+1, text)
				}
			case len(without) == 0:
				all++
				if !strings.Contains(text, "each with in_flight_max") || !strings.Contains(text, ", first_open (s,") {
					t.Errorf("%s variant %d: every dependency has a breaker, and first_open is not offered for each:\n%s", b.Name, v+1, text)
				}
			default:
				some++
				if want := "and for " + strings.Join(with, ", ") + " (with a breaker) first_open"; !strings.Contains(text, want) {
					t.Errorf("%s variant %d: want %q in:\n%s", b.Name, v+1, want, text)
				}
			}
		}
	}
	if none == 0 || some == 0 || all == 0 {
		t.Fatalf("the built-ins gave %d variants with no breaker, %d with some, %d with all: the test needs each kind", none, some, all)
	}
}
