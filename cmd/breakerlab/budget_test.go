package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/challenge"
)

// longCascade writes the built-in cascade as a scenario file whose traffic
// lasts d, and returns its path.
func longCascade(t *testing.T, d string) string {
	t.Helper()
	out, _, code := run(t, "scenarios", "--dump", "cascade")
	if code != 0 {
		t.Fatalf("scenarios --dump cascade: exit %d", code)
	}
	text := strings.Replace(out, `duration = "30s"`, `duration = "`+d+`"`, 1)
	if text == out {
		t.Fatal("the dump has no duration = \"30s\" line")
	}
	path := filepath.Join(t.TempDir(), "cascade-"+d+".toml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// refusalAlloc bounds the bytes a refusal of the 23-hour cascade may
// allocate. "Before anything runs" is checked by what was allocated, not
// by how long it took, which depends on the machine's load: a run draws
// its traffic first and keeps every arrival (engine.Traffic), so it
// allocates in proportion to the requests it simulates (loading a
// 10-minute challenge allocates 12 MB more than refusing it; 23 hours,
// well over a gigabyte), while a refusal allocates only its estimate's
// (18 MB for the challenge, 53 MB for the three designs).
const refusalAlloc = 256 << 20

// allocatedBy is the bytes the program allocates while f runs; nothing
// else runs meanwhile, as this package's tests are not parallel.
func allocatedBy(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestRunRefusesTheCascadeOver23Hours: the cascade's three designs over 23
// hours are refused before anything runs (exit 2), naming the figure, the
// budget and --budget; the commands that take --budget refuse it too.
func TestRunRefusesTheCascadeOver23Hours(t *testing.T) {
	racefree.Only(t)
	path := longCascade(t, "23h")
	var out, errText string
	var code int
	if b := allocatedBy(func() { out, errText, code = run(t, "run", path) }); b > refusalAlloc {
		t.Errorf("the refusal allocated %d MiB: did the run start?", b>>20)
	}
	if code != exitUsage || out != "" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	for _, want := range []string{"this run would simulate about 298 M requests (3 designs × 23 h × ", "over the budget of 200 M", "raise it with --budget 300M"} {
		if !strings.Contains(errText, want) {
			t.Errorf("the refusal does not say %q:\n%s", want, errText)
		}
	}
	for _, args := range [][]string{
		{"sweep", path, "--vary", "recommendations.bulkhead=5..60:4", "--measure", "search.ok"},
		{"sandbox", path},
	} {
		_, errText, code := run(t, args...)
		if code != exitUsage || !strings.Contains(errText, "--budget") {
			t.Errorf("%s: exit %d, %s", args[0], code, errText)
		}
	}
	// A budget that is not a number is a usage error naming the flag.
	if _, errText, code := run(t, "run", path, "--budget", "lots"); code != exitUsage || !strings.Contains(errText, "-budget") {
		t.Errorf("--budget lots: exit %d, %s", code, errText)
	}
}

// TestRunWithBudgetRaised: a run over its budget runs once the budget is
// raised to the figure the refusal suggests (a 5-minute cascade, about
// 1.1 M requests, against a budget of 500k), and a run to a pipe writes
// nothing to stderr.
func TestRunWithBudgetRaised(t *testing.T) {
	racefree.Only(t)
	path := longCascade(t, "5m")
	_, errText, code := run(t, "run", path, "--budget", "500k")
	const raise = "raise it with --budget "
	i := strings.Index(errText, raise)
	if code != exitUsage || i < 0 {
		t.Fatalf("exit %d: %s", code, errText)
	}
	suggested := strings.TrimSpace(errText[i+len(raise):])
	out, errText, code := run(t, "run", path, "--budget", suggested, "--format", "json")
	if code != 0 || !strings.Contains(out, `"scenario": "cascade"`) {
		t.Fatalf("--budget %s: exit %d: %s", suggested, code, errText)
	}
	if errText != "" {
		t.Errorf("a run to a pipe wrote to stderr: %q", errText)
	}
}

// TestChallengeFileOverBudget: a teacher's challenge over a big scenario
// file is refused before loading runs it, --start included.
func TestChallengeFileOverBudget(t *testing.T) {
	racefree.Only(t) // no goroutine: the challenge is refused before it loads
	path := longCascade(t, "23h")
	dir := filepath.Dir(path)
	// The file's variants become one design: a challenge starts from one.
	data, _ := os.ReadFile(path)
	text := string(data)
	if i := strings.Index(text, "\n[[variants]]"); i > 0 {
		text = text[:i]
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	ch := filepath.Join(dir, "big.toml")
	body := "title = \"Big\"\nscenario = \"" + filepath.Base(path) + "\"\n[[knobs]]\npath = \"recommendations.bulkhead\"\nmin = 0\nmax = 100\n[[goals]]\nexpect = \"share search ok >= 99%\"\n[par]\nchanges = 1\n"
	if err := os.WriteFile(ch, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	var errText string
	var code int
	if b := allocatedBy(func() { _, errText, code = run(t, "challenge", ch, "--start") }); b > refusalAlloc {
		t.Errorf("the refusal allocated %d MiB: did loading run the start?", b>>20)
	}
	if code != exitUsage || !strings.Contains(errText, "over the budget of 200 M: raise it with --budget") {
		t.Errorf("exit %d: %s", code, errText)
	}
}

// TestDefaultBudgetFitsBuiltins: every built-in scenario, lesson and
// challenge, the sandbox's sweep (20 × 14 cells, 2 seeds) of every
// built-in variant and `sweep`'s default (10 × 10, 3 seeds) cost at most
// half the default budget.
func TestDefaultBudgetFitsBuiltins(t *testing.T) {
	racefree.Only(t)
	var worst float64
	var what string
	fits := func(name string, c engine.Cost) {
		if c.Requests > worst {
			worst, what = c.Requests, name
		}
		if c.Requests > engine.DefaultBudget/2 {
			t.Errorf("%s costs %s requests, over half the default budget", name, engine.FormatCount(c.Requests))
		}
	}
	for _, b := range scenarios.All() {
		sc := b.Build()
		fits("run "+b.Name, engine.EstimateCost(sc))
		for v := range sc.Variants {
			one := engine.EstimateSweepCost([]*engine.Scenario{sc}, v, 1)
			fits("sandbox sweep of "+b.Name, one.Times(20*14, 2))
			fits("sweep of "+b.Name, one.Times(10*10, 3))
		}
	}
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		fits("lesson "+l.ID, l.Cost())
	}
	chs, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range chs {
		if c.Scenario != nil {
			fits("challenge "+c.ID, engine.EstimateCost(c.Scenario).Times(1, len(c.Seeds)*(len(c.Goals)+1)))
		}
	}
	t.Logf("the largest: %s, %s requests (the budget: %s)", what, engine.FormatCount(worst), engine.FormatCount(engine.DefaultBudget))
}
