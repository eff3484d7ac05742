package interviewui

import "testing"

// TestRunsKeepOnlyTheChartedSnapshot holds what a session keeps of a
// scenario's runs: the worst design's snapshot, which worstChart draws,
// and no other design's (api-gateway's three took 1.0 MB, 0.36 MB kept).
func TestRunsKeepOnlyTheChartedSnapshot(t *testing.T) {
	for _, name := range []string{"api-gateway", "cascade", "checkout"} {
		sr := playRuns(name).runs
		if sr == nil || len(sr.designs) < 2 {
			t.Fatalf("%s: %v, want its designs played", name, sr)
		}
		worst := worstIndex(sr.designs)
		for i, d := range sr.designs {
			kept := len(d.snap.Endpoints) > 0 || d.snap.Duration > 0 || d.faults != nil
			if i == worst && len(d.snap.Endpoints) == 0 {
				t.Errorf("%s: the worst design %q lost the snapshot its chart is drawn from", name, d.name)
			}
			if i != worst && kept {
				t.Errorf("%s: design %q keeps its snapshot, but only the worst design's is charted", name, d.name)
			}
		}
	}
}
