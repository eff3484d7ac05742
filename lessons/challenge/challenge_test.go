package challenge

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/deepequal"
)

func TestThereAreAtLeastSixteenChallenges(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < 16 {
		t.Fatalf("%d built-in challenges, want at least 16", len(all))
	}
	for i, c := range all {
		if c.Number != i+1 {
			t.Errorf("challenge %s is number %d, want %d: the list has a gap", c.ID, c.Number, i+1)
		}
	}
}

// Every challenge: its start fails, its reference solution file passes on
// every seed, and the start written out as a file reads as the start.
func TestEveryChallenge(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		t.Run(c.ID, func(t *testing.T) {
			start, err := gradeOnce(c, c.Start())
			if err != nil {
				t.Fatal(err)
			}
			if start.Pass || start.Stars != 0 {
				t.Errorf("the start passes (%d stars): the challenge asks nothing", start.Stars)
			}
			file, err := c.StartFile()
			if err != nil {
				t.Fatal(err)
			}
			// Check grades what ReadDesign reads (the reference
			// solution's file below is checked whole): the start's file
			// read back is the start's design, value for value, so it
			// grades as the start without running it again.
			s, sc, fl, err := c.ReadDesign("start.toml", file)
			if err != nil {
				t.Fatalf("the start written out does not check: %v", err)
			}
			wantSc, wantFl, err := c.build(c.Start())
			if err != nil {
				t.Fatal(err)
			}
			if gradingKey(c, s) != gradingKey(c, c.Start()) || !deepequal.Equal(sc, wantSc) || !deepequal.Equal(fl, wantFl) {
				t.Errorf("the start written out reads as another design: %v", s)
			}

			sol, err := Solution(c)
			if err != nil {
				t.Fatal(err)
			}
			r, setting, err := c.Check("solutions/"+c.ID+".toml", sol)
			if err != nil {
				t.Fatalf("the reference solution does not check: %v", err)
			}
			for _, g := range r.Goals {
				for _, m := range g.Measures {
					if !m.OK {
						t.Errorf("reference solution: goal %q fails on seed %d (%s)", g.Goal.Text, m.Seed, g.Goal.FormatValue(m.Value))
					}
				}
			}
			if !r.Pass || r.Stars < 2 {
				t.Errorf("reference solution: pass %v with %d stars; it should meet the goals and par", r.Pass, r.Stars)
			}
			// The setting read back from the file grades the same.
			viaSetting, err := gradeOnce(c, setting)
			if err != nil {
				t.Fatal(err)
			}
			if viaSetting.Stars != r.Stars || viaSetting.Pass != r.Pass {
				t.Errorf("the file grades %d stars, its knobs %d", r.Stars, viaSetting.Stars)
			}
			if len(c.Seeds) < 3 {
				t.Errorf("graded on %d seeds; a challenge needs several, so a lucky seed does not pass", len(c.Seeds))
			}
		})
	}
}

// A design that meets a goal on one seed and not on the others does not
// pass: shuffle sharding with 2 workers of 32 each loses nobody else on
// seed 3, and someone on seeds 1, 2 and 4.
func TestALuckySeedDoesNotPass(t *testing.T) {
	c, err := Lookup("shuffle-shards")
	if err != nil {
		t.Fatal(err)
	}
	lucky := *c
	lucky.Seeds = []uint64{3}
	s := Setting{"strategy": "shuffle", "per_customer": int64(2)}
	r, err := lucky.Grade(s)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Goals[0].Pass {
		t.Fatalf("seed 3 alone should meet %q; the test's premise is gone: %s", r.Goals[0].Goal.Text, r.Goals[0].Shown())
	}
	r, err = gradeOnce(c, s)
	if err != nil {
		t.Fatal(err)
	}
	if r.Goals[0].Pass || r.Pass {
		t.Fatalf("seeds %v: the goal passes although some seeds fail it", c.Seeds)
	}
	w := r.Goals[0].Measures[r.Goals[0].Worst]
	if w.OK {
		t.Errorf("the value shown is a seed that passes (%v), not the worst", w)
	}
}

// The bulkhead-20 par is on search's share through the hang, with its own
// window: the smallest bulkhead that refuses no good call leaves search
// the most workers (three stars); a larger one, one star.
func TestStarsFollowPar(t *testing.T) {
	c, err := Lookup("bulkhead-20")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		bulkhead int64
		stars    int
	}{{0, 0}, {24, 1}, {22, 3}, {30, 0}} {
		r, err := gradeOnce(c, Setting{"recommendations.bulkhead": tc.bulkhead})
		if err != nil {
			t.Fatal(err)
		}
		if r.Stars != tc.stars {
			t.Errorf("bulkhead %d: %d stars, want %d", tc.bulkhead, r.Stars, tc.stars)
		}
	}
	// Beating par: the shortest timeout that cuts off no healthy call
	// (500 ms, under the par's 600 ms) is three stars; at the par, two;
	// one that cuts off healthy calls (400 ms) none.
	tp, err := Lookup("timeout-pool")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		timeout string
		stars   int
	}{{"400ms", 0}, {"500ms", 3}, {"600ms", 2}, {"1s", 1}, {"10s", 0}} {
		r, err := gradeOnce(tp, Setting{"recommendations.timeout": tc.timeout})
		if err != nil {
			t.Fatal(err)
		}
		if r.Stars != tc.stars {
			t.Errorf("timeout %s: %d stars, want %d", tc.timeout, r.Stars, tc.stars)
		}
	}
	// Par by changes: two knobs moved where one would do is one star.
	q, err := Lookup("quiet-breaker")
	if err != nil {
		t.Fatal(err)
	}
	r, err := gradeOnce(q, Setting{"ledger.breaker.min_calls": int64(5), "ledger.breaker.window": int64(5)})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Pass || r.Changes != 2 || r.Stars != 1 {
		t.Errorf("two changes against a par of one: pass %v, %d changes, %d stars; want true, 2, 1", r.Pass, r.Changes, r.Stars)
	}
}

func TestCheckRefusesMoreThanTheKnobs(t *testing.T) {
	c, err := Lookup("timeout-pool")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := Solution(c)
	if err != nil {
		t.Fatal(err)
	}
	more := strings.Replace(string(sol), "workers = 60", "workers = 200", 1)
	if more == string(sol) {
		t.Fatal("the solution has no workers = 60 line; the test's premise is gone")
	}
	_, _, err = c.Check("mine.toml", []byte(more))
	if err == nil || !strings.Contains(err.Error(), `workers in [system] changed from 60 to 200; only policy.timeout of dependency "recommendations" may change`) || !errors.Is(err, ErrInvalid) {
		t.Errorf("a file that also grows the pool: got %v, want a refusal naming workers, 60 and 200 and the knob that may change", err)
	}
	out := strings.Replace(string(sol), `timeout = "500ms"`, `timeout = "20s"`, 1)
	_, _, err = c.Check("mine.toml", []byte(out))
	if err == nil || !strings.Contains(err.Error(), "recommendations.timeout") || !strings.Contains(err.Error(), "from 100 ms to 10 s") {
		t.Errorf("a knob out of range: got %v, want a refusal naming the knob and its range", err)
	}
	_, _, err = c.Check("mine.toml", []byte("name = \"x\"\n"))
	if err == nil || !strings.Contains(err.Error(), "mine.toml") {
		t.Errorf("a file that is not a scenario: got %v", err)
	}
}

func TestCheckShuffleDesign(t *testing.T) {
	c, err := Lookup("shuffle-shards")
	if err != nil {
		t.Fatal(err)
	}
	bad := "[shuffle]\nworkers = 64\ncustomers = 1000\nper_customer = 3\nstrategy = \"shuffle\"\nmax_shared = 2\n"
	_, _, err = c.Check("fleet.toml", []byte(bad))
	if err == nil || !strings.Contains(err.Error(), "fleet.toml:2: shuffle.workers") {
		t.Errorf("a fleet that changes workers: got %v, want line 2 and shuffle.workers named", err)
	}
	_, _, err = c.Check("fleet.toml", []byte("[shuffle]\nsize = 3\n"))
	if err == nil || !strings.Contains(err.Error(), "fleet.toml:2: shuffle.size") {
		t.Errorf("an unknown key: got %v", err)
	}
}

// Malformed challenge files name the line and the field.
func TestMalformedFilesNameLineAndField(t *testing.T) {
	scenario := []byte("duration = \"10s\"\n[system]\nworkers = 10\n[[system.endpoints]]\nname = \"web\"\nrate = 10\ncalls = \"db\"\n[[system.dependencies]]\nname = \"db\"\nlatency = { kind = \"constant\", value = \"10ms\" }\npolicy = { timeout = \"1s\", breaker = { window_size = 20, minimum_calls = 10, failure_rate = 0.5, open_for = \"5s\", half_open_trials = 3 } }\n")
	open := func(rel string) ([]byte, error) {
		if rel == "s.toml" {
			return scenario, nil
		}
		return nil, os.ErrNotExist
	}
	good := "title = \"T\"\nscenario = \"s.toml\"\n\n[[knobs]]\npath = \"db.timeout\"\nmin = \"100ms\"\nmax = \"5s\"\nstep = \"100ms\"\n\n[[goals]]\nexpect = \"share web ok >= 99%\"\n\n[par]\nchanges = 1\n"
	if _, err := Parse("good.toml", []byte(good), open); err != nil {
		t.Fatalf("the good file does not parse: %v", err)
	}
	cases := []struct {
		name, from, to, want string
	}{
		{"no title", "title = \"T\"\n", "", `c.toml: title: a challenge needs a title`},
		{"unknown key", "title = \"T\"\n", "title = \"T\"\ncolour = 3\n", `c.toml:2: colour: unknown key`},
		{"bad TOML", "[par]\n", "[par\n", `c.toml:13`},
		{"missing scenario file", `scenario = "s.toml"`, `scenario = "t.toml"`, `c.toml:2: scenario: cannot read the scenario file "t.toml"`},
		{"unknown knob", `path = "db.timeout"`, `path = "db.colour"`, `c.toml:5: knobs[1].path: "db.colour" is not a knob`},
		{"a scenario file's policy table", `path = "db.timeout"`, `path = "db.policy.timeout"`, `c.toml:5: knobs[1].path: db.policy.timeout is written as in a scenario file; a challenge calls that knob db.timeout`},
		{"a breaker's file key", `path = "db.timeout"`, `path = "db.policy.breaker.window_size"`, `c.toml:5: knobs[1].path: db.policy.breaker.window_size is written as in a scenario file; a challenge calls that knob db.breaker.window`},
		{"a knob misspelt", `path = "db.timeout"`, `path = "db.timout"`, `c.toml:5: knobs[1].path: "db.timout" is not a knob a challenge can offer; did you mean db.timeout? (allowed:`},
		{"no such dependency", `path = "db.timeout"`, `path = "cache.timeout"`, `c.toml:5: knobs[1].path: `},
		{"max below min", `max = "5s"`, `max = "50ms"`, `c.toml:7: knobs[1].max: max must be above min`},
		{"duration without quotes", `step = "100ms"`, `step = 100`, `c.toml:8: knobs[1].step: a duration is written in quotes`},
		{"start outside range", `min = "100ms"`, `min = "2s"`, `c.toml:5: knobs[1].path: the challenge starts at 1s, outside the knob's range`},
		{"unknown metric", `share web ok >= 99%`, `happiness web >= 99%`, `c.toml:11: goals[1].expect: unknown metric "happiness"`},
		{"no such endpoint", `share web ok >= 99%`, `share api ok >= 99%`, `c.toml:11: goals[1].expect: the scenario has no endpoint "api"`},
		{"misspelt metric", `share web ok >= 99%`, `shre web ok >= 99%`, `c.toml:11: goals[1].expect: unknown metric "shre"; did you mean share? (known: `},
		{"misspelt endpoint", `share web ok >= 99%`, `share wbe ok >= 99%`, `c.toml:11: goals[1].expect: the scenario has no endpoint "wbe"; did you mean web? (it has: web)`},
		{"share above 1", `share web ok >= 99%`, `share web ok >= 99`, `c.toml:11: goals[1].expect: share is a share from 0 to 1`},
		{"duration compared with a number", `share web ok >= 99%`, `p99 web <= 5`, `c.toml:11: goals[1].expect: p99 is a duration`},
		{"bad outcome", `share web ok >= 99%`, `share web good >= 99%`, `c.toml:11: goals[1].expect: "good" is not an outcome`},
		{"par changes too many", "changes = 1", "changes = 3", `c.toml:14: par.changes: changes must be from 1 to the number of knobs (1)`},
		{"no par", "\n[par]\nchanges = 1\n", "\n", `c.toml: par: a challenge needs a [par] table`},
		{"shuffle metric on a scenario", `share web ok >= 99%`, `lost <= 0`, `c.toml:11: goals[1].expect: lost measures the shuffle lab`},
		{"seed twice", "scenario = \"s.toml\"\n", "scenario = \"s.toml\"\nseeds = [1, 1]\n", `c.toml:3: seeds: seed 1 is listed twice`},
		{"brief quotes an unknown knob", "title = \"T\"\n", "title = \"T\"\nbrief = \"{{param web.colour}}\"\n", `c.toml:2: brief: placeholder {{param web.colour}}: `},
		{"brief names a run", "title = \"T\"\n", "title = \"T\"\nbrief = \"{{param cascade/0 workers}}\"\n", `c.toml:2: brief: placeholder {{param cascade/0 workers}}: a brief's placeholder names no run`},
		{"brief with a format that does not fit", "title = \"T\"\n", "title = \"T\"\nbrief = \"{{param workers | dur}}\"\n", `c.toml:2: brief: placeholder {{param workers | dur}}: the value is a count, and format "dur" prints a duration: the formats for a count are int, num`},
		{"hint with a format that does not fit", "title = \"T\"\n", "title = \"T\"\nhint = \"{{p99 web | pct}}\"\n", `c.toml:2: hint: placeholder {{p99 web | pct}}: p99 is a duration, and format "pct" prints a share`},
		{"hint with an unknown metric", "title = \"T\"\n", "title = \"T\"\nhint = \"{{happiness web}}\"\n", `c.toml:2: hint: placeholder {{happiness web}}: unknown metric`},
		// A knob in a scenario file's words is named as [[knobs]] names
		// it, at the placeholder's own line of a brief of many.
		{"brief quotes a breaker's file key", "title = \"T\"\n", "title = \"T\"\nbrief = \"\"\"\nThe window is {{param db.breaker.window}}\ncalls; opens at {{param db.policy.breaker.minimum_calls}}.\n\"\"\"\n",
			`c.toml:4: brief: placeholder {{param db.policy.breaker.minimum_calls}}: db.policy.breaker.minimum_calls is written as in a scenario file; a {{param}} calls that knob db.breaker.min_calls`},
		{"hint quotes a policy's file key", "title = \"T\"\n", "title = \"T\"\nhint = \"{{param db.policy.timeout}}\"\n",
			`c.toml:2: hint: placeholder {{param db.policy.timeout}}: db.policy.timeout is written as in a scenario file; a {{param}} calls that knob db.timeout`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(good, tc.from, tc.to, 1)
			if text == good {
				t.Fatalf("the case changes nothing: %q not in the file", tc.from)
			}
			_, err := Parse("c.toml", []byte(text), open)
			if err == nil {
				t.Fatalf("parsed; want an error containing %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %q\nwant it to contain %q", err, tc.want)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("%v does not wrap ErrInvalid", err)
			}
		})
	}
}

func TestKnobParseAndMove(t *testing.T) {
	d := Knob{Path: "x.timeout", Label: "timeout", Kind: KnobDuration, Min: 0.1, Max: 10, Step: 0.1}
	if v, err := d.Parse("500ms"); err != nil || v != "500ms" {
		t.Errorf("500ms: %v %v", v, err)
	}
	if v, err := d.Parse("2.5s"); err != nil || v != "2.5s" {
		t.Errorf("2.5s: %v %v", v, err)
	}
	// Go's duration syntax, as a scenario file and the sandbox's knob form
	// take it (lessons.ParseDuration): "1m30s" is a duration too, and the
	// value is kept as Format writes it. One naming a unit twice ("4s2s")
	// is a slip, refused (TestRepeatedUnitIsRefusedInChallenges).
	long := Knob{Path: "x.timeout", Label: "timeout", Kind: KnobDuration, Min: 0, Max: 600, Step: 1}
	for text, want := range map[string]string{"1m30s": "1m30s", "1s500ms": "1.5s", " 2m ": "2m", "90s": "1m30s"} {
		if v, err := long.Parse(text); err != nil || v != want {
			t.Errorf("%q: %v %v, want %s", text, v, err, want)
		}
	}
	// What is no duration is refused, with the reason: a number without
	// its unit, a negative time, a number in another form.
	for _, bad := range []struct{ text, why string }{
		{"2.5", "with its unit"},
		{"90", "with its unit"},
		{"1e3", "a duration with its unit"},
		{"soon", `such as 500ms, 2s or 1m30s; got "soon"`},
		{"-1s", "from 100 ms to 10 s, got -1 s"}, // the range, as 0 is told
		{"1m30s", "from 100 ms to 10 s, got 90 s"},
	} {
		if v, err := d.Parse(bad.text); err == nil || !strings.Contains(err.Error(), bad.why) {
			t.Errorf("%q: %v %v, want a refusal saying %q", bad.text, v, err, bad.why)
		}
	}
	// Zero needs no unit, as in the sandbox's knob form (lessons.UnitlessDuration):
	// it is read as 0, then held to the range like any other value.
	z := Knob{Path: "x.timeout", Label: "timeout", Kind: KnobDuration, Min: 0, Max: 10, Step: 0.1}
	if v, err := z.Parse("0"); err != nil || v != "0s" {
		t.Errorf("0 on a knob from 0: %v %v, want 0s", v, err)
	}
	if _, err := d.Parse("0"); err == nil || !strings.Contains(err.Error(), "from 100 ms to 10 s") {
		t.Errorf("0 on a knob from 100ms: %v, want the range", err)
	}
	n := Knob{Label: "bulkhead", Kind: KnobInt, Min: 0, Max: 40, Step: 1}
	if v, err := n.Parse("22"); err != nil || v != int64(22) {
		t.Errorf("22: %v %v", v, err)
	}
	for _, bad := range []string{"22.5", "2e1", "22x"} {
		if v, err := n.Parse(bad); err == nil || !strings.Contains(err.Error(), "whole number") {
			t.Errorf("%q: %v %v, want a refusal asking for a whole number", bad, v, err)
		}
	}
	if _, err := d.Parse("20s"); err == nil || !strings.Contains(err.Error(), "from 100 ms to 10 s") {
		t.Errorf("20s: %v", err)
	}
	if v := d.Move("10s", 1); v != "10s" {
		t.Errorf("moving past max gives %v", v)
	}
	if v := d.Move("450ms", 1); v != "500ms" {
		t.Errorf("450ms up one step joins the grid above: %v, want 500ms", v)
	}
	if v := d.Move("450ms", -1); v != "400ms" {
		t.Errorf("450ms down one step joins the grid below: %v, want 400ms", v)
	}
	if v := d.Move("500ms", -2); v != "300ms" {
		t.Errorf("500ms down two steps: %v", v)
	}
	s := Knob{Label: "jitter", Kind: KnobShare, Min: 0, Max: 0.5, Step: 0.05}
	if v, err := s.Parse("20%"); err != nil || v != 0.2 {
		t.Errorf("20%%: %v %v", v, err)
	}
	if got := s.Format(0.25); got != "25%" {
		t.Errorf("0.25 formats as %q", got)
	}
	c := Knob{Label: "fallback", Kind: KnobChoice, Choices: []any{"none", "cached", "queue"}}
	if v := c.Move("queue", 1); v != "none" {
		t.Errorf("a choice wraps round: %v", v)
	}
	if v := c.Move("none", -1); v != "queue" {
		t.Errorf("a choice wraps round backwards: %v", v)
	}
	if _, err := c.Parse("default"); err == nil || !strings.Contains(err.Error(), "none; cached; queue") {
		t.Errorf("an unknown choice: %v", err)
	}
}

func TestProgressKeepsTheBestAndSurvivesACorruptFile(t *testing.T) {
	c, err := Lookup("fallback")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "breakerlab", "challenges.json")
	p, err := OpenProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	if up, err := p.Earn(c, 2, Setting{"payment.fallback": "queue"}); !up || err != nil {
		t.Fatalf("first stars: %v %v", up, err)
	}
	if up, _ := p.Earn(c, 1, Setting{"payment.fallback": "none"}); up {
		t.Error("fewer stars replaced more")
	}
	p2, err := OpenProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	if r := p2.Get(c.ID); r.Stars != 2 || r.Best["payment.fallback"] != "queue" {
		t.Errorf("after a restart: %+v", r)
	}
	if err := os.WriteFile(path, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	p3, err := OpenProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	if p3.Get(c.ID).Stars != 0 || !strings.Contains(p3.Notice(), "moved to") {
		t.Errorf("a corrupt file: stars %d, notice %q", p3.Get(c.ID).Stars, p3.Notice())
	}
	aside, _ := filepath.Glob(path + ".corrupt-*")
	if len(aside) != 1 {
		t.Errorf("the corrupt file was not set aside: %v", aside)
	}
	if _, err := p3.Earn(c, 3, Setting{}); err != nil {
		t.Fatal(err)
	}
	leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".challenges-*"))
	if len(leftovers) != 0 {
		t.Errorf("temporary files left behind: %v", leftovers)
	}
}

// FORMAT.md lists every metric a goal may use.
func TestFormatListsEveryMetric(t *testing.T) {
	doc, err := os.ReadFile("FORMAT.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range metricNames() {
		if !regexp.MustCompile("\\| `" + regexp.QuoteMeta(name) + "[ `]").Match(doc) {
			t.Errorf("FORMAT.md does not list the metric %s", name)
		}
	}
}

func TestOpenResolvesNumbersIDsAndFiles(t *testing.T) {
	for _, arg := range []string{"2", "bulkhead-20", "02-bulkhead-20"} {
		c, err := Open(arg)
		if err != nil || c.ID != "bulkhead-20" {
			t.Errorf("%s: %v %v", arg, c, err)
		}
	}
	if _, err := Open("99"); err == nil || !strings.Contains(err.Error(), "1 timeout-pool") {
		t.Errorf("an unknown challenge: %v", err)
	}
	if _, err := Open("nowhere/c.toml"); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("a missing file: %v", err)
	}
}

// BenchmarkGrade is what one turn of a knob costs: every seed run to its
// end and every goal measured.
func BenchmarkGrade(b *testing.B) {
	for _, id := range []string{"bulkhead-20", "quiet-breaker", "shuffle-shards"} {
		c, err := Lookup(id)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(id, func(b *testing.B) {
			for b.Loop() {
				if _, err := c.Grade(c.Start()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Every built-in brief and hint quotes its scenario with placeholders: no
// number is typed by hand but those the goals state (Challenge.UncheckedNumbers).
func TestBriefsTypeNoNumber(t *testing.T) {
	cs, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if n := c.UncheckedNumbers(); len(n) > 0 {
			t.Errorf("%s: the brief or hint types %s by hand: write placeholders ({{param KEY}}, {{little ENDPOINT timeout}}, {{littles RATE TIME}}, {{fact NAME}})", c.ID, strings.Join(n, ", "))
		}
		if strings.Contains(c.Brief+c.Hint, "{{") {
			t.Errorf("%s: unfilled placeholder", c.ID)
		}
	}
}

// A brief's and a hint's placeholders are filled from the challenge's own
// scenario (param, little), from the lessons' run-less metrics (littles,
// fact) and, on the shuffle lab, from the fleet; a number typed by hand is
// listed unless a goal states it.
func TestBriefPlaceholdersComeFromTheChallengesScenario(t *testing.T) {
	scenario := []byte("duration = \"10s\"\n[system]\nworkers = 12\n[[system.endpoints]]\nname = \"web\"\nrate = 30\ncalls = \"db\"\n[[system.dependencies]]\nname = \"db\"\nlatency = { kind = \"constant\", value = \"10ms\" }\nfaults = [{ kind = \"slow\", from = \"2s\", to = \"4s\", latency = \"200ms\" }, { kind = \"hang\", from = \"5s\", to = \"6s\" }]\npolicy = { timeout = \"1s\", breaker = { window_size = 20, minimum_calls = 10, failure_rate = 0.5, open_for = \"5s\", half_open_trials = 3 } }\n")
	open := func(string) ([]byte, error) { return scenario, nil }
	file := `title = "T"
scenario = "s.toml"
brief = """
{{param workers}} workers; web sends {{param web.rate}} a second,
slow from {{param db.fault.from}} ({{param db.fault.latency}}), hanging from {{param db.fault2.from}}
to {{param db.fault2.to}}: {{little web timeout}} workers at the timeout,
{{little web slow}} while slow.

Keep it under 7 workers."""
hint = "{{littles 30 200ms}} calls; AWS retries cost {{fact aws.retry.cost}} tokens."

[[knobs]]
path = "db.timeout"
min = "100ms"
max = "5s"
step = "100ms"

[[goals]]
expect = "inflight-max db <= 7"

[par]
changes = 1
`
	c, err := Parse("c.toml", []byte(file), open)
	if err != nil {
		t.Fatal(err)
	}
	want := "12 workers; web sends 30 a second, slow from 2 s (200 ms), hanging from 5 s to 6 s: 30 workers at the timeout, 6 while slow.\n\nKeep it under 7 workers."
	if c.Brief != want {
		t.Errorf("brief:\n%s\nwant\n%s", c.Brief, want)
	}
	if c.Hint != "6 calls; AWS retries cost 5 tokens." {
		t.Errorf("hint: %s", c.Hint)
	}
	if n := c.UncheckedNumbers(); len(n) != 0 {
		t.Errorf("unchecked: %v (7 is the goal's)", n)
	}
	c.BriefSource += " Twelve is fine, 12 is not."
	if n := c.UncheckedNumbers(); strings.Join(n, ",") != "12" {
		t.Errorf("a typed 12 should be listed: %v", n)
	}

	fleet := `title = "S"
brief = "{{param workers}} workers, {{param per_customer}} each: {{lost}} of {{customers}} lose all, {{shards 32 2}} shards."
[shuffle]
workers = 32
customers = 1000
per_customer = 2
[[knobs]]
path = "per_customer"
min = 1
max = 8
step = 1
[[goals]]
expect = "lost <= 0"
[par]
changes = 1
`
	c, err = Parse("s.toml", []byte(fleet), nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Brief != "32 workers, 2 each: 62 of 999 lose all, 496 shards." {
		t.Errorf("fleet brief: %s", c.Brief)
	}
}

// Two windows earn stars for different challenges, and one earns more in a
// challenge the other also played: every challenge keeps its best.
func TestTwoWindowsKeepEachOthersStars(t *testing.T) {
	c1, err := Lookup("fallback")
	if err != nil {
		t.Fatal(err)
	}
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	c2 := all[0]
	if c2.ID == c1.ID {
		c2 = all[1]
	}
	path := filepath.Join(t.TempDir(), "challenges.json")
	a, _ := OpenProgress(path)
	b, _ := OpenProgress(path)
	if _, err := a.Earn(c1, 3, Setting{}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Earn(c2, 1, Setting{}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Earn(c1, 2, Setting{}); err != nil { // b does not know a's 3 stars
		t.Fatal(err)
	}
	if n := b.MergeNote(); !strings.Contains(n, "another breakerlab window") {
		t.Errorf("note %q", n)
	}
	again, _ := OpenProgress(path)
	if got1, got2 := again.Get(c1.ID).Stars, again.Get(c2.ID).Stars; got1 != 3 || got2 != 1 {
		t.Fatalf("stars %d and %d, want 3 and 1", got1, got2)
	}
	if b.Get(c1.ID).Stars != 3 {
		t.Error("b does not hold a's best after its save")
	}
}
