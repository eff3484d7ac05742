package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// applyForm opens the form on the model's variant, sets the fields
// (section, label, text) and applies them; it fails the test when the
// form refuses them.
func applyForm(t *testing.T, m Model, fields ...[3]string) Model {
	t.Helper()
	m = press(m, "e")
	for _, f := range fields {
		setField(t, m, f[0], f[1], f[2])
	}
	m = press(m, "enter")
	if m.form != nil {
		t.Fatalf("the form refused %v: %s", fields, m.form.err)
	}
	return m
}

// The review's steps: variant 1 of go-server given a timeout of 1 s, then
// variant 2's form sets two fields every variant shares. Variant 1's mark
// read "(edited: transport's per host 10, the server's tasks memory limit
// mib 512)": the second edit's words alone, so "no timeout" stood over a
// run with a timeout of 1 s. Each variant's mark lists its own changes
// against the built-in: the shared fields' on both, the timeout on
// variant 1 alone.
func TestAVariantsMarkListsItsOwnChanges(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := newModel(t, 200, 60, Options{Scenario: tuitest.Scenario(t, "go-server")})
	m = applyForm(t, m, [3]string{"Calls to payments", "timeout", "1s"})
	m = press(m, "2")
	m = applyForm(t, m,
		[3]string{"The server", "transport per host", "10"},
		[3]string{"The server", "memory limit MiB", "512"})
	m = press(m, "1")
	names := []string{m.sim.sc.Variants[0].Name, m.sim.sc.Variants[1].Name}
	if want := "no timeout: goroutines pile up (edited: transport's per host 10, the server's memory limit 512 MiB, payments' timeout 1 s)"; names[0] != want {
		t.Errorf("variant 1 is named\n%q\nwant\n%q", names[0], want)
	}
	// Variant 2's name quotes no number and says nothing of the numbers
	// changed (scenarios.Relabel): it stays, and never takes variant
	// 1's timeout.
	if want := tuitest.Scenario(t, "go-server").Variants[1].Name; names[1] != want {
		t.Errorf("variant 2 is named %q, want %q", names[1], want)
	}
	if title := ansi.Strip(m.titleLine()); !strings.Contains(title, "payments' timeout 1 s") {
		t.Errorf("the tab of variant 1 leaves out its timeout: %q", title)
	}
}

// A field written by its [set] path is named in an edit's mark by the
// form's own label, with whose it is and its value as a lesson says
// them, never by the path: "the server's memory limit 512 MiB", where the
// mark read "the server's tasks memory limit mib 512". Every such field
// of every built-in's form is held to it.
func TestAnEditIsNamedByTheFieldsLabel(t *testing.T) {
	sc := tuitest.Scenario(t, "go-server")
	f := newForm(nil, sc, 0)
	for _, c := range []struct{ label, text, want string }{
		{"memory limit MiB", "512", "the server's memory limit 512 MiB"},
		{"transport per host", "10", "transport's per host 10"},
		{"loop threads", "8", "the server's loop threads 8"},
	} {
		i := fieldIn(f, "The server", c.label)
		if i < 0 {
			t.Fatalf("no field %q", c.label)
		}
		if _, _, got := pathWords(&sc.Variants[0].System, f.knobs[i], c.text); got != c.want {
			t.Errorf("%s %s is said %q, want %q", c.label, c.text, got, c.want)
		}
	}
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			sys := &sc.Variants[v].System
			for _, k := range newForm(nil, sc, v).knobs {
				if k.path == "" || strings.Contains(k.path, "fault.") {
					continue
				}
				key := k.path[strings.LastIndexByte(k.path, '.')+1:]
				label, _, words := pathWords(sys, k, k.initial)
				spaced := strings.NewReplacer("_", " ", ".", " ").Replace(k.path[strings.IndexByte(k.path, '.')+1:])
				own := strings.Fields(strings.TrimSpace(k.label))
				if strings.Contains(key, "_") && strings.Contains(words, strings.ReplaceAll(key, "_", " ")) && !strings.Contains(k.label, strings.ReplaceAll(key, "_", " ")) ||
					strings.Contains(spaced, " ") && strings.Contains(words, spaced) && !strings.Contains(k.label, spaced) {
					t.Errorf("%s variant %d: %q is said %q, with its path's words", b.Name, v+1, k.path, words)
				}
				if !strings.Contains(label, own[len(own)-1]) && !strings.Contains(words, own[len(own)-1]) {
					t.Errorf("%s variant %d: the field %q is said %q", b.Name, v+1, k.label, words)
				}
			}
		}
	}
}

// The memory limit's hint offers 0 for none: 0 is taken and runs with no
// limit (the restart time, which only a limit has, is cleared with it),
// and the limit set back in a later edit gets the restart time back. It
// was refused with "restart ... it needs a limit", of a field the form
// does not have.
func TestAMemoryLimitOfNoneIsTakenAndUndone(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := newModel(t, 120, 40, Options{Scenario: tuitest.Scenario(t, "go-server")})
	m = applyForm(t, m, [3]string{"The server", "memory limit MiB", "0"})
	for i, v := range m.sim.sc.Variants {
		if mem := v.System.Tasks.Memory; mem.Limit != 0 || mem.Restart != 0 {
			t.Errorf("variant %d runs with a limit of %d bytes and a restart of %v, want none", i+1, mem.Limit, mem.Restart)
		}
	}
	m = seekTo(t, m, 80*time.Second)
	if kills := m.sim.snap.Tasks.Kills; kills != 0 {
		t.Errorf("with no memory limit the process was killed %d times", kills)
	}
	m = applyForm(t, m, [3]string{"The server", "memory limit MiB", "256"})
	for i, v := range m.sim.sc.Variants {
		if mem := v.System.Tasks.Memory; mem.Limit != 256<<20 || mem.Restart != 5*time.Second {
			t.Errorf("variant %d has a limit of %d bytes and a restart of %v, want 256 MiB and the built-in's 5s", i+1, mem.Limit, mem.Restart)
		}
	}
}

// A limit at or below the process's base is refused in the units it was
// typed in, with the lowest the engine takes; the hint gives that lowest
// too. The refusal read "memory base (50331648 bytes) must be below the
// limit (10485760 bytes)".
func TestALimitBelowTheBaseIsRefusedInMiB(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := newModel(t, 120, 40, Options{Scenario: tuitest.Scenario(t, "go-server")})
	m = press(m, "e")
	i := fieldIn(m.form, "The server", "memory limit MiB")
	if hint := m.form.knobs[i].hint; !strings.HasSuffix(hint, "0: none, or at least 49; 0 to 1,048,576") {
		t.Errorf("the hint reads %q; want it to give 0 and the lowest limit, 49", hint)
	}
	setField(t, m, "The server", "memory limit MiB", "10")
	m = press(m, "enter")
	if m.form == nil {
		t.Fatal("a limit of 10 MiB under a base of 48 MiB was taken")
	}
	if want := "memory base (48 MiB) must be below the limit (10 MiB): the process could not start; the limit must be above 48 MiB"; !strings.Contains(m.form.err, want) {
		t.Errorf("the refusal reads %q, want it to contain %q", m.form.err, want)
	}
}

// go-server at 80×24 at the start has one task live: the Memory pane's
// title said "1 tasks" beside the Limits pane's "1 task live".
func TestTheMemoryPaneCountsOneTask(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "go-server")})
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "1 task live") {
		t.Fatalf("the screen has no one task live to count:\n%s", view)
	}
	if strings.Contains(view, " 1 tasks") {
		t.Errorf("a pane counts \"1 tasks\":\n%s", view)
	}
}

// The sweep picker writes a knob's duration as the form does: the fault's
// end "1m10s", where the form shows until [1m10s] (durText, the largest
// units that keep it exact).
func TestThePickerWritesDurationsAsTheForm(t *testing.T) {
	sc := tuitest.Scenario(t, "go-server")
	s := &sweepOverlay{base: sc}
	if got := s.valueText("payments.fault.to"); got != "1m10s" || got != durText(70*time.Second) {
		t.Errorf("the picker writes payments.fault.to %q, want 1m10s as the form writes it", got)
	}
}

// At 80 columns a tab long with an edit's mark left no room for another
// variant's number, and the line ended in the › that says more tabs are
// hidden, read as one more step of the crumbs: "go-server  [1 … (edited:
// payments' timeout 1 s)] ›". The scenario's name, on the status line
// too, gives way to the other variant's number.
func TestALongTabLeavesNoStrayCrumbMark(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "go-server")})
	m = applyForm(t, m, [3]string{"Calls to payments", "timeout", "1s"})
	title := strings.TrimRight(ansi.Strip(m.titleLine()), " ")
	if strings.HasSuffix(title, "›") || !strings.HasSuffix(title, " 2") && !strings.HasSuffix(title, " 2 context …") {
		t.Errorf("the title line reads %q; want it to end with variant 2's tab", title)
	}
	if !strings.Contains(title, "[1 no timeout: goroutines pile up (edited: payments' timeout 1 s)]") {
		t.Errorf("the title line reads %q; want the current variant's whole name", title)
	}
}
