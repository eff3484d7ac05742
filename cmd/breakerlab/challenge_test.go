package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/challenge"
)

// runJSON is the part of `run --format json` the comparison reads.
type runJSON struct {
	WindowMS [2]float64 `json:"window_ms"`
	Variants []struct {
		Endpoints map[string]struct {
			Outcomes  map[string]float64 `json:"outcomes"`
			LatencyMS map[string]float64 `json:"latency_ms"`
		} `json:"endpoints"`
		Dependencies map[string]struct {
			InFlightMax    float64 `json:"in_flight_max"`
			Calls          float64 `json:"calls"`
			ShortCircuited float64 `json:"short_circuited"`
			BulkheadFull   float64 `json:"bulkhead_full"`
		} `json:"dependencies"`
		Transitions []struct {
			AtMS    float64 `json:"at_ms"`
			Breaker string  `json:"breaker"`
			From    string  `json:"from"`
			To      string  `json:"to"`
			Service string  `json:"service"`
		} `json:"transitions"`
		Tenants map[string]struct {
			Outcomes map[string]float64 `json:"outcomes"`
		} `json:"tenants"`
		Services map[string]struct {
			AbandonedWork float64 `json:"abandoned_work"`
			ByInstance    []struct {
				Arrived float64 `json:"arrived"`
			} `json:"by_instance"`
			Dependencies map[string]struct {
				Calls float64 `json:"calls"`
			} `json:"dependencies"`
		} `json:"services"`
		Tasks *struct {
			LoopBusyShare float64 `json:"loop_busy_share"`
			LiveMax       float64 `json:"live_max"`
			Memory        struct {
				PeakMiB  float64 `json:"peak_mib"`
				OOMKills float64 `json:"oom_kills"`
				Killed   float64 `json:"killed"`
			} `json:"memory"`
			Permits map[string]struct {
				InUseMax   float64 `json:"in_use_max"`
				WaitingMax float64 `json:"waiting_max"`
				Refusals   float64 `json:"refusals"`
			} `json:"permits"`
		} `json:"tasks"`
		Pools map[string]struct {
			InUseMax   float64 `json:"in_use_max"`
			WaitingMax float64 `json:"waiting_max"`
		} `json:"pools"`
	} `json:"variants"`
}

// runRounds is how far run's JSON rounds a metric's value: the loop's
// share to four places, memory to a thousandth of a MiB, and the time
// half-open summed from transitions each rounded to a microsecond.
var runRounds = map[string]float64{"loop-busy": 5e-5, "memory-peak": 5e-4, "time-half-open": 5e-5}

// fromRun reads what `run` printed for a goal's metric; ok is false when
// the run's JSON has no such number (a breaker that never opened).
func fromRun(t *testing.T, r *runJSON, metric string, args []string, end time.Duration) (float64, bool) {
	t.Helper()
	v := r.Variants[0]
	switch metric {
	case "share":
		var hit, all float64
		for _, e := range strings.Split(args[0], "+") {
			for name, n := range v.Endpoints[e].Outcomes {
				all += n
				for _, o := range strings.Split(args[1], "+") {
					if name == o {
						hit += n
					}
				}
			}
		}
		return hit / all, all > 0
	case "count":
		var n float64
		for _, e := range strings.Split(args[0], "+") {
			for _, o := range strings.Split(args[1], "+") {
				n += v.Endpoints[e].Outcomes[o]
			}
		}
		return n, true
	case "tenant-share":
		var hit, all float64
		for _, name := range strings.Split(args[0], "+") {
			for o, n := range v.Tenants[name].Outcomes {
				all += n
				for _, want := range strings.Split(args[1], "+") {
					if o == want {
						hit += n
					}
				}
			}
		}
		return hit / all, all > 0
	case "wasted":
		return v.Services[args[0]].AbandonedWork, true
	case "instance-calls":
		i, _ := strconv.Atoi(args[1])
		return v.Services[args[0]].ByInstance[i].Arrived, true
	case "failed-probes", "knocked-over", "half-open-max":
		// The service's instances' breakers, from the transitions run lists.
		n, now := 0.0, 0.0
		for _, tr := range v.Transitions {
			if tr.Service != args[0] {
				continue
			}
			inWindow := tr.AtMS >= r.WindowMS[0] && tr.AtMS < r.WindowMS[1]
			switch {
			case metric == "failed-probes" && tr.From == "half-open" && tr.To == "open",
				metric == "knocked-over" && tr.From == "closed" && tr.To == "open" && inWindow:
				n++
			case metric == "half-open-max":
				if tr.To == "half-open" {
					now++
				}
				if tr.From == "half-open" {
					now--
				}
				n = math.Max(n, now)
			}
		}
		return n, true
	case "p50", "p95", "p99":
		return v.Endpoints[args[0]].LatencyMS[metric] / 1000, true
	case "loop-busy", "tasks-live-max", "memory-peak", "oom-kills", "oom-killed":
		if v.Tasks == nil {
			return 0, false
		}
		return map[string]float64{"loop-busy": v.Tasks.LoopBusyShare, "tasks-live-max": v.Tasks.LiveMax,
			"memory-peak": v.Tasks.Memory.PeakMiB, "oom-kills": v.Tasks.Memory.OOMKills, "oom-killed": v.Tasks.Memory.Killed}[metric], true
	case "pool-inuse-max", "pool-waiting-max":
		p, ok := v.Pools[args[0]]
		if metric == "pool-inuse-max" {
			return p.InUseMax, ok
		}
		return p.WaitingMax, ok
	case "permits-max", "permits-waiting-max", "permits-refused":
		if v.Tasks == nil {
			return 0, false
		}
		p, ok := v.Tasks.Permits[args[0]]
		return map[string]float64{"permits-max": p.InUseMax, "permits-waiting-max": p.WaitingMax, "permits-refused": p.Refusals}[metric], ok
	case "calls":
		if svc, dep, ok := strings.Cut(args[0], "/"); ok {
			return v.Services[svc].Dependencies[dep].Calls, true
		}
		return v.Dependencies[args[0]].Calls, true
	case "inflight-max":
		return v.Dependencies[args[0]].InFlightMax, true
	case "short-circuited":
		return v.Dependencies[args[0]].ShortCircuited, true
	case "bulkhead-full":
		return v.Dependencies[args[0]].BulkheadFull, true
	case "opens", "closes", "opened", "time-open":
		n, opened, since, open := 0.0, false, 0.0, 0.0
		for _, tr := range v.Transitions {
			if len(args) > 0 && tr.Breaker != args[0] {
				continue
			}
			at := tr.AtMS / 1000
			if opened && since >= 0 {
				open += at - since
				since = -1
			}
			switch {
			case tr.To == "open":
				if metric == "opens" && !opened {
					return at, true
				}
				n++
				opened, since = true, at
			case tr.To == "closed" && opened && metric == "closes":
				return at, true
			}
		}
		if opened && since >= 0 {
			open += end.Seconds() - since
		}
		switch metric {
		case "opened":
			return n, true
		case "time-open":
			return open, true
		}
		return 0, false
	}
	if metric == "time-half-open" {
		half, since := 0.0, -1.0
		for _, tr := range v.Transitions {
			if len(args) > 0 && tr.Breaker != args[0] {
				continue
			}
			at := tr.AtMS / 1000
			if since >= 0 {
				half += at - since
				since = -1
			}
			if tr.To == "half-open" {
				since = at
			}
		}
		if since >= 0 {
			half += end.Seconds() - since
		}
		return half, true
	}
	t.Fatalf("the test cannot read %s from run's JSON: teach fromRun, so that every built-in goal is compared with run", metric)
	return 0, false
}

// Every goal of every challenge has the value `run` prints for the same
// file and seed: the reference solution and the start, on every seed.
func TestChallengeValuesMatchRun(t *testing.T) {
	racefree.Only(t)
	tempConfig(t)
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// The goals measured on the same window read the same run of a file on
	// a seed; each such run is made once, by what the file says and the
	// seed (the window's file is rewritten for each goal that has one).
	runs := map[string]runJSON{}
	for _, c := range all {
		if c.Fleet != nil {
			continue // the shuffle lab: `run shuffle` plays only its own fleet
		}
		sol, err := challenge.Solution(c)
		if err != nil {
			t.Fatal(err)
		}
		start, err := c.StartFile()
		if err != nil {
			t.Fatal(err)
		}
		for _, design := range []struct {
			name string
			text []byte
		}{{"solution", sol}, {"start", start}} {
			path := filepath.Join(dir, c.ID+"-"+design.name+".toml")
			if err := os.WriteFile(path, design.text, 0o644); err != nil {
				t.Fatal(err)
			}
			out, errOut, code := run(t, "challenge", c.ID, "--check", path, "--format", "json")
			if code != 0 && code != 1 {
				t.Fatalf("%s %s: exit %d: %s", c.ID, design.name, code, errOut)
			}
			type goal struct {
				Expect   string    `json:"expect"`
				WindowMS *[2]int64 `json:"window_ms"`
				Values   []struct {
					Seed  uint64   `json:"seed"`
					Value *float64 `json:"value"`
				} `json:"values"`
			}
			var got struct {
				Goals []goal `json:"goals"`
				Par   *goal  `json:"par"`
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%s: %v\n%s", c.ID, err, out)
			}
			if got.Par != nil {
				got.Goals = append(got.Goals, *got.Par) // par is measured as a goal is
			}
			for gi, g := range got.Goals {
				fields := strings.Fields(g.Expect)
				metric, args := fields[0], fields[1:len(fields)-2]
				if metric == "param" {
					continue // a knob's value, not a result
				}
				file, text := path, string(design.text)
				if w := g.WindowMS; w != nil {
					// The goal's own window: the same file measured there.
					text = regexp.MustCompile(`(?m)^measure_from = .*$`).ReplaceAllString(text, `measure_from = "`+(time.Duration(w[0])*time.Millisecond).String()+`"`)
					text = regexp.MustCompile(`(?m)^measure_to = .*$`).ReplaceAllString(text, `measure_to = "`+(time.Duration(w[1])*time.Millisecond).String()+`"`)
					file = filepath.Join(dir, c.ID+"-window.toml")
					if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				for _, sv := range g.Values {
					seed := strconv.FormatUint(sv.Seed, 10)
					rj, ok := runs[seed+"\x00"+text]
					if !ok {
						rout, rerr, rcode := run(t, "run", file, "--seed", seed, "--format", "json")
						if rcode != 0 {
							t.Fatalf("run %s: exit %d: %s", file, rcode, rerr)
						}
						if err := json.Unmarshal([]byte(rout), &rj); err != nil {
							t.Fatal(err)
						}
						runs[seed+"\x00"+text] = rj
					}
					want, has := fromRun(t, &rj, metric, args, c.Scenario.Duration)
					switch {
					case !has && sv.Value == nil:
					case !has || sv.Value == nil:
						t.Errorf("%s %s goal %d (%s) seed %d: challenge %v, run has %v", c.ID, design.name, gi+1, g.Expect, sv.Seed, sv.Value, has)
					case math.Abs(*sv.Value-want) > max(runRounds[metric], 1e-6*math.Max(1, math.Abs(want))):
						t.Errorf("%s %s goal %d (%s) seed %d: challenge says %v, run %v", c.ID, design.name, gi+1, g.Expect, sv.Seed, *sv.Value, want)
					}
				}
			}
		}
	}
}

func TestChallengeCheckExitCodes(t *testing.T) {
	racefree.Only(t)
	tempConfig(t)
	dir := t.TempDir()
	c, err := challenge.Lookup("bulkhead-20")
	if err != nil {
		t.Fatal(err)
	}
	sol, _ := challenge.Solution(c)
	good := filepath.Join(dir, "good.toml")
	os.WriteFile(good, sol, 0o644)
	out, errOut, code := run(t, "challenge", "bulkhead-20", "--check", good)
	if code != 0 || !strings.Contains(out, "✓ search answered") || !strings.Contains(out, "★★★ beats par") {
		t.Errorf("the reference: exit %d\n%s%s", code, out, errOut)
	}
	// A par of changes: the reference moves the fewest knobs, ★★★ at par,
	// in the screen's words (it said "beats par", which no design can).
	quiet, err := challenge.Lookup("quiet-breaker")
	if err != nil {
		t.Fatal(err)
	}
	qsol, _ := challenge.Solution(quiet)
	qgood := filepath.Join(dir, "quiet.toml")
	os.WriteFile(qgood, qsol, 0o644)
	out, errOut, code = run(t, "challenge", "quiet-breaker", "--check", qgood)
	if code != 0 || !strings.Contains(out, "passes: ★★★ at par: the fewest knobs that do it") {
		t.Errorf("quiet-breaker's reference: exit %d, want ★★★ at par\n%s%s", code, out, errOut)
	}
	start, _ := c.StartFile()
	short := filepath.Join(dir, "start.toml")
	os.WriteFile(short, start, 0o644)
	out, errOut, code = run(t, "challenge", "2", "--check", short)
	if code != 1 || !strings.Contains(out, "✗ search answered") || !strings.Contains(errOut, "search answered in the hang (15–25 s) is 29.5% on seed 1, want ≥ 99%") {
		t.Errorf("the start: exit %d, want 1 naming what fell short\n%s%s", code, out, errOut)
	}
	for _, l := range strings.Split(out, "\n") {
		if len([]rune(l)) > 80 {
			t.Errorf("line wider than 80 columns: %q", l)
		}
	}
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(bad, []byte(strings.Replace(string(sol), "workers = 34", "workers = 400", 1)), 0o644)
	for _, args := range [][]string{
		{"challenge", "bulkhead-20", "--check", bad},
		{"challenge", "bulkhead-20", "--check", filepath.Join(dir, "missing.toml")},
		{"challenge", "no-such-challenge", "--check", good},
		{"challenge", "bulkhead-20", "--check", good, "--start"},
		{"challenge"},
	} {
		if _, errOut, code := run(t, args...); code != exitUsage || errOut == "" {
			t.Errorf("%v: exit %d (want %d) %s", args, code, exitUsage, errOut)
		}
	}
}

func TestChallengesListsStars(t *testing.T) {
	racefree.Only(t)
	cfg := tempConfig(t)
	p, err := challenge.OpenProgress(filepath.Join(cfg, "breakerlab", "challenges.json"))
	if err != nil {
		t.Fatal(err)
	}
	c, _ := challenge.Lookup("fallback")
	if _, err := p.Earn(c, 2, challenge.Setting{"payment.fallback": "queue"}); err != nil {
		t.Fatal(err)
	}
	// With --wide every summary is whole on its level's line, never cut
	// with "…"; with --width (and in a pipe, at 80) they wrap to it,
	// whole too.
	wide, errOut, code := run(t, "challenges", "--wide")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Contains(wide, "…") {
		t.Errorf("--wide gets the summaries whole, not cut:\n%s", wide)
	}
	all, _ := challenge.All()
	for _, c := range all {
		if !strings.Contains(wide, c.Summary) {
			t.Errorf("%s's summary is not whole with --wide", c.ID)
		}
	}
	out, errOut, code := run(t, "challenges", "--width", "80")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Contains(out, "…") {
		t.Errorf("--width 80 wraps the summaries, never cuts them:\n%s", out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 12 {
		t.Errorf("%d challenges listed, want at least 12", len(lines))
	}
	found := false
	for _, l := range lines {
		if len([]rune(l)) > 80 {
			t.Errorf("line wider than 80 columns: %q", l)
		}
		if strings.Contains(l, " fallback ") && strings.Contains(l, "★★☆") {
			found = true
		}
	}
	if !found {
		t.Errorf("the stars earned are not listed:\n%s", out)
	}
}

// `breakerlab challenges` only reads the stars file: one it cannot read
// stays where it is, named on stderr with what is wrong, and the list is
// shown without stars; `challenge --check`, which saves stars, sets it
// aside.
func TestChallengesLeavesACorruptFile(t *testing.T) {
	racefree.Only(t)
	cfg := tempConfig(t)
	path := filepath.Join(cfg, "breakerlab", "challenges.json")
	os.MkdirAll(filepath.Dir(path), 0o755)
	const content = `{"version": 1, "challenges": [`
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := run(t, "challenges")
	if code != 0 || !strings.Contains(out, "fallback") || strings.Contains(out, "★") {
		t.Fatalf("exit %d, %s\n%s", code, errOut, out)
	}
	if !strings.Contains(errOut, path+" is unreadable (") || strings.Contains(errOut, "moved to") {
		t.Errorf("stderr does not name the file, or says it moved:\n%s", errOut)
	}
	if b, _ := os.ReadFile(path); string(b) != content {
		t.Errorf("`breakerlab challenges` changed the file: %q", b)
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Errorf("`breakerlab challenges` left %v in the progress folder, want challenges.json alone", entries)
	}
}

// Without a terminal the challenge refuses at once and names the headless
// commands; a bad challenge is named before the terminal is asked for.
func TestChallengeNeedsATerminal(t *testing.T) {
	racefree.Only(t)
	tempConfig(t)
	out, errOut, code := run(t, "challenge", "3")
	if code != exitUsage || out != "" || !strings.Contains(errOut, "the challenge needs a terminal") || !strings.Contains(errOut, "--check FILE") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// No challenge named opens the list, as lesson does: a terminal's too.
	out, errOut, code = run(t, "challenge")
	if code != exitUsage || out != "" || !strings.Contains(errOut, "the challenge list needs a terminal") || !strings.Contains(errOut, "`breakerlab challenges` lists them") {
		t.Errorf("challenge alone: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	_, errOut, code = run(t, "challenge", "--check", "design.toml")
	if code != exitUsage || !strings.Contains(errOut, "--check grades a design against a challenge: name the challenge") {
		t.Errorf("challenge --check with no challenge: exit %d, %q", code, errOut)
	}
	_, errOut, code = run(t, "challenge", "99")
	if code != exitUsage || strings.Contains(errOut, "terminal") || !strings.Contains(errOut, "no challenge is called") {
		t.Errorf("an unknown challenge: exit %d, %q", code, errOut)
	}
}

// --start prints a design that --check grades as the start.
func TestChallengeStartIsADesign(t *testing.T) {
	racefree.Only(t)
	tempConfig(t)
	out, errOut, code := run(t, "challenge", "timeout-pool", "--start")
	if code != 0 || !strings.Contains(out, "[system]") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	path := filepath.Join(t.TempDir(), "start.toml")
	os.WriteFile(path, []byte(out), 0o644)
	if _, _, code := run(t, "challenge", "timeout-pool", "--check", path); code != 1 {
		t.Errorf("the start checks with exit %d, want 1 (it falls short)", code)
	}
	out, _, code = run(t, "challenge", "shuffle-shards", "--start")
	if code != 0 || !strings.Contains(out, "[shuffle]") || !strings.Contains(out, "breakerlab challenge shuffle-shards --check") {
		t.Errorf("the shuffle start: exit %d\n%s", code, out)
	}
}

// `challenges --check` finds no number typed by hand in a built-in brief
// and no false claim, and says how many placeholders and claims it
// checked, the line the README shows; a challenge file whose brief types
// a number fails with exit 1, naming it.
func TestChallengesCheckBriefs(t *testing.T) {
	racefree.Only(t)
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, code := run(t, "challenges", "--check")
	if code != 0 || !regexp.MustCompile(fmt.Sprintf(`^%d levels checked: [1-9]\d* placeholders, [1-9]\d* claims\n$`, len(all))).MatchString(out) {
		t.Fatalf("challenges --check: exit %d, %q %q", code, out, errOut)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := "breakerlab challenges --check   " + strings.TrimSpace(out); !strings.Contains(string(readme), want+"\n") {
		t.Errorf("README.md should show %q, what challenges --check prints", want)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "s.toml"), []byte("duration = \"10s\"\n[system]\nworkers = 12\n[[system.endpoints]]\nname = \"web\"\nrate = 30\ncalls = \"db\"\n[[system.dependencies]]\nname = \"db\"\nlatency = { kind = \"constant\", value = \"10ms\" }\npolicy = { timeout = \"1s\" }\n"), 0o644)
	c := "title = \"T\"\nscenario = \"s.toml\"\nbrief = \"{{param workers}} workers, 30 requests a second.\"\n[[knobs]]\npath = \"db.timeout\"\nmin = \"100ms\"\nmax = \"5s\"\nstep = \"100ms\"\n[[goals]]\nexpect = \"share web ok >= 99%\"\n[par]\nchanges = 1\n"
	path := filepath.Join(dir, "typed.toml")
	os.WriteFile(path, []byte(c), 0o644)
	out, errOut, code = run(t, "challenges", "--check", path)
	if code != 1 || !strings.Contains(out, "✗ "+path+`, level "T": the brief types 30 by hand`) {
		t.Fatalf("a typed number: exit %d, %q %q", code, out, errOut)
	}
	os.WriteFile(path, []byte(strings.Replace(c, "30 requests", "{{param web.rate}} requests", 1)), 0o644)
	if out, errOut, code := run(t, "challenges", "--check", path); code != 0 || out != "1 challenge file checked: 2 placeholders, 0 claims\n" {
		t.Fatalf("the placeholder: exit %d, %q %q", code, out, errOut)
	}
	// A knob's why is held to the same: the rate it types by hand is named
	// with the why, and its placeholder passes.
	why := strings.Replace(c, "30 requests", "{{param web.rate}} requests", 1) +
		"[[knobs.why]]\nmin = \"2s\"\ntext = \"30 calls a second at this timeout hold the pool.\"\n"
	os.WriteFile(path, []byte(why), 0o644)
	if out, errOut, code := run(t, "challenges", "--check", path); code != 1 || !strings.Contains(out, "✗ "+path+`, level "T": the why of db.timeout from 2 s to 5 s types 30 by hand`) {
		t.Fatalf("a why's typed number: exit %d, %q %q", code, out, errOut)
	}
	os.WriteFile(path, []byte(strings.Replace(why, "30 calls", "{{param web.rate}} calls", 1)), 0o644)
	if out, errOut, code := run(t, "challenges", "--check", path); code != 0 || out != "1 challenge file checked: 3 placeholders, 0 claims\n" {
		t.Fatalf("a why's placeholder: exit %d, %q %q", code, out, errOut)
	}
	// Without a terminal, the way to play it names the file, not its ID
	// ("breakerlab challenge typed --start" finds no challenge).
	if out, errOut, _ := run(t, "challenge", path); !strings.Contains(out+errOut, "breakerlab challenge "+path+" --start") {
		t.Errorf("a teacher's challenge without a terminal: %q %q, want the command naming %s", out, errOut, path)
	}
	os.WriteFile(path, []byte(strings.Replace(c, "30 requests", "{{param web.colour}} requests", 1)), 0o644)
	if _, errOut, code := run(t, "challenges", "--check", path); code != 2 || !strings.Contains(errOut, "brief: placeholder {{param web.colour}}") {
		t.Fatalf("a bad placeholder: exit %d, %q", code, errOut)
	}
}

// --check grades a design and saves nothing (it runs on a teacher's
// machine or in CI as well as on the learner's): no progress file is made
// where there was none, one that holds a level's stars is left byte for
// byte, and the level list shows no stars the check graded. --start writes
// the knobs and the goals as comments that --check reads past.
func TestChallengeCheckSavesNoStarsAndReadsStartComments(t *testing.T) {
	racefree.Only(t)
	cfg := tempConfig(t)
	dir := t.TempDir()
	out, errOut, code := run(t, "challenge", "deadline", "--start")
	if code != 0 || !strings.Contains(out, `#   payment deadline: policy.deadline = "0s" in dependency "payment"`) || !strings.Contains(out, "#   checkouts answered ≥ 49%") || !strings.Contains(out, "# Par: checkouts answered, in all ≥ 419") {
		t.Fatalf("--start: exit %d\n%s%s", code, out, errOut)
	}
	start := filepath.Join(dir, "start.toml")
	os.WriteFile(start, []byte(out), 0o644)
	if _, errOut, code := run(t, "challenge", "deadline", "--check", start); code != 1 {
		t.Errorf("the commented start: exit %d, want 1: %s", code, errOut)
	}
	c, _ := challenge.Lookup("deadline")
	sol, _ := challenge.Solution(c)
	good := filepath.Join(dir, "good.toml")
	os.WriteFile(good, sol, 0o644)
	progress := filepath.Join(cfg, "breakerlab", "challenges.json")
	for _, format := range []string{"text", "json"} {
		out, errOut, code = run(t, "challenge", "12", "--check", good, "--format", format)
		if code != 0 || !strings.Contains(out, "★★★") && !strings.Contains(out, `"stars": 3`) {
			t.Fatalf("a design that passes, --format %s: exit %d\n%s%s", format, code, out, errOut)
		}
		if _, err := os.Stat(progress); !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("--check --format %s wrote the progress file (stat: %v)\n%s", format, err, out)
		}
	}
	out, _, _ = run(t, "challenge", "12", "--check", good)
	if !strings.Contains(out, "--check saves no stars; those you earn in `breakerlab challenge deadline` are kept") || strings.Contains(out, "kept as deadline's best") {
		t.Errorf("--check's text on a design that passes:\n%s", out)
	}
	// A learner's own stars are left as they are, a lower count too.
	p, err := challenge.OpenProgress(progress)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Earn(c, 1, challenge.Setting{"payment.deadline": "2s"}); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(progress)
	if err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := run(t, "challenge", "12", "--check", good); code != 0 {
		t.Fatalf("the design again: exit %d: %s", code, errOut)
	}
	if after, err := os.ReadFile(progress); err != nil || !bytes.Equal(after, before) {
		t.Errorf("--check changed the learner's progress file (%v):\nbefore %s\nafter  %s", err, before, after)
	}
	out, _, _ = run(t, "challenges")
	if !strings.Contains(out, "after lesson 9") || strings.Contains(out, "★★") {
		t.Errorf("the level map shows stars a check graded:\n%s", out)
	}
}

// A teacher's file whose brief claims what the engine does not do
// ([[claims]]) is refused when it is opened, by --check, --start and
// `challenges --check` alike (exit 2, a bad file), naming the claim on its
// line, the seed and the engine's value. Before, nothing outside the tests
// ran CheckClaims, and such a file graded designs.
func TestATeachersFalseClaimIsRefused(t *testing.T) {
	racefree.Only(t)
	tempConfig(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "s.toml"), []byte("duration = \"10s\"\n[system]\nworkers = 12\n[[system.endpoints]]\nname = \"web\"\nrate = 30\ncalls = \"db\"\n[[system.dependencies]]\nname = \"db\"\nlatency = { kind = \"constant\", value = \"10ms\" }\npolicy = { timeout = \"1s\" }\n"), 0o644)
	c := "title = \"T\"\nscenario = \"s.toml\"\n[[knobs]]\npath = \"db.timeout\"\nmin = \"100ms\"\nmax = \"5s\"\nstep = \"100ms\"\n[[goals]]\nexpect = \"share web ok >= 99%\"\n[par]\nchanges = 1\n[[claims]]\nexpect = \"share web ok < 50%\"\n"
	path := filepath.Join(dir, "claims.toml")
	os.WriteFile(path, []byte(c), 0o644)
	want := path + `:13: claims[1].expect: the brief claims "share web ok < 50%" of the start, but on seed 1 the engine gives 100.0%`
	for _, args := range [][]string{
		{"challenge", path, "--check", filepath.Join(dir, "s.toml")},
		{"challenge", path, "--start"},
		{"challenges", "--check", path},
	} {
		out, errOut, code := run(t, args...)
		if code != exitUsage || !strings.Contains(errOut, want) {
			t.Errorf("%q: exit %d, %q %q; want exit 2 saying %q", args, code, out, errOut, want)
		}
	}
	// With the claim true, the file opens and the start is graded.
	os.WriteFile(path, []byte(strings.Replace(c, "ok < 50%", "ok >= 99%", 1)), 0o644)
	if out, errOut, code := run(t, "challenge", path, "--check", filepath.Join(dir, "s.toml")); code != 0 || !strings.Contains(out, "passes") {
		t.Errorf("a true claim: exit %d, %q %q", code, out, errOut)
	}
}

// `challenges --check` evaluates the claims of every built-in level, not
// only its typed numbers: an edited copy of level 14 whose brief claims
// what the engine does not do, and one whose told why claims it, fail
// with exit 1, naming the level, the claim, the seed and the engine's
// value.
func TestChallengesCheckFindsAFalseClaim(t *testing.T) {
	racefree.Only(t)
	orig, err := challenge.Lookup("shed-priority")
	if err != nil {
		t.Fatal(err)
	}
	// The level's file as it is embedded, from the source tree.
	const dir = "../../lessons/challenge/content/"
	data, err := os.ReadFile(dir + "14-shed-priority.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ from, to, want string }{
		{`expect = "shed-class critical+default+sheddable == 0"`, `expect = "shed-class critical+default+sheddable >= 1"`,
			`✗ level 14, shed-priority: the brief claims "shed-class critical+default+sheddable >= 1" of the start, but on seed 1 the engine gives 0`},
		{`claims = ["shed-class critical == 0"]`, `claims = ["shed-class critical >= 1"]`,
			`✗ level 14, shed-priority: the why the start is told of default: longest wait = 500 ms claims "shed-class critical >= 1", but on seed 1 the engine gives 0`},
	} {
		edited := strings.Replace(string(data), tt.from, tt.to, 1)
		if edited == string(data) {
			t.Fatalf("%s is not in the level", tt.from)
		}
		c, err := challenge.Parse("14-shed-priority.toml", []byte(edited), func(rel string) ([]byte, error) { return os.ReadFile(dir + rel) })
		if err != nil {
			t.Fatal(err)
		}
		c.Number = orig.Number
		builtinLevels = func() ([]*challenge.Challenge, error) { return []*challenge.Challenge{c}, nil }
		out, errOut, code := run(t, "challenges", "--check")
		builtinLevels = challenge.All
		if code != 1 || !strings.Contains(out, tt.want) || !strings.Contains(errOut, "1 of 1 level is wrong") {
			t.Errorf("claim %s: exit %d, %q %q; want 1 and %q", tt.to, code, out, errOut, tt.want)
		}
	}
}
