package sandbox

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
)

// ctrl+s on a field it cannot sweep says why in the form's words: on every
// field of every built-in scenario's form where it refuses, the message
// names the field as the form labels it and no knob path, nor the command
// line's --vary. ctrl+s on
// noisy-tenant's own slots left empty said
// "database.per_tenant_bulkhead.own.initech has no value to sweep around
// here", a path the form shows nowhere, and so on a retry budget, a
// propagated deadline, an accept queue of no limit.
func TestSweepRefusalsSpeakTheFormsWords(t *testing.T) {
	racefree.Only(t) // no goroutine: the refusals are worked out on this one, no sweep runs
	t.Parallel()     // parallel_test.go says which tests may
	refused := 0
	for _, name := range scenarios.Names() {
		b, _ := scenarios.Lookup(name)
		for v := range b.Build().Variants {
			m := press(newModel(t, 100, 30, Options{Scenario: b.Build(), Variant: v}), "e")
			if m.form == nil {
				t.Fatalf("%s variant %d: e opened no form", name, v+1)
			}
			// The knob paths a message could name: the form's fields' and
			// every number the variant has. One word ("workers") is
			// the field's name too.
			sc := m.form.build(m.sim.knobs())
			var paths []string
			for i := range m.form.knobs {
				if p, ok := knobPath(sc, v, &m.form.knobs[i]); ok && strings.Contains(p, ".") {
					paths = append(paths, p)
				}
			}
			for _, p := range lessons.NumberKnobs(sc, v) {
				if strings.Contains(p, ".") {
					paths = append(paths, p)
				}
			}
			for i := range m.form.knobs {
				m.form.focus, m.form.err = i, ""
				if _, _, ok := m.sweepStart(); ok {
					continue
				}
				refused++
				label, msg := strings.TrimSpace(m.form.knobs[i].label), m.form.err
				if !strings.Contains(msg, label) {
					t.Errorf("%s variant %d, ctrl+s on %q says %q: it does not name the field", name, v+1, label, msg)
				}
				// The command line's words: the form has no flags.
				if strings.Contains(msg, "--vary") || strings.Contains(msg, "vary ") || strings.Contains(msg, "--variant") {
					t.Errorf("%s variant %d, ctrl+s on %q says %q: the command line's words, not the form's", name, v+1, label, msg)
				}
				for _, p := range paths {
					if strings.Contains(msg, p) {
						t.Errorf("%s variant %d, ctrl+s on %q says %q: it names the knob path %s", name, v+1, label, msg, p)
						break
					}
				}
				// The sweep's own word that nothing of the field is read:
				// the form hides the calls of a dependency no endpoint
				// calls, so no field of one is there to refuse.
				if strings.Contains(msg, "no endpoint calls") {
					t.Errorf("%s variant %d, ctrl+s on %q says %q: the form shows a field of a call nothing makes", name, v+1, label, msg)
				}
				// A key alone, without its owner's path, is a knob's name
				// too: "so its bulkhead_wait is never read" where the
				// field says "permit wait". The variants' names are the
				// author's ("(to_thread)"), not knobs.
				prose := msg
				for _, vr := range sc.Variants {
					prose = strings.ReplaceAll(prose, vr.Name, "")
				}
				if w := knobWord.FindString(prose); w != "" {
					t.Errorf("%s variant %d, ctrl+s on %q says %q: it names a knob by its key %q, not the form's label", name, v+1, label, msg, w)
				}
			}
		}
	}
	if refused == 0 {
		t.Fatal("ctrl+s refused no field of any form: the test checks nothing")
	}
}

// knobWord is a knob's key or path as the command line writes it: a word
// joined with "_" ("bulkhead_wait") or a dotted path ("search-api.retry").
var knobWord = regexp.MustCompile(`[a-z]+_[a-z]+|[a-z][a-z0-9-]*\.[a-z][a-z_]*`)

// ctrl+s on a tenant's own slots left empty (the default's) says that the
// field is empty, what to type to sweep it, and which field of the
// bulkhead can be swept as it is; on a yes-or-no field, that it is not a
// number. The same words come through the key as through sweepStart.
func TestSweepOfOwnSlotsLeftEmptySaysWhatToDo(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one, no sweep runs
	m := press(newModel(t, 100, 30, Options{Scenario: scenarios.NoisyTenant(), Variant: 1}), "e")
	m = send(focusLabel(t, m, "own slots: acme", 1), ctrlS)
	want := "database own slots: acme is empty (the default slots), no number of its own: ctrl+s sweeps a number; type acme's own slots to sweep them, or try the default slots"
	if m.sw != nil || m.form.err != want {
		t.Errorf("ctrl+s on acme's empty own slots: sweep open %v, the form says\n%q, want\n%q", m.sw != nil, m.form.err, want)
	}
	if v := m.View(); !strings.Contains(v, "acme is empty") {
		t.Errorf("the screen does not show the refusal:\n%s", v)
	}
	m.form.err = ""
	m = send(focusLabel(t, m, "retry budget", 1), ctrlS)
	want = "database retry budget is a kind of budget (none, token-bucket, concurrency), not a number: ctrl+s sweeps a number; try the retry attempts"
	if m.sw != nil || m.form.err != want {
		t.Errorf("ctrl+s on the retry budget: the form says\n%q, want\n%q", m.form.err, want)
	}
}

// ctrl+s on a knob the engine reads only in another variant names the
// keys that get there, not the command line's --variant, which the
// sandbox has no use for: on async-cascade's first variant, where
// search-api has no bulkhead, its permit wait said "On variants 2, 3 it
// changes the run: --variant 2". The keys named do it: esc and 2 show the
// second variant, where ctrl+s sweeps the same field; in compare mode,
// where the form edits the left side and 2 picks the right, } takes the
// left there.
func TestSweepRefusalNamesTheKeysToTheVariantWhereItMatters(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one, and no sweep is started
	for _, compare := range []bool{false, true} {
		m := newModel(t, 100, 30, Options{Scenario: scenarios.AsyncCascade(), Variant: 0})
		keys, want := []string{"esc", "2"}, "On variants 2, 3 it changes the run: esc, then 2 shows variant 2"
		if compare {
			if m = press(m, "c"); m.cmp == nil || m.cmp.sides[0].variant != 0 {
				t.Fatal("c opened no compare with variant 1 on the left")
			}
			keys, want = []string{"esc", "}"}, "On variants 2, 3 it changes the run: esc, then { or } until the left side shows variant 2"
		}
		m = send(focusLabel(t, press(m, "e"), "permit wait", 1), ctrlS)
		if name := m.form.fieldName(m.form.focus); name != "search-api permit wait" {
			t.Fatalf("the first permit wait field is %q, want search-api's", name)
		}
		msg := m.form.err
		if m.sw != nil || !strings.HasSuffix(msg, want) || strings.Contains(msg, "--variant") {
			t.Errorf("compare %v: ctrl+s on search-api's permit wait in variant 1 says\n%q\nwant it to end %q", compare, msg, want)
		}
		if v := m.View(); !strings.Contains(v, "esc, then") {
			t.Errorf("compare %v: the screen does not show the keys:\n%s", compare, v)
		}
		for _, k := range keys {
			m = press(m, k)
		}
		if at := m.sim.variant; compare && m.cmp.sides[0].variant != 1 || !compare && at != 1 {
			t.Fatalf("compare %v: %v did not show variant 2", compare, keys)
		}
		m = send(focusLabel(t, press(m, "e"), "permit wait", 1), ctrlS)
		if m.sw == nil {
			t.Errorf("compare %v: on variant 2, ctrl+s on search-api's permit wait did not sweep: %q", compare, m.form.err)
		}
	}
}

// The refusal's keys to another variant go through esc, which closes the
// form without applying it: with edits typed and not applied, the advice
// says esc drops them, and how many, and they are dropped as it says (the
// form opened on variant 2 holds none of them). "esc, then 2" alone lost
// the learner's edits without a word.
func TestSweepRefusalSaysEscDropsTheUnappliedEdits(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one, and no sweep is started
	for _, c := range []struct {
		edits [][2]string // the fields typed into, each its first of that label, and the text typed
		want  string
	}{
		{nil, "On variants 2, 3 it changes the run: esc, then 2 shows variant 2"},
		{[][2]string{{"loop threads", "3"}}, "On variants 2, 3 it changes the run: esc drops your unapplied change; then 2 shows variant 2"},
		{[][2]string{{"loop threads", "3"}, {"timeout", "7s"}}, "On variants 2, 3 it changes the run: esc drops your 2 unapplied changes; then 2 shows variant 2"},
	} {
		m := press(newModel(t, 100, 30, Options{Scenario: scenarios.AsyncCascade(), Variant: 0}), "e")
		was := map[string]string{}
		for _, e := range c.edits {
			m = focusLabel(t, m, e[0], 1)
			was[e[0]] = m.form.knobs[m.form.focus].input.Value()
			m = press(m, append([]string{"ctrl+u"}, strings.Split(e[1], "")...)...)
			for m.form.focus > 0 {
				m = press(m, "up")
			}
		}
		for m.form.focus > 0 {
			m = press(m, "up")
		}
		m = send(focusLabel(t, m, "permit wait", 1), ctrlS)
		if name := m.form.fieldName(m.form.focus); name != "search-api permit wait" {
			t.Fatalf("the first permit wait field is %q, want search-api's", name)
		}
		if m.sw != nil || !strings.HasSuffix(m.form.err, c.want) {
			t.Errorf("%d edits: ctrl+s on search-api's permit wait says\n%q\nwant it to end %q", len(c.edits), m.form.err, c.want)
		}
		m = press(m, "esc", "2", "e")
		if m.sim.variant != 1 || m.form == nil {
			t.Fatalf("%d edits: esc, 2, e did not open variant 2's form", len(c.edits))
		}
		for _, e := range c.edits {
			f := m.form
			if i := indexOfLabel(f, e[0]); i < 0 || f.knobs[i].input.Value() != was[e[0]] {
				t.Errorf("%s kept its edit across esc, was %q: the advice said esc drops it", e[0], was[e[0]])
			}
		}
	}
}

// indexOfLabel is the first field of form f labelled label, or -1.
func indexOfLabel(f *form, label string) int {
	for i := range f.knobs {
		if f.knobs[i].label == label {
			return i
		}
	}
	return -1
}

// The knob form hides the calls of a dependency no endpoint of the
// variant calls: nothing of the variant reads them (the sweep refused
// every one, "no endpoint calls report-db"), as the form hides a
// deadline's margin where none is passed on. event-loop-stall's first
// variant lists report-db, which only the second calls: its calls are in
// the second variant's form and not in the first's.
func TestFormHidesTheCallsOfADependencyNothingCalls(t *testing.T) {
	racefree.Only(t) // no goroutine: the forms are built on this one
	for v, want := range []bool{false, true} {
		m := press(newModel(t, 100, 30, Options{Scenario: scenarios.EventLoopStall(), Variant: v}), "e")
		titles := strings.Join(m.form.titles, "\n")
		if got := strings.Contains(titles, "Calls to report-db"); got != want {
			t.Errorf("variant %d: the form has report-db's calls: %v, want %v:\n%s", v+1, got, want, titles)
		}
		if !strings.Contains(titles, "Calls to search-api") {
			t.Errorf("variant %d: the form lost search-api's calls, which an endpoint makes:\n%s", v+1, titles)
		}
	}
}
