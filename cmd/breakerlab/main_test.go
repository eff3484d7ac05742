package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func run(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = runMain(args, &out, &errb)
	return out.String(), errb.String(), code
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/breakerlab -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (go test ./cmd/breakerlab -update rewrites it):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func TestRunCascadeTableGolden(t *testing.T) {
	racefree.Only(t)
	out, errOut, code := run(t, "run", "cascade", "--seed", "5", "--format", "table")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	golden(t, "run_cascade_seed5.txt", out)
}

func TestRunTimelineGolden(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	out, errOut, code := run(t, "run", "breaker-timeline")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	golden(t, "run_breaker_timeline.txt", out)
	for _, want := range []string{"64 calls reached it", "56 answered at once by the open breaker", "24 s", "85 s"} {
		if !strings.Contains(out, want) {
			t.Errorf("timeline output lacks %q", want)
		}
	}
}

func TestRunJSONFollowsTheContract(t *testing.T) {
	racefree.Only(t)
	out, _, code := run(t, "run", "--format", "json", "cascade", "--seed", "5")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var doc struct {
		Scenario string   `json:"scenario"`
		Seed     uint64   `json:"seed"`
		WindowMS [2]int64 `json:"window_ms"`
		Variants []struct {
			Name      string `json:"name"`
			Endpoints map[string]struct {
				Outcomes  map[string]uint64  `json:"outcomes"`
				LatencyMS map[string]float64 `json:"latency_ms"`
			} `json:"endpoints"`
			Dependencies map[string]struct {
				InFlightMax int `json:"in_flight_max"`
			} `json:"dependencies"`
			Transitions []struct {
				AtMS    float64 `json:"at_ms"`
				Breaker string  `json:"breaker"`
				From    string  `json:"from"`
				To      string  `json:"to"`
			} `json:"transitions"`
		} `json:"variants"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if doc.Scenario != "cascade" || doc.Seed != 5 || doc.WindowMS != [2]int64{10000, 30000} || len(doc.Variants) != 3 {
		t.Fatalf("header wrong: %+v", doc)
	}
	for _, v := range doc.Variants {
		for name, e := range v.Endpoints {
			for _, k := range []string{"ok", "fallback", "rejected", "failed"} {
				if _, ok := e.Outcomes[k]; !ok {
					t.Errorf("%s/%s lacks outcome %q", v.Name, name, k)
				}
			}
			for _, k := range []string{"p50", "p95", "p99"} {
				if _, ok := e.LatencyMS[k]; !ok {
					t.Errorf("%s/%s lacks latency %q", v.Name, name, k)
				}
			}
		}
	}
	tr := doc.Variants[2].Transitions
	if len(tr) == 0 || tr[0].Breaker != "recommendations" || tr[0].From != "closed" || tr[0].To != "open" {
		t.Fatalf("breaker variant's first transition: %+v", tr)
	}
	if doc.Variants[0].Dependencies["recommendations"].InFlightMax < 200 {
		t.Errorf("a hang behind a shared pool should pile up calls at the dependency")
	}
}

func TestRunCSVHasOneRowPerVariantEndpointOutcome(t *testing.T) {
	racefree.Only(t)
	out, _, code := run(t, "run", "cascade", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1+3*3*4 {
		t.Fatalf("%d rows, want a header and 36", len(rows))
	}
}

func TestRunShuffleAddsItsObject(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	out, _, code := run(t, "run", "shuffle", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if _, ok := doc["shuffle"]; !ok {
		t.Fatal("no shuffle object")
	}
}

func TestBadInputExitsTwoAndSaysWhatIsAllowed(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	for _, c := range []struct {
		args []string
		want string
	}{
		// The names up to checkout: scenarios registered later sort after them.
		{[]string{"run", "nope"}, "built in: api-gateway, async-cascade, breaker-timeline, cascade, checkout, "},
		{[]string{"run", "cascade", "--format", "xml"}, "table, json, csv"},
		{[]string{"run", "cascade", "--seed", "-3"}, "--seed"},
		{[]string{"run"}, "one scenario name"},
		{[]string{"run", "cascade", "--bogus"}, "unknown flag --bogus: run takes --budget, --fault, --format, -o, --seed, --variant, --wide, --width; see breakerlab run --help"},
		{[]string{"frobnicate"}, "the commands are"},
		{[]string{"scenarios", "extra"}, "no arguments besides --dump"},
	} {
		_, errOut, code := run(t, c.args...)
		if code != 2 || !strings.Contains(flat(errOut), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 mentioning %q", c.args, code, errOut, c.want)
		}
	}
}

func TestScenariosListsOnePerLine(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	out, _, code := run(t, "scenarios")
	if code != 0 {
		t.Fatal(code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < len(scenarios.All()) || !strings.HasPrefix(lines[0], "cascade ") {
		t.Fatalf("scenarios:\n%s", out)
	}
	for _, name := range scenarios.Names() {
		if !strings.Contains(out, "\n"+name+" ") && !strings.HasPrefix(out, name+" ") {
			t.Errorf("scenarios does not list %s:\n%s", name, out)
		}
	}
	// The summaries start in one column, the longest name's included
	// (rate-limit-vs-bulkhead's had one space after it, the rest 20).
	col := -1
	for _, line := range lines {
		name, _, _ := strings.Cut(line, " ")
		if name == "" {
			continue // a summary wrapped under itself
		}
		at := len(name) + len(line[len(name):]) - len(strings.TrimLeft(line[len(name):], " "))
		if col < 0 {
			col = at
		} else if at != col {
			t.Errorf("%s's summary starts at column %d, the first's at %d:\n%s", name, at, col, out)
		}
	}
}

func TestVersion(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		out, _, code := run(t, args...)
		if code != 0 || !strings.HasPrefix(out, "breakerlab ") {
			t.Errorf("%q: %d %q", args, code, out)
		}
	}
}

func TestRunCheckoutGolden(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	out, errOut, code := run(t, "run", "checkout")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	golden(t, "run_checkout_seed5.txt", out)
}

// A dumped built-in, run as a file, gives exactly the built-in's results.
func TestRunFileEqualsBuiltin(t *testing.T) {
	racefree.Only(t)
	for _, name := range []string{"cascade", "checkout", "breaker-timeline"} {
		dump, errOut, code := run(t, "scenarios", "--dump", name)
		if code != 0 {
			t.Fatalf("dump %s: exit %d: %s", name, code, errOut)
		}
		path := filepath.Join(t.TempDir(), name+".toml")
		if err := os.WriteFile(path, []byte(dump), 0o644); err != nil {
			t.Fatal(err)
		}
		fromFile, errOut, code := run(t, "run", path, "--format", "json", "--seed", "3")
		if code != 0 {
			t.Fatalf("run %s: exit %d: %s", path, code, errOut)
		}
		builtin, _, _ := run(t, "run", name, "--format", "json", "--seed", "3")
		if fromFile != builtin {
			t.Errorf("%s: the dumped file's results differ from the built-in's", name)
		}
	}
}

func TestRunBadFileExitsTwoNamingTheLine(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	path := filepath.Join(t.TempDir(), "mine.toml")
	body := "name = \"mine\"\nduration = \"10s\"\n\n[system]\nworkers = 4\n\n[[system.endpoints]]\nname = \"e\"\nrate = -3\n"
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := run(t, "run", path)
	if code != 2 || !strings.Contains(errOut, "mine.toml:9") || !strings.Contains(errOut, "rate") {
		t.Fatalf("exit %d, stderr %q; want exit 2 naming mine.toml:9 and the rate", code, errOut)
	}
	_, errOut, code = run(t, "run", filepath.Join(t.TempDir(), "missing.toml"))
	if code != 2 || !strings.Contains(errOut, "missing.toml") {
		t.Fatalf("missing file: exit %d, %q", code, errOut)
	}
}
