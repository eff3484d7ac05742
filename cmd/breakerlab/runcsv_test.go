package main

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The CSV of a run says what its JSON says, number for number: each
// outcome's count, the endpoint's latency percentiles in ms, and a share
// that is the count over the endpoint's requests (0 to 1, as its header
// says, to four decimals). A script that reads either reads one run.
func TestRunCSVAgreesWithTheJSON(t *testing.T) {
	racefree.Only(t) // runs the engine in the test's own goroutine
	for _, name := range scenarios.Names() {
		t.Run(name, func(t *testing.T) {
			jsonOut, errOut, code := run(t, "run", name, "--format", "json")
			if code != 0 {
				t.Fatalf("json: exit %d: %s", code, errOut)
			}
			// Read with the contract's own type: the key names are
			// main_test's to check, the numbers this test's.
			var doc report.Report
			if err := json.Unmarshal([]byte(jsonOut), &doc); err != nil {
				t.Fatal(err)
			}
			csvOut, errOut, code := run(t, "run", name, "--format", "csv")
			if code != 0 {
				t.Fatalf("csv: exit %d: %s", code, errOut)
			}
			rows, err := csv.NewReader(strings.NewReader(csvOut)).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			head := rows[0]
			col := map[string]int{}
			for i, h := range head {
				col[h] = i
			}
			want := []string{"variant", "endpoint", "outcome", "count", "share (0-1)",
				"endpoint latency p50 (ms)", "endpoint latency p95 (ms)", "endpoint latency p99 (ms)"}
			for _, h := range want {
				if _, ok := col[h]; !ok {
					t.Fatalf("the CSV's header %q has no column %q", strings.Join(head, ","), h)
				}
			}
			num := func(r []string, h string) float64 {
				t.Helper()
				f, err := strconv.ParseFloat(r[col[h]], 64)
				if err != nil {
					t.Fatalf("column %q: %v", h, err)
				}
				return f
			}
			seen := 0
			for _, r := range rows[1:] {
				var found bool
				for _, v := range doc.Variants {
					e, ok := v.Endpoints[r[col["endpoint"]]]
					if v.Name != r[col["variant"]] || !ok {
						continue
					}
					found = true
					o := r[col["outcome"]]
					count, ok := e.Outcomes[o]
					if !ok {
						t.Errorf("the CSV's outcome %q is not in the JSON", o)
					}
					if got := num(r, "count"); got != float64(count) {
						t.Errorf("%s/%s/%s: CSV count %v, JSON %d", v.Name, r[1], o, got, count)
					}
					var total uint64
					for _, n := range e.Outcomes {
						total += n
					}
					share := 0.0
					if total > 0 {
						share = math.Round(float64(count)/float64(total)*1e4) / 1e4
					}
					if got := num(r, "share (0-1)"); got != share {
						t.Errorf("%s/%s/%s: CSV share %v, the JSON's count over its total %v", v.Name, r[1], o, got, share)
					}
					for p, want := range map[string]float64{"p50": e.LatencyMS.P50, "p95": e.LatencyMS.P95, "p99": e.LatencyMS.P99} {
						if got := num(r, "endpoint latency "+p+" (ms)"); got != want {
							t.Errorf("%s/%s: CSV %s %v ms, JSON %v ms", v.Name, r[1], p, got, want)
						}
					}
					seen++
				}
				if !found {
					t.Errorf("the CSV's row %q has no variant and endpoint in the JSON", r)
				}
			}
			outcomes := 0
			for _, v := range doc.Variants {
				for _, e := range v.Endpoints {
					outcomes += len(e.Outcomes)
				}
			}
			if seen != outcomes {
				t.Errorf("the CSV has %d of the JSON's %d outcomes", seen, outcomes)
			}
		})
	}
}

// A run's CSV says the faults --fault injected, as its JSON does: each
// row's faults column is the JSON's faults, "; " apart; a CSV of a run
// with a fault read as one of the scenario as written.
func TestRunCSVSaysItsFaults(t *testing.T) {
	racefree.Only(t) // runs the engine in the test's own goroutine
	for _, faults := range [][]string{nil, {"12s recommendations slow 2s for 10s"}, {"12s recommendations slow 2s for 10s", "20s recommendations down for 5s"}} {
		args := []string{"run", "cascade", "--variant", "1"}
		for _, f := range faults {
			args = append(args, "--fault", f)
		}
		jsonOut, errOut, code := run(t, append(args, "--format", "json")...)
		if code != 0 {
			t.Fatalf("%q json: exit %d: %s", args, code, errOut)
		}
		var doc report.Report
		if err := json.Unmarshal([]byte(jsonOut), &doc); err != nil {
			t.Fatal(err)
		}
		if len(doc.Faults) != len(faults) {
			t.Fatalf("%q: the JSON's faults %q", args, doc.Faults)
		}
		csvOut, errOut, code := run(t, append(args, "--format", "csv")...)
		if code != 0 {
			t.Fatalf("%q csv: exit %d: %s", args, code, errOut)
		}
		rows, err := csv.NewReader(strings.NewReader(csvOut)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		last := len(rows[0]) - 1
		if rows[0][last] != "faults" {
			t.Fatalf("%q: the CSV's header %q does not end with faults", args, rows[0])
		}
		want := strings.Join(doc.Faults, "; ")
		for _, r := range rows[1:] {
			if r[last] != want {
				t.Errorf("%q: row %q says faults %q, want the JSON's %q", args, r, r[last], want)
			}
		}
	}
}
