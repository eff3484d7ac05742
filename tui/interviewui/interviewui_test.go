package interviewui

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// clockAt is a clock the test moves by hand.
type clockAt struct{ t time.Time }

func (c *clockAt) now() time.Time { return c.t }

var start = time.Date(2026, 11, 30, 14, 0, 0, 0, time.UTC)

func model(t *testing.T, w, h int, prompt string) (Model, *clockAt, string) {
	t.Helper()
	c := &clockAt{start}
	dir := t.TempDir()
	m, err := New(Options{Theme: tuitest.Plain(), Dir: dir, Prompt: prompt, Now: c.now})
	if err != nil {
		t.Fatal(err)
	}
	return settle(tuitest.Send(m, tea.WindowSizeMsg{Width: w, Height: h})), c, dir
}

// settle delivers the side panel's runs that Update started (and
// tuitest.Send dropped with its command), as the program would: played by
// playRuns, the command's own function.
func settle(m Model) Model {
	for m.runsPending != "" {
		m = tuitest.Send(m, tea.Msg(playRuns(m.runsPending)))
	}
	return m
}

const answer = "Each call to the payment provider gets a timeout of 500 ms, from its p99.\n" +
	"A bulkhead of 4 slots: 20 a second × 200 ms. A breaker opens at 50% of the last 10 calls, " +
	"with a fallback of a 503 and Retry-After; orders wait as pending payment with an idempotency key."

// typeIn types s key by key, as a learner does: a message per character,
// enter for each line's end.
func typeIn(m Model, s string) Model {
	for _, r := range s {
		if r == '\n' {
			m = tuitest.Send(m, tea.Msg(tea.KeyMsg{Type: tea.KeyEnter}))
			continue
		}
		m = tuitest.Send(m, tea.Msg(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}))
	}
	return m
}

// write writes s as text typed faster than it is read arrives: each line
// in one burst (one message of its characters), enter between them. It
// leaves the screen as typeIn does (TestWriteIsTyping), for a fraction of
// the CPU: the answer box is drawn again after every message, and typing
// the answer key by key drew it some 250 times, most of this package's
// test time. Tests whose subject is the screen with an answer written use
// it; those of typing itself type.
func write(m Model, s string) Model {
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			m = tuitest.Send(m, tea.Msg(tea.KeyMsg{Type: tea.KeyEnter}))
		}
		if line != "" {
			m = tuitest.Send(m, burst(line))
		}
	}
	return m
}

func TestWritingThenRubricGolden(t *testing.T) {
	m, c, _ := model(t, 80, 24, "payment-checkout")
	m = typeIn(m, answer)
	c.t = start.Add(6*time.Minute + 12*time.Second)
	golden.Check(t, "writing_80x24", m.View())
	tuitest.CheckBlock(t, m.View(), 80, 24)
	m = tuitest.Press(m, "ctrl+d")
	if !m.Grading() {
		t.Fatal("ctrl+d did not hand in")
	}
	golden.Check(t, "rubric_80x24", m.View())
	tuitest.CheckBlock(t, m.View(), 80, 24)
	// Marked as the learner goes: said, not said, said, then the fourth.
	m = tuitest.Press(m, "y", "n", "y")
	golden.Check(t, "rubric_marked_80x24", m.View())
	tuitest.CheckBlock(t, m.View(), 80, 24)
}

// keywordSoup names a keyword of nearly every point and explains none.
const keywordSoup = "In flight, Timeout, p99, deadline, propagate, cancel, bulkhead, semaphore, Little, threshold, failure rate, " +
	"window, cooldown, restart, half-open, probe, fallback, cache, 503, Retry-After, per instance, redis, metrics, " +
	"dashboard, retry, backoff, jitter, idempotency key, pending, outbox, drain, health check."

// TestGradingStartsUnticked: an answer full of keywords hands in with
// every point not said; the keywords only hint.
func TestGradingStartsUnticked(t *testing.T) {
	m, _, _ := model(t, 80, 24, "payment-checkout")
	m = write(m, keywordSoup)
	m = tuitest.Press(m, "ctrl+d")
	iv := m.Interview()
	hinted := 0
	for _, p := range iv.Points {
		if p.Said {
			t.Errorf("point %s is ticked before the learner marked it", p.ID)
		}
		if p.Hinted {
			hinted++
		}
	}
	if hinted < len(iv.Points)-2 {
		t.Errorf("only %d of %d points hinted; the test wants an answer full of keywords", hinted, len(iv.Points))
	}
	v := m.View()
	for _, want := range []string{"0 of 16 said", "Point 1 of 16", "[ ] not said", "A strong answer says:", "You wrote:", "*In flight*", "a hint, not a grade", "Did you say it?"} {
		if !strings.Contains(v, want) {
			t.Errorf("the grading screen lacks %q:\n%s", want, v)
		}
	}
}

// TestGradingMarks: y marks said and goes on, n marks not said and goes
// on, space toggles in place, ←/→ move through the points in order (the
// grid's ↑/↓ are TestArrowsFollowTheGrid's); the header and the strip
// follow.
func TestGradingMarks(t *testing.T) {
	m, _, _ := model(t, 80, 24, "payment-checkout")
	m = write(m, answer)
	m = tuitest.Press(m, "ctrl+d")
	m = tuitest.Press(m, "y", "n", "y")
	said := func() []bool {
		var out []bool
		for _, p := range m.Interview().Points {
			out = append(out, p.Said)
		}
		return out
	}
	if got := said(); !got[0] || got[1] || !got[2] || got[3] {
		t.Fatalf("after y n y: %v", got)
	}
	if m.cursor != 3 || !strings.Contains(m.View(), "Point 4 of 16") || !strings.Contains(m.View(), "2 of 16 said") {
		t.Fatalf("after three marks, the cursor is at %d:\n%s", m.cursor, m.View())
	}
	m = tuitest.Press(m, "space")
	if !said()[3] || m.cursor != 3 || !strings.Contains(m.View(), "[x] said") {
		t.Fatalf("space did not tick the point in place:\n%s", m.View())
	}
	m = tuitest.Press(m, "x", "left", "left", "left", "space")
	if got := said(); got[0] || got[3] {
		t.Fatalf("x and space did not untick: %v", got)
	}
	// The last point stays under the cursor when marked.
	m = tuitest.Press(m, "left", "y")
	if last := len(said()) - 1; m.cursor != last || !said()[last] {
		t.Fatalf("y on the last point: cursor %d, marks %v", m.cursor, said())
	}
	// The answer beside a point marks that point's words only.
	m = tuitest.Press(m, "right", "right", "right", "right") // past the last, round to the fourth: bulkhead
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "*bulkhead*") || !strings.Contains(v, "*slots*") || strings.Contains(v, "*timeout*") {
		t.Errorf("beside the bulkhead point:\n%s", v)
	}
}

// TestRubricMarksAndSaves: the saved file holds the learner's marks and
// the hints apart.
func TestRubricMarksAndSaves(t *testing.T) {
	m, c, dir := model(t, 80, 24, "payment-checkout")
	m = write(m, answer)
	c.t = start.Add(3 * time.Minute)
	m = tuitest.Press(m, "ctrl+d")
	// Not said: the first point, where it breaks (no word of it in the
	// answer). Said: the timeout (hinted) and the deadline travels (no word
	// of it). Not said: the bulkhead (hinted).
	m = tuitest.Press(m, "n", "y", "y", "n")
	next, cmd := m.Update(tuitest.Key("enter"))
	m = tuitest.Send(next.(Model), cmd())
	if m.Saved() == "" || !strings.HasPrefix(m.Saved(), dir) {
		t.Fatalf("saved to %q", m.Saved())
	}
	var back drill.Interview
	b, _ := os.ReadFile(m.Saved())
	if err := json.Unmarshal(b, &back); err != nil || back.Used != 3*time.Minute || back.Answer != answer {
		t.Fatalf("saved %+v (%v)", back, err)
	}
	byID := map[string]drill.GradedPoint{}
	for _, p := range back.Points {
		byID[p.ID] = p
	}
	for id, want := range map[string][2]bool{
		"capacity": {false, false}, "timeout": {true, true}, "deadline": {true, false}, "bulkhead": {false, true},
		"fallback": {false, true}, "idempotency": {false, true}, "metrics": {false, false},
	} {
		if got := [2]bool{byID[id].Said, byID[id].Hinted}; got != want {
			t.Errorf("saved %s: said, hinted = %v, want %v", id, got, want)
		}
	}
	if back.Said != 2 || back.Possible != len(back.Points) || back.Hinted < 5 {
		t.Errorf("saved counts: said %d, hinted %d of %d", back.Said, back.Hinted, back.Possible)
	}
	// How to read it back, whole on its row at 80 columns: the file's
	// path broke in the middle of its name and named no command.
	if v := ansi.Strip(m.View()); !strings.Contains(v, "Saved as interview 1: `breakerlab interview --history 1` prints it again.") {
		t.Fatalf("the screen does not say how to read the interview back:\n%s", v)
	}
}

func TestTimeUpHandsIn(t *testing.T) {
	m, c, _ := model(t, 80, 24, "api-gateway")
	m = typeIn(m, "a breaker per upstream")
	if m.Init() == nil {
		t.Fatal("no countdown")
	}
	c.t = start.Add(9*time.Minute + 30*time.Second)
	m = tuitest.Send(m, tea.Msg(tickMsg{}))
	if m.Grading() || !strings.Contains(m.View(), "time left 0:30") {
		t.Fatalf("at 9:30 the clock should show 0:30 left:\n%s", m.View())
	}
	c.t = start.Add(10 * time.Minute)
	m = tuitest.Send(m, tea.Msg(tickMsg{}))
	if !m.Grading() || !strings.Contains(m.View(), "Time is up") {
		t.Fatalf("time up did not hand in:\n%s", m.View())
	}
	if m.Interview().Used != 10*time.Minute {
		t.Fatalf("used %v", m.Interview().Used)
	}
}

func TestPickerAndSizes(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {200, 60}, {60, 16}, {48, 20}} {
		m, _, _ := model(t, sz[0], sz[1], "")
		tuitest.CheckBlock(t, m.View(), sz[0], sz[1])
		if sz[0] == 80 {
			golden.Check(t, "picker_80x24", m.View())
		}
		m = settle(tuitest.Press(m, "down", "enter"))
		tuitest.CheckBlock(t, m.View(), sz[0], sz[1])
		m = typeIn(m, "queue the messages; a breaker per provider")
		m = tuitest.Press(m, "ctrl+d")
		tuitest.CheckBlock(t, m.View(), sz[0], sz[1])
		if sz[0] == 200 {
			golden.Check(t, "rubric_200x60", m.View())
		}
	}
}

func TestUnknownPrompt(t *testing.T) {
	_, err := New(Options{Theme: tuitest.Plain(), Prompt: "nope"})
	if err == nil || !strings.Contains(err.Error(), "api-gateway") {
		t.Fatalf("err = %v", err)
	}
}

func TestPlayOpensTheSandboxAndComesBack(t *testing.T) {
	m, _, _ := model(t, 80, 24, "payment-checkout")
	m = tuitest.Press(m, "ctrl+d", "p")
	if !strings.Contains(m.View(), "checkout") || m.Grading() && !m.inSandbox {
		t.Fatalf("p did not open the sandbox:\n%s", m.View())
	}
	m = tuitest.Send(m, tea.Msg(sandbox.BackMsg{}))
	if m.inSandbox || !strings.Contains(m.View(), "Rubric") {
		t.Fatalf("the sandbox's back did not return to the rubric:\n%s", m.View())
	}
}

// TestLeavingSaves: esc on a rubric not saved asks, and y saves before it
// leaves.
func TestLeavingSaves(t *testing.T) {
	m, _, dir := model(t, 80, 24, "e-commerce")
	m = typeIn(m, "best-sellers instead")
	m = tuitest.Press(m, "esc", "y") // hand in, once asked
	m = tuitest.Press(m, "esc")      // leave: asks about saving
	_, cmd := m.Update(tuitest.Key("y"))
	if cmd == nil {
		t.Fatal("leaving did nothing")
	}
	// tea.Sequence hands back its commands as a slice; run each.
	var msgs []tea.Msg
	v := reflect.ValueOf(cmd())
	if v.Kind() != reflect.Slice {
		t.Fatalf("leaving is not a sequence: %T", v.Interface())
	}
	for i := range v.Len() {
		if c, ok := v.Index(i).Interface().(tea.Cmd); ok && c != nil {
			msgs = append(msgs, c())
		}
	}
	saved, quit := false, false
	for _, msg := range msgs {
		switch msg := msg.(type) {
		case savedMsg:
			if _, err := os.Stat(msg.path); err == nil && strings.HasPrefix(msg.path, dir) {
				saved = true
			}
		case tea.QuitMsg:
			quit = true
		}
	}
	if !saved || !quit {
		t.Fatalf("leaving gave %v: saved %v, quit %v", msgs, saved, quit)
	}
}

// View does not play the scenario's designs: on a wide window the side
// panel says they run until the command Update returned brings them back,
// and only then shows the worst design.
func TestSidePanelRunsInACommand(t *testing.T) {
	m, err := New(Options{Theme: tuitest.Plain(), Prompt: "payment-checkout", Now: (&clockAt{start}).now})
	if err != nil {
		t.Fatal(err)
	}
	next, cmd := m.Update(tea.WindowSizeMsg{Width: 200, Height: 60})
	m = next.(Model)
	v := ansi.Strip(m.View())
	if strings.Contains(v, "What goes wrong") || !strings.Contains(v, "the engine is playing checkout's designs…") {
		t.Fatalf("before the runs come back the panel should say they run:\n%s", v)
	}
	if _, ok := m.runs["checkout"]; ok {
		t.Fatal("View kept runs it should not have played")
	}
	if cmd == nil {
		t.Fatal("a wide window started no runs")
	}
	msg, ok := cmd().(runsMsg)
	if !ok {
		t.Fatalf("the command brought back %T, not the runs", msg)
	}
	m = tuitest.Send(m, tea.Msg(msg))
	if v := ansi.Strip(m.View()); !strings.Contains(v, "What goes wrong: the engine's worst design of checkout") {
		t.Fatalf("the runs' message should fill the panel:\n%s", v)
	}
	// A narrow window plays nothing: there is no panel.
	n, _, _ := model(t, 80, 24, "payment-checkout")
	if nn, cmd := n.Update(tea.WindowSizeMsg{Width: 100, Height: 40}); cmd != nil || nn.(Model).runsPending != "" {
		t.Error("a window without the side panel started runs")
	}
}

// Moving through the prompts plays one scenario at a time; the runs of a
// prompt left behind are kept, and the one under the cursor follows.
func TestSidePanelRunsOneAtATime(t *testing.T) {
	m, _, _ := model(t, 80, 24, "")
	next, first := m.Update(tea.WindowSizeMsg{Width: 200, Height: 60})
	m = next.(Model)
	was := m.runsPending
	var later tea.Cmd
	for m.panelScenario() == was {
		next, later = m.Update(tuitest.Key("down"))
		m = next.(Model)
	}
	if first == nil || later != nil {
		t.Fatalf("runs started: first %v, while in flight %v", first != nil, later != nil)
	}
	next, then := m.Update(first())
	m = next.(Model)
	if _, ok := m.runs[was]; !ok || then == nil || m.runsPending != m.panelScenario() {
		t.Fatalf("the first runs should be kept and the prompt's own start (pending %q, under the cursor %q)", m.runsPending, m.panelScenario())
	}
}
