package challenge

import (
	"errors"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// builtinCopy parses built-in level file name (14-shed-priority.toml) as
// it is embedded, with edit applied to its text: a level made wrong on
// purpose, which loads as the built-ins do (their claims not run).
func builtinCopy(t *testing.T, name string, edit func(string) string) *Challenge {
	t.Helper()
	data, err := content.ReadFile("content/" + name)
	if err != nil {
		t.Fatal(err)
	}
	edited := edit(string(data))
	if edited == string(data) {
		t.Fatalf("the edit left %s as it was", name)
	}
	c, err := Parse(name, []byte(edited), func(rel string) ([]byte, error) { return content.ReadFile("content/" + rel) })
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// shows reports whether the explanation of design s tells the why that
// starts with prefix ("default: longest wait = ").
func shows(t *testing.T, c *Challenge, s Setting, prefix string) (bool, []string) {
	t.Helper()
	r, err := c.Grade(s)
	if err != nil {
		t.Fatal(err)
	}
	whys := c.ExplainResult(s, r)
	for _, w := range whys {
		if strings.HasPrefix(w, prefix) {
			return true, whys
		}
	}
	return false, whys
}

// Level 14's why of a long default bound says a checkout finds the queue
// full and is turned away "however long its own bound": true at the start
// (no class is shed), false once the critical bound is lowered to where it
// sheds checkouts itself. Its claim keeps it to the designs it is true of.
func TestShedPriorityQueueWhyOnlyWhereTrue(t *testing.T) {
	c, err := Lookup("shed-priority")
	if err != nil {
		t.Fatal(err)
	}
	const why = "default: longest wait = "
	if ok, whys := shows(t, c, c.Start(), why); !ok {
		t.Errorf("the start should be told the full queue turns checkouts away: %q", whys)
	}
	g, err := parseGoal("shed-class critical > 0", false)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []Setting{
		// The critical bound lowered, the default under it as it must
		// be: checkouts are shed by their own bound.
		{"shed.max_wait.critical": "200ms", "shed.max_wait.default": "150ms", "shed.max_wait.sheddable": "50ms"},
		{"shed.max_wait.critical": "150ms", "shed.max_wait.default": "150ms", "shed.max_wait.sheddable": "100ms"},
	} {
		full := c.Start()
		for k, v := range s {
			full[k] = v
		}
		sc, fl, err := c.build(full)
		if err != nil {
			t.Fatal(err)
		}
		shed, err := (&runsOf{c: c, sc: sc, fl: fl}).grade(&g)
		if err != nil {
			t.Fatal(err)
		}
		if !shed.Pass {
			t.Fatalf("%v: the premise fails, no checkout shed by its bound on some seed (%s)", s, shed.Shown())
		}
		if ok, whys := shows(t, c, full, why); ok {
			t.Errorf("%v sheds checkouts by their bound, yet is told they are turned away however long it is: %q", s, whys)
		}
	}
	// Where no checkout is shed and checkouts still fall short, it is told.
	s := c.Start()
	s["shed.max_wait.critical"], s["shed.max_wait.default"], s["shed.max_wait.sheddable"] = "400ms", "250ms", "50ms"
	if ok, whys := shows(t, c, s, why); !ok {
		t.Errorf("%v sheds no checkout and misses them: the why should be told: %q", s, whys)
	}
}

// CheckTexts, which `challenges --check` runs on every level, finds a
// brief's claim and a why's claim made false in an edited copy of a
// built-in level, naming each with the seed and the engine's value.
func TestCheckTextsFindsAFalseClaim(t *testing.T) {
	c, err := Lookup("shed-priority")
	if err != nil {
		t.Fatal(err)
	}
	tc, err := c.CheckTexts()
	if err != nil || len(tc.False) > 0 || tc.Claims != len(c.Claims)+1 || tc.Placeholders == 0 {
		t.Fatalf("the level as built: %+v, %v; want no false claim, its brief's claims and its told why's, placeholders", tc, err)
	}
	for _, tt := range []struct{ name, from, to, want string }{
		{"the brief's", `expect = "share checkout rejected >= 30%"`, `expect = "share checkout rejected >= 90%"`,
			`the brief claims "share checkout rejected >= 90%" (5–15 s) of the start, but on seed 3 the engine gives 35.4%`},
		{"a why's", `claims = ["shed-class critical == 0"]`, `claims = ["shed-class critical >= 1"]`,
			`the why the start is told of default: longest wait = 500 ms claims "shed-class critical >= 1", but on seed 1 the engine gives 0`},
	} {
		bad := builtinCopy(t, "14-shed-priority.toml", func(s string) string { return strings.Replace(s, tt.from, tt.to, 1) })
		tc, err := bad.CheckTexts()
		if err != nil {
			t.Fatal(err)
		}
		if len(tc.False) != 1 || !strings.Contains(tc.False[0], tt.want) {
			t.Errorf("%s claim made false: %q, want one naming %q", tt.name, tc.False, tt.want)
		}
	}
}

// A why's claim is read as a goal is, on its own line: one that names no
// metric, or can never hold, refuses the file with its field.
func TestABadWhyClaimIsRefused(t *testing.T) {
	racefree.Only(t) // parses a file, no goroutine
	file := func(claim string) string {
		return "title = \"T\"\nscenario = \"s.toml\"\n\n[[knobs]]\npath = \"db.timeout\"\nmin = \"100ms\"\nmax = \"5s\"\nstep = \"100ms\"\n\n[[knobs.why]]\nmin = \"2s\"\ntext = \"too long\"\nclaims = [" + claim + "]\n\n[[goals]]\nexpect = \"share web ok >= 99%\"\n\n[par]\nchanges = 1\n"
	}
	c, err := Parse("good.toml", []byte(file(`"share web ok < 100%"`)), whyScenario)
	if err != nil {
		t.Fatalf("the good file does not parse: %v", err)
	}
	if got := c.Knobs[0].Ranges[0].Claims; len(got) != 1 || got[0].Text != "share web ok < 100%" {
		t.Errorf("the why's claims: %+v", got)
	}
	for claim, want := range map[string]string{
		`"share web ok < 100%", ""`: `c.toml:13: knobs[1].why[1].claims[2]: a claim is "METRIC ARGS OP VALUE"`,
		`"share web happy >= 1%"`:   `c.toml:13: knobs[1].why[1].claims[1]: "happy" is not an outcome`,
		`"share web ok >= 101%"`:    `c.toml:13: knobs[1].why[1].claims[1]: "share web ok >= 101%" can never hold`,
	} {
		_, err := Parse("c.toml", []byte(file(claim)), whyScenario)
		if err == nil || !strings.HasPrefix(err.Error(), want) || !errors.Is(err, ErrInvalid) {
			t.Errorf("claims = [%s]: got %v\nwant %s...", claim, err, want)
		}
	}
}
