package sandbox

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/chaos"
	tea "github.com/charmbracelet/bubbletea"
)

// mineTOML is a scenario file of two variants whose duration and the
// payment dependency's rate are filled in, as a learner's edits move them.
func mineTOML(duration string, rate int) string {
	return `name = "mine"
duration = "` + duration + `"

[system]
workers = 40

[[system.endpoints]]
name = "checkout"
rate = ` + strconv.Itoa(rate) + `
calls = "payment"

[[system.dependencies]]
name = "payment"
latency = { kind = "exponential", mean = "50ms" }
faults = [{ kind = "slow", from = "5s", to = "15s", latency = "2s" }]

[[variants]]
name = "no timeout"

[[variants]]
name = "timeout"

[variants.dependencies.payment]
policy = { timeout = "300ms" }
`
}

// followed opens a sandbox on the file at path, with its watcher ready.
func followed(t *testing.T, path string) Model {
	t.Helper()
	// Read as the sandbox reads it again without a loader of the caller's.
	sc, err := newFileFollow(path, nil).load()
	if err != nil {
		t.Fatal(err)
	}
	m, err := New(Options{Scenario: sc, Seed: 1, File: path})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	if _, ok := m.file.start()().(fileWatchingMsg); !ok {
		t.Fatal("the watcher did not start")
	}
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	return next.(Model)
}

// waitChange waits for the watcher to tell of a change to the file, and
// hands it to m.
func waitChange(t *testing.T, m Model) Model {
	t.Helper()
	got := make(chan tea.Msg, 1)
	go func() { got <- m.file.next()() }()
	select {
	case msg := <-got:
		if _, ok := msg.(fileReadMsg); !ok {
			t.Fatalf("the watcher said %T, want the file read again", msg)
		}
		next, _ := m.Update(msg)
		return next.(Model)
	case <-time.After(5 * time.Second):
		t.Fatal("no change seen in 5 s")
	}
	return m
}

// pressR presses R and hands m the file as R's command reads it.
func pressR(t *testing.T, m Model) Model {
	t.Helper()
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'R'}})
	if cmd == nil {
		t.Fatal("R read nothing")
	}
	next, _ = next.(Model).Update(cmd())
	return next.(Model)
}

// writeFile writes text at path, in place.
func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeOver writes text at path as editors save: a new file renamed over.
func writeOver(t *testing.T, path, text string) {
	t.Helper()
	tmp := filepath.Join(filepath.Dir(path), ".mine.toml.swp")
	if err := os.WriteFile(tmp, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

func TestSandboxFollowsItsFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mine.toml")
	writeFile(t, path, mineTOML("30s", 20))
	m := followed(t, path)
	m.switchVariant(1)
	if err := m.seek(12 * time.Second); err != nil {
		t.Fatal(err)
	}

	// Good: written in place.
	writeFile(t, path, mineTOML("30s", 35))
	m = waitChange(t, m)
	if got := m.sim.sc.Variants[1].System.Endpoints[0].Rate; got != 35 {
		t.Fatalf("rate after the save = %v, want the file's 35", got)
	}
	if m.Variant() != 1 || m.Now() != 12*time.Second {
		t.Errorf("after the save: variant %d at %v, want variant 2 kept at 12s", m.Variant()+1, m.Now())
	}
	if !strings.Contains(m.note, "mine.toml read again") {
		t.Errorf("note = %q, want it to say the file was read again", m.note)
	}

	// Bad: the run stays, the refusal names the file and line, and stays
	// past other keys until the file is good.
	writeFile(t, path, strings.Replace(mineTOML("30s", 35), `duration = "30s"`, `duration = "soon"`, 1))
	m = waitChange(t, m)
	if got := m.sim.sc.Variants[1].System.Endpoints[0].Rate; got != 35 {
		t.Fatalf("a bad file changed the run: rate %v", got)
	}
	note, isErr, _ := m.fileNote()
	if !isErr || !strings.Contains(note, "mine.toml:2:") || !strings.Contains(note, "duration") {
		t.Fatalf("bad file's note = %q (error %v), want the file, its line and what is wrong", note, isErr)
	}
	next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'.'}})
	m = next.(Model)
	if note, _, _ := m.fileNote(); !strings.Contains(note, "mine.toml:2:") {
		t.Errorf("the refusal went at the next key: note %q", note)
	}
	if !strings.Contains(m.View(), "mine.toml") {
		t.Errorf("the screen does not show the file's refusal:\n%s", m.View())
	}

	// Good again, saved as editors do, by rename: the refusal goes, and a
	// shorter run moves the moment to its end.
	writeOver(t, path, mineTOML("10s", 50))
	m = waitChange(t, m)
	if m.file.err != "" {
		t.Errorf("the refusal stayed after the file was mended: %q", m.file.err)
	}
	if got := m.sim.sc.Variants[1].System.Endpoints[0].Rate; got != 50 {
		t.Fatalf("rate after the rename = %v, want 50", got)
	}
	if m.Now() != 10*time.Second || !strings.Contains(m.note, "shorter") {
		t.Errorf("at %v with note %q, want the new end, 10s, said", m.Now(), m.note)
	}
}

func TestReadFileKeepsKnobsTheFileLeft(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mine.toml")
	writeFile(t, path, mineTOML("30s", 20))
	m := followed(t, path)
	edited := cloneScenario(m.sim.sc)
	edited.Variants[0].System.Workers = 7
	edited.Variants[1].System.Workers = 7
	if err := m.sim.setScenario(edited, nil); err != nil {
		t.Fatal(err)
	}

	// The file moves the rate, not the workers: the workers stay 7.
	writeFile(t, path, mineTOML("30s", 25))
	m = pressR(t, m)
	if w := m.sim.sc.Variants[0].System.Workers; w != 7 {
		t.Errorf("workers after R = %d, want the learner's 7 kept", w)
	}
	if !strings.Contains(m.note, "knobs kept: workers 7") {
		t.Errorf("note = %q, want the knob kept named", m.note)
	}

	// The file moves the workers too: the file's value wins, said.
	writeFile(t, path, strings.Replace(mineTOML("30s", 25), "workers = 40", "workers = 60", 1))
	m = pressR(t, m)
	if w := m.sim.sc.Variants[0].System.Workers; w != 60 {
		t.Errorf("workers = %d, want the file's new 60", w)
	}
	if !strings.Contains(m.note, "not carried: workers 7 (the file sets it now)") {
		t.Errorf("note = %q, want the edit not carried said", m.note)
	}
}

func TestReadFileKeyOnBuiltIn(t *testing.T) {
	m, err := New(Options{Scenario: builtin("cascade")(t), Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	next, _ = next.(Model).Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'R'}})
	m = next.(Model)
	if !m.noteErr || !strings.Contains(m.note, "built in") {
		t.Errorf("R on a built-in: note %q, want why it reads nothing", m.note)
	}
	if m.file.close(); m.Following() != "" {
		t.Error("a built-in follows a file")
	}
}

func TestReadFileGoneAndBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mine.toml")
	writeFile(t, path, mineTOML("30s", 20))
	m := followed(t, path)
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	m = waitChange(t, m)
	if note, isErr, _ := m.fileNote(); !isErr || !strings.Contains(note, "mine.toml is gone from") {
		t.Fatalf("deleted file: note %q, want it said gone", note)
	}
	writeFile(t, path, mineTOML("30s", 40))
	m = waitChange(t, m)
	if got := m.sim.sc.Variants[0].System.Endpoints[0].Rate; got != 40 || m.file.err != "" {
		t.Errorf("back: rate %v, refusal %q; want 40 and none", got, m.file.err)
	}
}

func TestReadFileWaitsForTheForm(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mine.toml")
	writeFile(t, path, mineTOML("30s", 20))
	m := followed(t, path)
	next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'e'}})
	m = next.(Model)
	writeFile(t, path, mineTOML("30s", 70))
	m = waitChange(t, m)
	if got := m.sim.sc.Variants[0].System.Endpoints[0].Rate; got != 20 || m.form == nil {
		t.Fatalf("with the form open: rate %v, form open %v; want 20 kept under the open form", got, m.form != nil)
	}
	if !strings.Contains(m.note, "read once the knob form closes") {
		t.Errorf("note = %q, want the wait said", m.note)
	}
	next, _ = m.Update(tea.KeyMsg{Type: tea.KeyEsc})
	m = next.(Model)
	if got := m.sim.sc.Variants[0].System.Endpoints[0].Rate; got != 70 {
		t.Errorf("after esc: rate %v, want the file's 70", got)
	}
}

func TestReadFileCarriesFaultsThatStillApply(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mine.toml")
	writeFile(t, path, mineTOML("30s", 20))
	m := followed(t, path)
	sp, err := chaos.Parse("8s payment slow 1s for 5s")
	if err != nil {
		t.Fatal(err)
	}
	if err := m.sim.setInjected([]chaos.Spec{sp}); err != nil {
		t.Fatal(err)
	}

	writeFile(t, path, mineTOML("30s", 30))
	m = pressR(t, m)
	if got := m.Injected(); len(got) != 1 || got[0] != sp {
		t.Fatalf("faults after R = %v, want %v kept", got, sp)
	}
	if !strings.Contains(m.note, "faults kept: "+sp.String()) {
		t.Errorf("note = %q, want the fault kept named", m.note)
	}

	// payment renamed: the fault has no target, and says it is not carried.
	writeFile(t, path, strings.ReplaceAll(mineTOML("30s", 30), "payment", "billing"))
	m = pressR(t, m)
	if got := m.Injected(); len(got) != 0 {
		t.Fatalf("faults after the rename = %v, want none", got)
	}
	if !strings.Contains(m.note, "not carried: fault "+sp.String()) {
		t.Errorf("note = %q, want the fault not carried said", m.note)
	}
}

func TestReadFileVariantGone(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mine.toml")
	writeFile(t, path, mineTOML("30s", 20))
	m := followed(t, path)
	m.switchVariant(1)
	if !strings.Contains(m.View(), "tab variant") { // the key line drawn, and kept
		t.Fatal("no tab on two variants")
	}
	one := mineTOML("30s", 20)
	writeFile(t, path, one[:strings.Index(one, "[[variants]]\nname = \"timeout\"")])
	m = pressR(t, m)
	if m.Variant() != 0 || !strings.Contains(m.note, `variant 2, "timeout", is gone, showing variant 1`) {
		t.Errorf("on variant %d with note %q, want variant 1 and the move said", m.Variant()+1, m.note)
	}
	if m.keys.NextVariant.Enabled() || strings.Contains(m.View(), "tab variant") {
		t.Error("tab still offered with one variant left")
	}
}

// The file's variants reordered, a knob edited on one stays with it, found
// by its name, and the variant shown stays the one shown: by place, the
// timeout edited on "timeout" went to "no timeout", and the screen showed
// the other design. A variant edited that the file drops is said by name.
func TestReadFileMatchesVariantsByName(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mine.toml")
	text := mineTOML("30s", 20)
	writeFile(t, path, text)
	m := followed(t, path)
	m.switchVariant(1)
	m = press(m, "e")
	m = focusLabel(t, m, "timeout", 1)
	m = press(m, "ctrl+u", "5", "0", "0", "m", "s", "enter")
	if m.form != nil {
		t.Fatalf("timeout 500ms refused: %s", m.form.err)
	}
	at := strings.Index(text, "[[variants]]\nname = \"no timeout\"")
	second := strings.Index(text, "[[variants]]\nname = \"timeout\"")
	swapped := text[:at] + text[second:] + "\n" + text[at:second]
	writeFile(t, path, swapped)
	m = pressR(t, m)
	if !strings.HasPrefix(m.sim.original.Variants[0].Name, "timeout") {
		t.Fatalf("the file was not read reordered: variants %q, %q", m.sim.original.Variants[0].Name, m.sim.original.Variants[1].Name)
	}
	if m.Variant() != 0 {
		t.Errorf("showing variant %d, want 1, where \"timeout\" is now", m.Variant()+1)
	}
	timeoutOf := func(v int) time.Duration { return m.sim.sc.Variants[v].System.Dependencies[0].Policy.Timeout }
	if got := timeoutOf(0); got != 500*time.Millisecond {
		t.Errorf("\"timeout\" has a timeout of %v, want the edit's 500ms kept on it", got)
	}
	if got := timeoutOf(1); got != 0 {
		t.Errorf("\"no timeout\" has a timeout of %v: the edit went to the variant at its old place", got)
	}

	// The edited variant gone: its edit is said lost, naming it.
	writeFile(t, path, text[:second])
	m = pressR(t, m)
	if !strings.Contains(m.note, `(variant "timeout" is gone)`) || !strings.Contains(m.note, `variant 1, "timeout", is gone`) {
		t.Errorf("note = %q, want the edited variant's loss said by its name", m.note)
	}
}
