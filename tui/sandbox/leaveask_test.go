package sandbox

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// foot is the screen's last two lines, the status line and the key line.
func foot(m Model) string {
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	return strings.Join(lines[len(lines)-2:], "\n")
}

// q, ctrl+c and esc leave at once while the scenario on screen is the one
// opened or last written; once a knob is applied or a fault injected they
// ask first, naming what would be lost and offering w: they used to throw
// it away without a word.
func TestLeavingAsksBeforeLosingWork(t *testing.T) {
	checkout := tuitest.Scenario(t, "checkout")
	m := newModel(t, 80, 24, Options{Scenario: checkout})
	m = press(m, "e", "ctrl+u", "8", "enter")
	if m.form != nil || m.sim.sc.Variants[0].System.Workers != 8 {
		t.Fatal("workers 8 were not applied")
	}
	m, did := keyDoes(t, m, "q")
	if did != "" || m.leaving == nil {
		t.Fatalf("q with workers 8 applied did %q, want it to ask", did)
	}
	if f := foot(m); !strings.Contains(f, "would be lost: workers 8") || !strings.Contains(f, "y quits") || !strings.Contains(f, "w writes") {
		t.Errorf("the question should name workers 8, y and w:\n%s", f)
	}
	m, did = keyDoes(t, m, "x")
	if did != "" || m.leaving != nil || strings.Contains(foot(m), "would be lost") {
		t.Errorf("any other key should stay and close the question (did %q)", did)
	}
	if _, did = keyDoes(t, m, "ctrl+c"); did != "" {
		t.Errorf("ctrl+c with workers 8 applied did %q, want it to ask", did)
	}
	m, _ = keyDoes(t, m, "ctrl+c")
	if _, did = keyDoes(t, m, "y"); did != "quit" {
		t.Errorf("y did %q, want quit", did)
	}
	// ctrl+c in the knob form asks too.
	f := press(m, "x", "e")
	if _, did = keyDoes(t, f, "ctrl+c"); did != "" {
		t.Errorf("ctrl+c in the form did %q, want it to ask", did)
	}

	// A fault injected, inside the home screen: esc asks, naming it, and
	// y goes back.
	sp, err := chaos.Parse("1s payment hang for 2s")
	if err != nil {
		t.Fatal(err)
	}
	home := newModel(t, 80, 24, Options{Scenario: checkout, CanGoHome: true, BackTo: "back to the scenarios"})
	if _, did = keyDoes(t, home, "esc"); did != "back" {
		t.Errorf("esc with nothing changed did %q, want back at once", did)
	}
	home, err = home.Inject(sp)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"esc", "q"} {
		asked, did := keyDoes(t, home, k)
		if did != "" || !strings.Contains(foot(asked), "would be lost: the fault 1s payment hang for 2s") || !strings.Contains(foot(asked), "y leaves") {
			t.Errorf("%s with a fault injected did %q, want it to ask:\n%s", k, did, foot(asked))
		}
		if _, did = keyDoes(t, asked, "y"); did != "back" {
			t.Errorf("y after %s did %q, want back", k, did)
		}
	}

	// w writes it; then q quits at once.
	asked, _ := keyDoes(t, home, "esc")
	asked = press(asked, "w")
	if asked.prompt == nil || asked.prompt.Kind != promptPath {
		t.Fatal("w did not ask where to write")
	}
	path := filepath.Join(t.TempDir(), "mine.toml")
	asked.prompt.Input = path
	next, cmd := asked.Update(keyMsg("enter"))
	if cmd == nil {
		t.Fatal("enter wrote nothing")
	}
	written := send(next.(Model), cmd())
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	if _, did = keyDoes(t, written, "esc"); did != "back" {
		t.Errorf("esc after w did %q, want back at once", did)
	}
	// The help's ctrl+c asks as the screen under it does.
	if _, did = keyDoes(t, press(home, "?"), "ctrl+c"); did != "" {
		t.Errorf("ctrl+c in the help did %q, want it to ask", did)
	}
}

// A parent that takes the injected faults back (the builder's play) loses
// none of them when the sandbox goes back to it: esc asks only for the
// knobs, which it does not take, and quitting still asks for both.
func TestGoingBackToAParentThatKeepsTheFaults(t *testing.T) {
	sp, err := chaos.Parse("1s payment hang for 2s")
	if err != nil {
		t.Fatal(err)
	}
	m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "checkout"), CanGoHome: true, KeepsFaults: true})
	if m, err = m.Inject(sp); err != nil {
		t.Fatal(err)
	}
	if _, did := keyDoes(t, m, "esc"); did != "back" {
		t.Errorf("esc with a fault the parent keeps did %q, want back at once", did)
	}
	if asked, did := keyDoes(t, m, "ctrl+c"); did != "" || !strings.Contains(foot(asked), "the fault 1s payment hang for 2s") {
		t.Errorf("ctrl+c did %q, want it to ask for the fault:\n%s", did, foot(asked))
	}
	m = press(m, "e", "ctrl+u", "8", "enter")
	asked, did := keyDoes(t, m, "esc")
	if f := foot(asked); did != "" || !strings.Contains(f, "would be lost: workers 8") || strings.Contains(f, "fault") {
		t.Errorf("esc with workers 8 did %q, want it to ask for the workers alone:\n%s", did, f)
	}
}
