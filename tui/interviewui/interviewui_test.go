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
	return tuitest.Send(m, tea.WindowSizeMsg{Width: w, Height: h}), c, dir
}

const answer = "Each call to the payment provider gets a timeout of 500 ms, from its p99.\n" +
	"A bulkhead of 4 slots: 20 a second × 200 ms. A breaker opens at 50 % of the last 10 calls, " +
	"with a fallback of a 503 and Retry-After; orders wait as pending payment with an idempotency key."

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
}

func TestRubricMarksAndSaves(t *testing.T) {
	m, c, dir := model(t, 80, 24, "payment-checkout")
	m = typeIn(m, answer)
	c.t = start.Add(3 * time.Minute)
	m = tuitest.Press(m, "esc")
	iv := m.Interview()
	byID := map[string]drill.GradedPoint{}
	for _, p := range iv.Points {
		byID[p.ID] = p
	}
	for id, want := range map[string]bool{"timeout": true, "bulkhead": true, "fallback": true, "idempotency": true, "local": false, "metrics": false} {
		if byID[id].Said != want || byID[id].Hinted != want {
			t.Errorf("%s: said %v hinted %v, want %v", id, byID[id].Said, byID[id].Hinted, want)
		}
	}
	// Mark the first point not said, after all.
	m = tuitest.Press(m, "space")
	if m.Interview().Points[0].Said {
		t.Fatal("space did not unmark the point")
	}
	next, cmd := m.Update(tuitest.Key("enter"))
	m = tuitest.Send(next.(Model), cmd())
	if m.Saved() == "" || !strings.HasPrefix(m.Saved(), dir) {
		t.Fatalf("saved to %q", m.Saved())
	}
	var back drill.Interview
	b, _ := os.ReadFile(m.Saved())
	if err := json.Unmarshal(b, &back); err != nil || back.Used != 3*time.Minute || back.Points[0].Said || !back.Points[0].Hinted || back.Answer != answer {
		t.Fatalf("saved %+v (%v)", back, err)
	}
	if !strings.Contains(m.View(), "Saved to") {
		t.Fatal("the screen does not say where it saved")
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
	for _, sz := range [][2]int{{80, 24}, {200, 60}, {60, 16}} {
		m, _, _ := model(t, sz[0], sz[1], "")
		tuitest.CheckBlock(t, m.View(), sz[0], sz[1])
		if sz[0] == 80 {
			golden.Check(t, "picker_80x24", m.View())
		}
		m = tuitest.Press(m, "down", "enter")
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

// TestLeavingSaves: esc on the rubric saves before it leaves.
func TestLeavingSaves(t *testing.T) {
	m, _, dir := model(t, 80, 24, "e-commerce")
	m = typeIn(m, "best-sellers instead")
	m = tuitest.Press(m, "esc") // hand in
	_, cmd := m.Update(tuitest.Key("esc"))
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
