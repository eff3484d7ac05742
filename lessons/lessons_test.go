package lessons

import (
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/shuffle"
)

// One lab for the whole package's tests: every run is paid for once.
var (
	testLab      = NewLab()
	preparedOnce sync.Once
	prepared     []*Prepared
	prepareErr   error
)

func allPrepared(t *testing.T) []*Prepared {
	t.Helper()
	preparedOnce.Do(func() {
		all, err := All()
		if err != nil {
			prepareErr = err
			return
		}
		for _, l := range all {
			p, err := Prepare(l, testLab)
			if err != nil {
				prepareErr = err
				return
			}
			prepared = append(prepared, p)
		}
	})
	if prepareErr != nil {
		t.Fatal(prepareErr)
	}
	return prepared
}

// prepareSource parses src as a lesson file named file and prepares it on
// testLab, failing the test where either refuses it.
func prepareSource(t *testing.T, file, src string) *Prepared {
	t.Helper()
	l, err := Parse(file, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(l, testLab)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestEveryLessonLoads(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < 9 {
		t.Fatalf("%d built-in lessons, want at least 9", len(all))
	}
	ids := map[string]bool{}
	for i, l := range all {
		if l.Number != i+1 {
			t.Errorf("%s: number %d, want %d (lessons are numbered in order)", l.ID, l.Number, i+1)
		}
		if ids[l.ID] {
			t.Errorf("%s: duplicate ID", l.ID)
		}
		ids[l.ID] = true
		// A lesson may list no exercise (lesson 1 teaches none's idea on
		// its own); TestLessonsListOnlyExercisesTheyHaveTaught sees that
		// every exercise is listed somewhere.
		if l.Title == "" || l.Summary == "" {
			t.Errorf("%s: needs a title and a summary", l.ID)
		}
		for n, want := range map[string]*Lesson{"1": all[0], "01": all[0], all[1].ID: all[1]} {
			if got, err := Lookup(n); err != nil || got != want {
				t.Errorf("Lookup(%q) = %v, %v", n, got, err)
			}
		}
	}
	if _, err := Lookup("99"); !errors.Is(err, ErrUnknownLesson) {
		t.Errorf("Lookup(99): %v, want ErrUnknownLesson", err)
	}
}

// Every placeholder is filled and every claim holds when its step runs.
func TestEveryClaimHoldsAndNoPlaceholderIsLeft(t *testing.T) {
	for _, p := range allPrepared(t) {
		if err := p.Verify(); err != nil {
			t.Error(err)
		}
		for i, s := range p.Steps {
			texts := []string{s.Text}
			if q := s.Question; q != nil {
				texts = append(texts, q.Prompt, q.Explain)
				for _, c := range q.Choices {
					texts = append(texts, c.Text, c.Why)
				}
			}
			for _, text := range texts {
				if strings.Contains(text, "{{") || strings.Contains(text, "}}") {
					t.Errorf("%s step %d: a placeholder is left: %q", p.Lesson.ID, i+1, text)
				}
			}
		}
	}
}

// Every pause point is reached: the run gets there, and at an event the
// breaker is in the state the event names.
func TestEveryPausePointIsReached(t *testing.T) {
	for _, p := range allPrepared(t) {
		for i, s := range p.Steps {
			if !s.HasSim() || s.PauseAt < 0 {
				continue
			}
			name := p.Lesson.ID + " step " + s.Title
			if s.PauseAt <= s.From || s.PauseAt > s.End {
				t.Errorf("%s: pause at %v is outside (%v, %v]", name, s.PauseAt, s.From, s.End)
				continue
			}
			if s.ShuffleConfig != nil {
				sim, err := shuffle.New(*s.ShuffleConfig, s.Sim.Seed)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if err := sim.AdvanceTo(s.PauseAt); err != nil || sim.Now() != s.PauseAt {
					t.Errorf("%s: the timeline did not reach %v: %v", name, s.PauseAt, err)
				}
				continue
			}
			r, err := engine.New(s.Scenario, s.Sim.Variant, s.Sim.Seed)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			r.AdvanceTo(s.From)
			r.AdvanceTo(s.PauseAt)
			snap := r.Snapshot()
			if snap.Now != s.PauseAt {
				t.Errorf("%s: the run stopped at %v, not %v", name, snap.Now, s.PauseAt)
			}
			if s.Pause.Kind == PauseEvent && !transitionAt(snap.Transitions, s.Pause.Dependency, s.Pause.To, s.PauseAt) {
				t.Errorf("%s (step %d): no transition to %v at the pause, %v: %+v", name, i+1, s.Pause.To, s.PauseAt, snap.Transitions)
			}
		}
	}
}

// transitionAt reports whether a breaker (of dep, or any) moved to state
// `to` at exactly `at`; several transitions may share one instant (a trial
// that fails at once turns half-open and open again together).
func transitionAt(ts []engine.Transition, dep string, to breaker.State, at time.Duration) bool {
	for _, t := range ts {
		if (dep == "" || t.Dependency == dep) && t.To == to && t.At == at {
			return true
		}
	}
	return false
}

// Every lesson ends with three to five self-check questions; every
// multiple-choice question has exactly one right answer, and every numeric
// answer is accepted as printed.
func TestQuestions(t *testing.T) {
	for _, p := range allPrepared(t) {
		trailing := 0
		for i := len(p.Steps) - 1; i >= 0 && p.Steps[i].Question != nil; i-- {
			trailing++
		}
		if trailing < 3 || trailing > 5 {
			t.Errorf("%s ends with %d self-check questions, want 3 to 5", p.Lesson.ID, trailing)
		}
		for i, s := range p.Steps {
			q := s.Question
			if q == nil {
				continue
			}
			name := p.Lesson.ID + " step " + s.Title
			switch q.Kind {
			case Choice:
				right := 0
				for _, c := range q.Choices {
					if c.Right {
						right++
					} else if c.Why == "" {
						t.Errorf("%s: wrong choice %q has no explanation", name, c.Text)
					}
				}
				if right != 1 {
					t.Errorf("%s: %d right answers, want exactly 1", name, right)
				}
			case Number:
				ok, err := q.CheckNumber(q.AnswerText)
				if err != nil || !ok {
					t.Errorf("%s (step %d): the answer as printed (%q) is not accepted: %v", name, i+1, q.AnswerText, err)
				}
				if ok, _ := q.CheckNumber("-12345"); ok {
					t.Errorf("%s: a wild answer is accepted", name)
				}
			default:
				t.Errorf("%s: question of no kind", name)
			}
		}
	}
}

func TestMalformedFilesNameLineAndField(t *testing.T) {
	head := "+++\ntitle = \"T\"\nsummary = \"S\"\n+++\n\n"
	cases := []struct {
		name, text, want string
	}{
		{"no front matter", "hello\n", "x.md:1: a lesson starts"},
		{"unclosed header", "+++\ntitle = \"T\"\n", "x.md:1: the front matter opened here is never closed"},
		{"no title", "+++\nsummary = \"S\"\n+++\n+++ step\ntitle = \"a\"\n+++\n", "x.md:1: title:"},
		{"unknown lesson key", "+++\ntitle = \"T\"\nsummary = \"S\"\nauthor = \"me\"\n+++\n", "x.md:4: author: unknown key"},
		{"unknown exercise", "+++\ntitle = \"T\"\nsummary = \"S\"\nexercises = [\"99-nope\"]\n+++\n", "x.md:4: exercises[0]:"},
		{"text before a step", head + "stray\n", "x.md:6: text before the first step"},
		{"step without title", head + "+++ step\nscenario = \"cascade\"\n+++\n", "x.md:6: title:"},
		{"unknown step key", head + "+++ step\ntitle = \"a\"\nspeeed = 2\n+++\n", "x.md:8: speeed: unknown key \"speeed\""},
		{"bad type", head + "+++ step\ntitle = \"a\"\nscenario = \"cascade\"\nspeed = \"fast\"\n+++\n", "x.md:9: speed: must be a number, got a TOML string"},
		{"number for text", "+++\ntitle = \"T\"\nsummary = 3\n+++\n", "x.md:3: summary: must be text in quotes, got a TOML integer"},
		{"unknown scenario", head + "+++ step\ntitle = \"a\"\nscenario = \"nope\"\n+++\n", "x.md:8: scenario: no scenario is called \"nope\""},
		{"variant out of range", head + "+++ step\ntitle = \"a\"\nscenario = \"cascade\"\nvariant = 7\n+++\n", "x.md:9: variant:"},
		{"bad pause", head + "+++ step\ntitle = \"a\"\nscenario = \"cascade\"\npause = \"soon\"\n+++\n", "x.md:9: pause:"},
		{"pause after end", head + "+++ step\ntitle = \"a\"\nscenario = \"cascade\"\npause = \"90s\"\n+++\n", "x.md:9: pause:"},
		{"unknown pane", head + "+++ step\ntitle = \"a\"\nscenario = \"cascade\"\npanes = [\"pool\", \"radar\"]\n+++\n", "x.md:9: panes[1]: unknown pane \"radar\""},
		{"pane without scenario", head + "+++ step\ntitle = \"a\"\npanes = [\"pool\"]\n+++\n", "x.md:8: panes:"},
		{"bad override", head + "+++ step\ntitle = \"a\"\nscenario = \"cascade\"\n[set]\nsearch.bulkhead = 500\n+++\n", "x.md:10: set.search.bulkhead"},
		{"unknown override", head + "+++ step\ntitle = \"a\"\nscenario = \"cascade\"\n[set]\nrecommendations.colour = 1\n+++\n", "x.md:10: set.recommendations.colour: unknown dependency key"},
		{"bad claim", head + "+++ step\ntitle = \"a\"\nexpect = [\"share cascade/0 search ok is low\"]\n+++\n", "x.md:8: expect[0]:"},
		{"unknown metric", head + "+++ step\ntitle = \"a\"\nexpect = [\"speed cascade/0 > 1\"]\n+++\n", "x.md:8: expect[0]: unknown metric"},
		{"bad placeholder", head + "+++ step\ntitle = \"a\"\n+++\nline one\nline two {{share cascade/9 search ok}}\n", "x.md:10: text: placeholder"},
		{"unclosed placeholder", head + "+++ step\ntitle = \"a\"\n+++\n{{share cascade/0 search ok\n", "x.md:9: text: placeholder"},
		{"two right answers", head + "+++ step\ntitle = \"a\"\n[question]\nprompt = \"p\"\n[[question.choice]]\ntext = \"a\"\nright = true\n[[question.choice]]\ntext = \"b\"\nright = true\n+++\n",
			"x.md:10: question.choice: exactly one choice must have right = true, got 2"},
		{"wrong answer without why", head + "+++ step\ntitle = \"a\"\n[question]\nprompt = \"p\"\n[[question.choice]]\ntext = \"a\"\nright = true\n[[question.choice]]\ntext = \"b\"\n+++\n",
			"x.md:13: question.choice[1].why:"},
		{"question without answers", head + "+++ step\ntitle = \"a\"\n[question]\nprompt = \"p\"\n+++\n", "x.md:8: question:"},
		{"bad tolerance", head + "+++ step\ntitle = \"a\"\n[question]\nprompt = \"p\"\nanswer = 3\ntolerance = \"lots\"\n+++\n", "x.md:11: question.tolerance:"},
		{"no steps", head, "x.md:4: the lesson has no steps"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("x.md", []byte(c.text))
			if err == nil {
				t.Fatalf("accepted; want an error starting %q", c.want)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("error does not wrap ErrInvalid: %v", err)
			}
			if !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("error\n  %v\nwant it to start with\n  %s", err, c.want)
			}
		})
	}
}

// A claim that does not hold is refused by Verify, naming the line.
func TestFalseClaimIsReported(t *testing.T) {
	src := "+++\ntitle = \"T\"\nsummary = \"S\"\n+++\n+++ step\ntitle = \"a\"\nscenario = \"breaker-timeline\"\nexpect = [\"opens step == 25s\"]\n+++\nOpens at {{opens step}}.\n"
	l, err := Parse("claims.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(l, testLab)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Steps[0].Text; got != "Opens at 24 s." {
		t.Errorf("text %q", got)
	}
	err = p.Verify()
	if err == nil || !strings.HasPrefix(err.Error(), "claims.md:8: expect: ") || !errors.Is(err, ErrInvalid) {
		t.Errorf("Verify: %v", err)
	}
}

func TestOverridesChangeOnlyACopy(t *testing.T) {
	spec := &SimSpec{Scenario: "cascade", Variant: 1, Seed: 5, Set: []Override{
		{Key: "recommendations.bulkhead", Value: int64(4)},
		{Key: "recommendations.breaker.preset", Value: "polly"},
		{Key: "recommendations.breaker.open", Value: "7s"},
		{Key: "search.rate", Value: 150.0},
		{Key: "workers", Value: int64(100)},
	}}
	sc, err := buildScenario(spec)
	if err != nil {
		t.Fatal(err)
	}
	sys := sc.Variants[1].System
	recs := sys.Dependencies[2].Policy
	if sys.Workers != 100 || sys.Endpoints[0].Rate != 150 || recs.Bulkhead != 4 {
		t.Errorf("overrides not applied: %+v", sys)
	}
	if b := recs.Breaker; b == nil || b.Window != breaker.TimeWindow || b.OpenFor != 7*time.Second {
		t.Errorf("preset then open: %+v", b)
	}
	fresh, _ := buildScenario(&SimSpec{Scenario: "cascade", Variant: 1})
	if fresh.Variants[1].System.Workers != 200 || fresh.Variants[0].System.Workers != 200 {
		t.Error("an override leaked into the built-in scenario")
	}
	for _, bad := range []Override{
		{Key: "workers", Value: "many"},
		{Key: "recommendations.timeout", Value: int64(5)},
		{Key: "nobody.rate", Value: 1.0},
		{Key: "recommendations.breaker.preset", Value: "hystrix2"},
	} {
		if _, err := buildScenario(&SimSpec{Scenario: "cascade", Set: []Override{bad}}); err == nil {
			t.Errorf("override %+v accepted", bad)
		}
	}
}

func TestValueFormats(t *testing.T) {
	cases := []struct {
		v      Value
		format string
		want   string
	}{
		{fraction(0.40823), "", "40.8%"},
		{fraction(0.40823), "pct0", "41%"},
		{count(1502), "", "1,502"},
		{number(16), "", "16"},
		{number(35.678), "", "35.68"},
		{duration(24 * time.Second), "", "24 s"},
		{duration(1575 * time.Millisecond), "", "1.575 s"},
		{duration(430080 * time.Microsecond), "", "430.1 ms"},
		{duration(0), "", "0 ms"},
		{fraction(0.1), "pct0", "10%"},
		{fraction(0.5), "num", "0.5"},
		{odds(big.NewRat(1, 28)), "pct", "3.6%"},
		{count(3), "num", "3"},
		{number(3.4), "int", "3"},
		{duration(402 * time.Millisecond), "s", "0.402 s"},
		// A share short of all never reads 100, above none never 0.
		{fraction(0.9996), "", ">99.9%"},
		{fraction(0.996), "pct0", ">99%"},
		{fraction(0.00004), "pct2", "<0.01%"},
		{fraction(1), "", "100.0%"},
	}
	for _, c := range cases {
		if got, err := c.v.Format(c.format); err != nil || got != c.want {
			t.Errorf("%+v | %q = %q, %v; want %q", c.v, c.format, got, err, c.want)
		}
	}
	if _, err := ParseExpr("share cascade/0 search ok | fancy"); err == nil {
		t.Error("an unknown format was accepted")
	}
}

func TestFormatDocumentsEveryMetric(t *testing.T) {
	doc, err := os.ReadFile("FORMAT.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range MetricNames() {
		if !strings.Contains(string(doc), "| `"+name+"` |") {
			t.Errorf("FORMAT.md does not document the metric %q (%s)", name, MetricUsage(name))
		}
	}
	for _, pane := range append(EnginePanes, ShufflePanes...) {
		if !strings.Contains(string(doc), "`"+pane+"`") {
			t.Errorf("FORMAT.md does not mention the pane %q", pane)
		}
	}
}

func TestProgressStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "lessons.json")
	s, err := OpenStore(path)
	if err != nil || s.Notice() != "" {
		t.Fatalf("a missing file: %v, %q", err, s.Notice())
	}
	all, _ := All()
	l := all[0]
	p := s.Get(l.ID)
	for i := range l.Steps {
		p.SawStep(i)
		if l.Steps[i].Question != nil {
			p.Answered(i, false)
			p.Answered(i, true)
			p.Answered(i, false) // a right answer stays right
		}
	}
	p.SawStep(2)
	p.UpdateDone(l)
	if !p.Done || p.Step != 2 {
		t.Errorf("progress %+v, want done on step 2", p)
	}
	s.Set(l.ID, p)
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	again, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := again.Get(l.ID); !got.Done || got.Step != 2 || got.Summary(l) != "done, score 0/4" {
		t.Errorf("reloaded %+v", got)
	}
	if got := again.Get("unknown").Summary(l); got != "" {
		t.Errorf("an unstarted lesson's summary is %q", got)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("the folder holds %d files; the temporary file was left behind", len(entries))
	}

	// A corrupt file is set aside, with a notice, never an error.
	if err := os.WriteFile(path, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(bad.Notice(), "moved to") || bad.Get(l.ID).Done {
		t.Errorf("corrupt file: notice %q, progress %+v", bad.Notice(), bad.Get(l.ID))
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("the corrupt file is still in place")
	}
	if err := bad.Save(); err != nil {
		t.Fatal(err)
	}
	matches, _ := filepath.Glob(path + ".corrupt-*")
	if len(matches) != 1 {
		t.Errorf("corrupt copies: %v", matches)
	}
}

func TestOpenResolvesNumbersIDsAndFiles(t *testing.T) {
	if l, err := Open("3"); err != nil || l.Number != 3 {
		t.Errorf("Open(3) = %v, %v", l, err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "mine.md")
	src := "+++\ntitle = \"Mine\"\nsummary = \"A teacher's lesson\"\n+++\n+++ step\ntitle = \"One\"\nscenario = \"breaker-timeline\"\npause = \"breaker opens\"\n+++\nIt opens at {{opens step}}.\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := Open(path)
	if err != nil || l.ID != "mine" || l.File != path {
		t.Fatalf("Open(%s) = %+v, %v", path, l, err)
	}
	if _, err := Open(filepath.Join(dir, "missing.md")); err == nil || errors.Is(err, ErrInvalid) {
		t.Errorf("a missing file: %v (want a read error, not ErrInvalid)", err)
	}
}

func BenchmarkPrepareAll(b *testing.B) {
	all, err := All()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		lab := NewLab()
		for _, l := range all {
			if _, err := Prepare(l, lab); err != nil {
				b.Fatal(err)
			}
		}
	}
}
