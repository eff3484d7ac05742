package main

import (
	"encoding/csv"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
)

// A bad --vary gets exit code 2 and a message that says what was wrong and
// lists what exists.
func TestSweepBadVaryListsKnobs(t *testing.T) {
	racefree.Only(t) // no goroutine: the command refuses before it sweeps
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"sweep", "cascade", "--vary", "nosuch.bulkhead=1..5", "--measure", "search.ok"},
			[]string{`cascade has no knob "nosuch.bulkhead"; did you mean`, "recommendations.bulkhead", "search, profile, recommendations: rate", "workers"}},
		{[]string{"sweep", "cascade", "--vary", "recommendations.bulkhead=5..x", "--measure", "search.ok"},
			[]string{"give both ends as numbers"}},
		{[]string{"sweep", "cascade", "--vary", "recommendations.bulkhead=5..400:3", "--variant", "2", "--measure", "search.ok"},
			[]string{"recommendations.bulkhead=203", "bulkhead must be between 0 (none) and the pool's 200 workers"}},
		// Steps between whole numbers are rounded (queue=0..10:14 sweeps
		// 0 to 10); an end typed between them is refused as typed.
		{[]string{"sweep", "cascade", "--vary", "queue=0..10.5:14", "--measure", "search.ok"},
			[]string{"--vary queue=0..10.5:14: queue takes whole numbers, got 10.5: give whole ends, such as queue=0..10"}},
		{[]string{"sweep", "cascade", "--measure", "search.ok"},
			// recommendations alone has a fault (a hang: from and to, no
			// latency or probability), so it has a line of its own.
			[]string{"sweep needs --vary", "  the server: workers, queue, duration\n", "search-index, profile-db: timeout,", "recommendations: timeout,", "fault.{from, to}, retry.attempts"}},
		// The flag is quoted as it was typed: it read "--vary foo=1:".
		{[]string{"sweep", "cascade", "--vary", "foo=1..2", "--measure", "search.ok"},
			[]string{`--vary foo=1..2: cascade has no knob "foo"`}},
		{[]string{"sweep", "cascade", "--vary", "workers=10..20", "--measure", "search.speed"},
			[]string{`unknown field "speed"`, "p99"}},
		{[]string{"sweep", "cascade", "--vary", "workers=10..20", "--measure", "search.ok", "--goal", "search.ok=1"},
			[]string{"want METRIC>=NUMBER"}},
		{[]string{"sweep", "cascade", "--vary", "workers=10..20", "--vary", "search.rate=1..2", "--vary", "profile.rate=1..2", "--measure", "search.ok"},
			[]string{"one or two knobs"}},
		{[]string{"sweep", "cascade", "--vary", "workers=10..20", "--measure", "search.ok", "--workers", "-1"},
			[]string{"--workers must be from 0 (one per core) to", "got -1"}},
		{[]string{"sweep", "cascade", "--vary", "workers=10..20", "--measure", "search.ok", "--workers", strconv.Itoa(runtime.GOMAXPROCS(0) + 1)},
			[]string{"--workers must be from 0 (one per core) to " + strconv.Itoa(runtime.GOMAXPROCS(0)) + ", the cores"}},
	} {
		_, stderr, code := run(t, tc.args...)
		if code != 2 {
			t.Errorf("%v: exit code %d, want 2 (stderr %q)", tc.args, code, stderr)
		}
		// A refusal wraps to 80 columns: a phrase may be read across a
		// line break.
		said := strings.Join(strings.Fields(stderr), " ")
		for _, w := range tc.want {
			if !strings.Contains(stderr, w) && !strings.Contains(said, w) {
				t.Errorf("%v: stderr %q lacks %q", tc.args, stderr, w)
			}
		}
	}
}

// sweepUsages holds what `sweep NAME --measure x.ok` (no --vary: a
// refusal that lists the knobs and offers an example) wrote to stderr and
// its exit code, by built-in scenario: two tests read it for every
// scenario, and each is the sweep's checks of every knob of the scenario.
var sweepUsages struct {
	sync.Mutex
	byName map[string]sweepUsage
}

// sweepUsage is a command's standard error and exit code.
type sweepUsage struct {
	stderr string
	code   int
}

// sweepWithoutVary runs `sweep name --measure x.ok` once for every test.
func sweepWithoutVary(t *testing.T, name string) (stderr string, code int) {
	t.Helper()
	sweepUsages.Lock()
	defer sweepUsages.Unlock()
	u, ok := sweepUsages.byName[name]
	if !ok {
		_, u.stderr, u.code = run(t, "sweep", name, "--measure", "x.ok")
		if sweepUsages.byName == nil {
			sweepUsages.byName = map[string]sweepUsage{}
		}
		sweepUsages.byName[name] = u
	}
	return u.stderr, u.code
}

// Without --vary, the knobs are listed by part and wrapped, so a terminal
// reads them: cascade's 180 paths were one line of some 4,000 columns.
// Off a terminal the list is fitted to 80 columns.
func TestSweepWithoutVaryListsKnobsAsLines(t *testing.T) {
	racefree.Only(t) // no goroutine: the command refuses before it sweeps
	for _, name := range scenarios.Names() {
		stderr, code := sweepWithoutVary(t, name)
		if code != 2 {
			t.Errorf("%s: exit %d, want 2", name, code)
		}
		lines := strings.Split(strings.TrimRight(stderr, "\n"), "\n")
		if len(lines) < 4 {
			t.Errorf("%s: the knobs take %d lines:\n%s", name, len(lines), stderr)
		}
		for _, l := range lines {
			if w := len([]rune(l)); w > 80 {
				t.Errorf("%s: a line of %d columns: %q", name, w, l)
			}
		}
		// Every knob a sweep takes is there, folded or not: its last
		// word is (TestSweepListsOnlyKnobsItTakes: and no other).
		sc, _ := scenarios.Lookup(name)
		for _, k := range builtinSweepKnobs(sc, 0) {
			if last := k[strings.LastIndexByte(k, '.')+1:]; !strings.Contains(stderr, last) {
				t.Errorf("%s: the list leaves out %s", name, k)
			}
		}
	}
}

// Each CSV cell is the mean over its seeds of what `run` reports for the
// same settings: the sweep measures exactly what single runs do.
func TestSweepCSVMatchesRuns(t *testing.T) {
	stdout, stderr, code := run(t, "sweep", "cascade", "--variant", "2", "--vary", "recommendations.bulkhead=5..25:3",
		"--measure", "search.ok", "--seeds", "2", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(stdout)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 || rows[0][0] != "recommendations.bulkhead (calls)" || rows[0][3] != "search.ok mean (share)" {
		t.Fatalf("csv %q", rows)
	}
	for i, bh := range []int64{5, 15, 25} {
		var sum float64
		for _, seed := range []uint64{5, 6} {
			sc := scenarios.Cascade()
			if err := lessons.SetKnob(sc, 1, "recommendations.bulkhead", bh); err != nil {
				t.Fatal(err)
			}
			r, err := engine.New(sc, 1, seed)
			if err != nil {
				t.Fatal(err)
			}
			r.Run()
			s := r.Snapshot()
			e, _ := s.Endpoint("search")
			sum += e.Window.Share(engine.OK)
		}
		got, _ := strconv.ParseFloat(rows[i+1][3], 64)
		if want := sum / 2; strconv.FormatFloat(want, 'g', 6, 64) != rows[i+1][3] {
			t.Errorf("bulkhead %d: sweep says %v, two runs average %v", bh, got, want)
		}
	}
}

func TestSweepJSONAndPictures(t *testing.T) {
	racefree.Only(t) // its sweep's workers and progress are TestSweepCSVMatchesRuns's, which runs under -race
	args := []string{"sweep", "cascade", "--vary", "recommendations.timeout=500ms..2s:2", "--vary", "workers=100..200:2",
		"--measure", "search.ok", "--goal", "search.ok>=0.99", "--seeds", "1"}
	stdout, stderr, code := run(t, append(args, "--format", "json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Measure, Unit, Goal string
		Axes                []struct {
			Path, Unit string
			Values     []float64
		}
		Runs, Total int
		Cells       []struct {
			X, Y     int
			Mean     *float64
			GoalMet  *bool    `json:"goal_met"`
			GoalMean *float64 `json:"goal_mean"`
		}
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("%v in %s", err, stdout)
	}
	if !strings.Contains(stdout, `"search.ok>=0.99"`) {
		t.Errorf("the goal should read >= as written, not escaped: %s", stdout)
	}
	if doc.Measure != "search.ok" || doc.Goal != "search.ok>=0.99" || len(doc.Axes) != 2 || doc.Axes[0].Unit != "ms" ||
		doc.Runs != 4 || doc.Total != 4 || len(doc.Cells) != 4 || doc.Cells[0].Mean == nil || doc.Cells[0].GoalMet == nil {
		t.Errorf("json %s", stdout)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "s.png")
	if _, stderr, code := run(t, append(args, "--format", "png", "-o", out)...); code != 0 {
		t.Fatalf("png: exit %d: %s", code, stderr)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("the PNG written with -o does not decode: %v", err)
	}
}

// run --format svg writes a picture; -o writes it to a file.
func TestRunPictureFormats(t *testing.T) {
	racefree.Only(t)
	stdout, stderr, code := run(t, "run", "cascade", "--format", "svg")
	if code != 0 || !strings.Contains(stdout, "<svg") || !strings.Contains(stdout, "calls in flight") {
		t.Fatalf("exit %d, stderr %q, stdout starts %.80q", code, stderr, stdout)
	}
	out := filepath.Join(t.TempDir(), "shuffle.png")
	if _, stderr, code := run(t, "run", "shuffle", "--format", "png", "-o", out); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("the shuffle PNG does not decode: %v", err)
	}
}

// A sweep of a scenario file, whose cells are copies of one parse, gives
// each cell what a run of the file parsed afresh, with the knob set, gives
// (engine/sweep's tests hold the copies to sharing nothing).
func TestSweepOfAFileMatchesRuns(t *testing.T) {
	const file = "../../engine/scenariofile/testdata/examples/retry-storm.toml"
	stdout, stderr, code := run(t, "sweep", file, "--variant", "2", "--vary", "inventory.retry.attempts=1..3:3",
		"--measure", "orders.ok", "--seeds", "1", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(stdout)).ReadAll()
	if err != nil || len(rows) != 4 {
		t.Fatalf("csv %q, %v", rows, err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range []int64{1, 2, 3} {
		sc, err := scenariofile.Parse(file, data)
		if err != nil {
			t.Fatal(err)
		}
		if err := lessons.SetKnob(sc, 1, "inventory.retry.attempts", n); err != nil {
			t.Fatal(err)
		}
		r, err := engine.New(sc, 1, defaultSeed)
		if err != nil {
			t.Fatal(err)
		}
		r.Run()
		s := r.Snapshot()
		e, _ := s.Endpoint("orders")
		if want := strconv.FormatFloat(e.Window.Share(engine.OK), 'g', 6, 64); rows[i+1][3] != want {
			t.Errorf("%d attempts: sweep says %s, a run %s", n, rows[i+1][3], want)
		}
	}
}

// Sweep's JSON names the scenario as run's does ("cascade", not a label
// with the variant in it), gives the variant in fields of its own, and
// gives first_open in ms as run gives a transition's at_ms: a one-seed
// cell at the scenario's own settings is run's moment, to the digit.
func TestSweepJSONAgreesWithRunsJSON(t *testing.T) {
	racefree.Only(t)
	runOut, stderr, code := run(t, "run", "cascade", "--format", "json")
	if code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	var rep struct {
		Scenario string
		Variants []struct {
			Name        string
			Transitions []struct {
				AtMS    float64 `json:"at_ms"`
				Breaker string
				To      string
			}
		}
	}
	if err := json.Unmarshal([]byte(runOut), &rep); err != nil {
		t.Fatal(err)
	}
	firstOpen := -1.0
	for _, tr := range rep.Variants[2].Transitions {
		if tr.Breaker == "recommendations" && tr.To == "open" {
			firstOpen = tr.AtMS
			break
		}
	}
	if firstOpen < 0 {
		t.Fatalf("run cascade's third variant never opens its breaker: %s", runOut)
	}
	out, stderr, code := run(t, "sweep", "cascade", "--variant", "3", "--vary", "workers=200..300:2",
		"--measure", "recommendations.first_open", "--goal", "recommendations.first_open<=20", "--seeds", "1", "--format", "json")
	if code != 0 {
		t.Fatalf("sweep: exit %d: %s", code, stderr)
	}
	var doc struct {
		Scenario      string
		Variant       int
		VariantName   string `json:"variant_name"`
		Unit          string
		Goal          string
		GoalThreshold float64 `json:"goal_threshold"`
		GoalUnit      string  `json:"goal_unit"`
		Cells         []struct {
			Mean     float64
			GoalMean float64 `json:"goal_mean"`
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if doc.Scenario != rep.Scenario || doc.Variant != 3 || doc.VariantName != rep.Variants[2].Name {
		t.Errorf("sweep names scenario %q, variant %d %q; run names %q, variant 3 %q", doc.Scenario, doc.Variant, doc.VariantName, rep.Scenario, rep.Variants[2].Name)
	}
	if doc.Unit != "ms" || doc.Cells[0].Mean != firstOpen || doc.Cells[0].GoalMean != firstOpen {
		t.Errorf("first_open: %v %s (goal's %v), want run's at_ms %v ms", doc.Cells[0].Mean, doc.Unit, doc.Cells[0].GoalMean, firstOpen)
	}
	if doc.Goal != "recommendations.first_open<=20" || doc.GoalThreshold != 20000 || doc.GoalUnit != "ms" {
		t.Errorf("goal %q, threshold %v %s; want the goal as given, its threshold 20000 ms", doc.Goal, doc.GoalThreshold, doc.GoalUnit)
	}
}

// A goal on the measured metric adds only "goal met" to the CSV: a second
// "profile.ok mean" column repeated the first under the same name.
func TestSweepCSVHasNoRepeatedColumn(t *testing.T) {
	racefree.Only(t) // its sweep's workers and progress are TestSweepCSVMatchesRuns's, which runs under -race
	for _, c := range []struct {
		goal string
		want []string
	}{
		{"profile.ok>=0.5", []string{"workers", "runs", "values", "profile.ok mean (share)", "min", "max", "std", "goal met"}},
		{"search.ok>=0.5", []string{"workers", "runs", "values", "profile.ok mean (share)", "min", "max", "std", "search.ok mean (share)", "goal values", "goal met"}},
	} {
		out, stderr, code := run(t, "sweep", "cascade", "--vary", "workers=100..300:2", "--measure", "profile.ok", "--goal", c.goal, "--seeds", "1", "--format", "csv")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(rows[0], c.want) || len(rows) != 3 || len(rows[1]) != len(c.want) {
			t.Errorf("--goal %s: csv %q, want the header %q", c.goal, rows, c.want)
		}
	}
}

// The CSV's header names each column's unit as the table's head does: a
// duration axis is in s from a range reaching 10 s and in ms below, so
// its column of 2, 6, 10 or of 1000, 2000 would not say which without
// it, and first_open is in s in the CSV where the JSON has ms.
func TestSweepCSVHeaderSaysTheUnits(t *testing.T) {
	racefree.Only(t) // its sweep's workers and progress are TestSweepCSVMatchesRuns's, which runs under -race
	for _, c := range []struct {
		args   []string
		header []string
		first  string
	}{
		{[]string{"--vary", "recommendations.timeout=2s..10s:3", "--measure", "search.ok"},
			[]string{"recommendations.timeout (s)", "runs", "values", "search.ok mean (share)", "min", "max", "std"}, "2"},
		{[]string{"--vary", "recommendations.timeout=1s..3s:3", "--measure", "search.ok"},
			[]string{"recommendations.timeout (ms)", "runs", "values", "search.ok mean (share)", "min", "max", "std"}, "1000"},
		{[]string{"--variant", "3", "--vary", "recommendations.timeout=2s..10s:2", "--vary", "workers=100..200:2", "--measure", "recommendations.first_open", "--goal", "search.p99<=900"},
			[]string{"recommendations.timeout (s)", "workers", "runs", "values", "recommendations.first_open mean (s)", "min", "max", "std", "search.p99 mean (ms)", "goal values", "goal met"}, "2"},
	} {
		args := append([]string{"sweep", "cascade", "--seeds", "1", "--format", "csv"}, c.args...)
		out, stderr, code := run(t, args...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, stderr)
		}
		rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		if err != nil || len(rows) < 2 {
			t.Fatalf("%q: csv %q, %v", args, out, err)
		}
		if !slices.Equal(rows[0], c.header) || rows[1][0] != c.first {
			t.Errorf("%q: header %q, first value %q; want %q and %q", args, rows[0], rows[1][0], c.header, c.first)
		}
	}
}

// A part whose name holds a space is quoted in its path ("recs db".timeout),
// and the CSV's header quotes that column as CSV does, so a CSV reader
// reads it: a bare quote in a field is an error to encoding/csv.
func TestSweepCSVHeaderQuotesAQuotedPath(t *testing.T) {
	racefree.Only(t) // its sweep's workers and progress are TestSweepCSVMatchesRuns's, which runs under -race
	dump, stderr, code := run(t, "scenarios", "--dump", "cascade")
	if code != 0 {
		t.Fatalf("scenarios --dump: exit %d: %s", code, stderr)
	}
	spaced := strings.ReplaceAll(strings.ReplaceAll(dump, "recommendations", "recs db"), "dependencies.recs db", `dependencies."recs db"`)
	file := filepath.Join(t.TempDir(), "spaced.toml")
	if err := os.WriteFile(file, []byte(spaced), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := run(t, "sweep", file, "--vary", `"recs db".timeout=1s..2s:2`, "--measure", "search.ok", "--seeds", "1", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(rows) != 3 || rows[0][0] != `"recs db".timeout (ms)` {
		t.Errorf("csv %q, %v; want a header that reads \"recs db\".timeout (ms)", out, err)
	}
}

// The knobs sweep lists without --vary are the ones --vary takes on the
// variant: cascade's first design has no breaker, no retries and no
// queue, and a sweep of their knobs is refused, so the list left them out
// of what it offered before (breaker.open, retry.base, shed.max_wait).
func TestSweepListsOnlyKnobsItTakes(t *testing.T) {
	racefree.Only(t) // no goroutine: the command refuses before it sweeps
	_, stderr, code := run(t, "sweep", "cascade")
	if code != 2 {
		t.Fatalf("exit %d, want 2: %s", code, stderr)
	}
	list := stderr[strings.Index(stderr, "knobs, by part"):]
	for _, gone := range []string{"breaker.", "retry.{", "shed:", "ratelimiter."} {
		if strings.Contains(list, gone) {
			t.Errorf("the list offers %q, which a sweep of cascade's first design refuses:\n%s", gone, list)
		}
	}
	for _, kept := range []string{"workers", "timeout", "bulkhead", "retry.attempts"} {
		if !strings.Contains(list, kept) {
			t.Errorf("the list lacks %q:\n%s", kept, list)
		}
	}
	for _, k := range []string{"recommendations.breaker.open=1s..5s:2", "recommendations.retry.base=10ms..100ms:2", "shed.max_wait=1ms..3s:3"} {
		if _, stderr, code := run(t, "sweep", "cascade", "--seeds", "1", "--measure", "search.ok", "--vary", k); code == 0 {
			t.Errorf("--vary %s was taken, which the list leaves out: %s", k, stderr)
		}
	}
}

// The goal's own column in the CSV and the JSON says on how many seeds
// the goal's metric had a value: a breaker that opened on some seeds only
// meets no goal on the others' mean.
func TestSweepSaysOnHowManySeedsTheGoalHadAValue(t *testing.T) {
	racefree.Only(t) // its sweep's workers and progress are TestSweepCSVMatchesRuns's, which runs under -race
	args := []string{"sweep", "cascade", "--variant", "3", "--seeds", "2", "--vary", "recommendations.timeout=2s..10s:2", "--measure", "search.ok", "--goal", "recommendations.first_open<=60"}
	out, stderr, code := run(t, append(args, "--format", "csv")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := slices.Index(rows[0], "goal values")
	if col < 0 || rows[1][col] != "2" {
		t.Fatalf("csv %q: want a goal values column of 2 (the breaker opens on both seeds)", rows)
	}
	out, stderr, code = run(t, append(args, "--format", "json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, `"goal_values": 2`) {
		t.Fatalf("json lacks goal_values 2:\n%s", out)
	}
}
