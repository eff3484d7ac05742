package challenge

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/lessons"
	toml "github.com/pelletier/go-toml/v2"
)

// Setting is a value for each knob, by path, in the form a lesson's [set]
// table takes: 24, 0.5, "500ms", "cached", ["breaker", "retry", ...].
type Setting map[string]any

// Start is the setting the challenge begins at: the scenario's own values.
func (c *Challenge) Start() Setting {
	s := Setting{}
	for _, k := range c.Knobs {
		v, _ := c.read(k.Path) // read when the file was loaded
		s[k.Path] = v
	}
	return s
}

// read reads a knob's value at the start.
func (c *Challenge) read(path string) (any, error) {
	if c.Fleet != nil {
		return c.Fleet.read(path)
	}
	return readKnob(c.Scenario, path)
}

func (c *Challenge) startScenario() *engine.Scenario {
	if c.Scenario == nil {
		return nil
	}
	return cloneScenario(c.Scenario)
}

func (c *Challenge) startFleet() *Fleet {
	if c.Fleet == nil {
		return nil
	}
	f := *c.Fleet
	return &f
}

// try applies one value to a copy of the start. It does not ask the
// result to run: knobs can depend on each other (a bulkhead may not exceed
// the pool), so a range's end may need another knob moved first, and the
// grader says so when it happens.
func (c *Challenge) try(path string, v any) error {
	return apply(c.startScenario(), c.startFleet(), path, v)
}

func apply(sc *engine.Scenario, fl *Fleet, path string, v any) error {
	if fl != nil {
		return fl.set(path, v)
	}
	return setKnob(sc, path, v)
}

// runnable checks that a design can run.
func runnable(sc *engine.Scenario, fl *Fleet) error {
	if sc != nil {
		if err := sc.Validate(); err != nil {
			// A design has one variant, which the learner never named:
			// the engine's "variant "default": " says nothing to them.
			if inner := errors.Unwrap(err); inner != nil && strings.HasPrefix(err.Error(), fmt.Sprintf("variant %q: ", sc.Variants[0].Name)) {
				err = inner
			}
			return fmt.Errorf("with these knobs the scenario is not valid: %w", err)
		}
		if _, err := engine.New(sc, 0, 0); err != nil {
			return fmt.Errorf("with these knobs the scenario cannot run: %w", err)
		}
		return nil
	}
	if _, err := fl.poison(0); err != nil {
		return fmt.Errorf("with these knobs the fleet cannot be assigned: %w", err)
	}
	return nil
}

// build applies a setting to a copy of the start: the scenario (or fleet)
// the learner's knobs describe.
func (c *Challenge) build(s Setting) (*engine.Scenario, *Fleet, error) {
	sc, fl, err := c.applied(s)
	if err != nil {
		return nil, nil, err
	}
	for p := range s {
		if !slices.ContainsFunc(c.Knobs, func(k Knob) bool { return k.Path == p }) {
			return nil, nil, fmt.Errorf("%s is not one of this challenge's knobs (%s)", p, c.knobPaths())
		}
	}
	if err := c.rangeRefusal(sc, fl, s); err != nil {
		return nil, nil, err
	}
	if err := runnable(sc, fl); err != nil {
		return nil, nil, err
	}
	return sc, fl, nil
}

// rangeRefusal is why grading refuses the design s (sc or fl, s applied)
// for a knob out of the range the others leave it, nil when every knob is
// within its range. A knob beyond the range another knob leaves it (a
// bulkhead larger than the pool) is refused in the words the knob form
// states that range in, naming the knob that widens it, before the engine
// refuses it in its own. Of two knobs out of each other's range, one that
// has a range at all is named: the other has none until it moves.
func (c *Challenge) rangeRefusal(sc *engine.Scenario, fl *Fleet, s Setting) error {
	var refusal error
	start := c.Start()
	for i, k := range c.Knobs {
		v, ok := s[k.Path]
		if !ok {
			v = start[k.Path] // a choice may leave a start value out of range
		}
		lim := c.limitIn(sc, fl, i)
		if err := lim.refuse(v); err != nil && (refusal == nil || !lim.Empty()) {
			refusal = err
			if !lim.Empty() {
				break
			}
		}
	}
	return refusal
}

func (c *Challenge) knobPaths() string {
	var p []string
	for _, k := range c.Knobs {
		p = append(p, k.Path)
	}
	return strings.Join(p, ", ")
}

// Scenario is the scenario a setting describes, for the sandbox to play;
// nil for a challenge on the shuffle lab.
func (c *Challenge) ScenarioFor(s Setting) (*engine.Scenario, error) {
	sc, _, err := c.build(s)
	return sc, err
}

// FleetFor is the shuffle lab's fleet a setting makes, for a view that
// plays it; nil for a challenge on a scenario.
func (c *Challenge) FleetFor(s Setting) (*Fleet, error) {
	_, fl, err := c.build(s)
	return fl, err
}

// run runs one seed: engine.RunAll, the function `breakerlab run` calls,
// or the shuffle lab's Assign and Poison, which `run shuffle` calls.
func (c *Challenge) run(sc *engine.Scenario, fl *Fleet, seed uint64) (*outcome, error) {
	if fl != nil {
		out, err := fl.poison(seed)
		if err != nil {
			return nil, err
		}
		return &outcome{fleet: fl, lost: out.Lost, hurt: out.Degraded, victims: out.Customers, seed: seed}, nil
	}
	// RunAll's run of the first variant (a level's scenario has one),
	// on the level's traffic for the seed rather than its own drawing:
	// the engine replays an endpoint's draws only where they are the
	// ones this scenario would draw, so the run is the same bit for bit.
	tr, err := c.traffic.get(sc, seed)
	if err != nil {
		return nil, err
	}
	r, err := engine.NewShared(sc, 0, tr)
	if err != nil {
		return nil, err
	}
	r.Run()
	snap := r.Snapshot()
	return &outcome{sc: sc, snap: &snap}, nil
}

// trafficCache holds a level's traffic for each seed (engine.Traffic):
// most knobs leave what the endpoints send as it was, and drawing it was a
// quarter of each run. It keeps the first drawn for a seed; a design
// whose endpoints send otherwise draws its own where they differ, as the
// engine checks before it replays.
type trafficCache struct {
	mu     sync.Mutex
	bySeed map[uint64]*engine.Traffic
}

// get is the traffic for seed, drawn from sc when none is kept (or the
// cache is nil). Its error is NewTraffic's: sc does not validate.
func (tc *trafficCache) get(sc *engine.Scenario, seed uint64) (*engine.Traffic, error) {
	if tc == nil {
		return engine.NewTraffic(sc, seed)
	}
	tc.mu.Lock()
	tr := tc.bySeed[seed]
	tc.mu.Unlock()
	if tr != nil {
		return tr, nil
	}
	tr, err := engine.NewTraffic(sc, seed)
	if err != nil {
		return nil, err
	}
	tc.mu.Lock()
	defer tc.mu.Unlock()
	if kept := tc.bySeed[seed]; kept != nil {
		return kept, nil // drawn twice at once: the first kept stands
	}
	if tc.bySeed == nil {
		tc.bySeed = map[uint64]*engine.Traffic{}
	}
	tc.bySeed[seed] = tr
	return tr, nil
}

// Measure is a goal's value on one seed.
type Measure struct {
	Seed  uint64
	Value lessons.Value
	Has   bool // false when there is no value ("the breaker never opens")
	OK    bool
	// Why says what made the seed fail, where its metric can tell
	// (metricDef.why): which customer lost every worker, and its workers.
	Why string
}

// GoalResult is a goal graded on every seed.
type GoalResult struct {
	Goal     *Goal
	Measures []Measure
	// Worst is the seed furthest from the goal (the first that fails, if
	// any does), whose value the view shows.
	Worst int
	Pass  bool
}

// WorstSeed is the seed the goal is furthest from, the one a failed goal
// is named by: the goals panel, the seed v plays, --check's lines and its
// JSON all take it from here, so that none names another seed than the
// grade found. ok is false when no seed was graded.
func (r *GoalResult) WorstSeed() (seed uint64, ok bool) {
	if r.Worst < 0 || r.Worst >= len(r.Measures) {
		return 0, false
	}
	return r.Measures[r.Worst].Seed, true
}

// Shown is the worst seed's value, as text (ShownOn).
func (r *GoalResult) Shown() string { return r.ShownOn(r.Worst) }

// ShownOn is seed i's value, as text: "97.3 %", or "none"; a knob whose
// zero means none at all, unset, is UnsetText, as the knob shows it:
// "none" beside "≤ 1 s" read as a value within the bound. The goals panel,
// --check's lines and its JSON all write a value through here, so an unset
// knob reads one way in each.
func (r *GoalResult) ShownOn(i int) string {
	m := r.Measures[i]
	if !m.Has && r.Goal.Metric == "param" {
		return UnsetText
	}
	if !m.Has {
		return "none"
	}
	return r.Goal.FormatValue(m.Value)
}

// missedBy says how far the worst seed's value is from the goal: "323
// more than the 300 allowed" for a count over its bound ("where the goal
// allows none" over 0), else "where the goal is ≤ 300".
func (r *GoalResult) missedBy() string {
	g, m := r.Goal, r.Measures[r.Worst]
	if g.AllowsNone() {
		return "where the goal allows none"
	}
	if m.Has && m.Value.Kind == lessons.KindCount && (g.Op == "<=" || g.Op == "<") && m.Value.F > g.Want.F {
		return fmt.Sprintf("%s more than the %s allowed", g.FormatValue(count(uint64(m.Value.F-g.Want.F))), g.FormatValue(g.Want))
	}
	return "where the goal is " + g.WantText()
}

// unsetWhy says what a goal on a knob left unset misses, where the knob's
// zero means none at all (outcome.param): "no deadline, so a call may wait
// past the 1 s this goal allows".
func (r *GoalResult) unsetWhy() string {
	if strings.Contains(r.Goal.Args[0], "+") {
		// A sum is unset by one of its knobs at a zero that means none.
		return fmt.Sprintf("one of the knobs it adds is at 0, none at all, so nothing holds it to the %s this goal allows", r.Goal.FormatValue(r.Goal.Want))
	}
	k := Knob{Path: r.Goal.Args[0]}
	k.Kind, _ = knobKind(k.Path, false)
	bound := r.Goal.FormatValue(r.Goal.Want)
	if k.Kind == KnobDuration {
		return fmt.Sprintf("%s, so a call may wait past the %s this goal allows", k.noneWords(), bound)
	}
	return fmt.Sprintf("%s, so nothing holds it to the %s this goal allows", k.noneWords(), bound)
}

// Result is a design graded against a challenge.
type Result struct {
	Goals   []GoalResult
	Pass    bool // every goal holds on every seed
	Par     *GoalResult
	Changes int // knobs changed from the start
	// MeetsPar and BeatsPar: a par that is a goal is met by its bound and
	// beaten with the bound excluded; a par of changes is met, and as no
	// design can do with fewer knobs, beaten, by moving no more than it.
	MeetsPar, BeatsPar bool
	Stars              int // 0, or 1 meets the goals, 2 meets par, 3 beats par (or matches a par of changes)
	// AtFewest is true when the third star was earned by a par of
	// changes: the design moves no more knobs than the fewest that do it.
	AtFewest bool
	// untrue holds, by knob path, the claim of the why of the design's
	// value that the design does not bear out, and the engine's value:
	// that why is not told, its sentence being false of this design.
	untrue map[string]string
}

// Verdict says what the stars mean for this result, in words: "falls
// short", "meets the goals, not par", "meets par", "beats par", or "at
// par: the fewest knobs that do it".
func (r *Result) Verdict() string {
	switch {
	case r.Stars == 3 && r.AtFewest:
		return "at par: the fewest knobs that do it"
	case r.Stars == 3:
		return "beats par"
	case r.Stars == 2:
		return "meets par"
	case r.Stars == 1:
		return "meets the goals, not par"
	}
	return "falls short"
}

// Grade runs the design a setting describes on every seed and grades it.
func (c *Challenge) Grade(s Setting) (*Result, error) {
	full := c.Start()
	for k, v := range s {
		full[k] = v
	}
	for _, k := range c.Knobs {
		if err := k.Check(full[k.Path]); err != nil {
			return nil, err
		}
	}
	sc, fl, err := c.build(full)
	if err != nil {
		return nil, err
	}
	return c.grade(sc, fl, full, c.Changes(full))
}

// Changes counts the knobs a setting moves from the start that its design
// reads: the most workers shared, moved under plain sharding, changes
// nothing the grader runs, so it is no knob changed for a par of changes.
func (c *Challenge) Changes(s Setting) int {
	start := c.Start()
	n := 0
	for _, k := range c.Knobs {
		if v, ok := s[k.Path]; ok && FormatValue(v) != FormatValue(start[k.Path]) && c.reads(s, k.Path) {
			n++
		}
	}
	return n
}

// readOnlyBy are the shuffle lab's knobs that one strategy alone reads
// (shuffle.Assign): the others ignore them.
var readOnlyBy = map[string]shuffle.Strategy{
	"max_shared": shuffle.StrategyOverlapLimited,
	"zones":      shuffle.StrategyHash,
}

// reads says whether the design s makes (the start's values where s has
// none) reads the knob at path.
func (c *Challenge) reads(s Setting, path string) bool {
	only, ok := readOnlyBy[path]
	if c.Fleet == nil || !ok {
		return true
	}
	strategy, ok := s["strategy"]
	if !ok {
		strategy = c.Start()["strategy"]
	}
	return FormatValue(strategy) == string(only)
}

// Unread says why the design s does not read knob i, "" where it does:
// "read only with overlap-limited shards", for a shuffle lab's most
// workers shared beside shuffle shards, where turning it changes nothing
// the grader runs (reads). The challenge screen greys such a knob and its
// arrows say this rather than move it.
func (c *Challenge) Unread(s Setting, i int) string {
	path := c.Knobs[i].Path
	if c.reads(s, path) {
		return ""
	}
	only := string(readOnlyBy[path])
	if j := c.knobIndex("strategy"); j >= 0 {
		only = c.Knobs[j].Format(only)
	}
	return "read only with " + only + " shards"
}

// runsOf runs a design on every seed, once for each measurement window
// its goals ask for.
type runsOf struct {
	c    *Challenge
	sc   *engine.Scenario
	fl   *Fleet
	runs map[[2]time.Duration][]*outcome
}

// outcomes are the design's runs measured in the goal's window.
func (r *runsOf) outcomes(g *Goal) ([]*outcome, error) {
	var key [2]time.Duration
	run := r.sc
	if g.Window != nil && r.sc != nil {
		key = *g.Window
		run = cloneScenario(r.sc)
		run.MeasureFrom, run.MeasureTo = key[0], key[1]
	}
	if outs, ok := r.runs[key]; ok {
		return outs, nil
	}
	var outs []*outcome
	for _, seed := range r.c.Seeds {
		o, err := r.c.run(run, r.fl, seed)
		if err != nil {
			return nil, fmt.Errorf("running seed %d: %w", seed, err)
		}
		outs = append(outs, o)
	}
	if r.runs == nil {
		r.runs = map[[2]time.Duration][]*outcome{}
	}
	r.runs[key] = outs
	return outs, nil
}

// grade grades one goal on every seed.
func (r *runsOf) grade(g *Goal) (GoalResult, error) {
	outs, err := r.outcomes(g)
	if err != nil {
		return GoalResult{}, err
	}
	return r.c.gradeGoal(g, outs)
}

// CheckClaims runs the start on every seed and checks the claims its
// brief makes ([[claims]]), as a lesson's expect lines are checked: each
// that does not hold is an error naming it, the seed and the engine's
// value. The built-ins make none that fail (TestBriefClaimsHold).
//
// It costs a run of the start on every seed for each window the claims
// measure in (the claims of one window share them): a few milliseconds
// for a built-in. A teacher's file is checked when it is loaded
// (LoadFileBudget, within its budget); the built-ins by the tests and by
// `challenges --check` (CheckTexts).
func (c *Challenge) CheckClaims() error {
	fails, err := c.falseClaims()
	if err != nil {
		return err
	}
	var errs []error
	for _, f := range fails {
		errs = append(errs, fmt.Errorf("%s: %s", c.ID, f.text))
	}
	return errors.Join(errs...)
}

// falseClaim is a claim the engine does not bear out: its index in
// Claims, and what the brief claims against what the engine gives.
type falseClaim struct {
	index int
	text  string
}

// falseClaims runs the start on every seed and lists the claims that do
// not hold.
func (c *Challenge) falseClaims() ([]falseClaim, error) {
	return c.falseClaimsOn(&runsOf{c: c, sc: c.startScenario(), fl: c.startFleet()})
}

// falseClaimsOn is falseClaims on the start's runs runs, which it adds to.
func (c *Challenge) falseClaimsOn(runs *runsOf) ([]falseClaim, error) {
	var out []falseClaim
	for i := range c.Claims {
		g := &c.Claims[i]
		r, err := runs.grade(g)
		if err != nil {
			return nil, fmt.Errorf("%s: claim %q: %w", c.ID, g.Text, err)
		}
		if r.Pass {
			continue
		}
		w := ""
		if wt := g.WindowText(); wt != "" {
			w = " (" + wt + ")"
		}
		m := r.Measures[r.Worst]
		out = append(out, falseClaim{i, fmt.Sprintf("the brief claims %q%s of the start, but on seed %d the engine gives %s", g.Text, w, m.Seed, r.Shown())})
	}
	return out, nil
}

// grade grades the design sc or fl, whose knobs s sets.
// TextCheck is what CheckTexts finds in a challenge's texts.
type TextCheck struct {
	// Placeholders are those of the brief, the hint and the whys, all
	// filled when the challenge was loaded.
	Placeholders int
	// Claims counts those evaluated: the brief's, and those of the whys
	// the start is told.
	Claims int
	// False names each claim the engine does not bear out, with the seed
	// and the value it gives.
	False []string
}

// CheckTexts evaluates on every seed what the challenge's texts say of
// its start: the brief's [[claims]], and the claims of each why the start
// is told (its own value's, explaining a goal it misses), which must be
// true of it. One set of runs of the start serves them all: the claims of
// one window share a run per seed, and the goals' runs too.
func (c *Challenge) CheckTexts() (TextCheck, error) {
	var tc TextCheck
	for _, t := range c.sources() {
		tc.Placeholders += len(lessons.Placeholders(t))
	}
	runs := &runsOf{c: c, sc: c.startScenario(), fl: c.startFleet()}
	fails, err := c.falseClaimsOn(runs)
	if err != nil {
		return tc, err
	}
	tc.Claims = len(c.Claims)
	for _, f := range fails {
		tc.False = append(tc.False, f.text)
	}
	start := c.Start()
	r, err := c.gradeRuns(runs, start, 0)
	if err != nil {
		return tc, fmt.Errorf("grading the start: %w", err)
	}
	if r.Pass {
		return tc, nil
	}
	for _, w := range c.knobWhys(start, r, true) {
		tc.Claims += len(w.k.whyClaims(w.v))
		if msg, ok := r.untrue[w.k.Path]; ok {
			tc.False = append(tc.False, fmt.Sprintf("the why the start is told of %s = %s claims %s", w.k.Label, w.k.Format(w.v), msg))
		}
	}
	for _, n := range c.jointWhys(start, r, true) {
		w := &c.Whys[n]
		tc.Claims += len(w.Claims)
		if msg, ok := r.untrue[untrueKey(n)]; ok {
			tc.False = append(tc.False, fmt.Sprintf("the why the start is told of %s claims %s", strings.TrimSuffix(w.prefix(c, start), ": "), msg))
		}
	}
	return tc, nil
}

// sources are the brief, the hint and every why as the file writes them,
// placeholders and all.
func (c *Challenge) sources() []string {
	out := []string{c.BriefSource, c.HintSource}
	for i := range c.Knobs {
		k := &c.Knobs[i]
		for _, ch := range k.Choices {
			if src, ok := k.WhySource[FormatValue(ch)]; ok {
				out = append(out, src)
			}
		}
		for _, w := range k.Ranges {
			out = append(out, w.Source)
		}
	}
	for _, w := range c.Whys {
		out = append(out, w.Source)
	}
	return out
}

// missed are the labels of the goals r misses.
func (r *Result) missed() map[string]bool {
	missed := map[string]bool{}
	for i := range r.Goals {
		if !r.Goals[i].Pass {
			missed[r.Goals[i].Goal.Label] = true
		}
	}
	return missed
}

func (c *Challenge) grade(sc *engine.Scenario, fl *Fleet, s Setting, changes int) (*Result, error) {
	return c.gradeRuns(&runsOf{c: c, sc: sc, fl: fl}, s, changes)
}

// gradeRuns grades the design runs runs, whose knobs s sets: its goals,
// its par, and where it falls short the claims of the whys that would
// explain it (on the same runs: a claim in a goal's window costs none).
func (c *Challenge) gradeRuns(runs *runsOf, s Setting, changes int) (*Result, error) {
	gradeGoal := runs.grade
	r := &Result{Pass: true, Changes: changes}
	for i := range c.Goals {
		g, err := gradeGoal(&c.Goals[i])
		if err != nil {
			return nil, err
		}
		r.Goals = append(r.Goals, g)
		r.Pass = r.Pass && g.Pass
	}
	if p := c.Par.Goal; p != nil {
		g, err := gradeGoal(p)
		if err != nil {
			return nil, err
		}
		r.Par = &g
		r.MeetsPar = g.Pass
		if g.Pass && (p.Op == "<=" || p.Op == ">=") {
			strict := *p
			strict.Op = strings.TrimSuffix(p.Op, "=")
			beats, _ := gradeGoal(&strict)
			r.BeatsPar = beats.Pass
		}
	} else {
		// A par of changes is the fewest knobs that meet the goals: no
		// design passes with fewer, so one that moves no more is the best
		// there is, and earns all three stars. One that moves more meets
		// the goals only (Par.Text).
		r.MeetsPar = changes <= c.Par.Changes
		r.BeatsPar = r.MeetsPar
	}
	if !r.Pass {
		if err := c.whysBorneOut(runs, s, r); err != nil {
			return nil, err
		}
		if err := c.jointBorneOut(runs, s, r); err != nil {
			return nil, err
		}
	}
	switch {
	case !r.Pass:
	case r.BeatsPar:
		r.Stars = 3
		r.AtFewest = c.Par.Goal == nil
	case r.MeetsPar:
		r.Stars = 2
	default:
		r.Stars = 1
	}
	return r, nil
}

// whysBorneOut checks the claims of the why each knob's value in s has,
// on the design runs runs, and notes in r.untrue the first that does not
// hold: ExplainResult leaves that why out.
func (c *Challenge) whysBorneOut(runs *runsOf, s Setting, r *Result) error {
	for i := range c.Knobs {
		k := &c.Knobs[i]
		v, ok := s[k.Path]
		if !ok {
			continue
		}
		claims := k.whyClaims(v)
		for m := range claims {
			g := &claims[m]
			gr, err := runs.grade(g)
			if err != nil {
				return fmt.Errorf("the why of %s = %s: claim %q: %w", k.Label, k.Format(v), g.Text, err)
			}
			if gr.Pass {
				continue
			}
			if r.untrue == nil {
				r.untrue = map[string]string{}
			}
			// Every claim is run (the check counts them), the first
			// false one told.
			if _, told := r.untrue[k.Path]; !told {
				worst := gr.Measures[gr.Worst]
				r.untrue[k.Path] = fmt.Sprintf("%q, but on seed %d the engine gives %s", g.Text, worst.Seed, gr.Shown())
			}
		}
	}
	return nil
}

func (c *Challenge) gradeGoal(g *Goal, outs []*outcome) (GoalResult, error) {
	r := GoalResult{Goal: g, Pass: true, Worst: -1}
	for i, o := range outs {
		v, has, err := metrics[g.Metric].eval(o, g.Args)
		if err != nil {
			return r, fmt.Errorf("%s: %w", g.Text, err)
		}
		m := Measure{Seed: c.Seeds[i], Value: v, Has: has, OK: has && g.holds(v)}
		if why := metrics[g.Metric].why; why != nil && !m.OK {
			m.Why = why(o)
		}
		r.Measures = append(r.Measures, m)
		r.Pass = r.Pass && m.OK
		switch {
		case r.Worst < 0:
			r.Worst = i
		case !r.Measures[r.Worst].Has:
		case !m.Has || g.worse(v, r.Measures[r.Worst].Value):
			r.Worst = i
		}
	}
	return r, nil
}

// StartFile writes the challenge's start as a file a learner can edit and
// hand in: the scenario file (as `run` reads it), or the fleet's [shuffle]
// table.
func (c *Challenge) StartFile() ([]byte, error) {
	return c.DesignFile(c.Start())
}

// DesignFile writes the design a setting describes as such a file.
func (c *Challenge) DesignFile(s Setting) ([]byte, error) {
	sc, fl, err := c.build(s)
	if err != nil {
		return nil, err
	}
	if fl != nil {
		// The file may be read from any folder: a teacher's challenge
		// is named by its absolute path.
		return fl.dump(c.GradeCommand("", "THIS-FILE"), c.Title), nil
	}
	return scenariofile.Dump(normalized(sc))
}

// normalized is a copy of sc with what a file may write two ways written
// one way: the default order of layers as no order.
func normalized(sc *engine.Scenario) *engine.Scenario {
	sc = cloneScenario(sc)
	for vi := range sc.Variants {
		deps := sc.Variants[vi].System.Dependencies
		for i := range deps {
			if reflect.DeepEqual(deps[i].Policy.Order, engine.DefaultOrder) {
				deps[i].Policy.Order = nil
			}
		}
	}
	return sc
}

// Check grades a learner's file: a scenario file for a challenge on a
// scenario, a [shuffle] table for one on the shuffle lab. The file may
// change the challenge's knobs, within their ranges, and nothing else; it
// is graded as it is, so every value matches `breakerlab run FILE` with the
// same seed. An error about the file's content wraps ErrInvalid.
func (c *Challenge) Check(filename string, data []byte) (*Result, Setting, error) {
	s, sc, fl, err := c.ReadDesign(filename, data)
	if err != nil {
		return nil, nil, err
	}
	r, err := c.grade(sc, fl, s, c.Changes(s))
	return r, s, err
}

// ReadDesign reads a learner's file as Check does, without grading it: its
// knobs' setting, and the scenario (or fleet) it is. The file may change
// the challenge's knobs, within their ranges, and nothing else.
func (c *Challenge) ReadDesign(filename string, data []byte) (Setting, *engine.Scenario, *Fleet, error) {
	if c.Fleet != nil {
		s, fl, err := c.readFleet(filename, data)
		return s, nil, fl, err
	}
	s, sc, err := c.readScenario(filename, data)
	return s, sc, nil, err
}

func (c *Challenge) readScenario(filename string, data []byte) (Setting, *engine.Scenario, error) {
	sc, err := scenariofile.Parse(filename, data)
	if err != nil {
		// A shuffle lab's design is no scenario file: where it belongs
		// says more than its first key the scenario reader does not know.
		if o := c.designedFor(nil, data); o != nil {
			return nil, nil, c.otherLevel(o, filename)
		}
		return nil, nil, err
	}
	if len(sc.Variants) != 1 {
		return nil, nil, &Error{File: filename, Field: "variants", Err: fmt.Errorf("the file has %d variants; a design handed in for a challenge has one (start from `breakerlab challenge %s --start`)", len(sc.Variants), c.ID)}
	}
	s, err := c.settingOf(filename, sc)
	if err != nil {
		// A design of another level breaks this one's rules somewhere;
		// where it belongs says more than what it breaks.
		if o := c.designedFor(sc, data); o != nil {
			return nil, nil, c.otherLevel(o, filename)
		}
		var changed *changedDesign
		if name, baseErr, ok := c.variantChanges(filename, data); ok {
			switch {
			case baseErr != nil:
				// [system] itself breaks the rules: say that, in its own values.
				return nil, nil, baseErr
			case errors.As(err, &changed):
				return nil, nil, &Error{File: filename, Err: fmt.Errorf("the [[variants]] block %q changes what [system] sets: %s; a design is the start's [system] with only %s moved, and no [[variants]]", name, changed.change, changed.knobs)}
			}
		}
		return nil, nil, err
	}
	return s, sc, nil
}

// variantChanges reads a design file that has one [[variants]] block
// without it: such a file runs that variant, [system] changed as the block
// says, so a refusal of it names [system]'s keys with the block's values.
// It gives the block's name and what the challenge says of [system] alone
// (nil: the block holds all it refuses); ok is false for a file without a
// variant, or one that cannot be read without it.
func (c *Challenge) variantChanges(filename string, data []byte) (name string, baseErr error, ok bool) {
	var m map[string]any
	if toml.Unmarshal(data, &m) != nil {
		return "", nil, false
	}
	variants, ok := m["variants"].([]any)
	if !ok || len(variants) != 1 {
		return "", nil, false
	}
	if v, isTable := variants[0].(map[string]any); isTable {
		name, _ = v["name"].(string)
	}
	delete(m, "variants")
	base, err := toml.Marshal(m)
	if err != nil {
		return "", nil, false
	}
	sc, err := scenariofile.Parse(filename, base)
	if err != nil || len(sc.Variants) != 1 {
		return "", nil, false
	}
	_, baseErr = c.settingOf(filename, sc)
	return name, baseErr, true
}

// changedDesign is a design that changes what is not a knob: the first
// change (changeText) and the knobs that may change.
type changedDesign struct{ change, knobs string }

func (e *changedDesign) Error() string { return e.change + "; only " + e.knobs + " may change" }

// settingOf reads the knobs of a learner's scenario and checks that it is
// the start with them moved, within their ranges.
func (c *Challenge) settingOf(filename string, sc *engine.Scenario) (Setting, error) {
	s := Setting{}
	for _, k := range c.Knobs {
		v, err := readKnob(sc, k.Path)
		if err != nil {
			return nil, &Error{File: filename, Field: k.Path, Err: err}
		}
		if err := k.Check(v); err != nil {
			return nil, &Error{File: filename, Field: k.Path, Err: err}
		}
		s[k.Path] = v
	}
	want, _, err := c.build(s)
	if err != nil {
		return nil, &Error{File: filename, Err: err}
	}
	if err := sameDesign(filename, want, sc, c); err != nil {
		return nil, err
	}
	return s, nil
}

// otherLevel refuses a design written for the level o, handed to c.
func (c *Challenge) otherLevel(o *Challenge, filename string) error {
	return &Error{File: filename, Err: fmt.Errorf("this design is for challenge %d (%s), not %s: check it with `breakerlab challenge %d --check %s`", o.Number, o.ID, c.ID, o.Number, filename)}
}

// designedFor finds the built-in level, other than c, a design was
// written for: the one --start's header names ("# Challenge 3: ..."), or
// else the one whose scenario's name the file keeps (name =
// "bulkhead-40"), or for a [shuffle] table handed to a level on a
// scenario, the shuffle lab's level. sc is the file read as a scenario,
// nil when it is none. nil when the design names c or no other level.
func (c *Challenge) designedFor(sc *engine.Scenario, data []byte) *Challenge {
	all, err := All()
	if err != nil {
		return nil
	}
	first, _, _ := strings.Cut(string(data), "\n")
	if ref, ok := strings.CutPrefix(first, "# Challenge "); ok {
		ref, _, _ = strings.Cut(ref, ":")
		if ref == c.ID || c.Number > 0 && ref == fmt.Sprint(c.Number) {
			return nil
		}
		for _, o := range all {
			if ref == fmt.Sprint(o.Number) || ref == o.ID {
				return o
			}
		}
	}
	if sc == nil {
		var f struct {
			Shuffle map[string]any `toml:"shuffle"`
		}
		if c.Fleet != nil || toml.Unmarshal(data, &f) != nil || f.Shuffle == nil {
			return nil
		}
		for _, o := range all {
			if o.Fleet != nil {
				return o
			}
		}
		return nil
	}
	if c.Scenario != nil && sc.Name == c.Scenario.Name {
		return nil
	}
	for _, o := range all {
		if o.Scenario != nil && o.Scenario.Name == sc.Name && (o.ID != c.ID || c.Path != "") {
			return o
		}
	}
	return nil
}

// sameDesign checks that the learner's scenario is the start with the
// knobs moved: both are written out as scenario files, which must then
// agree line for line (names aside).
func sameDesign(filename string, want, got *engine.Scenario, c *Challenge) error {
	a, b := normalized(want), normalized(got)
	b.Name, b.Summary = a.Name, a.Summary
	b.Variants[0].Name = a.Variants[0].Name
	wa, err1 := scenariofile.Dump(a)
	wb, err2 := scenariofile.Dump(b)
	if err1 != nil || err2 != nil {
		return &Error{File: filename, Err: fmt.Errorf("the design cannot be compared with the challenge's: %v", errorsOr(err1, err2))}
	}
	if bytes.Equal(wa, wb) {
		return nil
	}
	la, lb := strings.Split(string(wa), "\n"), strings.Split(string(wb), "\n")
	return &Error{File: filename, Err: &changedDesign{changeText(la, lb), c.knobNames()}}
}

// changeText says what a design changes that is not a knob, from the
// challenge's design a and the learner's b as the scenario file's writer
// writes them: "timeout in dependency "inventory" changed from 300ms to
// 200ms", or the line added or left out.
func changeText(a, b []string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	if len(a) == len(b) && i < len(a) {
		if ch, ok := changedKey(a[i], b[i]); ok {
			key := ch.key
			was, wasOK := valueAt(a[i], key)
			now, nowOK := valueAt(b[i], key)
			p := placeAt(a, i, key, true)
			name := key[strings.LastIndexByte(key, '.')+1:]
			switch {
			case wasOK && nowOK:
				return fmt.Sprintf("%s in %s changed from %s to %s", name, p.owner, was, now)
			case nowOK:
				return fmt.Sprintf("%s in %s is set to %s, which the challenge leaves out", name, p.owner, now)
			case wasOK:
				return fmt.Sprintf("%s in %s is left out, where the challenge has %s", name, p.owner, was)
			}
		}
	}
	switch {
	case i >= len(a) && i < len(b):
		return fmt.Sprintf("the file adds `%s` at its end", strings.TrimSpace(b[i]))
	case i >= len(b) && i < len(a):
		return fmt.Sprintf("the file stops before `%s`", strings.TrimSpace(a[i]))
	case len(b) > len(a) && slices.Equal(a[i:], b[i+len(b)-len(a):]):
		return fmt.Sprintf("the file adds `%s` in %s", strings.TrimSpace(b[i]), placeAt(b, i, "", true).owner)
	case len(a) > len(b) && slices.Equal(a[i+len(a)-len(b):], b[i:]):
		return fmt.Sprintf("the file leaves out `%s` in %s", strings.TrimSpace(a[i]), placeAt(a, i, "", true).owner)
	}
	return fmt.Sprintf("the file has `%s` where the challenge has `%s`", strings.TrimSpace(b[i]), strings.TrimSpace(a[i]))
}

// valueAt reads the value of a dotted key on a line "key = value", in
// words (300ms, 24, [breaker retry]); false when the line does not hold
// it or holds a table there.
func valueAt(line, key string) (string, bool) {
	var m map[string]any
	if toml.Unmarshal([]byte(line), &m) != nil {
		return "", false
	}
	var v any = m
	for _, part := range strings.Split(key, ".") {
		t, ok := v.(map[string]any)
		if !ok {
			return "", false
		}
		if v, ok = t[part]; !ok {
			return "", false
		}
	}
	if _, isTable := v.(map[string]any); isTable {
		return "", false
	}
	return FormatValue(v), true
}

// knobNames are the challenge's knobs as a sentence names them: each key
// as the file writes it with the table that owns it, as --start's header
// places them. A design that moves a knob's key in another dependency
// ("bulkhead in dependency "partner-catalog" changed") is then not told
// that "bulkhead" may change. Keys of one table share its name:
// "policy.timeout and policy.bulkhead.size of dependency "payment"",
// "workers in [system]"; the tables apart by semicolons where one holds
// more than one key.
func (c *Challenge) knobNames() string {
	type group struct {
		owner string
		keys  []string
	}
	var groups []group
	for _, p := range c.knobPlaces() {
		i := slices.IndexFunc(groups, func(g group) bool { return g.owner == p.owner })
		if i < 0 {
			groups = append(groups, group{owner: p.owner})
			i = len(groups) - 1
		}
		if !slices.Contains(groups[i].keys, p.key) {
			groups[i].keys = append(groups[i].keys, p.key)
		}
	}
	names := make([]string, len(groups))
	several := false
	for i, g := range groups {
		of := " of "
		if strings.HasPrefix(g.owner, "[") {
			of = " in "
		}
		names[i] = wordList(g.keys) + of + g.owner
		several = several || len(g.keys) > 1
	}
	if several {
		// "a and b of X and c of Y" would read as one list.
		return strings.Join(names, "; ")
	}
	return wordList(names)
}

// wordList is "a", "a and b", "a, b and c".
func wordList(words []string) string {
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

func errorsOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// readFleet reads a [shuffle] table handed in for a shuffle challenge.
func (c *Challenge) readFleet(filename string, data []byte) (Setting, *Fleet, error) {
	l := &loader{file: filename, ln: newLines(data)}
	var f struct {
		Shuffle *fleetTOML `toml:"shuffle"`
	}
	dec := tomlDecoder(data)
	if err := dec.Decode(&f); err != nil {
		// A scenario file written for another level says where it
		// belongs, as one handed to a level on a scenario does.
		sc, _ := scenariofile.Parse(filename, data)
		if o := c.designedFor(sc, data); o != nil {
			return nil, nil, c.otherLevel(o, filename)
		}
		return nil, nil, l.fleetDecodeError(err)
	}
	if f.Shuffle == nil {
		return nil, nil, l.errorf(0, "shuffle", "a design for a shuffle challenge is a [shuffle] table (start from `breakerlab challenge %s --start`)", c.ID)
	}
	t := f.Shuffle
	got := Fleet{Workers: t.Workers, Customers: t.Customers, PerCustomer: t.PerCustomer, MaxShared: t.MaxShared, Zones: t.Zones}
	if t.Strategy == "" {
		t.Strategy = "plain"
	}
	if err := got.set("strategy", t.Strategy); err != nil {
		return nil, nil, l.errorf(l.ln.find("shuffle", 0, "strategy"), "shuffle.strategy", "%v", err)
	}
	s := Setting{}
	for _, k := range c.Knobs {
		v, _ := got.read(k.Path)
		if err := k.Check(v); err != nil {
			return nil, nil, l.errorf(l.ln.find("shuffle", 0, k.Path), "shuffle."+k.Path, "%v", err)
		}
		s[k.Path] = v
	}
	_, want, err := c.build(s)
	if err != nil {
		return nil, nil, l.errorf(0, "shuffle", "%v", err)
	}
	if *want != got {
		for _, key := range fleetKeys {
			a, _ := want.read(key)
			b, _ := got.read(key)
			if FormatValue(a) != FormatValue(b) {
				return nil, nil, l.errorf(l.ln.find("shuffle", 0, key), "shuffle."+key, "the challenge fixes %s at %s (its knobs are %s), got %s", key, FormatValue(a), c.knobPaths(), FormatValue(b))
			}
		}
	}
	return s, &got, nil
}

// cloneScenario copies a scenario deeply enough that setting a knob on the
// copy never touches the original: endpoints, dependencies, their faults,
// orders, breakers and retries.
func cloneScenario(sc *engine.Scenario) *engine.Scenario {
	c := *sc
	c.Variants = make([]engine.Variant, len(sc.Variants))
	for i, v := range sc.Variants {
		v.System.Endpoints = slices.Clone(v.System.Endpoints)
		v.System.Dependencies = cloneDependencies(v.System.Dependencies)
		// A service's own knobs are set in place; its dependencies as
		// the front's.
		v.System.Services = slices.Clone(v.System.Services)
		for j := range v.System.Services {
			s := &v.System.Services[j]
			s.Faults = slices.Clone(s.Faults)
			s.Dependencies = cloneDependencies(s.Dependencies)
		}
		c.Variants[i] = v
	}
	return &c
}

// cloneDependencies copies dependencies as cloneScenario needs: their
// faults and orders, breakers and retries are set in place. (Rate
// limiters, per-tenant bulkheads and shedding are replaced whole when a
// knob sets them, so they may be shared.)
func cloneDependencies(in []engine.Dependency) []engine.Dependency {
	deps := slices.Clone(in)
	for j := range deps {
		d := &deps[j]
		d.Faults = slices.Clone(d.Faults)
		d.Policy.Order = slices.Clone(d.Policy.Order)
		if d.Policy.Breaker != nil {
			b := *d.Policy.Breaker
			d.Policy.Breaker = &b
		}
		if d.Policy.Retry != nil {
			r := *d.Policy.Retry
			d.Policy.Retry = &r
		}
	}
	return deps
}

// Explain says what the design s gets wrong, grading it first: see
// ExplainResult, which a caller that has graded s already calls instead.
func (c *Challenge) Explain(s Setting) []string {
	r, err := c.Grade(s)
	if err != nil {
		return nil
	}
	return c.ExplainResult(s, r)
}

// ExplainResult says what the design s, graded as r, gets wrong, one line
// each: shown when a design falls short, so a wrong option is explained,
// not only marked. First each knob's why from the challenge's
// [[knobs.why]] (a choice's, or that of the range a numeric knob's value
// lies in), where the design misses a goal it names (a why that
// names none is shown whenever the design falls short); then, for each
// goal missed whose measure can tell the cause on its worst seed
// (metricDef.why), that cause with the run's own figures. None of them
// speaks of a miss the goals beside it do not show.
func (c *Challenge) ExplainResult(s Setting, r *Result) []string {
	if r == nil || r.Pass {
		return nil
	}
	var out []string
	// What knobs get wrong together speaks for each of them where it
	// explains the same misses: a knob's own why assumes the others as
	// the scenario sets them (a deadline "no longer than the 600 ms
	// timeout"), where the joint one reads the design's.
	joint := c.jointWhys(s, r, false)
	for _, w := range c.knobWhys(s, r, false) {
		if c.saidTogether(joint, w, r) {
			continue
		}
		// "label = value:" keeps a label that ends in a word
		// ("what answers a refused order") apart from the value.
		out = append(out, w.k.Label+" = "+w.k.Format(w.v)+": "+w.text)
	}
	// Then those, naming each knob with its value.
	for _, n := range joint {
		w := &c.Whys[n]
		out = append(out, w.prefix(c, s)+w.Text)
	}
	for i := range r.Goals {
		g := &r.Goals[i]
		if m := g.Measures[g.Worst]; !g.Pass && !m.Has && g.Goal.Metric == "param" {
			out = append(out, g.Goal.Label+": "+g.unsetWhy()+".")
		}
		if m := g.Measures[g.Worst]; !g.Pass && m.Why != "" {
			cause := []rune(m.Why)
			cause[0] = unicode.ToUpper(cause[0])
			seed, _ := g.WorstSeed()
			out = append(out, fmt.Sprintf("%s: %s on seed %d, %s. %s.", g.Goal.Label, g.Shown(), seed, g.missedBy(), string(cause)))
		}
	}
	return out
}

// knobWhy is the why a knob's value has, told of a design.
type knobWhy struct {
	k    *Knob
	v    any
	text string
}

// knobWhys are the whys of the values s gives the knobs that explain a
// goal r misses or, a why that names none, any miss; with untrue, also
// those whose claims the design r grades does not bear out, which
// ExplainResult leaves out.
func (c *Challenge) knobWhys(s Setting, r *Result, untrue bool) []knobWhy {
	missed := r.missed()
	var out []knobWhy
	// Knobs of one kind share a why (each upstream's permit wait): told
	// once, under the first knob that has it, not once for each, which
	// filled the panel with one paragraph three times.
	told := map[string]bool{}
	for i := range c.Knobs {
		k := &c.Knobs[i]
		v, ok := s[k.Path]
		if !ok {
			continue
		}
		why, goals, ok := k.WhyOf(v)
		if _, wrong := r.untrue[k.Path]; wrong && !untrue {
			continue // its sentence is not true of this design
		}
		if ok && !told[why] && (len(goals) == 0 || slices.ContainsFunc(goals, func(l string) bool { return missed[l] })) {
			told[why] = true
			out = append(out, knobWhy{k, v, why})
		}
	}
	return out
}

// StartHeader is what --start writes above the starting design, as TOML
// comments: the challenge, the knobs a design may change (each as the file
// below writes it, with the table that holds it and its range), the goals
// and the par in the words the goals panel uses, and how to grade it: a
// command run from the folder dir (GradeCommand), where the reader saves
// the file.
func (c *Challenge) StartHeader(dir string) string {
	var b strings.Builder
	ref := c.ID
	if c.Number > 0 {
		ref = fmt.Sprint(c.Number)
	}
	fmt.Fprintf(&b, "# Challenge %s: %s\n# %s\n#\n", ref, c.Title, c.Summary)
	b.WriteString("# Change only these knobs (anything else is refused), each a key of the file\n# below, written as the file writes it:\n")
	start := c.Start()
	places := c.knobPlaces()
	// A knob that cannot move alone shares its one value with a knob
	// that can, if any: shed's default class between critical and
	// sheddable.
	for i := range places {
		for _, o := range places {
			if places[i].shared == "" && o.shared != "" && o.owner == places[i].owner && strings.HasPrefix(places[i].key, o.shared+".") {
				places[i].shared, places[i].sharedVal = o.shared, o.sharedVal
			}
		}
	}
	for i := range c.Knobs {
		k, p := &c.Knobs[i], places[i]
		v := start[k.Path]
		fmt.Fprintf(&b, "#   %s: %s = %s in %s\n", k.Label, p.key, TOMLValue(v), p.owner)
		rng := k.tomlRange()
		switch {
		case p.shared != "":
			rng += fmt.Sprintf("; the file writes %s = %s, one value for this and others: to change this one alone, write %s as a table", p.shared, TOMLValue(p.sharedVal), p.shared)
		case !p.written && p.example != "":
			rng += "; at " + TOMLValue(v) + " the file leaves it out; " + p.example
		case !p.written:
			rng += "; at " + TOMLValue(v) + " the file leaves it out"
		}
		rng += c.strategyRules(k.Path)
		fmt.Fprintf(&b, "#       %s\n", rng)
	}
	fmt.Fprintf(&b, "# Goals, each on every seed (%s):\n", seedList(c.Seeds))
	for _, g := range c.Goals {
		fmt.Fprintf(&b, "#   %s %s\n", LabelWithWindow(g.Label, &g), g.WantText())
	}
	if c.Par.Goal != nil {
		name, bound := c.Par.Parts()
		if bound != "" {
			bound = " " + bound
		}
		fmt.Fprintf(&b, "# Par: %s%s\n", name, bound)
	} else {
		fmt.Fprintf(&b, "# Par: %s\n", c.Par.Text())
	}
	fmt.Fprintf(&b, "# Grade it: %s\n#\n", c.GradeCommand(dir, "FILE"))
	return b.String()
}

// knobPlaces are where the start's file holds each knob: its key and the
// table that owns it, as --start's header names them.
func (c *Challenge) knobPlaces() []filePlace {
	start := c.Start()
	var lines []string
	if file, err := c.StartFile(); err == nil {
		lines = strings.Split(string(file), "\n")
	}
	places := make([]filePlace, len(c.Knobs))
	for i := range c.Knobs {
		p, ok := c.place(&c.Knobs[i], start, lines)
		switch {
		case ok:
		case c.Scenario != nil:
			p = pathPlace(&c.Scenario.Variants[0].System, c.Knobs[i].Path)
		default:
			p = filePlace{key: c.Knobs[i].Path, owner: "[shuffle]", written: true}
		}
		places[i] = p
	}
	return places
}

// strategyRules is what a shuffle lab's knob is held to under a strategy
// the learner may pick that reads it alone, or that binds it to another
// knob, in the words a refusal of it uses (Limit): "; read only with
// strategy = "overlap-limited", and there less than the workers per
// customer, and enough for 1000 customers to each get their workers". ""
// for a knob of a scenario.
func (c *Challenge) strategyRules(path string) string {
	if c.Fleet == nil || path == "strategy" {
		return ""
	}
	strategies := []any{string(c.Fleet.Strategy)}
	if i := c.knobIndex("strategy"); i >= 0 {
		strategies = c.Knobs[i].Choices
	}
	var out string
	for _, st := range strategies {
		fl := *c.Fleet
		fl.Strategy = shuffle.Strategy(FormatValue(st))
		var rules []string
		for _, o := range c.orders(nil, &fl) {
			switch path {
			case o.lo:
				rules = append(rules, o.loWhy)
			case o.hi:
				rules = append(rules, o.hiWhy)
			}
		}
		switch {
		case fl.Strategy == shuffle.StrategyOverlapLimited && path == "max_shared":
			rules = append(rules, fmt.Sprintf("at least what lets %d customers each get their workers", fl.Customers))
		case fl.Strategy == shuffle.StrategyOverlapLimited && path == "per_customer":
			rules = append(rules, fmt.Sprintf("no more than %d customers can each get with that overlap", fl.Customers))
		case fl.Strategy == shuffle.StrategyPlain && path == "per_customer":
			rules = append(rules, fmt.Sprintf("a divisor of the %d workers", fl.Workers))
		}
		switch {
		case readOnlyBy[path] == fl.Strategy:
			out += fmt.Sprintf("; read only with strategy = %q", fl.Strategy)
			if len(rules) > 0 {
				out += ", and there " + strings.Join(rules, ", and ")
			}
		case len(rules) > 0:
			out += fmt.Sprintf("; with strategy = %q, %s", fl.Strategy, strings.Join(rules, ", and "))
		}
	}
	return out
}

// LabelWithWindow is a goal's label with the window it is measured over,
// as --check and the goals panel write it: "good calls refused while slow
// (5–15 s)".
func LabelWithWindow(label string, g *Goal) string {
	if wt := g.WindowText(); wt != "" {
		return label + " (" + wt + ")"
	}
	return label
}
