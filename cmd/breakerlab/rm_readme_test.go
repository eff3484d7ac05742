package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/cmd/breakerlab/internal/lab"
	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/serve"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// The README's figures and lists that other tests do not hold: each is
// read from the README and compared with what the program has, so that a
// new command, scenario, lesson or default cannot leave the README behind.

func readmeBytes(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// readmeFlat is the README with every run of white space made one space,
// so that a phrase matches wherever the README wraps it.
func readmeFlat(t *testing.T) string {
	t.Helper()
	return strings.Join(strings.Fields(readmeBytes(t)), " ")
}

// readmeBlockAfter is the fenced block that follows the first line
// containing marker.
func readmeBlockAfter(t *testing.T, marker string) []string {
	t.Helper()
	_, after, ok := strings.Cut(readmeBytes(t), marker)
	if !ok {
		t.Fatalf("the README no longer has %q; update this test", marker)
	}
	_, block, ok := strings.Cut(after, "```\n")
	if !ok {
		t.Fatalf("no code block after %q in the README", marker)
	}
	block, _, _ = strings.Cut(block, "```")
	return strings.Split(strings.TrimRight(block, "\n"), "\n")
}

// numberWord is n in words, as the README counts: "fourteen",
// "twenty-one".
func numberWord(n int) string {
	ones := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
		"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}
	tens := []string{"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}
	switch {
	case n < 20:
		return ones[n]
	case n%10 == 0:
		return tens[n/10]
	}
	return tens[n/10] + "-" + ones[n%10]
}

// wordNumber reads a number word back, or -1.
func wordNumber(w string) int {
	w = strings.ToLower(w)
	for n := 0; n < 100; n++ {
		if numberWord(n) == w {
			return n
		}
	}
	return -1
}

// The "Every command" block shows every command the program has, and a
// line `breakerlab run NAME` for every built-in scenario; it names nothing
// the program lacks. It left out record, completion, man and home.
func TestReadmeEveryCommandBlockIsComplete(t *testing.T) {
	racefree.Only(t) // no goroutine: it reads the README and the program's own figures
	lines := readmeBlockAfter(t, "Every command:")
	shown := map[string]bool{}
	ran := map[string]bool{}
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) < 2 || f[0] != "breakerlab" {
			continue // a description's continuation
		}
		name := strings.Trim(f[1], "[]")
		if strings.HasPrefix(l, "breakerlab  ") {
			name = "home" // breakerlab alone, then what it opens
		}
		if strings.HasPrefix(name, "-") {
			continue
		}
		shown[name] = true
		if name == "run" && len(f) > 2 && f[2] == strings.ToLower(f[2]) {
			ran[f[2]] = true
		}
		// "challenges [--check [FILE...]] | challenge ID …": a second
		// command on the same line.
		for i := 2; i+1 < len(f); i++ {
			if _, ok := commands[f[i+1]]; ok && f[i] == "|" {
				shown[f[i+1]] = true
			}
		}
	}
	for _, c := range commandNames() {
		if !shown[c] {
			t.Errorf("the README's \"Every command\" block has no line for `breakerlab %s`", c)
		}
	}
	for name := range shown {
		if _, ok := commands[name]; !ok {
			t.Errorf("the README's \"Every command\" block shows `breakerlab %s`, which is no command", name)
		}
	}
	builtins := []string{shuffleScenario.Name}
	for _, b := range scenarios.All() {
		builtins = append(builtins, b.Name)
	}
	for _, b := range builtins {
		if !ran[b] {
			t.Errorf("the README's \"Every command\" block has no `breakerlab run %s` line", b)
		}
	}
	for name := range ran {
		if !slices.Contains(builtins, name) {
			t.Errorf("the README's \"Every command\" block runs %q, which is no built-in scenario", name)
		}
	}
}

// The Layout's line for engine/scenarios lists the scenarios it builds.
func TestReadmeLayoutListsTheBuiltinScenarios(t *testing.T) {
	racefree.Only(t) // no goroutine: it reads the README and the program's own figures
	m := regexp.MustCompile(`scenarios/ the built-in scenarios \(([^)]*)\)`).FindStringSubmatch(readmeFlat(t))
	if m == nil {
		t.Fatal("the README's Layout no longer lists the built-in scenarios as \"scenarios/ the built-in scenarios (…)\"; update this test")
	}
	listed := strings.Split(m[1], ", ")
	var want []string
	for _, b := range scenarios.All() {
		want = append(want, b.Name)
	}
	if !slices.Equal(listed, want) {
		t.Errorf("the Layout lists the built-in scenarios as %v; engine/scenarios builds %v, in that order", listed, want)
	}
}

// Every count of the lessons in words ("the fourteen lessons") is the
// catalog's, and the steps that sweep a grid are the ones the README names.
func TestReadmeCountsTheLessons(t *testing.T) {
	racefree.Only(t) // no goroutine: it reads the lessons' catalog
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	flat := readmeFlat(t)
	counted := 0
	for _, m := range regexp.MustCompile(`(?i)\b([a-z-]+) lessons\b`).FindAllStringSubmatch(flat, -1) {
		n := wordNumber(m[1])
		if n < 0 {
			continue
		}
		counted++
		if n != len(all) {
			t.Errorf("the README says %q; there are %d lessons (%s)", m[0], len(all), numberWord(len(all)))
		}
	}
	if counted < 3 {
		t.Errorf("the README counts the lessons %d times; this test expects three (the command list, the Lessons section, the Layout)", counted)
	}

	m := regexp.MustCompile(`(\w+) steps sweep a grid of designs: lesson (\d+) [^:;]*?, lesson (\d+) `).FindStringSubmatch(flat)
	if m == nil {
		t.Fatal("the README no longer says which steps sweep a grid (\"Two steps sweep a grid of designs: lesson 3 …, lesson 5 …\"); update this test")
	}
	var sweeping []string
	for i, l := range all {
		for _, st := range l.Steps {
			if st.Sweep != nil {
				sweeping = append(sweeping, strconv.Itoa(i+1))
			}
		}
	}
	if wordNumber(m[1]) != len(sweeping) || !slices.Equal(sweeping, m[2:]) {
		t.Errorf("the README says %q; the steps that sweep are in lessons %v", m[0], sweeping)
	}
}

// "the circuit-breaker defaults and rules of six libraries", and the
// Library presets section names each of them.
func TestReadmeCountsThePresets(t *testing.T) {
	racefree.Only(t) // no goroutine: it reads the README and the program's own figures
	flat := readmeFlat(t)
	presets := breaker.Presets()
	m := regexp.MustCompile(`rules of (\w+) libraries`).FindStringSubmatch(flat)
	if m == nil {
		t.Fatal("the README no longer says \"rules of N libraries\"; update this test")
	}
	if wordNumber(m[1]) != len(presets) {
		t.Errorf("the README says %q; presets has %d", m[0], len(presets))
	}
	m = regexp.MustCompile("`breakerlab presets` sets ([^.]*?) side by side").FindStringSubmatch(flat)
	if m == nil {
		t.Fatal("the README no longer says \"`breakerlab presets` sets … side by side\"; update this test")
	}
	named := regexp.MustCompile(`, | and `).Split(m[1], -1)
	if len(named) != len(presets) {
		t.Errorf("the README's Library presets names %d libraries (%s); presets has %d", len(named), m[1], len(presets))
	}
	for _, p := range presets {
		if !strings.Contains(strings.ToLower(m[1]), p.Name) {
			t.Errorf("the README's Library presets does not name %s (%s): %q", p.Name, p.Library, m[1])
		}
	}
}

// readmeDuration writes a default as the README does: "10 s", "30 min",
// "4 h".
func readmeDuration(d time.Duration) string {
	switch {
	case d%time.Hour == 0:
		return fmt.Sprintf("%d h", d/time.Hour)
	case d%time.Minute == 0:
		return fmt.Sprintf("%d min", d/time.Minute)
	}
	return fmt.Sprintf("%d s", d/time.Second)
}

// thousands writes n with a comma every three digits, as the README does.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// The classroom's limits in the README are the flags' defaults.
func TestReadmeClassroomLimitsAreTheDefaults(t *testing.T) {
	racefree.Only(t) // no goroutine: it reads the README and the program's own figures
	flat := readmeFlat(t)
	for _, want := range []string{
		fmt.Sprintf("Limits, each a flag: %d sessions (`--max-sessions`), %d new connections a minute per address (`--rate-per-ip`), %s to sign in (`--sign-in-timeout`",
			serve.DefaultMaxSessions, serve.DefaultRatePerIP, readmeDuration(serve.HandshakeTimeout)),
		fmt.Sprintf("%s without a key or a click", readmeDuration(serve.DefaultIdleTimeout)),
		fmt.Sprintf("%s per connection (`--max-session`), %d sessions at once from one address (`--max-sessions-per-ip`",
			readmeDuration(serve.DefaultMaxSession), serve.DefaultMaxSessionsPerIP),
		fmt.Sprintf("and %d for one student, one key or one name (`--max-sessions-per-student`)", serve.DefaultMaxSessionsPerStudent),
		// No flag sets these two: the README said "all flags" over the
		// sessions a connection may open.
		fmt.Sprintf("and, fixed, %d sessions on one connection and a screen of at most %d × %d cells", serve.MaxSessionsPerConn, serve.MaxWidth, serve.MaxHeight),
		fmt.Sprintf("`--max-sessions` × %d MB (%d MB at %d)", serve.SessionHeapBound>>20, serve.DefaultMaxSessions*int(serve.SessionHeapBound>>20), serve.DefaultMaxSessions),
		fmt.Sprintf("at most `--max-pending-per-ip` (%d)", serve.DefaultMaxPendingPerIP),
		fmt.Sprintf("`--max-startups` START (%s,", serve.DefaultStartups.String()),
		fmt.Sprintf("`--session-budget` requests (%s)", engine.FormatCount(serve.DefaultSessionBudget)),
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("the README's classroom section should say %q (the flag's default)", want)
		}
	}
}

// The budgets the README quotes are the program's.
func TestReadmeBudgetsAreTheProgramsBounds(t *testing.T) {
	racefree.Only(t) // no goroutine: it reads the README and the program's own figures
	flat := readmeFlat(t)
	budget := engine.FormatCount(engine.DefaultBudget)
	for _, want := range []string{
		"refuse one over the budget of " + budget + " at once",
		"the default budget of " + budget,
		fmt.Sprintf("refuse one past %s GB", strconv.FormatFloat(engine.MaxRunBytes/1e9, 'f', -1, 64)),
		fmt.Sprintf("a soft %d MB limit", sweep.MemoryLimit>>20),
		fmt.Sprintf("(%s runs, the most a sweep may have)", thousands(sweep.MaxRuns)),
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("the README should say %q", want)
		}
	}
}

// The README's example of a run refused for its memory (a server answering
// 1,000 requests a second, sent a million for 50 s, with an unbounded
// queue) quotes the figures `breakerlab run` refuses that very scenario
// with: the estimate of its live data and the requests it holds.
func TestReadmeMemoryExampleIsTheRefusal(t *testing.T) {
	racefree.Only(t) // no goroutine: one refused run and the README's text
	path := filepath.Join(t.TempDir(), "overloaded.toml")
	const scenario = `name = "overloaded"
duration = "50s"

[system]
workers = 1
queue = "unbounded"

[[system.endpoints]]
name = "a"
rate = 1000000
calls = "d"

[[system.dependencies]]
name = "d"
latency = { kind = "constant", value = "1ms" }
`
	if err := os.WriteFile(path, []byte(scenario), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, code := run(t, "run", path)
	m := regexp.MustCompile(`would hold about (\S+ GB) of memory at once \((\S+ M) requests in flight`).FindStringSubmatch(errs)
	if code == 0 || m == nil {
		t.Fatalf("the README's overloaded server is not refused for its memory (exit %d): %s", code, errs)
	}
	want := fmt.Sprintf("would hold about %s of live data, %s requests in flight, by the refusal's own estimate", m[1], m[2])
	if !strings.Contains(readmeFlat(t), want) {
		t.Errorf("the README's example of a refused run should say %q, the figures the refusal gives", want)
	}
}

// "breakerlab run breaker-timeline: a breaker trips at 24 s, probes every
// 15 s, closes at 85 s", as the run shows it.
func TestReadmeBreakerTimelineLine(t *testing.T) {
	racefree.Only(t) // no goroutine: it reads the README and the program's own figures
	out, errs, code := run(t, "run", "breaker-timeline", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep struct {
		Variants []struct {
			Transitions []struct {
				AtMS     int64 `json:"at_ms"`
				From, To string
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	var opened, closed int64 = -1, -1
	var probes []int64
	for _, tr := range rep.Variants[0].Transitions {
		switch {
		case tr.From == "closed" && tr.To == "open" && opened < 0:
			opened = tr.AtMS
		case tr.From == "open" && tr.To == "half-open":
			probes = append(probes, tr.AtMS)
		case tr.To == "closed":
			closed = tr.AtMS
		}
	}
	if opened < 0 || closed < 0 || len(probes) < 2 {
		t.Fatalf("breaker-timeline's transitions: %+v", rep.Variants[0].Transitions)
	}
	every := probes[0] - opened
	for i := 1; i < len(probes); i++ {
		if probes[i]-probes[i-1] != every {
			t.Fatalf("breaker-timeline probes at %v ms, not at one interval", probes)
		}
	}
	want := fmt.Sprintf("a breaker trips at %d s, probes every %d s, closes at %d s", opened/1000, every/1000, closed/1000)
	if !strings.Contains(readmeFlat(t), "breakerlab run breaker-timeline "+want) {
		t.Errorf("the README's line for breaker-timeline should read %q", want)
	}
}

// The live lab's section quotes the engine's own runs: the provider's most
// calls in flight in checkout's four modes, and the Go server table's
// simulated rows.
func TestReadmeLabQuotesTheEngine(t *testing.T) {
	racefree.Only(t) // no goroutine: the engine's runs alone
	flat := readmeFlat(t)
	m := regexp.MustCompile(`the engine's simulation \((\d+) / (\d+) / (\d+) / (\d+)\)`).FindStringSubmatch(flat)
	if m == nil {
		t.Fatal("the README no longer quotes \"the engine's simulation (A / B / C / D)\"; update this test")
	}
	b, _ := scenarios.Lookup("checkout")
	snaps, err := engine.RunAll(b.Build(), 5)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range snaps[:4] {
		got = append(got, strconv.Itoa(s.Dependencies[0].InFlightMax))
	}
	if !slices.Equal(got, m[1:]) {
		t.Errorf("the README says %q; checkout's payment held at most %s calls", m[0], strings.Join(got, " / "))
	}

	var results []lab.Result
	for _, c := range lab.Modes(lab.DefaultGoConfig(lab.None)) {
		sim, err := lab.Simulate(c)
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, lab.Result{Config: c, Variant: c.VariantName(), Sim: sim})
	}
	var table strings.Builder
	if err := lab.WriteTable(&table, results); err != nil {
		t.Fatal(err)
	}
	simulated := func(lines []string) []string {
		var out []string
		for _, l := range lines {
			if strings.HasPrefix(l, "  simulated ") {
				out = append(out, l)
			}
		}
		return out
	}
	want := simulated(strings.Split(table.String(), "\n"))
	have := simulated(readmeBlockAfter(t, "`breakerlab lab checkout --server go` on the 2-core development machine:"))
	if !slices.Equal(have, want) {
		t.Errorf("the README's Go server table has the simulated rows\n%s\nthe engine gives\n%s", strings.Join(have, "\n"), strings.Join(want, "\n"))
	}
}

// The knob paths the README offers as examples are knobs of the built-in
// scenario it names, and sweep takes those it says sweep takes. It offered
// search.per_tenant_bulkhead.own.acme, provider.ratelimiter.rate and
// inventory.shed.max_wait.default, which no built-in has.
func TestReadmeKnobPathsAreKnobs(t *testing.T) {
	// It builds scenarios and reads their knobs: no goroutine.
	racefree.Only(t)
	flat := readmeFlat(t)
	_, s, ok := strings.Cut(flat, "the same paths work in a lesson's `[set]` table and, those that take a number, in `breakerlab sweep --vary`: ")
	if !ok {
		t.Fatal("the README no longer lists example knob paths after \"the same paths work in a lesson's `[set]` table\"; update this test")
	}
	s, words, ok := strings.Cut(s, "; ")
	if !ok {
		t.Fatal("the README's knob paths no longer end with the one that takes a word; update this test")
	}
	groups := regexp.MustCompile("((?:`[^`]+`(?:,? and |, )?)+) \\(([a-z-]+)\\)").FindAllStringSubmatch(s, -1)
	if len(groups) < 3 {
		t.Fatalf("the README's sweep paths are no longer written \"`path` and `path` (scenario)\": %q", s)
	}
	path := regexp.MustCompile("`([^`]+)`")
	for _, g := range groups {
		b, ok := scenarios.Lookup(g[2])
		if !ok {
			t.Errorf("the README names the knobs of %q, which is no built-in scenario", g[2])
			continue
		}
		for _, p := range path.FindAllStringSubmatch(g[1], -1) {
			found := false
			for v := range b.Build().Variants {
				if slices.Contains(builtinSweepKnobs(b, v), p[1]) {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("the README offers %s as a knob sweep takes on %s; no variant of %s has it", p[1], g[2], g[2])
			}
		}
	}

	m := regexp.MustCompile("^`([^`]+)` takes a word \\(`\"(\\w+)\"` or `\"(\\w+)\"`\\)").FindStringSubmatch(words)
	if m == nil {
		t.Fatalf("the README's knob that takes a word is no longer written \"`path` takes a word (`\\\"a\\\"` or `\\\"b\\\"`)\": %q", words)
	}
	for _, w := range m[2:] {
		took := false
		for _, b := range scenarios.All() {
			for v := range b.Build().Variants {
				sc := b.Build()
				if slices.Contains(lessons.NumberKnobs(sc, v), m[1]) {
					t.Errorf("%s takes a number on %s, variant %d, not a word", m[1], b.Name, v+1)
					break
				}
				if lessons.SetKnob(sc, v, m[1], w) == nil {
					took = true
				}
			}
		}
		if !took {
			t.Errorf("no built-in scenario takes %s = %q in [set]", m[1], w)
		}
	}
}

// The README's description of `sweep --format json` names every key the
// object, its axes and its cells have. It left out goal_values.
func TestReadmeNamesEverySweepJSONKey(t *testing.T) {
	racefree.Only(t) // its sweep's workers and progress are TestSweepCSVMatchesRuns's, which runs under -race
	_, desc, ok := strings.Cut(readmeFlat(t), "`sweep --format json` is one object: ")
	if !ok {
		t.Fatal("the README no longer says \"`sweep --format json` is one object: …\"; update this test")
	}
	desc, _, _ = strings.Cut(desc, "Times are in ms")
	out, errs, code := run(t, "sweep", "cascade", "--vary", "recommendations.bulkhead=5..60:2", "--vary", "workers=100..300:2",
		"--seeds", "1", "--measure", "search.ok", "--goal", "search.ok>=0.99", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var doc struct {
		Axes  []map[string]json.RawMessage
		Cells []map[string]json.RawMessage
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &top); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Axes) == 0 || len(doc.Cells) == 0 {
		t.Fatalf("sweep's JSON has no axes or cells (%v): %s", err, out)
	}
	for where, keys := range map[string]map[string]json.RawMessage{"the object": top, "an axis": doc.Axes[0], "a cell": doc.Cells[0]} {
		for k := range keys {
			if !strings.Contains(desc, "`"+k+"`") {
				t.Errorf("the README's account of `sweep --format json` does not name %s's key %q", where, k)
			}
		}
	}
}

// The classroom section names the built-in scenarios whose default sweep
// (ctrl+s, then enter, from the knob form as it opens) passes the session
// budget, with the requests of the whole sweep: it named the cascade's
// 22 M and fleet-probes' 93 M, where the cascade's now fits and the two
// that do not are api-gateway's and fleet-probes'.
func TestReadmeNamesTheDefaultSweepsOverTheSessionBudget(t *testing.T) {
	racefree.Only(t) // the sandbox's models, driven here, start no goroutine
	_, s, ok := strings.Cut(readmeFlat(t), "The default sweep (the knob form's first knob against another, on 2 seeds) of ")
	if !ok {
		t.Fatal("the README no longer says \"The default sweep (the knob form's first knob against another, on 2 seeds) of …\"; update this test")
	}
	s, _, _ = strings.Cut(s, " of one core.")
	over := map[string]bool{}
	for _, b := range scenarios.All() {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			var whole *engine.Cost
			m, err := sandbox.New(sandbox.Options{Theme: theme.New(theme.Plain()), Scenario: b.Build(), Seed: 5, Limits: sandbox.Limits{
				MaxSweepWorkers: 1,
				SweepBudget: func(c engine.Cost) error {
					if whole == nil {
						whole = &c
					}
					return engine.CheckCost(c, serve.DefaultSessionBudget)
				},
			}})
			if err != nil {
				t.Fatal(err)
			}
			var tm tea.Model = m
			for _, msg := range []tea.Msg{tea.WindowSizeMsg{Width: size[0], Height: size[1]},
				tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("e")}, tea.KeyMsg{Type: tea.KeyCtrlS}, tea.KeyMsg{Type: tea.KeyEnter}} {
				tm, _ = tm.Update(msg)
			}
			if whole == nil {
				t.Errorf("%s at %dx%d: the default sweep asked for no budget", b.Name, size[0], size[1])
				continue
			}
			if whole.Requests <= serve.DefaultSessionBudget {
				continue
			}
			over[b.Name] = true
			if figure := engine.FormatCount(whole.Requests); !strings.Contains(s, figure) {
				t.Errorf("%s's default sweep at %dx%d would simulate %s requests, over the session budget; the README does not say so: %q",
					b.Name, size[0], size[1], figure, s)
			}
		}
	}
	for _, b := range scenarios.All() {
		if named := regexp.MustCompile(`\b` + regexp.QuoteMeta(b.Name) + `'`).MatchString(s); named != over[b.Name] {
			t.Errorf("the README names %s among the default sweeps over the session budget: %t; over it: %t", b.Name, named, over[b.Name])
		}
	}
	if n := wordNumber(strings.Fields(s)[0]); n != len(over) {
		t.Errorf("the README counts the default sweeps over the session budget as %q; they are %d", strings.Fields(s)[0], len(over))
	}
}

// The Install section's file names are what .goreleaser.yaml makes. The
// packages have no file_name_template, so goreleaser's own default names
// them, the same for both formats ({{ .PackageName }}_{{ .Version }}_{{
// .Os }}_{{ .Arch }}, internal/pipe/nfpm in goreleaser v2.17.0, whose
// further parts are empty on amd64); the README named the RPM as its
// ConventionalFileName would, breakerlab-VERSION-1.x86_64.rpm, which the
// release has no file called.
func TestReadmeNamesTheReleaseFiles(t *testing.T) {
	racefree.Only(t) // no goroutine: it reads the README and the program's own figures
	b, err := os.ReadFile(filepath.Join("..", "..", ".goreleaser.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	section := func(key string) string {
		_, s, ok := strings.Cut(string(b), "\n"+key+":\n")
		if !ok {
			t.Fatalf(".goreleaser.yaml has no %s", key)
		}
		if i := regexp.MustCompile(`\n[a-z_]+:`).FindStringIndex(s); i != nil {
			s = s[:i[0]]
		}
		return s
	}
	fill := func(tmpl, goos, goarch string) string {
		return strings.NewReplacer("{{ .ProjectName }}", "breakerlab", "{{ .PackageName }}", "breakerlab",
			"{{ .Version }}", "VERSION", "{{ .Os }}", goos, "{{ .Arch }}", goarch).Replace(tmpl)
	}
	m := regexp.MustCompile(`name_template: "([^"]+)"`).FindStringSubmatch(section("archives"))
	if m == nil {
		t.Fatal("the archives of .goreleaser.yaml have no name_template; update this test")
	}
	nfpms := section("nfpms")
	if strings.Contains(nfpms, "file_name_template") || !strings.Contains(nfpms, "package_name: breakerlab") {
		t.Fatal("the packages of .goreleaser.yaml now name their files themselves; update this test to read their template")
	}
	pkg := fill("{{ .PackageName }}_{{ .Version }}_{{ .Os }}_{{ .Arch }}", "linux", "amd64")
	flat := readmeFlat(t)
	for _, want := range []string{
		"(`" + fill(m[1], "linux", "arm64") + ".tar.gz`",
		"`sudo apt install ./" + pkg + ".deb`",
		"`sudo dnf install ./" + pkg + ".rpm`",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("the README's Install should name %s, as the release does", want)
		}
	}
}

// The Speed section's table of sweeps has a row for each built-in sweep
// that `make instructions` measures, scenario by scenario, and counts them
// in words. The list is BenchmarkSweep20x20Builtins's, read from its file
// as the Makefile's SWEEPS reads it.
func TestReadmeSpeedTableHasEveryBuiltinSweep(t *testing.T) {
	racefree.Only(t) // no goroutine: it reads the README and the program's own figures
	b, err := os.ReadFile(filepath.Join("..", "..", "tui", "sweepui", "builtins_bench_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{}
	total := 0
	for _, m := range regexp.MustCompile("(?m)^\t\\{\"([a-z-]+)/[a-z-]+\", ").FindAllStringSubmatch(string(b), -1) {
		want[m[1]]++
		total++
	}
	if total == 0 {
		t.Fatal("no built-in sweep found in tui/sweepui/builtins_bench_test.go; update this test (and the Makefile's SWEEPS)")
	}
	lines := strings.Split(readmeBytes(t), "\n")
	start := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "| sweep (knobs) |") })
	if start < 0 {
		t.Fatal("the README has no table of sweeps (\"| sweep (knobs) |\"); update this test")
	}
	have := map[string]int{}
	for _, l := range lines[start+2:] {
		if !strings.HasPrefix(l, "| ") {
			break
		}
		cell := strings.TrimSpace(strings.Split(l, "|")[1])
		if strings.HasPrefix(cell, "`") {
			continue // the cascade's Sweep20x20, a benchmark of its own
		}
		have[regexp.MustCompile(`^[a-z-]+`).FindString(cell)]++
	}
	for sc, n := range want {
		if have[sc] != n {
			t.Errorf("the README's table of sweeps has %d rows for %s; the built-in sweeps are %d", have[sc], sc, n)
		}
	}
	for sc := range have {
		if want[sc] == 0 {
			t.Errorf("the README's table of sweeps has rows for %s, which has no built-in sweep", sc)
		}
	}
	if !strings.Contains(readmeFlat(t), "for all "+numberWord(total)+",") {
		t.Errorf("the README should say `make instructions` measures all %s sweeps (\"for all %s,\")", numberWord(total), numberWord(total))
	}
}

// The grade keys the README's Interview preparation quotes are a new
// card's, each the gap the scheduler gives that grade (the drill's screen
// shows these figures, drill.State.Intervals): a change to the schedule's
// steps would otherwise leave the README promising the old ones.
func TestReadmeDrillKeysAreANewCardsIntervals(t *testing.T) {
	racefree.Only(t) // no goroutine: it reads the README and the scheduler's figures
	m := regexp.MustCompile(`each key showing when its grade brings the card back \("([^"]*)"\)`).FindStringSubmatch(readmeFlat(t))
	if m == nil {
		t.Fatal("the README no longer quotes the drill's grade keys (\"each key showing when its grade brings the card back (\\\"1 again …\\\")\"); update this test")
	}
	var keys []string
	for g, d := range (drill.State{}).Intervals(time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC)) {
		keys = append(keys, fmt.Sprintf("%d %s %s", g+1, drill.Grade(g), drill.FormatInterval(d)))
	}
	if want := strings.Join(keys, " · "); m[1] != want {
		t.Errorf("the README quotes a new card's grade keys as %q; the scheduler gives %q", m[1], want)
	}
}
