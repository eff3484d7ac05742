package drill

import (
	"regexp"
	"strings"
	"testing"
)

// ref-001-self-check-2 quoted one simulated run (seed 5) as "in the lab",
// the words the live lab (`breakerlab lab`, real sockets) goes by, and
// left out the mean over seeds that numbers-20 gives for the same cap.
func TestSelfCheck2QuotesTheSimulationAndItsMean(t *testing.T) {
	cs, err := Named("ref-001-self-check-2", "numbers-20")
	if err != nil {
		t.Fatal(err)
	}
	point := cs[0].Points[3]
	mean := regexp.MustCompile(`\(([\d.]+%) over seeds 1 to 20\)`).FindStringSubmatch(cs[1].Explain)
	if mean == nil {
		t.Fatalf("numbers-20 gives no mean over seeds 1 to 20: %q", cs[1].Explain)
	}
	if strings.Contains(point, "in the lab") || !strings.Contains(point, "in the simulation (seed 5), "+mean[1]+" on average over seeds 1 to 20") {
		t.Errorf("point 4 should quote the simulation, its seed and numbers-20's mean (%s):\n%s", mean[1], point)
	}
}
