package challenge

import (
	"regexp"
	"strings"
	"testing"

	toml "github.com/pelletier/go-toml/v2"
)

// A reviewer's findings on the challenges' content and grader: a level
// that paid three stars for cutting off the calls its brief protects, a
// --start header whose values were not TOML, messages in the grader's
// jargon, a bulkhead of 0 not read as none, a design handed to the wrong
// level, a brief's figures that were not the last level's, and a bulkhead
// larger than its pool refused in the engine's words.

// timeout-pool's brief forbids cutting off the healthy recommendations: a
// goal counts those that fail before the hang starts, in a window that
// ends where the scenario's hang begins, and 400 ms, at their p99, misses
// it.
func TestTimeoutPoolCutsOffNoHealthyCall(t *testing.T) {
	c, err := Lookup("timeout-pool")
	if err != nil {
		t.Fatal(err)
	}
	hang := c.Scenario.Variants[0].System.Dependencies[1].Faults[0]
	var healthy *Goal
	for i := range c.Goals {
		g := &c.Goals[i]
		if g.Metric == "count" && strings.Join(g.Args, " ") == "recommendations failed" && g.Op == "<=" && g.Want.F == 0 {
			healthy = g
		}
	}
	if healthy == nil {
		t.Fatal("no goal holds the healthy recommendations to no failure")
	}
	if healthy.Window == nil || healthy.Window[0] != 0 || healthy.Window[1] != hang.From {
		t.Errorf("the healthy calls' goal measures %s, want from the start to the hang's start (%v)", healthy.WindowText(), hang.From)
	}
	failsGoal(t, c, "400 ms", Setting{"recommendations.timeout": "400ms"}, healthy.Label)
}

// headerKnobLine is a knob's line in --start's header: its label, then the
// key and value as the file writes them, then where.
var headerKnobLine = regexp.MustCompile(`(?m)^#   (.+): (\S+) = (.+) in (.+)$`)

// Every knob in every built-in's --start header is written as TOML: its
// value and each choice can be copied into the file, and the key is named
// with the part of the file that holds it. The goals are in words, as the
// goals panel writes them, never as the file's expect.
func TestStartHeaderWritesTOML(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		h := c.StartHeader("")
		lines := headerKnobLine.FindAllStringSubmatch(h, -1)
		if len(lines) != len(c.Knobs) {
			t.Errorf("%s: %d knob lines in the header, want %d:\n%s", c.ID, len(lines), len(c.Knobs), h)
			continue
		}
		for i, m := range lines {
			k := c.Knobs[i]
			if m[1] != k.Label {
				t.Errorf("%s: knob line %d is %q's, want %q's", c.ID, i+1, m[1], k.Label)
			}
			var v map[string]any
			if err := toml.Unmarshal([]byte(m[2]+" = "+m[3]), &v); err != nil {
				t.Errorf("%s: %q is not TOML: %v", c.ID, m[0], err)
			}
			if m[4] == "" || strings.HasPrefix(m[4], "the top") {
				t.Errorf("%s: %q does not say which part of the file holds it", c.ID, m[0])
			}
			if k.Kind == KnobChoice {
				for _, ch := range k.Choices {
					if !strings.Contains(h, TOMLValue(ch)) {
						t.Errorf("%s: the choice %s is not in the header as TOML", c.ID, TOMLValue(ch))
					}
				}
			}
		}
		for _, g := range c.Goals {
			if strings.Contains(h, g.Text) && g.Label != g.Written() {
				t.Errorf("%s: the header writes the goal as the file does (%q), not in words (%q)", c.ID, g.Text, g.Label)
			}
			if !strings.Contains(h, "#   "+LabelWithWindow(g.Label, &g)+" "+g.WantText()+"\n") {
				t.Errorf("%s: the header does not give the goal %q as the panel does", c.ID, g.Label)
			}
		}
	}
}

// The reviewer's case: layer-order's header gives the order and the
// fallback so that a design written from it reads. The order is copied
// from the header's choices; the fallback, which the start leaves out, is
// added as the header says it is written.
func TestLayerOrderDesignFromItsHeader(t *testing.T) {
	c, err := Lookup("layer-order")
	if err != nil {
		t.Fatal(err)
	}
	h := c.StartHeader("")
	for _, want := range []string{
		`#   order (outermost first): policy.order = ["breaker", "retry", "timeout", "bulkhead"] in dependency "inventory"`,
		`["retry", "breaker", "timeout", "bulkhead"]`,
		`#   what answers a refused order: policy.fallback = "none" in dependency "inventory"`,
		`at "none" the file leaves it out; to set "fail-fast", add fallback = "fail-fast" under [system.dependencies.policy]`,
	} {
		if !strings.Contains(h, want) {
			t.Errorf("the header does not say %s:\n%s", want, h)
		}
	}
	if strings.Contains(h, "[breaker retry") || strings.Contains(h, "= none") {
		t.Errorf("the header writes a value that is not TOML:\n%s", h)
	}
	start, err := c.StartFile()
	if err != nil {
		t.Fatal(err)
	}
	file := h + string(start)
	file = strings.Replace(file, "\norder = [\"breaker\", \"retry\", \"timeout\", \"bulkhead\"]", "\norder = [\"retry\", \"breaker\", \"timeout\", \"bulkhead\"]", 1)
	file = strings.Replace(file, "\n[system.dependencies.policy]\n", "\n[system.dependencies.policy]\nfallback = \"fail-fast\"\n", 1)
	_, s, err := c.Check("mine.toml", []byte(file))
	if err != nil {
		t.Fatalf("a design edited as the header says: %v", err)
	}
	if FormatValue(s["inventory.order"]) != "[retry breaker timeout bulkhead]" || s["inventory.fallback"] != "fail-fast" {
		t.Errorf("read back as %v", s)
	}
}

// A design that changes what is not a knob is told the key, its old and
// new values and the knobs that may change, in words: no Go-quoted line,
// no `scenarios --dump`.
func TestChangedMoreThanTheKnobsInWords(t *testing.T) {
	c, err := Lookup("layer-order")
	if err != nil {
		t.Fatal(err)
	}
	start, err := c.StartFile()
	if err != nil {
		t.Fatal(err)
	}
	file := strings.Replace(string(start), `timeout = "300ms"`, `timeout = "200ms"`, 1)
	_, _, err = c.Check("mine.toml", []byte(file))
	want := `mine.toml: timeout in dependency "inventory" changed from 300ms to 200ms; only policy.order and policy.fallback of dependency "inventory" may change`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// A wrong choice's why reads "label = value:", not the label and the value
// run together ("what answers a refused order none:").
func TestWhyKeepsLabelAndValueApart(t *testing.T) {
	c, err := Lookup("layer-order")
	if err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, why := range c.Explain(c.Start()) {
		if strings.HasPrefix(why, "what answers a refused order") {
			found = true
			if !strings.HasPrefix(why, "what answers a refused order = none: ") {
				t.Errorf("why reads %q", why)
			}
		}
	}
	if !found {
		t.Fatal("the start's fallback has no why")
	}
}

// A bulkhead of 0 is no bulkhead (SCHEMA.md), as a timeout of 0 is none:
// the knob shows it so, and typing none, or enter on what it shows, sets it.
func TestBulkheadZeroIsNone(t *testing.T) {
	c, err := Lookup("bulkhead-20")
	if err != nil {
		t.Fatal(err)
	}
	k := c.Knobs[0]
	if got := k.Format(c.Start()[k.Path]); got != "0 (not set)" {
		t.Errorf("the start shows %q", got)
	}
	if got := k.Range(); got != "0 (not set) to 34" {
		t.Errorf("range %q", got)
	}
	for _, text := range []string{"none", "0 (not set)", "0 (none)", "0"} {
		if v, err := k.Parse(text); err != nil || FormatValue(v) != "0" {
			t.Errorf("%q: %v %v, want 0", text, v, err)
		}
	}
	if v, err := k.Parse("22"); err != nil || k.Format(v) != "22" {
		t.Errorf("22: %v %v", v, err)
	}
	timeout := Knob{Path: "payment.timeout", Label: "timeout", Kind: KnobDuration, Min: 0, Max: 10, Step: 0.1}
	if v, err := timeout.Parse("0s (not set)"); err != nil || FormatValue(v) != "0s" {
		t.Errorf("enter on a zero timeout as shown: %v %v", v, err)
	}
}

// A design written for another level is told which, and how to check it
// there: by --start's header, or by the scenario's name the file keeps
// (the reference solutions have no such header).
func TestDesignForAnotherLevel(t *testing.T) {
	two, err := Lookup("bulkhead-20")
	if err != nil {
		t.Fatal(err)
	}
	three, err := Lookup("bulkhead-40")
	if err != nil {
		t.Fatal(err)
	}
	start, err := three.StartFile()
	if err != nil {
		t.Fatal(err)
	}
	ref, err := Solution(three)
	if err != nil {
		t.Fatal(err)
	}
	want := "this design is for challenge 3 (bulkhead-40), not bulkhead-20: check it with `breakerlab challenge 3 --check b40.toml`"
	for name, file := range map[string][]byte{"--start": append([]byte(three.StartHeader("")), start...), "the reference": ref} {
		_, _, err := two.Check("b40.toml", file)
		if err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("%s of bulkhead-40 checked as bulkhead-20: %v\nwant %s", name, err, want)
		}
	}
	// Its own level reads it.
	if _, _, err := three.Check("b40.toml", ref); err != nil {
		t.Errorf("bulkhead-40's reference on its own level: %v", err)
	}
}

// bulkhead-40's brief says its start is the last level's service with the
// bulkhead that served it best, at twice the rate: its scenario is
// bulkhead-20's reference solution with the recommendations rate doubled,
// and nothing else.
func TestBulkhead40StartsFromBulkhead20(t *testing.T) {
	two, err := Lookup("bulkhead-20")
	if err != nil {
		t.Fatal(err)
	}
	three, err := Lookup("bulkhead-40")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(three.BriefSource, "the bulkhead of\n{{param recommendations.bulkhead}} that served it best") || !strings.Contains(three.BriefSource, "twice as many") {
		t.Fatalf("the brief no longer makes the claims this test checks:\n%s", three.BriefSource)
	}
	ref, err := two.ReferenceSetting()
	if err != nil {
		t.Fatal(err)
	}
	if r, err := gradeOnce(two, ref); err != nil || r.Stars != 3 {
		t.Fatalf("bulkhead-20's reference is not its best: %v %v", r, err)
	}
	sc, err := two.ScenarioFor(ref)
	if err != nil {
		t.Fatal(err)
	}
	rate, err := readKnob(sc, "recommendations.rate")
	if err != nil {
		t.Fatal(err)
	}
	if err := setKnob(sc, "recommendations.rate", 2*rate.(float64)); err != nil {
		t.Fatal(err)
	}
	if err := sameDesign("bulkhead-40", three.Scenario, sc, three); err != nil {
		t.Errorf("bulkhead-40's start is not bulkhead-20's reference at twice the rate: %v", err)
	}
}

// A bulkhead larger than the pool is refused in the learner's words: the
// range the workers leave it and the knob that widens it, without the
// engine's variant "default".
func TestBulkheadLargerThanThePool(t *testing.T) {
	c, err := Lookup("bulkhead-40")
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Grade(Setting{"recommendations.bulkhead": int64(60)})
	want := "recommendations bulkhead must be between 0 (not set) and 34, the workers of the pool it takes them from, got 60 (raise workers for more)"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	if _, err := c.Grade(Setting{"recommendations.bulkhead": int64(60), "workers": int64(60)}); err != nil {
		t.Errorf("a bulkhead of the whole pool: %v", err)
	}
	// Any other rule the engine holds a design to reads without the
	// variant the learner never named.
	s, err := Lookup("shed-priority")
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Grade(Setting{"shed.max_wait.critical": "50ms", "shed.max_wait.default": "1s"})
	if err == nil || strings.Contains(err.Error(), "variant") {
		t.Errorf("shedding defaults before criticals: %v", err)
	}
}
