package sandbox

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"
)

// keyLine is the screen's last line, where the prompts are.
func keyLine(m Model) string {
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	return lines[len(lines)-1]
}

func statusLine(m Model) string {
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	return lines[len(lines)-2]
}

func TestSeekKeysLandOnTheRunsEvents(t *testing.T) {
	m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "breaker-timeline")})
	snap := freshSnapshot(t, m.sim.sc, 0, m.end())
	if len(snap.Transitions) == 0 {
		t.Fatal("breaker-timeline should move its breaker")
	}
	first := m.sim.sc.Duration
	for _, f := range m.sim.faults {
		first = min(first, f.From)
	}
	first = min(first, snap.Transitions[0].At)
	m = press(m, "]")
	if m.Now() != first || m.Playing() {
		t.Fatalf("] goes to the first event, %v, paused: at %v", first, m.Now())
	}
	// Every ] lands on a transition or a fault's edge, and the picture is
	// the one a fresh run shows there: a jump is exact.
	for range 4 {
		m = press(m, "]")
	}
	at := m.Now()
	fresh := freshSnapshot(t, m.sim.sc, 0, at)
	if got := m.Snapshot(); got.Endpoints[0].Total != fresh.Endpoints[0].Total || len(got.Transitions) != len(fresh.Transitions) {
		t.Errorf("the jump to %v differs from a fresh run there", at)
	}
	if !strings.Contains(statusLine(m), playback.MomentIn(at, m.end())+":") {
		t.Errorf("the status line names the event's time %s: %q", playback.MomentIn(at, m.end()), statusLine(m))
	}
	m = press(m, "[")
	if m.Now() >= at {
		t.Errorf("[ goes back: %v, was %v", m.Now(), at)
	}
	m = press(m, "G")
	if m.Now() != m.end() || !strings.Contains(keyLine(m), "space replay") {
		t.Errorf("G goes to the end and the key line says space replays: at %v, %q", m.Now(), keyLine(m))
	}
	m = press(m, "space")
	if m.Now() != 0 || !m.Playing() {
		t.Errorf("space at the end replays from the start: at %v, playing %v", m.Now(), m.Playing())
	}
	m = press(m, "g")
	if m.Now() != 0 || m.Playing() {
		t.Errorf("g goes to the start, paused")
	}
}

func TestTimePrompt(t *testing.T) {
	m := newModel(t, 80, 24, Options{})
	m = press(m, ":")
	if !strings.Contains(keyLine(m), "go to time:") {
		t.Fatalf("the prompt opens in the key line: %q", keyLine(m))
	}
	m = press(m, "soon", "enter")
	if m.prompt == nil || !strings.Contains(keyLine(m)+m.prompt.Err, "not a time") {
		t.Fatalf("bad input keeps the prompt open and says what is allowed: %q", keyLine(m))
	}
	m = press(m, "ctrl+u", "12s", "enter")
	if m.prompt != nil || m.Now() != 12*time.Second {
		t.Fatalf("12s: at %v, prompt %v", m.Now(), m.prompt != nil)
	}
	if got, want := m.Snapshot().Endpoints[0].Total, freshSnapshot(t, m.sim.sc, 0, 12*time.Second).Endpoints[0].Total; got != want {
		t.Errorf("the jump is exact: %d requests, a fresh run has %d", got, want)
	}
	// t opens it too; a burst typed at once (":" then "20" in one message)
	// goes to the prompt whole.
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("t20")}, keyMsg("enter"))
	if m.Now() != 20*time.Second {
		t.Errorf("t20 enter in one burst: at %v", m.Now())
	}
	m = press(m, ":", "5", "esc")
	if m.prompt != nil || m.Now() != 20*time.Second {
		t.Errorf("esc cancels: at %v", m.Now())
	}
}

func TestSeedKeyReRunsTheSameMoment(t *testing.T) {
	racefree.Only(t)
	m := newModel(t, 100, 30, Options{})
	m = seekTo(t, m, 10*time.Second)
	m = press(m, "S")
	if !strings.Contains(keyLine(m), "seed:") {
		t.Fatalf("S opens the seed prompt: %q", keyLine(m))
	}
	m = press(m, "ctrl+u", "x", "enter")
	if m.prompt == nil || !strings.Contains(m.prompt.Err, "whole number") {
		t.Fatalf("a bad seed says what is allowed")
	}
	m = press(m, "ctrl+u", "77", "enter")
	if m.sim.seed != 77 || m.Now() != 10*time.Second || !strings.Contains(statusLine(m), "seed 77") {
		t.Fatalf("seed 77 at the same moment: seed %d at %v, %q", m.sim.seed, m.Now(), statusLine(m))
	}
	r, _ := engine.New(m.sim.sc, 0, 77)
	r.AdvanceTo(10 * time.Second)
	if got, want := m.Snapshot().Endpoints[0].Total, r.Snapshot().Endpoints[0].Total; got != want {
		t.Errorf("the run is seed 77's: %d requests, want %d", got, want)
	}
	// Compare mode's sides follow the seed.
	m = press(m, "c", "S", "ctrl+u", "5", "enter")
	if on, _, _ := m.Comparing(); !on || m.cmp.sides[0].sim.seed != 5 || m.cmp.sides[1].sim.seed != 5 {
		t.Errorf("compare mode re-runs both sides on the new seed")
	}
}

// lastLines are the last n lines of view.
func lastLines(view string, n int) []string {
	l := strings.Split(view, "\n")
	return l[max(len(l)-n, 0):]
}

// w writes the edited scenario, knobs included, to a file that `run FILE`
// (scenariofile.Parse, engine.RunAll, report.Build) reproduces exactly,
// and never overwrites without asking.
func TestWriteReproducesTheSandboxRun(t *testing.T) {
	racefree.Only(t)
	dir := t.TempDir()
	m := newModel(t, 100, 30, Options{})
	sc := cloneScenario(m.sim.sc)
	for i := range sc.Variants {
		sc.Variants[i].System.Workers = 150
	}
	if err := m.sim.setScenario(sc, []change{{words: "workers 150"}}); err != nil {
		t.Fatal(err)
	}
	m = press(m, "S", "ctrl+u", "11", "enter")
	path := filepath.Join(dir, "mine.toml")
	m = press(m, "w")
	if !strings.Contains(keyLine(m), "enter alone: cascade-edited.toml") {
		t.Fatalf("w offers <scenario>-edited.toml: %q", keyLine(m))
	}
	m = press(m, "ctrl+u")
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(path), Paste: true})
	next, cmd := m.Update(keyMsg("enter"))
	m = next.(Model)
	if cmd == nil {
		t.Fatal("enter should write in a command")
	}
	if _, err := os.Stat(path); err == nil {
		t.Fatal("the file was written in Update, not in the command")
	}
	m = send(m, cmd())
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(statusLine(m), "wrote") {
		t.Errorf("the status line says it wrote: %q", statusLine(m))
	}
	// At 80 columns the command that reproduces the run stays whole: on
	// the status line, or where the path is long (a temporary directory's
	// is), over the status line and the key line, the path on a line of
	// its own.
	narrow := send(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	foot := strings.Join(strings.Fields(ansi.Strip(strings.Join(lastLines(narrow.View(), 2), " "))), " ")
	inLine := "breakerlab run " + path + " --seed 11"
	twoRows := "breakerlab run --seed 11 FILE reproduces it, FILE: " + path
	if !strings.Contains(foot, inLine) && !strings.Contains(foot, twoRows) {
		t.Errorf("at 80 columns the foot should keep the command whole (%d cells of path): %q", len(path), foot)
	}
	tuitest.CheckNoCuts(t, "the write's note at 80x24", narrow.View())
	fileSc, err := scenariofile.Parse(path, data)
	if err != nil {
		t.Fatal(err)
	}
	fileSnaps, err := engine.RunAll(fileSc, 11)
	if err != nil {
		t.Fatal(err)
	}
	// The sandbox's own run of each variant, at the end of the traffic.
	var mine []engine.Snapshot
	for v := range m.sim.sc.Variants {
		m = press(m, string(rune('1'+v)), "G")
		if m.sim.final == nil {
			t.Fatal("no final snapshot at the end")
		}
		mine = append(mine, *m.sim.final)
	}
	var a, b bytes.Buffer
	report.WriteJSON(&a, report.Build(fileSc, 11, fileSnaps))
	report.WriteJSON(&b, report.Build(fileSc, 11, mine))
	if a.String() != b.String() {
		t.Errorf("run FILE --seed 11 differs from the sandbox:\n%s\n%s", a.String(), b.String())
	}
	if !strings.Contains(string(data), "--seed 11") || !strings.Contains(string(data), "workers = 150") {
		t.Errorf("the file names its seed and holds the knob:\n%s", data)
	}

	// Writing again asks; n keeps the file, y overwrites.
	os.WriteFile(path, []byte("mine"), 0o644)
	m = press(m, "w", "ctrl+u")
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(path), Paste: true})
	_, cmd = m.Update(keyMsg("enter"))
	m = send(m, cmd())
	if !strings.Contains(keyLine(m), "exists; overwrite it?") {
		t.Fatalf("an existing file is not overwritten without asking: %q", keyLine(m))
	}
	if got, _ := os.ReadFile(path); string(got) != "mine" {
		t.Fatal("the file changed before the answer")
	}
	m = press(m, "n")
	if m.prompt == nil || m.prompt.Kind != promptPath {
		t.Fatal("n goes back to the name")
	}
	m = press(m, "esc", "w", "ctrl+u")
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(path), Paste: true})
	_, cmd = m.Update(keyMsg("enter"))
	m = send(m, cmd())
	next, cmd = m.Update(keyMsg("y"))
	m = send(next.(Model), cmd())
	if got, _ := os.ReadFile(path); !bytes.Equal(got, data) {
		t.Error("y overwrites with the scenario")
	}
}

func TestMouseTabsAxisAndWheel(t *testing.T) {
	m := newModel(t, 200, 60, Options{})
	title := ansi.Strip(strings.Split(m.View(), "\n")[0])
	x := strings.Index(title, " 3 ")
	if x < 0 {
		x = strings.Index(title, "3 bulkhead and")
	}
	if x < 0 {
		t.Fatalf("no tab 3 in %q", title)
	}
	click := func(m Model, x, y int) Model {
		return send(m, tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	}
	m = click(m, ansi.StringWidth(title[:x])+1, 0)
	if m.Variant() != 2 {
		t.Fatalf("a click on tab 3 shows variant 3: %d", m.Variant()+1)
	}
	// A click on an axis label row: find the "0s" of a chart.
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	for y, l := range lines {
		i := strings.Index(l, " 0s ")
		if i < 0 || !strings.Contains(l, "30s") {
			continue
		}
		cells := []rune(l)
		c0 := ansi.StringWidth(l[:i]) + 1
		c30 := 0
		for c := c0; c < len(cells)-2; c++ {
			if string(cells[c:c+3]) == "10s" || string(cells[c:c+3]) == "15s" {
				c30 = c
				break
			}
		}
		if c30 == 0 {
			continue
		}
		m = click(m, c30, y)
		if m.Now() < 9*time.Second || m.Now() > 16*time.Second || m.Playing() {
			t.Errorf("a click on the axis's second label seeks there: at %v", m.Now())
		}
		break
	}
	if m.Now() == 0 {
		t.Error("no click on a time axis moved the run")
	}
	m = newModel(t, 80, 24, Options{})
	m = press(m, "?")
	before := m.View()
	m = send(m, tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if m.View() == before {
		t.Error("the wheel scrolls the help at 80×24")
	}
}

// Keys sent in one burst to the running program are each taken: ]]] then
// q, and the seed and the time prompts typed in one go.
func TestProgramBurstsOfSeekKeys(t *testing.T) {
	m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "breaker-timeline")})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	out := tm.Output()
	waitFor(t, out, "⏸ paused")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("]]]")})
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("S42")})
	tm.Send(keyMsg("enter"))
	waitFor(t, out, "seed 42")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(":25")})
	tm.Send(keyMsg("enter"))
	waitFor(t, out, "at 25 s")
	tm.Send(keyMsg("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(patience(5*time.Second)))
	final := tm.FinalModel(t).(Model)
	if final.Now() != 25*time.Second || final.sim.seed != 42 {
		t.Errorf("after the bursts: at %v on seed %d", final.Now(), final.sim.seed)
	}
}

// A path longer than the window: the command goes over the status line
// and the key line, broken after a slash, nothing cut.
func TestWriteNoteOfAPathLongerThanTheWindow(t *testing.T) {
	m := newModel(t, 80, 24, Options{})
	path := "/tmp/" + strings.Repeat("a-rather-long-directory/", 3) + "and-deeper/x.toml"
	m = send(m, writtenMsg{path: path})
	foot := lastLines(m.View(), 2)
	joined := strings.TrimSpace(ansi.Strip(foot[0])) + strings.TrimSpace(ansi.Strip(foot[1]))
	if want := "wrote it: breakerlab run " + path + " --seed 5"; joined != want {
		t.Errorf("the foot should hold %q over two lines:\n%s", want, strings.Join(foot, "\n"))
	}
	tuitest.CheckNoCuts(t, "a long path's note", m.View())
}

// A write that fails keeps the prompt open with the path as typed and the
// error, as the chaos input does: the path is not lost to a typo in a
// directory's name.
func TestAFailedWriteKeepsThePath(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	path := filepath.Join(t.TempDir(), "no-such-dir", "x.toml")
	m = press(m, "w", "ctrl+u")
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(path), Paste: true})
	next, cmd := m.Update(keyMsg("enter"))
	m = send(next.(Model), cmd())
	if m.prompt == nil || m.prompt.Kind != promptPath || m.prompt.Input != path {
		t.Fatalf("the prompt should stay open with %q, is %+v", path, m.prompt)
	}
	if !strings.Contains(m.prompt.Err, "not written") || !strings.Contains(ansi.Strip(m.View()), "not written") {
		t.Errorf("the error should show with the prompt: %q\n%s", m.prompt.Err, ansi.Strip(m.View()))
	}
	// Mended, the same prompt writes.
	good := filepath.Join(filepath.Dir(filepath.Dir(path)), "x.toml")
	m = press(m, "ctrl+u")
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(good), Paste: true})
	next, cmd = m.Update(keyMsg("enter"))
	m = send(next.(Model), cmd())
	if _, err := os.Stat(good); err != nil || m.prompt != nil {
		t.Errorf("the mended path should be written and the prompt closed: %v, %+v", err, m.prompt)
	}
}

// After a failed write, a path mended to a file that exists asks whether
// to overwrite it without the failed path's error above the question.
func TestOverwriteQuestionDropsTheFailedWritesError(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	dir := t.TempDir()
	bad, existing := filepath.Join(dir, "no-such-dir", "x.toml"), filepath.Join(dir, "c1.toml")
	if err := os.WriteFile(existing, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	m = press(m, "w", "ctrl+u")
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(bad), Paste: true})
	next, cmd := m.Update(keyMsg("enter"))
	m = send(next.(Model), cmd())
	if !strings.Contains(ansi.Strip(m.View()), "not written") {
		t.Fatal("the failed write says nothing")
	}
	m = press(m, "ctrl+u")
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(existing), Paste: true})
	next, cmd = m.Update(keyMsg("enter"))
	m = send(next.(Model), cmd())
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "c1.toml exists; overwrite it?") {
		t.Fatalf("no overwrite question:\n%s", v)
	}
	if strings.Contains(v, "not written") || strings.Contains(v, "no-such-dir") {
		t.Errorf("the overwrite question shows under the failed write's error:\n%s", strings.Join(lastLines(m.View(), 3), "\n"))
	}
}
