package sandbox

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

var ctrlS = tea.KeyMsg{Type: tea.KeyCtrlS}

// Every field of the knob form names a knob path, and the value the path
// reads is the field's: the sweep varies the knob the cursor is on.
func TestEveryFormKnobHasAPath(t *testing.T) {
	for _, name := range scenarios.Names() {
		b, _ := scenarios.Lookup(name)
		sc := b.Build()
		for v := range sc.Variants {
			f := newForm(tuitest.Plain(), sc, v)
			for _, k := range f.knobs {
				path, ok := knobPath(sc, v, &k)
				if !ok {
					t.Errorf("%s variant %d: the field %q has no knob path", name, v+1, k.label)
					continue
				}
				got, ok := lessons.KnobValue(sc, v, path)
				if !ok {
					if k.kind == kindYesNo || k.kind == kindCancel || k.kind == kindBudget || k.kind == kindBreaker {
						continue // yes or no, a budget's name or a library's: no number for a sweep
					}
					if k.absent != "" {
						continue // a retry the call has not got yet: nothing to read
					}
					if k.kind == kindQueue && sc.Variants[v].System.Queue == engine.QueueUnbounded {
						continue // an unbounded queue has no number to centre on
					}
					if k.kind == kindSlots && k.input.Value() == "" {
						continue // a tenant at the default's slots has none of its own to read
					}
					t.Errorf("%s variant %d: %q maps to %s, which has no value", name, v+1, k.label, path)
					continue
				}
				want, err := parse(k.kind, k.input.Value())
				if err != nil {
					t.Fatal(err)
				}
				var same bool
				switch g := got.(type) {
				case int64:
					same = int(g) == want.n
				case float64:
					same = g == want.f
				case string:
					d, _ := time.ParseDuration(g)
					same = d == want.d
				}
				if !same {
					t.Errorf("%s variant %d: %q shows %q but %s reads %v", name, v+1, k.label, k.input.Value(), path, got)
				}
			}
		}
	}
}

// A sweep's axis holds the design's own value, spans a quarter of it to
// twice it, and keeps only values the scenario accepts.
func TestAroundCentresOnTheDesign(t *testing.T) {
	sc := tuitest.Scenario(t, "cascade")
	ax, x, err := around(sc, 2, "recommendations.bulkhead", 12)
	if err != nil {
		t.Fatal(err)
	}
	if x != 20 || ax.X[0] != 5 || ax.X[len(ax.X)-1] != 40 || len(ax.X) != 8 {
		t.Errorf("bulkhead axis %v (mark %v), want 5..40 in 8 values", ax.X, x)
	}
	found := false
	for i, val := range ax.Values {
		if val == int64(20) && ax.X[i] == 20 {
			found = true
		}
	}
	if !found {
		t.Errorf("the design's bulkhead of 20 is not on the axis: %v", ax.Values)
	}
	ax, x, err = around(sc, 2, "recommendations.timeout", 8)
	if err != nil || ax.Unit != "s" || x != 5 || ax.Values[0] != "2s" || ax.Values[len(ax.Values)-1] != "10s" {
		t.Errorf("timeout axis %v %v in %q (mark %v), %v", ax.Values, ax.X, ax.Unit, x, err)
	}
	ax, _, err = around(sc, 2, "recommendations.breaker.failure_rate", 8)
	if err != nil || ax.X[len(ax.X)-1] != 1 {
		t.Errorf("a share stops at 1: %v, %v", ax.X, err)
	}
	// A knob at 0 (no accept queue) is swept from 0 to 10, every whole
	// number once: not fractions the knob refuses, leaving two values.
	ax, _, err = around(sc, 0, "queue", 14)
	if err != nil || len(ax.X) != 11 || ax.X[0] != 0 || ax.X[10] != 10 {
		t.Errorf("the accept queue's axis is %v, %v; want 0 to 10, 11 values", ax.X, err)
	}
	// With 30 workers, bulkheads above 30 are refused: the range is cut
	// at 30, and the grid's twelve values are laid out to there.
	if err := lessons.SetKnob(sc, 2, "workers", int64(30)); err != nil {
		t.Fatal(err)
	}
	ax, _, err = around(sc, 2, "recommendations.bulkhead", 12)
	if err != nil || ax.X[len(ax.X)-1] != 30 || ax.X[0] != 8 || len(ax.X) != 12 {
		t.Errorf("with 30 workers the bulkhead axis is %v, %v", ax.X, err)
	}
}

// shortCascade ends soon after the fault, so the sweeps in tests are quick.
func shortCascade(t testing.TB) *engine.Scenario {
	sc := tuitest.Scenario(t, "cascade")
	sc.Duration, sc.MeasureTo = 14*time.Second, 14*time.Second
	return sc
}

// openSweepOn opens the knob form on the shared pool, leaves the cursor on
// the workers, and opens the sweep picker there.
func openSweepOn(t *testing.T, w, h int) Model {
	t.Helper()
	m := newModel(t, w, h, Options{Scenario: shortCascade(t)})
	m = press(m, "e")
	if m.form.knobs[m.form.focus].label != "workers" {
		t.Fatalf("the form opens on %q", m.form.knobs[m.form.focus].label)
	}
	m = send(m, ctrlS)
	if m.sw == nil || m.sw.stage != sweepPicking {
		t.Fatal("ctrl+s in the knob form should open the sweep picker")
	}
	return m
}

// drive runs cmd and the commands that follow from its messages, as
// bubbletea would, until none is left.
func drive(t *testing.T, m Model, cmd tea.Cmd) Model {
	t.Helper()
	for n := 0; cmd != nil; n++ {
		if n > 100000 {
			t.Fatal("the sweep never finished")
		}
		next, c := m.Update(cmd())
		m, cmd = next.(Model), c
	}
	return m
}

// The picker opens on the knob under the cursor, offers the traffic into
// the dependency first, and enter runs the sweep; the result marks the
// design in the form, and its cell is the engine's own runs.
func TestSweepRunsAndMarksTheDesign(t *testing.T) {
	checkSweepRunsAndMarks(t, [2]int{80, 24})
}

// At 200×60 the grid is 19×10 cells, nearly three times 80×24's 8×8: the
// same workers and messages on more cells, which the race detector has
// watched at 80×24, so this size runs without it.
func TestSweepRunsAndMarksTheDesignOnTheLargeGrid(t *testing.T) {
	racefree.Only(t)
	checkSweepRunsAndMarks(t, [2]int{200, 60})
}

func checkSweepRunsAndMarks(t *testing.T, sizes ...[2]int) {
	t.Helper()
	for _, sz := range sizes {
		m := openSweepOn(t, sz[0], sz[1])
		if m.sw.x != "workers" || m.sw.choices[m.sw.cursor] != "recommendations.rate" {
			t.Fatalf("sweep of %s against %s, want workers against recommendations.rate", m.sw.x, m.sw.choices[m.sw.cursor])
		}
		v := m.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		tuitest.CheckNoCuts(t, fmt.Sprintf("the sweep picker at %dx%d", sz[0], sz[1]), v)
		golden.Check(t, fmt.Sprintf("sweep-picker-%dx%d", sz[0], sz[1]), v)

		next, cmd := m.Update(tuitest.Key("enter"))
		m = next.(Model)
		if m.sw.stage != sweepRunning || cmd == nil {
			t.Fatal("enter should start the sweep")
		}
		running := m.View()
		tuitest.CheckNoCuts(t, fmt.Sprintf("the sweep running at %dx%d", sz[0], sz[1]), running)
		if !strings.Contains(running, "esc stops the sweep") {
			t.Errorf("a running sweep should say how to stop it:\n%s", running)
		}
		m = drive(t, m, cmd)
		s := m.sw
		if s.stage != sweepDone || s.res == nil || !s.res.Complete() || s.stopped {
			t.Fatalf("the sweep did not complete: stage %d, err %q", s.stage, s.err)
		}
		// On round values: workers 50, 100 ... 400 by rates 25 ... 200 on
		// the 12×8 grid of 80×24; 40 ... 400 by 20 ... 200 on 20×14.
		want := map[int][2]int{80: {8, 8}, 200: {19, 10}}[sz[0]]
		if gx, gy := s.plan.Size(); gx != want[0] || gy != want[1] {
			t.Errorf("grid %d×%d at %v, want %d×%d", gx, gy, sz, want[0], want[1])
		}
		v = m.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		tuitest.CheckNoCuts(t, fmt.Sprintf("the sweep's result at %dx%d", sz[0], sz[1]), v)
		golden.Check(t, fmt.Sprintf("sweep-result-%dx%d", sz[0], sz[1]), v)
		if !strings.Contains(v, "◆ the design in the form: workers=200,") {
			t.Errorf("the result should mark the design:\n%s", v)
		}
		// The marked cell is the mean of the engine's runs of the design.
		mi, mj := -1, -1
		for i, x := range s.plan.Axes[0].X {
			if x == 200 {
				mi = i
			}
		}
		for j, y := range s.plan.Axes[1].X {
			if y == 100 {
				mj = j
			}
		}
		if mi < 0 || mj < 0 {
			t.Fatalf("the design is not a cell: %v × %v", s.plan.Axes[0].X, s.plan.Axes[1].X)
		}
		var sum float64
		for _, seed := range s.plan.Seeds {
			r, err := engine.New(shortCascade(t), 0, seed)
			if err != nil {
				t.Fatal(err)
			}
			r.Run()
			snap := r.Snapshot()
			e, _ := snap.Endpoint("search")
			sum += e.Window.Share(engine.OK)
		}
		if want, got := sum/float64(len(s.plan.Seeds)), s.res.Cell(mi, mj).Mean; got != want || s.plan.Measure.Name != "search.ok" || want == 1 || want == 0 {
			t.Errorf("the design's cell measures %s %v; the engine's runs give %v", s.plan.Measure.Name, got, want)
		}
		if sz[0] != 80 {
			continue
		}
		// m measures the next quantity; esc goes back to the form as it was.
		next, cmd = m.Update(tuitest.Key("m"))
		m = drive(t, next.(Model), cmd)
		if m.sw.plan.Measure.Name != m.sw.measures[1] || !m.sw.res.Complete() {
			t.Errorf("m should sweep %s, swept %s", m.sw.measures[1], m.sw.plan.Measure.Name)
		}
		m = press(m, "esc")
		if m.sw != nil || m.form == nil || m.form.knobs[m.form.focus].label != "workers" {
			t.Error("esc should close the sweep and leave the form as it was")
		}
	}
}

// esc stops a sweep under way: no new run starts, what is done is shown as
// stopped, and a second esc goes back to the form.
func TestSweepEscCancels(t *testing.T) {
	m := openSweepOn(t, 80, 24)
	next, cmd := m.Update(tuitest.Key("enter"))
	m = next.(Model)
	// esc before the command runs: the runs never start.
	m = press(m, "esc")
	if m.sw == nil || m.sw.stage != sweepRunning || !strings.Contains(m.View(), "stopping") {
		t.Fatal("esc on a running sweep should stop it, not close it")
	}
	m = drive(t, m, cmd)
	s := m.sw
	if s.stage != sweepDone || !s.stopped || s.res == nil || s.res.Runs >= s.res.Total {
		t.Fatalf("a stopped sweep: stage %d, stopped %v, runs %d of %d", s.stage, s.stopped, s.res.Runs, s.res.Total)
	}
	if v := m.View(); !strings.Contains(v, fmt.Sprintf("(stopped: %d of %d runs)", s.res.Runs, s.res.Total)) {
		t.Errorf("a stopped sweep should say so:\n%s", v)
	}
	m = press(m, "esc")
	if m.sw != nil || m.form == nil {
		t.Error("esc after a stopped sweep should go back to the form")
	}
	// A message from the sweep that was left is ignored.
	m = send(m, sweepDoneMsg{id: s.id})
	if m.sw != nil {
		t.Error("a late message reopened the sweep")
	}
}

// A form that does not build opens no sweep, and says why.
func TestSweepNeedsAFormThatBuilds(t *testing.T) {
	m := newModel(t, 80, 24, Options{Scenario: shortCascade(t)})
	m = press(m, "3", "e")
	for m.form.knobs[m.form.focus].label != "bulkhead" {
		m = press(m, "down")
	}
	m = press(m, "ctrl+u") // empty: the field leaves out a letter (knobs_takes.go)
	m = send(m, ctrlS)
	if m.sw != nil || m.form.err == "" {
		t.Errorf("a refused value should keep the sweep closed and mark the form (err %q)", m.form.err)
	}
}

// esc stops a sweep whose runs are long (a hundred thousand requests a
// second: no run ends before esc, as res.Runs == 0 holds it to)
// within a step of virtual time, not when the runs under way end; the
// slot it took (Limits.Acquire) is given back once its runs have stopped,
// and the session's context ending stops a sweep just as esc does.
func TestSweepStopsRunsUnderWay(t *testing.T) {
	for _, how := range []string{"esc", "context"} {
		sc := shortCascade(t)
		for i := range sc.Variants {
			for k := range sc.Variants[i].System.Endpoints {
				if sc.Variants[i].System.Endpoints[k].Name == "search" {
					sc.Variants[i].System.Endpoints[k].Rate = 100_000
				}
			}
		}
		ctx, cancel := context.WithCancel(context.Background())
		var held atomic.Int32
		lim := Limits{Context: ctx, MaxSweepWorkers: 1, Acquire: func() (func(), error) {
			held.Add(1)
			return func() { held.Add(-1) }, nil
		}}
		var budgetRuns int
		lim.Budget = func(_ *engine.Scenario, runs int) error { budgetRuns = runs; return nil }
		m := newModel(t, 80, 24, Options{Scenario: sc, Limits: lim})
		m = send(press(m, "e"), ctrlS)
		next, cmd := m.Update(tuitest.Key("enter"))
		m = next.(Model)
		if budgetRuns != m.sw.total || budgetRuns == 0 {
			t.Errorf("the budget was asked about %d runs, the sweep makes %d", budgetRuns, m.sw.total)
		}
		msgs := make(chan tea.Msg, 1)
		go func() { msgs <- cmd() }()
		// The limits below guard against a hang only: that the run was
		// stopped under way, not finished, is res.Runs == 0 below. The race
		// detector on a loaded machine makes a run many times slower.
		deadline := time.Now().Add(time.Minute)
		for held.Load() == 0 && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		time.Sleep(50 * time.Millisecond) // well into the first run
		start := time.Now()
		if how == "esc" {
			m = press(m, "esc")
		} else {
			cancel()
		}
		var msg tea.Msg
		select {
		case msg = <-msgs:
		case <-time.After(2 * time.Minute):
			t.Fatalf("%s: the sweep did not stop", how)
		}
		took := time.Since(start)
		m = send(m, msg)
		for held.Load() != 0 && time.Now().Before(deadline.Add(time.Minute)) {
			time.Sleep(time.Millisecond)
		}
		if s := m.sw; s.stage != sweepDone || !s.stopped || held.Load() != 0 || s.res == nil || s.res.Runs != 0 {
			t.Errorf("%s: stage %d, stopped %v, slots held %d", how, s.stage, s.stopped, held.Load())
		}
		t.Logf("%s stopped the sweep in %v", how, took.Round(time.Millisecond))
		cancel()
	}
}

// A refused slot is the sweep's result: the overlay says why.
func TestSweepRefusedSaysWhy(t *testing.T) {
	lim := Limits{Acquire: func() (func(), error) {
		return nil, errors.New("the class server is busy: 4 simulations running; try again in a moment")
	}}
	m := newModel(t, 80, 24, Options{Scenario: shortCascade(t), Limits: lim})
	m = send(press(m, "e"), ctrlS)
	next, cmd := m.Update(tuitest.Key("enter"))
	m = drive(t, next.(Model), cmd)
	if v := m.View(); !strings.Contains(v, "the class server is busy: 4 simulations") {
		t.Errorf("a refused sweep should say why:\n%s", v)
	}
	// A budget's refusal keeps the picker open and says why.
	lim = Limits{Budget: func(*engine.Scenario, int) error { return errors.New("over budget") }}
	m = newModel(t, 80, 24, Options{Scenario: shortCascade(t), Limits: lim})
	m = send(press(m, "e"), ctrlS)
	next, cmd = m.Update(tuitest.Key("enter"))
	m = next.(Model)
	if cmd != nil || m.sw.stage != sweepPicking || !strings.Contains(m.View(), "over budget") {
		t.Errorf("a sweep over its budget should not start, and say why:\n%s", m.View())
	}
}

// The picker's heading names the range the sweep will take, as around
// builds it: a quarter to twice the knob's value, and for a knob at zero
// (no quarter or double) the range around uses instead, with as many
// values as the knob holds. It used to say "×0.25 to ×2 of 0s" for a
// knob at zero, a range of one value, over a sweep from 0 to 1 s.
func TestPickerHeadingNamesTheSweptRange(t *testing.T) {
	m := openSweepOn(t, 120, 40)
	nx, _ := gridSize(m.w, m.h)
	for _, c := range []struct{ knob, want string }{
		{"workers", "workers along x (19 values from 40 to 400, around 200)"},
		{"queue", "queue along x (11 values from 0 to 10, around 0)"},
	} {
		m.sw.x = c.knob
		head := strings.Join(m.pickerLines(200, 40), " ")
		if !strings.Contains(head, c.want) {
			t.Errorf("the picker's heading for %s is %q, want it to say %q", c.knob, head, c.want)
		}
		ax, _, err := around(m.sw.base, m.sw.variant, c.knob, nx)
		if err != nil {
			t.Fatal(err)
		}
		said := fmt.Sprintf("%d values from %s to %s", len(ax.X), ax.Format(0), ax.Format(len(ax.X)-1))
		if !strings.Contains(head, said) {
			t.Errorf("%s: the sweep takes %s; the heading says %q", c.knob, said, head)
		}
	}
}

// A knob the variant takes one value of, around its own, is no axis: a
// tasks server has no workers and no accept queue (every request gets a
// task), and the picker offered both, whose sweep drew a heatmap of one
// row, every cell the design. Every knob offered gives two values or
// more; a thread pool's workers and queue stay offered. Nor is a knob of
// another kind of bulkhead or fault (a semaphore's queue, a thread pool's
// wait, a hang's latency or error rate), which the engine never reads.
func TestSweepChoicesTakeTwoValuesOrMore(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	for _, c := range []struct {
		scenario      string
		variant       int
		x             string
		without, with []string
	}{
		{"go-server", 1, "payments.bulkhead", []string{"workers", "queue", "payments.bulkhead_queue", "payments.fault.latency", "payments.fault.probability"}, []string{"tasks.threads", "payments.bulkhead_wait", "payments.fault.to"}},
		// search-index has no bulkhead: its wait is never read.
		{"cascade", 1, "recommendations.bulkhead", []string{"search-index.bulkhead_wait"}, []string{"workers", "queue", "recommendations.bulkhead_wait"}},
		{"event-loop-stall", 1, "tasks.threads", []string{"report-db.bulkhead_wait"}, []string{"report-db.bulkhead_queue"}},
		{"go-inventory", 1, "inventory.workers", []string{"inventory/database.bulkhead_queue", "inventory/database.bulkhead_wait", "workers", "inventory/database.fault.probability"}, []string{"inventory.queue", "inventory/database.fault.latency"}},
	} {
		b, ok := scenarios.Lookup(c.scenario)
		if !ok {
			t.Fatalf("no scenario %s", c.scenario)
		}
		sc := b.Build()
		choices := sweepChoices(sc, c.variant, c.x, &form{})
		offered := map[string]bool{}
		for _, k := range choices {
			offered[k] = true
		}
		for _, k := range c.without {
			if offered[k] {
				t.Errorf("%s: the picker offers %s, which the variant takes one value of", c.scenario, k)
			}
		}
		for _, k := range c.with {
			if !offered[k] {
				t.Errorf("%s: the picker leaves out %s", c.scenario, k)
			}
		}
		_, rows := gridSize(0, 0)
		for _, k := range choices {
			if ax, _, err := around(sc, c.variant, k, rows); err != nil || len(ax.Values) < 2 {
				t.Errorf("%s: %s is offered, but its axis holds %d values (%v)", c.scenario, k, len(ax.Values), err)
			}
		}
	}
}

// ctrl+s on a fault's end left empty (to the run's end) keeps the sweep
// closed, instead of drawing a heatmap of one column, and says that the
// field is empty and what to type: it used to say "no value from 0s to
// 1s but its own (0s)", of a field that shows no 0s, with a range all
// before the fault's start.
func TestSweepOfOneValueSaysWhy(t *testing.T) {
	sc := shortCascade(t)
	m := newModel(t, 80, 24, Options{Scenario: sc})
	m = press(m, "e")
	for m.form.knobs[m.form.focus].label != "  until" {
		m = press(m, "down")
	}
	if v := m.form.knobs[m.form.focus].input.Value(); v != "" {
		t.Fatalf("the fault's end should be empty, holds %q", v)
	}
	from, _ := lessons.KnobValue(sc, m.form.variant, "recommendations.fault.from")
	m = send(m, ctrlS)
	for _, want := range []string{"is empty", "to the run's end", "type an end time", fmt.Sprintf("its start (%v)", from), fmt.Sprintf("the run's end (%v)", sc.Duration)} {
		if m.sw != nil || !strings.Contains(m.form.err, want) {
			t.Errorf("ctrl+s on an empty fault end: sweep open %v, form says %q, want %q", m.sw != nil, m.form.err, want)
		}
	}
	if strings.Contains(m.form.err, "0s to 1s") || strings.Contains(m.form.err, "its own (0s)") {
		t.Errorf("ctrl+s on an empty fault end says %q, of a range around 0s the field does not hold", m.form.err)
	}
}

// A tasks server gives every request a task of its own, so its
// bystanders keep an ok share of 1 whatever the knobs of a dependency
// guarded by a semaphore: its sweeps measure the callers first. A pool of
// workers keeps the bystanders first, whose loss is the cascade.
func TestSweepMeasuresCallersFirstInATasksServer(t *testing.T) {
	for _, c := range []struct {
		scenario string
		variant  int
		first    string
	}{{"go-server", 1, "checkout.ok"}, {"cascade", 1, "search.ok"}} {
		b, _ := scenarios.Lookup(c.scenario)
		if got := measuresOf(b.Build(), c.variant); len(got) == 0 || got[0] != c.first {
			t.Errorf("%s measures %v first, want %s", c.scenario, got, c.first)
		}
	}
}

// A finished sweep whose measure is the same in every cell says so under
// its heatmap and names the measure m runs next; one whose cells differ,
// or one still running, says nothing of it.
func TestSweepSaysWhenEveryCellIsTheSame(t *testing.T) {
	m := openSweepOn(t, 80, 24)
	s := m.sw
	plan, _, err := s.planFor(s.choices[s.cursor], 3, 2, sweepSeeds)
	if err != nil {
		t.Fatal(err)
	}
	fill := func(value func(k int) float64, upTo int) *sweep.Result {
		r := sweep.NewResult(plan)
		for k, job := range plan.Jobs()[:upTo] {
			r.Add(sweep.Sample{Job: job, Value: value(k)})
		}
		return r
	}
	all := len(plan.Jobs())
	next := s.measures[(s.measure+1)%len(s.measures)]
	s.res = fill(func(int) float64 { return 1 }, all)
	if hint := s.sameEverywhere(); !strings.Contains(hint, "in every cell") || !strings.Contains(hint, next) {
		t.Errorf("every cell 1: the hint is %q, want it to name %s", hint, next)
	} else if strings.HasSuffix(s.measures[s.measure], ".ok") && !strings.Contains(hint, " is 100% in every cell") {
		t.Errorf("a share reads as the heatmap's legend reads it: %q", hint) // it read "is 1"
	}
	view := strings.Join(s.resultLines(m, 80, 20), "\n")
	if !strings.Contains(view, "m measures "+next) {
		t.Errorf("the heatmap of one value does not say what m measures next:\n%s", view)
	}
	if n := len(s.resultLines(m, 80, 20)); n > 20 {
		t.Errorf("the heatmap and its hint take %d lines of 20", n)
	}
	s.res = fill(func(k int) float64 { return float64(k) }, all)
	if hint := s.sameEverywhere(); hint != "" {
		t.Errorf("cells that differ: hint %q", hint)
	}
	s.res = fill(func(int) float64 { return 1 }, all-1)
	if hint := s.sameEverywhere(); hint != "" {
		t.Errorf("a sweep not done: hint %q", hint)
	}
}

// A knob near its limit is swept up to the limit, and the picker says so:
// with 100,000 workers (the most there may be) the picker announced "12
// values from 25000 to 200000" and the sweep ran the six it could, a
// heatmap of half its columns with nothing to say where the rest went.
// The range is cut at the limit before the grid is laid, and the heading
// states the values the heatmap's axis holds. The second knob's line does
// the same for a rate near the most the scenario takes.
func TestPickerAnnouncesTheValuesItSweeps(t *testing.T) {
	m := newModel(t, 80, 24, Options{Scenario: shortCascade(t)})
	m = press(m, "e")
	m.form.knobs[m.form.focus].input.SetValue("100000")
	m = press(m, "enter")
	if m.form != nil {
		t.Fatalf("100000 workers refused: %s", m.form.err)
	}
	m = press(m, "e")
	m = send(m, ctrlS)
	if m.sw == nil {
		t.Fatalf("no sweep picker: %s", m.form.err)
	}
	s := m.sw
	s.cursor = indexOf(s.choices, "recommendations.rate")
	if err := lessons.SetKnob(s.base, s.variant, "recommendations.rate", 600_000.0); err != nil {
		t.Fatal(err)
	}
	s.spans = nil // the axes worked out so far were of the design before
	nx, ny := gridSize(m.w, m.h)
	head := strings.Join(strings.Fields(strings.Join(m.pickerLines(76, 20), " ")), " ")
	plan, _, err := s.planFor("recommendations.rate", nx, ny, sweepSeeds)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range []struct{ want, cut string }{
		{"9 values from 20000 to 100000", "cut at 100000, the most the scenario takes"},
		{"5 values from 200000 to 1000000", "cut at 1000000, the most the scenario takes"},
	} {
		ax := plan.Axes[i]
		if !strings.Contains(head, c.want) || !strings.Contains(head, c.cut) {
			t.Errorf("axis %d: the picker says %q; want %q and %q", i, head, c.want, c.cut)
		}
		n := len(ax.Values)
		if got := fmt.Sprintf("%d values from %s to %s", n, showEnd(ax.Values[0]), showEnd(ax.Values[n-1])); got != c.want {
			t.Errorf("axis %d: the sweep runs %s (%v); the picker announced %s", i, got, ax.X, c.want)
		}
	}
}
