package lessons

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// Messages that help a lesson's author past a slip: each names the line
// and field, and says what exists or what to do.
func TestAuthorSlipsGetHints(t *testing.T) {
	head := "+++\ntitle = \"T\"\nsummary = \"S\"\n+++\n\n"
	cases := []struct {
		name, text string
		want       []string
	}{
		{"misspelled dependency in pause",
			head + "+++ step\ntitle = \"a\"\nscenario = \"checkout\"\nvariant = 3\npause = \"paymnt opens\"\n+++\n",
			[]string{"x.md:10: pause: ", `no dependency "paymnt"`, `did you mean "payment"?`, "its dependencies: payment"}},
		{"pause on a dependency without a breaker",
			head + "+++ step\ntitle = \"a\"\nscenario = \"checkout\"\nvariant = 0\npause = \"payment opens\"\n+++\n",
			[]string{"x.md:10: pause: ", `"payment" has no breaker`}},
		{"step key after [set]",
			head + "+++ step\ntitle = \"a\"\nscenario = \"cascade\"\n[set]\nrecommendations.timeout = \"1s\"\npause = \"12s\"\n+++\n",
			[]string{"x.md:11: set.pause: ", "pause is a key of the step", "after the [set] header", "move it above [set]"}},
		{"step key after [predict]",
			head + "+++ step\ntitle = \"a\"\nscenario = \"cascade\"\n[predict]\nprompt = \"p\"\nanswer = 3\npanes = [\"pool\"]\n+++\n",
			[]string{"x.md:12: predict.panes: ", "after the [predict] header", "move it above [predict]"}},
		{"misspelled metric in a placeholder",
			head + "+++ step\ntitle = \"a\"\n+++\nOpens at {{opnes cascade/2}}.\n",
			[]string{"x.md:9: text: placeholder {{opnes cascade/2}}: ", `unknown metric "opnes": did you mean "opens"?`}},
		{"misspelled format in a placeholder",
			head + "+++ step\ntitle = \"a\"\n+++\n{{share cascade/0 search ok | pct1}}\n",
			[]string{"x.md:9: text: ", `did you mean "pct"?`}},
		{"misspelled scenario in a placeholder",
			head + "+++ step\ntitle = \"a\"\n+++\n{{share cascde/0 search ok}}\n",
			[]string{"x.md:9: text: ", `did you mean "cascade"?`}},
		{"misspelled question key",
			head + "+++ step\ntitle = \"a\"\n[question]\nprompt = \"p\"\nanwser = 3\n+++\n",
			[]string{"x.md:10: question.anwser: unknown key", `did you mean "answer"?`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("x.md", []byte(c.text))
			if err == nil {
				t.Fatalf("accepted; want %q", c.want)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("error does not wrap ErrInvalid: %v", err)
			}
			if !strings.HasPrefix(err.Error(), c.want[0]) {
				t.Errorf("error\n  %v\nwant it to start with\n  %s", err, c.want[0])
			}
			for _, w := range c.want[1:] {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error\n  %v\nwant it to contain\n  %s", err, w)
				}
			}
		})
	}
}

// A unit on an answer that prints its own ("24 s", "41 %") is refused, at
// the unit's line, instead of printing "24 s s".
func TestUnitOnADurationAnswerIsRefused(t *testing.T) {
	src := "+++\ntitle = \"T\"\nsummary = \"S\"\n+++\n+++ step\ntitle = \"a\"\nscenario = \"breaker-timeline\"\n[predict]\nprompt = \"When?\"\nanswer = \"opens step\"\nunit = \"s\"\n+++\nText.\n"
	l, err := Parse("u.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Prepare(l, testLab)
	if err == nil || !strings.HasPrefix(err.Error(), "u.md:11: predict.unit: ") || !strings.Contains(err.Error(), "would print twice") {
		t.Fatalf("Prepare: %v", err)
	}
	// A unit on a plain number stays allowed.
	ok := strings.Replace(src, `answer = "opens step"`, `answer = 24`, 1)
	if l, err = Parse("u.md", []byte(ok)); err != nil {
		t.Fatal(err)
	}
	if p, err := Prepare(l, testLab); err != nil || p.Steps[0].Predict.AnswerText != "24" {
		t.Fatalf("Prepare: %v", err)
	}
}

// A claim of equality holds at the precision the lesson prints: the engine
// computes the opening as 1.574970556 s and the text says 1.575 s, so
// "== 1.575s" holds. An ordering that fails where both sides print alike
// prints every digit, so the two sides differ on screen.
func TestDurationClaimsCompareAtThePrintedPrecision(t *testing.T) {
	run := func(claim string) error {
		t.Helper()
		src := "+++\ntitle = \"T\"\nsummary = \"S\"\n+++\n+++ step\ntitle = \"a\"\nscenario = \"checkout\"\nvariant = 3\nexpect = [\"" + claim + "\"]\n+++\nOpens at {{opens step}}.\n"
		l, err := Parse("d.md", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		p, err := Prepare(l, testLab)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(p.Steps[0].Text, "1.575 s") {
			t.Fatalf("text %q: the run changed; pick another time", p.Steps[0].Text)
		}
		return p.Verify()
	}
	for _, ok := range []string{"opens step == 1.575s", "opens step != 1.576s", "opens step < 1.575s"} {
		if err := run(ok); err != nil {
			t.Errorf("%s fails: %v", ok, err)
		}
	}
	for _, bad := range []string{"opens step == 1.576s", "opens step != 1.575s"} {
		if err := run(bad); err == nil {
			t.Errorf("%s holds", bad)
		}
	}
	err := run("opens step >= 1.575s")
	if err == nil {
		t.Fatal("opens step >= 1.575s holds, though the engine says 1.574970556 s")
	}
	if !strings.Contains(err.Error(), "the run gives 1.574970556s (1.575 s) against 1.575s (1.575 s)") || !strings.Contains(err.Error(), "differ past the digits") {
		t.Errorf("the message does not tell the sides apart: %v", err)
	}
}

func TestDidYouMean(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{{"paymnt", "payment"}, {"opnes", "opens"}, {"pct1", "pct"}, {"xyzzy", ""}, {"int", "int"}} {
		if got := didYouMean(c.got, []string{"payment", "opens", "pct", "pct0", "int"}); got != c.want {
			t.Errorf("didYouMean(%q) = %q, want %q", c.got, got, c.want)
		}
	}
}

// A teacher's lesson names a teacher's scenario file by its path from the
// lesson file's folder; its runs fill the numbers as a built-in's do.
func TestLessonNamesAScenarioFile(t *testing.T) {
	dir := t.TempDir()
	b, ok := scenarios.Lookup("breaker-timeline")
	if !ok {
		t.Fatal("no breaker-timeline")
	}
	data, err := scenariofile.Dump(b.Build())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "scenarios"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "scenarios", "mine.toml"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	lesson := filepath.Join(dir, "my-lesson.md")
	src := "+++\ntitle = \"T\"\nsummary = \"S\"\n+++\n+++ step\ntitle = \"a\"\nscenario = \"scenarios/mine.toml\"\npause = \"breaker opens\"\nexpect = [\"opens step == 24s\"]\n+++\nOpens at {{opens step}}.\n"
	l, err := Parse(lesson, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(l, NewLab())
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Verify(); err != nil {
		t.Error(err)
	}
	if got := p.Steps[0].Text; got != "Opens at 24 s." {
		t.Errorf("text %q", got)
	}
	// A path that is not there names the line, the field and the folder.
	_, err = Parse(lesson, []byte(strings.Replace(src, "mine.toml", "nope.toml", 1)))
	if err == nil || !strings.HasPrefix(err.Error(), lesson+":7: scenario: cannot read the scenario file") || !strings.Contains(err.Error(), dir) {
		t.Errorf("missing file: %v", err)
	}
	// A broken file says so.
	if err := os.WriteFile(filepath.Join(dir, "bad.toml"), []byte("duration = \"soon\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Parse(lesson, []byte(strings.Replace(src, "scenarios/mine.toml", "bad.toml", 1)))
	if err == nil || !strings.HasPrefix(err.Error(), lesson+":7: scenario: the scenario file is not valid") {
		t.Errorf("bad file: %v", err)
	}
}
