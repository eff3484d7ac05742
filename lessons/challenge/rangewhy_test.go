package challenge

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The naive fix a level is about is a number turned too far: a learner
// who gives level 1 the longest timeout, or level 4 a busy service's
// minimum of calls, read only the goal's figure, with nothing naming the
// misconception. Each such design now shows its knob's why, and the
// opposite mistake (a timeout short of the slowest healthy calls, a minimum of a
// handful) its own.
func TestNumericKnobsNameTheMisconception(t *testing.T) {
	racefree.Only(t) // grading runs the engine in this goroutine, no other
	for _, tc := range []struct {
		id   string
		s    Setting
		want string // the why's first words, after "label = value: "
	}{
		{"timeout-pool", Setting{"recommendations.timeout": "10s"}, "A timeout sized to wait out the dependency"},
		{"timeout-pool", Setting{"recommendations.timeout": "2.6s"}, "A timeout sized to wait out the dependency"},
		{"timeout-pool", Setting{"recommendations.timeout": "100ms"}, "A timeout shorter than the slowest healthy calls"},
		{"quiet-breaker", Setting{"ledger.breaker.min_calls": int64(20)}, "A breaker judges nothing until its minimum"},
		{"quiet-breaker", Setting{"ledger.breaker.min_calls": int64(1)}, "Too few calls to judge by"},
		{"budget-permits", with(referenceSettings["budget-permits"], searchPermits, int64(30)), "A semaphore larger than its endpoint's rate"},
		{"budget-permits", permitsDesign(10, 12, 8, "5s"), "A permit wait of seconds"},
	} {
		c := lookup(t, tc.id)
		s := c.Start()
		for k, v := range tc.s {
			s[k] = v
		}
		r, err := gradeOnce(c, s)
		if err != nil {
			t.Fatal(err)
		}
		// The knob whose why is looked for: the one the design moves
		// from the reference (or the start), the first if several.
		var k *Knob
		for i := range c.Knobs {
			if v, ok := tc.s[c.Knobs[i].Path]; ok && k == nil && FormatValue(v) != FormatValue(referenceSettings[tc.id][c.Knobs[i].Path]) {
				k = &c.Knobs[i]
			}
		}
		prefix := k.Label + " = " + k.Format(s[k.Path]) + ": " + tc.want
		whys := c.ExplainResult(s, r)
		found := 0
		for _, w := range whys {
			if strings.Contains(w, ": "+tc.want) {
				found++
			}
		}
		if found != 1 || !slices.ContainsFunc(whys, func(w string) bool { return strings.HasPrefix(w, prefix) }) {
			t.Errorf("%s at %v: the whys %q\nlack %q, or tell it more than once", tc.id, tc.s, whys, prefix)
		}
	}
	// The reference solution passes, and a why never speaks over a pass.
	c := lookup(t, "timeout-pool")
	s := c.Start()
	s["recommendations.timeout"] = "700ms"
	if r, err := gradeOnce(c, s); err != nil || !r.Pass || len(c.ExplainResult(s, r)) != 0 {
		t.Errorf("700ms: %v, whys %q", err, c.ExplainResult(s, r))
	}
}

// A numeric knob's why is refused, naming its line and what is allowed,
// when it gives no range, a range outside the knob's, one that overlaps
// another why's, or a choice; and a choice knob's why with min or max.
func TestRangeWhyRefusals(t *testing.T) {
	racefree.Only(t) // parses a file, no goroutine
	open := whyScenario
	file := func(whys string) string {
		return "title = \"T\"\nscenario = \"s.toml\"\n\n[[knobs]]\npath = \"db.timeout\"\nmin = \"100ms\"\nmax = \"5s\"\nstep = \"100ms\"\n" + whys +
			"\n[[knobs]]\npath = \"db.retry.budget\"\nchoices = [\"none\", \"token-bucket\"]\n\n[[goals]]\nexpect = \"share web ok >= 99%\"\nlabel = \"pages answered\"\n\n[par]\nchanges = 1\n"
	}
	c, err := Parse("good.toml", []byte(file("\n[[knobs.why]]\nmin = \"2s\"\ntext = \"too long\"\ngoals = [\"pages answered\"]\n\n[[knobs.why]]\nmax = \"200ms\"\ntext = \"too short\"\n")), open)
	if err != nil {
		t.Fatalf("the good file does not parse: %v", err)
	}
	k := &c.Knobs[0]
	for v, want := range map[string]string{"5s": "too long", "2s": "too long", "100ms": "too short", "200ms": "too short", "1s": ""} {
		if got, _, _ := k.WhyOf(v); got != want {
			t.Errorf("the why of %s: %q, want %q", v, got, want)
		}
	}
	for _, tc := range []struct{ whys, want string }{
		{"\n[[knobs.why]]\ntext = \"no range\"\n", `c.toml:10: knobs[1].why[1].min: a why of db.timeout needs min or above, max or below, or one of each: the values it speaks of, within 100 ms to 5 s`},
		{"\n[[knobs.why]]\nmin = \"9s\"\ntext = \"far\"\n", `c.toml:11: knobs[1].why[1].min: 9 s is outside the knob's range, 100 ms to 5 s`},
		{"\n[[knobs.why]]\nmin = \"2s\"\nmax = \"1s\"\ntext = \"upside down\"\n", `c.toml:12: knobs[1].why[1].max: max must be at least min (2 s), got 1 s`},
		{"\n[[knobs.why]]\nmin = \"2s\"\n", `c.toml:10: knobs[1].why[1].text: a why needs text = "...": what these values get wrong`},
		{"\n[[knobs.why]]\nmin = \"2s\"\ntext = \"a\"\n\n[[knobs.why]]\nmin = \"1s\"\nmax = \"2s\"\ntext = \"b\"\n", `c.toml:14: knobs[1].why[2].min: the values from 1 s to 2 s overlap another why's, from 2 s to 5 s: give each value one why`},
		{"\n[[knobs.why]]\nmin = \"2s\"\ntext = \"a\"\ngoals = [\"pages served\"]\n", `c.toml:13: knobs[1].why[1].goals: the why of db.timeout from 2 s to 5 s names "pages served", which is not a goal's label; the goals are: "pages answered"`},
		{"\n[[knobs.why]]\nchoice = \"5s\"\ntext = \"a\"\n", `c.toml:10: knobs[1].why[1].choice: db.timeout takes min, max and step, not choices: its why gives min, max or both, the values it speaks of`},
	} {
		_, err := Parse("c.toml", []byte(file(tc.whys)), open)
		if err == nil || err.Error() != tc.want || !errors.Is(err, ErrInvalid) {
			t.Errorf("%q:\ngot  %v\nwant %s", tc.whys, err, tc.want)
		}
	}
	choiceWhy := strings.Replace(file(""), "choices = [\"none\", \"token-bucket\"]\n", "choices = [\"none\", \"token-bucket\"]\n\n[[knobs.why]]\nchoice = \"none\"\nmax = 3\ntext = \"no cap\"\n", 1)
	want := `c.toml:16: knobs[2].why[1].max: db.retry.budget takes choices: its why names one with choice = ..., not min and max`
	if _, err := Parse("c.toml", []byte(choiceWhy), open); err == nil || err.Error() != want {
		t.Errorf("a choice's why with max:\ngot  %v\nwant %s", err, want)
	}
}

// A why quotes the scenario as a brief does: its text's placeholders are
// filled when the file is loaded, its min and max may be a placeholder (a
// goal's bound the scenario gives), a placeholder that cannot be filled is
// refused on its line, and a number the text types by hand is listed by
// UncheckedTexts, which `challenges --check` refuses.
func TestWhysTakePlaceholders(t *testing.T) {
	racefree.Only(t) // parses a file, no goroutine
	file := func(rangeWhy, choiceWhy string) string {
		return "title = \"T\"\nscenario = \"s.toml\"\n\n[[knobs]]\npath = \"db.timeout\"\nmin = \"100ms\"\nmax = \"5s\"\nstep = \"100ms\"\n\n[[knobs.why]]\nmin = \"{{param db.timeout}}\"\ntext = \"\"\"" + rangeWhy + "\"\"\"\ngoals = [\"pages answered\"]\n" +
			"\n[[knobs]]\npath = \"db.retry.budget\"\nchoices = [\"none\", \"token-bucket\"]\n\n[[knobs.why]]\nchoice = \"none\"\ntext = \"" + choiceWhy + "\"\ngoals = [\"pages answered\"]\n\n[[goals]]\nexpect = \"share web ok >= 99%\"\nlabel = \"pages answered\"\n\n[par]\nchanges = 1\n"
	}
	c, err := Parse("good.toml", []byte(file("At {{param web.rate}} calls a second\na timeout of {{param db.timeout}} holds {{little web timeout}} workers.", "Every failure of the {{param web.rate}} a second is tried again.")), whyScenario)
	if err != nil {
		t.Fatalf("the file does not parse: %v", err)
	}
	w := c.Knobs[0].Ranges[0]
	if w.Min != 1 || w.Text != "At 10 calls a second a timeout of 1 s holds 10 workers." || !strings.HasPrefix(w.Source, "At {{param web.rate}} calls") {
		t.Errorf("the range why: min %v, text %q, source %q", w.Min, w.Text, w.Source)
	}
	if got, _, _ := c.Knobs[1].WhyOf("none"); got != "Every failure of the 10 a second is tried again." {
		t.Errorf("the choice's why: %q", got)
	}
	if u := c.UncheckedTexts(); len(u) != 0 {
		t.Errorf("placeholders alone, yet unchecked: %v", u)
	}

	typed, err := Parse("typed.toml", []byte(file("At 10 calls a second a timeout holds {{little web timeout}} workers.", "Every failure of the 10 a second is tried again.")), whyScenario)
	if err != nil {
		t.Fatal(err)
	}
	want := []Unchecked{
		{Where: "the why of db.retry.budget = none", Numbers: []string{"10"}},
		{Where: "the why of db.timeout from 1 s to 5 s", Numbers: []string{"10"}},
	}
	got := typed.UncheckedTexts()
	slices.SortFunc(got, func(a, b Unchecked) int { return strings.Compare(a.Where, b.Where) })
	if len(got) != len(want) || got[0].Where != want[0].Where || got[1].Where != want[1].Where || !slices.Equal(got[0].Numbers, want[0].Numbers) || !slices.Equal(got[1].Numbers, want[1].Numbers) {
		t.Errorf("typed numbers: %v, want %v", got, want)
	}

	for _, tc := range []struct{ rangeWhy, choiceWhy, want string }{
		{"at {{param web.colour}}", "x", "c.toml:12: knobs[1].why[1].text: placeholder {{param web.colour}}"},
		{"first line\nthen {{param db.colour}}", "x", "c.toml:13: knobs[1].why[1].text: placeholder {{param db.colour}}"},
		{"x", "{{nonesuch}}", "c.toml:21: knobs[2].why[1].text: placeholder {{nonesuch}}"},
	} {
		_, err := Parse("c.toml", []byte(file(tc.rangeWhy, tc.choiceWhy)), whyScenario)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) || !errors.Is(err, ErrInvalid) {
			t.Errorf("%q / %q:\ngot  %v\nwant %s...", tc.rangeWhy, tc.choiceWhy, err, tc.want)
		}
	}
	bad := strings.Replace(file("x", "y"), "{{param db.timeout}}", "{{param web.rate}}", 1)
	if _, err := Parse("c.toml", []byte(bad), whyScenario); err == nil || !strings.HasPrefix(err.Error(), "c.toml:11: knobs[1].why[1].min: ") {
		t.Errorf("a min that fills to a rate, not a duration: %v", err)
	}
}
