package challenge

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/lessons"
)

// A design that moves a knob's key in the wrong part (the bulkhead on the
// partner's dependency, not search's) is told which part each knob that
// may change belongs to, as --start's header places it: "only bulkhead may
// change" would name the very key it moved. Every level whose knob's key
// another dependency also has is tried, by moving that key there.
func TestWrongPartRefusalNamesTheKnobsParts(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	tried := map[int]bool{}
	for _, c := range all {
		if c.Scenario == nil {
			continue
		}
		places := c.knobPlaces()
		for _, k := range c.Knobs {
			part, key, ok := lessons.SplitKnobName(k.Path)
			if !ok || strings.Contains(part, "/") {
				continue
			}
			for _, d := range c.Scenario.Variants[0].System.Dependencies {
				if d.Name == part || c.knobIndex(d.Name+"."+key) >= 0 {
					continue
				}
				file, ok := movedElsewhere(c, &k, d.Name+"."+key)
				if !ok {
					continue
				}
				_, _, err := c.Check("mine.toml", file)
				if err == nil {
					t.Errorf("%d: %s moved in %q is accepted", c.Number, key, d.Name)
					continue
				}
				msg := err.Error()
				_, only, found := strings.Cut(msg, "; only ")
				if !found {
					continue // refused for another reason (a range), not as a change
				}
				tried[c.Number] = true
				for _, p := range places {
					if !strings.Contains(only, p.key) || !strings.Contains(only, p.owner) {
						t.Errorf("%d: %s moved in %q: %s\nwant the knobs that may change named with their places (%s %s)", c.Number, key, d.Name, msg, p.key, p.owner)
					}
				}
			}
		}
	}
	// The levels the reviewer found it on, each with a dependency beside
	// the knob's that has the same key.
	for _, n := range []int{1, 2, 18} {
		if !tried[n] {
			t.Errorf("level %d: no design moved its knob's key into another dependency", n)
		}
	}
}

// Any change that is not a knob is refused with the knobs that may change
// named with their parts, on every level on a scenario.
func TestChangeRefusalNamesEveryKnobsPart(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		if c.Scenario == nil {
			continue
		}
		sc := cloneScenario(c.Scenario)
		sc.Duration += sc.Duration / 2
		file, err := scenariofile.Dump(normalized(sc))
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = c.Check("mine.toml", file)
		if err == nil {
			t.Errorf("%d: a longer run is accepted", c.Number)
			continue
		}
		_, only, found := strings.Cut(err.Error(), "; only ")
		if !found {
			t.Errorf("%d: a longer run: %v, want the knobs that may change", c.Number, err)
			continue
		}
		for _, p := range c.knobPlaces() {
			if !strings.Contains(only, p.key+" of "+p.owner) && !strings.Contains(only, p.key+" in "+p.owner) && !strings.Contains(only, p.key+" and ") && !strings.Contains(only, p.key+", ") {
				t.Errorf("%d: %v\nwant %s named with %s", c.Number, err, p.key, p.owner)
			}
			if !strings.Contains(only, p.owner) {
				t.Errorf("%d: %v\nwant %s named", c.Number, err, p.owner)
			}
		}
	}
}

// movedElsewhere is the start's file with knob k's key set at path, a
// part k does not own, to a value that part does not have.
func movedElsewhere(c *Challenge, k *Knob, path string) ([]byte, bool) {
	sc := cloneScenario(c.Scenario)
	was, err := readKnob(sc, path)
	if err != nil {
		return nil, false
	}
	candidates := append([]any{}, k.Choices...)
	if k.Kind != KnobChoice {
		candidates = append(candidates, k.fromNumber(k.Max), k.fromNumber(k.Min), k.Move(k.fromNumber(k.Min), 1))
	}
	for _, v := range candidates {
		if FormatValue(v) == FormatValue(was) {
			continue
		}
		sc := cloneScenario(c.Scenario)
		if setKnob(sc, path, v) != nil || sc.Validate() != nil {
			continue
		}
		file, err := scenariofile.Dump(normalized(sc))
		if err != nil {
			continue
		}
		return file, true
	}
	return nil, false
}

// A design handed to the wrong kind of level says which level it is for,
// both ways: every level's start handed to the shuffle lab's level, and
// that level's start (with --start's header or without) to every level on
// a scenario. A mistake in a [shuffle] table is told the table's keys.
func TestDesignsBetweenFleetAndScenarioLevels(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	var fleet *Challenge
	for _, c := range all {
		if c.Fleet != nil {
			fleet = c
		}
	}
	if fleet == nil {
		t.Fatal("no level on the shuffle lab")
	}
	fleetStart := []byte(fleet.StartHeader("") + string(mustStart(t, fleet)))
	var headerless []string
	for _, line := range strings.Split(string(fleetStart), "\n") {
		if !strings.HasPrefix(line, "#") {
			headerless = append(headerless, line)
		}
	}
	for _, c := range all {
		if c.Fleet != nil {
			continue
		}
		want := fmt.Sprintf("this design is for challenge %d (%s), not %s", c.Number, c.ID, fleet.ID)
		start := []byte(c.StartHeader("") + string(mustStart(t, c)))
		if _, _, err := fleet.Check("mine.toml", start); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("level %d's start handed to level %d: %v\nwant %q", c.Number, fleet.Number, err, want)
		}
		want = fmt.Sprintf("this design is for challenge %d (%s), not %s", fleet.Number, fleet.ID, c.ID)
		for _, file := range [][]byte{fleetStart, []byte(strings.Join(headerless, "\n"))} {
			if _, _, err := c.Check("mine.toml", file); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("level %d's start handed to level %d: %v\nwant %q", fleet.Number, c.Number, err, want)
			}
		}
	}
	typo := strings.Replace(string(fleetStart), "\nper_customer = ", "\nper_costumer = ", 1)
	_, _, err = fleet.Check("mine.toml", []byte(typo))
	if err == nil || !strings.Contains(err.Error(), "shuffle.per_costumer: unknown key; the keys of [shuffle] are: workers, customers, per_customer, strategy, max_shared, zones") {
		t.Errorf("a misspelt key: %v, want the keys of [shuffle]", err)
	}
	if err != nil && strings.Contains(err.Error(), "[[knobs]]") {
		t.Errorf("a misspelt key is told a challenge file's keys: %v", err)
	}
}

func mustStart(t *testing.T, c *Challenge) []byte {
	t.Helper()
	b, err := c.StartFile()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Level 12's par sets passing designs apart: a deadline short of the
// client's patience answers fewer checkouts (one star), 900 ms with a
// 600 ms timeout meets par (two), the whole patience with a timeout that
// lets a slow healthy call finish beats it (three). With a par on the
// calls to payment every passing design earned three.
func TestDeadlineStarsAreEarnedApart(t *testing.T) {
	c, err := Lookup("deadline")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		s     Setting
		stars int
	}{
		{Setting{"payment.deadline": "500ms", "payment.timeout": "400ms", "payment.retry.attempts": int64(4)}, 1},
		{Setting{"payment.deadline": "800ms", "payment.timeout": "500ms", "payment.retry.attempts": int64(5)}, 1},
		{Setting{"payment.deadline": "900ms", "payment.timeout": "600ms", "payment.retry.attempts": int64(4)}, 2},
		{Setting{"payment.deadline": "1s", "payment.timeout": "700ms", "payment.retry.attempts": int64(4)}, 3},
		{referenceSettings["deadline"], 3},
	} {
		r, err := gradeOnce(c, tc.s)
		if err != nil {
			t.Fatal(err)
		}
		if r.Stars != tc.stars {
			t.Errorf("%v: %s, want %d stars", tc.s, StarsText(r.Stars), tc.stars)
		}
	}
}

// Level 8 leads to the design that passes: its hint and the why of each
// wrong strategy name the overlap cap, and a seed that fails says which
// customer lost every worker and which workers it shares.
func TestShuffleLevelLeadsToOverlapLimit(t *testing.T) {
	c, err := Lookup("shuffle-shards")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(c.Hint, "cap on how many workers two customers may share") {
		t.Errorf("the hint does not name the overlap cap: %s", c.Hint)
	}
	for _, strategy := range []string{"plain", "shuffle"} {
		why := c.Explain(Setting{"strategy": strategy})
		if len(why) != 1 {
			t.Errorf("strategy %s: %d whys, want one", strategy, len(why))
			continue
		}
		if strategy == "shuffle" && !strings.Contains(why[0], `strategy "overlap-limited"`) {
			t.Errorf("strategy shuffle: %s\nwant the strategy that rules a full overlap out", why[0])
		}
	}
	for _, tc := range []struct {
		s    Setting
		want string
	}{
		{Setting{"strategy": "shuffle", "per_customer": int64(3)}, `rare, not impossible; a cap on the workers two customers share (strategy "overlap-limited")`},
		{Setting{}, "plain shards are shared whole"},
	} {
		r, err := gradeOnce(c, tc.s)
		if err != nil {
			t.Fatal(err)
		}
		g := r.Goals[0]
		if g.Goal.Metric != "lost" || g.Pass {
			t.Fatalf("%v: the first goal is %s, pass %v; want a failing goal on the customers lost", tc.s, g.Goal.Metric, g.Pass)
		}
		m := g.Measures[g.Worst]
		if !regexp.MustCompile(`^customer \d+'s workers \(\d+(, \d+)*\) are all the poisoned customer 0's too`).MatchString(m.Why) || !strings.Contains(m.Why, tc.want) {
			t.Errorf("%v: seed %d's why is %q, want the customer, its workers and %q", tc.s, m.Seed, m.Why, tc.want)
		}
		for _, o := range g.Measures {
			if o.OK && o.Why != "" {
				t.Errorf("%v: seed %d passes but has a why: %s", tc.s, o.Seed, o.Why)
			}
		}
	}
}

// A goal that says when it is measured is measured then: "while X is
// slow" within X's slow spells (X an endpoint, by its dependency's
// faults, or a dependency), "through the burst" or "in the burst" within
// a burst. Level 21's "catalog answered while search is slow (8s–22s)"
// ran eight seconds past search's slow spell (8 s to 14 s).
func TestWhenLabelsFitTheirWindows(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	whileSlow := regexp.MustCompile(`while (\S+) is slow`)
	inBurst := regexp.MustCompile(`(through|in) the burst`)
	checked := 0
	for _, c := range all {
		if c.Scenario == nil {
			continue
		}
		sys := &c.Scenario.Variants[0].System
		for _, g := range append(append([]Goal{}, c.Goals...), c.Claims...) {
			from, to := c.Scenario.MeasureFrom, c.Scenario.MeasureTo
			if g.Window != nil {
				from, to = g.Window[0], g.Window[1]
			}
			var spans [][2]time.Duration
			var what string
			switch m := whileSlow.FindStringSubmatch(g.Label); {
			case m != nil:
				name := m[1]
				for _, e := range sys.Endpoints {
					if e.Name == name {
						name = e.Calls
					}
				}
				d := findDependency(sys, name)
				if d == nil {
					t.Errorf("%d: %q: no dependency %q", c.Number, g.Label, name)
					continue
				}
				what = d.Name + "'s slow spells"
				for _, f := range d.Faults {
					if f.Kind == engine.Slow || f.Kind == engine.Hang {
						spans = append(spans, [2]time.Duration{f.From, f.To})
					}
				}
			case inBurst.MatchString(g.Label):
				what = "the bursts"
				for _, e := range sys.Endpoints {
					for _, b := range e.Bursts {
						spans = append(spans, [2]time.Duration{b.From, b.To})
					}
				}
			default:
				continue
			}
			checked++
			if !slices.ContainsFunc(spans, func(s [2]time.Duration) bool { return s[0] <= from && to <= s[1] }) {
				t.Errorf("%d: %q is measured %v–%v, past %s %v", c.Number, g.Label, from, to, what, spans)
			}
		}
	}
	if checked < 5 {
		t.Errorf("only %d labels say when they are measured", checked)
	}
}

// Level 18's par is counted while catalog is still fast (5 s–10 s), but
// the slow spell after bounds it: its note says both, where it said "the
// most of the burst the front can bear through the slow spell", a window
// the par does not measure.
func TestTwoTroublesParNoteSaysWhereItIsCounted(t *testing.T) {
	c, err := Lookup("two-troubles")
	if err != nil {
		t.Fatal(err)
	}
	p := c.Par.Goal
	if p == nil || p.Window == nil {
		t.Fatal("two-troubles' par should be a goal in its own window")
	}
	var spell *engine.Fault
	sys := &c.Scenario.Variants[0].System
	deps := slices.Clone(sys.Dependencies)
	for _, svc := range sys.Services {
		deps = append(deps, svc.Dependencies...)
	}
	for i := range deps {
		for j := range deps[i].Faults {
			if f := &deps[i].Faults[j]; f.Kind == engine.Slow {
				spell = f
			}
		}
	}
	if spell == nil || p.Window[1] > spell.From {
		t.Fatalf("the par's window %v should end before the slow spell %v", p.Window, spell)
	}
	note := c.Par.Note
	if strings.Contains(note, "through the slow spell") || !strings.Contains(note, "counted in the burst's fast first half") || !strings.Contains(note, "once catalog turns slow") {
		t.Errorf("the par note should say the par is counted before the slow spell that bounds it: %q", note)
	}
}

// An order of layers reads as an order, outermost first, not as a Go
// slice ("[breaker retry timeout bulkhead]"), in the view's value, its
// range and a why; and the value typed in the form it is shown in is read
// back.
func TestOrderKnobReadsAsAnOrder(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, c := range all {
		for i := range c.Knobs {
			k := &c.Knobs[i]
			if k.Kind != KnobChoice {
				continue
			}
			for _, ch := range k.Choices {
				list, ok := ch.([]any)
				if !ok {
					continue
				}
				found++
				shown := k.Format(ch)
				if strings.ContainsAny(shown, "[]") || strings.Count(shown, "→") != len(list)-1 {
					t.Errorf("%d: %s shows %v as %q", c.Number, k.Label, ch, shown)
				}
				back, err := k.Parse(shown)
				if err != nil || FormatValue(back) != FormatValue(ch) {
					t.Errorf("%d: %s reads %q back as %v, %v", c.Number, k.Label, shown, back, err)
				}
				if strings.Contains(k.Range(), "[") {
					t.Errorf("%d: %s's range is %q", c.Number, k.Label, k.Range())
				}
			}
			for _, why := range c.Explain(Setting{k.Path: k.Choices[len(k.Choices)-1]}) {
				if strings.Contains(why, "[") {
					t.Errorf("%d: a why shows the order as a slice: %s", c.Number, why)
				}
			}
		}
	}
	if found == 0 {
		t.Error("no level has an order of layers to choose")
	}
}

// Level 14's par sets passing designs apart (report rep-c3, defect 3): with
// a par of 450 ms every design that met the goals beat it. Searches that
// may wait 150 ms keep checkouts queued behind them (one star), as does
// critical's bound cut to 200 ms, which refuses a few checkouts; 100 ms for
// searches with a long bound for checkouts beats par.
func TestShedPriorityStarsAreEarnedApart(t *testing.T) {
	c, err := Lookup("shed-priority")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		s     Setting
		stars int
	}{
		{Setting{"shed.max_wait.critical": "1s", "shed.max_wait.default": "150ms", "shed.max_wait.sheddable": "50ms"}, 1},
		{Setting{"shed.max_wait.critical": "200ms", "shed.max_wait.default": "100ms", "shed.max_wait.sheddable": "50ms"}, 1},
		{Setting{"shed.max_wait.critical": "500ms", "shed.max_wait.default": "100ms", "shed.max_wait.sheddable": "50ms"}, 3},
		{referenceSettings["shed-priority"], 3},
	} {
		r, err := gradeOnce(c, tc.s)
		if err != nil {
			t.Fatal(err)
		}
		if r.Stars != tc.stars {
			t.Errorf("%v: %s, want %d stars", tc.s, StarsText(r.Stars), tc.stars)
		}
	}
}
