package sandbox

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// fieldIn is the index of the field labelled label in the section whose
// title starts with section, -1 when there is none.
func fieldIn(f *form, section, label string) int {
	for si, start := range f.section {
		if !strings.HasPrefix(f.titles[si], section) {
			continue
		}
		end := len(f.knobs)
		if si+1 < len(f.section) {
			end = f.section[si+1]
		}
		for i := start; i < end; i++ {
			if strings.TrimSpace(f.knobs[i].label) == label {
				return i
			}
		}
	}
	return -1
}

// formFields lists a form's fields as "section · label".
func formFields(f *form) []string {
	var out []string
	si := -1
	for i, k := range f.knobs {
		for si+1 < len(f.section) && f.section[si+1] <= i {
			si++
		}
		out = append(out, f.titles[si]+" · "+strings.TrimSpace(k.label))
	}
	return out
}

// reopened is sc with the faults specs injected, written as the sandbox's
// w writes it and read back as breakerlab sandbox FILE reads it.
func reopened(t *testing.T, specs ...string) (shown, file *engine.Scenario) {
	t.Helper()
	var faults []chaos.Spec
	for _, s := range specs {
		faults = append(faults, mustSpec(t, s))
	}
	m := newModel(t, 100, 30, Options{Faults: faults})
	data, err := m.dump()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenariofile.Parse("c1.toml", data)
	if err != nil {
		t.Fatalf("the written file does not read back: %v\n%s", err, data)
	}
	return m.sim.knobs(), sc
}

// A scenario written with a fault injected and opened again offers every
// knob it offered before: the file's first dependency with a fault (the
// injected search-index hang) took the form's one call section, and
// variant 3's recommendations call lost its bulkhead, its breaker and its
// own hang's start.
func TestReopenedFileOffersTheSameKnobs(t *testing.T) {
	before, after := reopened(t, "5s search-index hang for 10s")
	fb, fa := newForm(tuitest.Plain(), before, 2), newForm(tuitest.Plain(), after, 2)
	have := formFields(fa)
	for _, want := range formFields(fb) {
		if !slices.Contains(have, want) {
			t.Errorf("after writing and reopening, the form has no %q; it has %q", want, have)
		}
	}
	for _, label := range []string{"recommendations hangs from", "search-index hangs from"} {
		if fieldIn(fa, "The server", label) < 0 {
			t.Errorf("the reopened form has no %q: %q", label, have)
		}
	}
	if i := fieldIn(fa, "Calls to recommendations", "bulkhead"); i < 0 || fa.knobs[i].input.Value() != "20" {
		t.Errorf("variant 3's recommendations bulkhead of 20 is not in the reopened form: %q", have)
	}
	if fieldIn(fa, "Calls to recommendations", "open for") < 0 {
		t.Errorf("variant 3's breaker is not in the reopened form: %q", have)
	}
}

// Each fault of a dependency is a field of its own: the scenario's
// recommendations hang from 10 s stays movable beside a slowdown written
// before it, where the form moved only a dependency's first fault.
func TestEveryFaultOfADependencyMovesOnItsOwn(t *testing.T) {
	_, sc := reopened(t, "5s recommendations slow 2s for 3s")
	f := newForm(tuitest.Plain(), sc, 0)
	hang, slow := fieldIn(f, "The server", "recommendations hangs from"), fieldIn(f, "The server", "recommendations slow from")
	if hang < 0 || slow < 0 {
		t.Fatalf("the form has no field for each of recommendations' faults: %q", formFields(f))
	}
	f.knobs[hang].input.SetValue("12s")
	f.knobs[slow+1].input.SetValue("9s") // its until
	c := f.build(sc)
	if c == nil {
		t.Fatalf("refused: %s", f.err)
	}
	for _, d := range c.Variants[0].System.Dependencies {
		if d.Name != "recommendations" {
			continue
		}
		for _, ft := range d.Faults {
			switch ft.Kind {
			case engine.Hang:
				if ft.From != 12*time.Second {
					t.Errorf("the hang starts at %v, want 12s", ft.From)
				}
			case engine.Slow:
				if ft.From != 5*time.Second || ft.To != 9*time.Second {
					t.Errorf("the slowdown runs %v to %v, want 5s to 9s", ft.From, ft.To)
				}
			}
		}
	}
}

// setField types text into the field label of the section titled
// section… in the model's open form.
func setField(t *testing.T, m Model, section, label, text string) {
	t.Helper()
	i := fieldIn(m.form, section, label)
	if i < 0 {
		t.Fatalf("the form has no %q in %q…: %q", label, section, formFields(m.form))
	}
	m.form.knobs[i].input.SetValue(text)
}

// recommendationsCalls is how many attempts reached recommendations by the
// run's end.
func recommendationsCalls(t *testing.T, m Model) engine.DependencySnapshot {
	t.Helper()
	m = seekTo(t, m, 30*time.Second)
	for _, d := range m.sim.snap.Dependencies {
		if d.Name == "recommendations" {
			return d
		}
	}
	t.Fatal("no recommendations in the snapshot")
	return engine.DependencySnapshot{}
}

// A learner makes a retry storm on cascade from the knob form alone: the
// recommendations calls, which have no retries, given three attempts (and
// a timeout of 1 s, so the hang's timeouts come back while traffic is
// still coming) send half as many calls again into the hanging dependency
// as the same run without.
func TestRetryKnobsMakeARetryStorm(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	run := func(attempts string) engine.DependencySnapshot {
		m := press(newModel(t, 100, 30, Options{}), "e")
		setField(t, m, "Calls to recommendations", "timeout", "1s")
		setField(t, m, "Calls to recommendations", "retry attempts", attempts)
		m = press(m, "enter")
		if m.form != nil {
			t.Fatalf("attempts %s refused: %s", attempts, m.form.err)
		}
		return recommendationsCalls(t, m)
	}
	without, with := run("1"), run("3")
	if without.Retries != 0 || with.Retries == 0 {
		t.Errorf("retries sent: %d at one attempt, %d at three", without.Retries, with.Retries)
	}
	if with.Calls*2 < without.Calls*3 {
		t.Errorf("three attempts sent %d calls to recommendations against %d with one: no storm", with.Calls, without.Calls)
	}
	m := press(newModel(t, 100, 30, Options{}), "e")
	setField(t, m, "Calls to recommendations", "retry attempts", "3")
	setField(t, m, "Calls to recommendations", "retry backoff", "100ms")
	m = press(m, "enter")
	r := m.sim.sc.Variants[0].System.Dependencies[2]
	if r.Name != "recommendations" || r.Policy.Retry == nil || r.Policy.Retry.Attempts != 3 || r.Policy.Retry.Backoff != (retry.Backoff{Base: 100 * time.Millisecond, Max: 100 * time.Millisecond}) {
		t.Errorf("the form set recommendations' retry to %+v", r.Policy.Retry)
	}
}

// The retry fields refuse what the retry layer cannot take, in words that
// say what it can, and leave the run as it was.
func TestRetryKnobsRefuse(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	for _, tc := range []struct {
		label, text string
		want        string // in the field's refusal
	}{
		{"retry attempts", "0", "want 1 to 100"},
		{"retry attempts", "101", "want 1 to 100"},
		{"retry attempts", "many", "want 1 to 100"},
		{"retry backoff", "-1s", ""},
		{"retry budget", "lots", "none, token-bucket or concurrency"},
	} {
		m := press(newModel(t, 100, 30, Options{}), "e")
		setField(t, m, "Calls to recommendations", tc.label, tc.text)
		m = press(m, "enter")
		if m.form == nil {
			t.Errorf("%s %q was taken", tc.label, tc.text)
			continue
		}
		if k := m.form.knobs[fieldIn(m.form, "Calls to recommendations", tc.label)]; k.err == "" || !strings.Contains(k.err, tc.want) {
			t.Errorf("%s %q is refused with %q, want %q", tc.label, tc.text, k.err, tc.want)
		}
	}
	// A backoff's longest wait below its first: the scenario's refusal,
	// on the retry's fields.
	m := press(newModel(t, 100, 30, Options{}), "e")
	setField(t, m, "Calls to recommendations", "retry attempts", "3")
	setField(t, m, "Calls to recommendations", "retry backoff", "1s")
	setField(t, m, "Calls to recommendations", "backoff max", "500ms")
	m = press(m, "enter")
	if m.form == nil {
		t.Fatal("a backoff of 1s with a max of 500ms was taken")
	}
	if k := m.form.knobs[fieldIn(m.form, "Calls to recommendations", "backoff max")]; k.err == "" || !strings.Contains(m.form.err, "backoff") {
		t.Errorf("the max below the backoff is marked %q; the form says %q", k.err, m.form.err)
	}
}

// A knob edit that moves a fault marks the scenario's summary, which
// quotes the fault as built, wherever it shows: the presenter's view, the
// file w writes (and so what breakerlab run prints of it); the measure
// window, which does not follow the fault, is said too. The summary kept
// "the database slows to 500 ms from 20 s to 40 s" beside a fault from
// 25 s to 50 s.
func TestMovedFaultMarksTheSummary(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := press(newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "multi-hop"), Variant: 1}), "e")
	i := fieldIn(m.form, "Service inventory", "database slow from")
	if i < 0 {
		t.Fatalf("no database fault in the form: %q", formFields(m.form))
	}
	m.form.knobs[i].input.SetValue("25s")
	m.form.knobs[i+1].input.SetValue("50s")
	m = press(m, "enter")
	if m.form != nil {
		t.Fatalf("refused: %s", m.form.err)
	}
	want := "edited: database slow 25 s–50 s; outcomes still measured 20 s–40 s"
	mo, _ := m.Moment()
	data, err := m.dump()
	if err != nil {
		t.Fatal(err)
	}
	written, err := scenariofile.Parse("m2.toml", data)
	if err != nil {
		t.Fatal(err)
	}
	for where, got := range map[string]string{"the scenario": m.sim.sc.Summary, "the presenter": mo.Caption, "the written file": written.Summary} {
		if !strings.Contains(got, want) {
			t.Errorf("%s's summary reads %q, want it marked %q", where, got, want)
		}
	}
	// Put back, the fault is as built and so is the summary.
	m = press(m, "e")
	m.form.knobs[i].input.SetValue("20s")
	m.form.knobs[i+1].input.SetValue("40s")
	m = press(m, "enter")
	if got, built := m.sim.sc.Summary, tuitest.Scenario(t, "multi-hop").Summary; got != built {
		t.Errorf("the fault put back, the summary reads %q, want %q", got, built)
	}
}
