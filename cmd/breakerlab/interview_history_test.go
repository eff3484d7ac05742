package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/interviewui"
	tea "github.com/charmbracelet/bubbletea"
)

// takeInterview sits a mock interview on the interview's own screen, as a
// candidate would: prompt, the answer typed in, handed in after used, the
// rubric marked with keys ("y", "n"), and saved with enter, by the
// screen's own save. It returns the saved file.
func takeInterview(t *testing.T, dir, prompt, answer string, started time.Time, used time.Duration, marks ...string) string {
	t.Helper()
	now := started
	m, err := interviewui.New(interviewui.Options{Dir: dir, Prompt: prompt, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	send := func(msg tea.Msg) tea.Cmd {
		next, cmd := m.Update(msg)
		m = next.(interviewui.Model)
		return cmd
	}
	send(tea.WindowSizeMsg{Width: 80, Height: 24})
	for _, r := range answer {
		if r == '\n' {
			send(tea.KeyMsg{Type: tea.KeyEnter})
			continue
		}
		send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	now = started.Add(used)
	send(tea.KeyMsg{Type: tea.KeyCtrlD})
	for _, k := range marks {
		send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
	}
	save := send(tea.KeyMsg{Type: tea.KeyEnter})
	if save == nil {
		t.Fatal("enter on the rubric did not save")
	}
	send(save())
	if m.Saved() == "" {
		t.Fatalf("the interview was not saved:\n%s", m.View())
	}
	return m.Saved()
}

// `interview --history` lists the interviews the rubric saved, oldest
// first, and `--history N` (or its id) prints one: the prompt, the answer
// as typed and the rubric as marked. Nothing saved, a number or id that
// names none, and a file that is not an interview each get a message
// that says so, and the rest is shown.
func TestInterviewHistory(t *testing.T) {
	// The screen driven by its Update, the command in the test's process:
	// no goroutine but the command's watch for SIGTERM, which the
	// package's other commands run under -race.
	racefree.Only(t)
	cfg := tempConfig(t)
	out, errOut, code := run(t, "interview", "--history")
	if code != 0 || !strings.Contains(out, "No interview is saved") || errOut != "" {
		t.Fatalf("--history with nothing saved: exit %d, %q %q", code, out, errOut)
	}
	if _, errOut, code := run(t, "interview", "--history", "1"); code != exitUsage || !strings.Contains(errOut, "no interview is saved") {
		t.Fatalf("--history 1 with nothing saved: exit %d, %q", code, errOut)
	}

	dir, err := drill.DefaultDir()
	if err != nil || !strings.HasPrefix(dir, cfg) {
		t.Fatalf("the progress directory %q (%v) is not under the test's %s", dir, err, cfg)
	}
	first := time.Date(2026, 11, 30, 14, 0, 0, 0, time.UTC)
	// Its first line is longer than the page: printed, it wraps at 80
	// columns like the rest of the page.
	const answer = "Timeout of 500 ms from the p99, kept inside the request's deadline, which every hop passes on to the next.\nBreaker outermost, retries inside it, under a budget."
	// Saved second but started first: the list goes by when they started.
	later := takeInterview(t, dir, "api-gateway", "a breaker per upstream", first.Add(48*time.Hour), 10*time.Minute, "n", "n", "y")
	earlier := takeInterview(t, dir, "payment-checkout", answer, first, 6*time.Minute+12*time.Second, "y", "y", "n")

	out, errOut, code = run(t, "interview", "--history")
	if code != 0 || errOut != "" {
		t.Fatalf("--history: exit %d, %q", code, errOut)
	}
	lines := strings.Split(out, "\n")
	var one, two string
	for _, l := range lines {
		switch f := strings.Fields(l); {
		case len(f) > 0 && f[0] == "1":
			one = l
		case len(f) > 0 && f[0] == "2":
			two = l
		}
	}
	for _, c := range []struct {
		line string
		want []string
	}{
		{one, []string{first.Local().Format("2006-01-02 15:04"), "payment-checkout", "6:12 of 10:00", "2 of 16"}},
		{two, []string{first.Add(48 * time.Hour).Local().Format("2006-01-02 15:04"), "api-gateway", "10:00 of 10:00", "1 of 15"}},
	} {
		for _, w := range c.want {
			if !strings.Contains(c.line, w) {
				t.Errorf("--history: the line %q lacks %q:\n%s", c.line, w, out)
			}
		}
	}
	for i, l := range lines {
		if n := len([]rune(l)); n > 80 && !strings.Contains(l, dir) { // a path is as long as it is
			t.Errorf("--history: line %d is %d columns: %q", i+1, n, l)
		}
	}

	// --history completes to the saved interviews' ids.
	if got := completions(t, "interview", "--history", "2026"); len(got) != 2 || !strings.HasSuffix(got[0], "payment-checkout") || !strings.HasSuffix(got[1], "api-gateway") {
		t.Errorf("__complete interview --history 2026 = %q, want the two ids, oldest first", got)
	}

	// One interview, by its number, by its id and with --history=N.
	p, err := drill.PromptNamed("payment-checkout")
	if err != nil {
		t.Fatal(err)
	}
	id := strings.TrimSuffix(filepath.Base(earlier), ".json")
	shown, _, code := run(t, "interview", "--history", "1")
	if code != 0 {
		t.Fatalf("--history 1: exit %d", code)
	}
	for _, args := range [][]string{{"--history", id}, {"--history=1"}, {"--history", filepath.Base(earlier)}} {
		if again, errOut, code := run(t, append([]string{"interview"}, args...)...); code != 0 || again != shown {
			t.Errorf("%q: exit %d, %q; want what --history 1 prints", args, code, errOut)
		}
	}
	flat := strings.Join(strings.Fields(shown), " ")
	for _, want := range []string{
		"Interview 1 of 2: A payment checkout (payment-checkout)", "6:12 used of 10:00", "2 of 16 points said",
		strings.Join(strings.Fields(p.Text), " "), // the prompt, as it was read
		"The rubric: 2 of 16 said",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("--history 1 lacks %q:\n%s", want, shown)
		}
	}
	if strings.Contains(flat, "as the prompt reads today") {
		t.Errorf("--history 1 reads the prompt from today's prompts, not from the file the screen saved:\n%s", shown)
	}
	// The answer as typed: its words in order, each typed line starting a
	// line of its own, indented as the prompt is and wrapped to the page.
	_, typed, _ := strings.Cut(shown, "The answer, as typed\n")
	typed, _, _ = strings.Cut(typed, "\n\nThe rubric")
	if got, want := strings.Join(strings.Fields(typed), " "), strings.Join(strings.Fields(answer), " "); got != want {
		t.Errorf("--history 1 prints the answer as %q, want %q:\n%s", got, want, shown)
	}
	printed := strings.Split(typed, "\n")
	if !strings.HasPrefix(printed[0], "  Timeout of 500 ms") || len(printed) != 3 || printed[2] != "  Breaker outermost, retries inside it, under a budget." {
		t.Errorf("--history 1 does not keep the answer's lines, indented and wrapped:\n%s", typed)
	}
	// The marks: y y n on the first three points.
	for i, want := range []string{"[x]", "[x]", "[ ]"} {
		pt := p.Points[i]
		words := strings.Fields(pt.Text)
		var line string
		for _, l := range strings.Split(shown, "\n") {
			if strings.Contains(l, strings.Join(words[:3], " ")) {
				line = l
			}
		}
		if !strings.HasPrefix(strings.TrimSpace(line), want) {
			t.Errorf("point %d (%s) is shown as %q, want it marked %s", i+1, pt.ID, line, want)
		}
	}
	for i, l := range strings.Split(shown, "\n") {
		if n := len([]rune(l)); n > 80 && !strings.Contains(l, dir) {
			t.Errorf("--history 1: line %d is %d columns: %q", i+1, n, l)
		}
	}
	if two, _, code := run(t, "interview", "--history", "2"); code != 0 || !strings.Contains(two, "a breaker per upstream") || !strings.Contains(two, later) {
		t.Errorf("--history 2: exit %d\n%s", code, two)
	}

	// A file cut short is named, and the others still listed and shown.
	bad := filepath.Join(filepath.Dir(earlier), "20261201T090000Z-e-commerce.json")
	if err := os.WriteFile(bad, []byte(`{"prompt": "e-commerce", "started": "2026-12-01T09:00:00Z", "answer": "best-sel`), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code = run(t, "interview", "--history")
	if code != 0 || !strings.Contains(out, "payment-checkout") || !strings.Contains(out, "api-gateway") || !strings.Contains(errOut, bad) || !strings.Contains(errOut, "not a saved interview") {
		t.Errorf("--history with a corrupt file: exit %d, %q %q", code, out, errOut)
	}
	if _, errOut, code := run(t, "interview", "--history", "20261201T090000Z-e-commerce"); code != exitUsage || !strings.Contains(errOut, bad) || !strings.Contains(errOut, "not a saved interview") {
		t.Errorf("--history naming the corrupt file: exit %d, %q", code, errOut)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--history", "3"}, "no interview 3: the saved ones are numbered 1 to 2"},
		{[]string{"--history", "0"}, "--history must be 1 or more, got 0: the saved interviews are numbered 1 to 2"},
		{[]string{"--history", "-1"}, "--history must be 1 or more, got -1: the saved interviews are numbered 1 to 2"},
		{[]string{"--history", "nope"}, `no saved interview is called "nope"`},
		{[]string{"--history", "1", "2"}, "one saved interview at a time"},
		{[]string{"--history=1", "2"}, "one saved interview at a time"},
		{[]string{"--history", "--list"}, "takes no --list or --rubric"},
		{[]string{"--check", "--history"}, "no --list, --rubric or --history"},
	} {
		if _, errOut, code := run(t, append([]string{"interview"}, c.args...)...); code != exitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, %q; want exit %d and %q", c.args, code, errOut, exitUsage, c.want)
		}
	}

	// Only files that do not read: the list says so, and fails.
	for _, f := range []string{earlier, later} {
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
	}
	if _, errOut, code := run(t, "interview", "--history"); code != 1 || !strings.Contains(errOut, "no saved interview in") || !strings.Contains(errOut, bad) {
		t.Errorf("--history with only a corrupt file: exit %d, %q", code, errOut)
	}
}

// An interview saved before the file kept the prompt's text is shown with
// the prompt as it reads today, saying so; one whose prompt is gone says
// that instead.
func TestInterviewHistoryOfAnOlderFile(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	cfg := tempConfig(t)
	dir := filepath.Join(cfg, "breakerlab", drill.InterviewDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	old := `{"prompt": "e-commerce", "title": "An e-commerce site", "started": "2026-11-02T10:00:00Z",
  "allowed_ns": 600000000000, "used_ns": 300000000000, "answer": "best-sellers instead",
  "points": [{"id": "timeout", "text": "a timeout", "said": true, "hinted": false}], "said": 1, "hinted": 0, "possible": 1}`
	gone := strings.NewReplacer(`"e-commerce"`, `"gone-prompt"`, "2026-11-02", "2026-11-03").Replace(old)
	for name, body := range map[string]string{"20261102T100000Z-e-commerce.json": old, "20261103T100000Z-gone-prompt.json": gone} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	p, _ := drill.PromptNamed("e-commerce")
	out, errOut, code := run(t, "interview", "--history", "1")
	flat := strings.Join(strings.Fields(out), " ")
	if code != 0 || !strings.Contains(flat, strings.Join(strings.Fields(p.Text), " ")) || !strings.Contains(flat, "as the prompt reads today") {
		t.Errorf("an older file: exit %d, %q\n%s", code, errOut, out)
	}
	out, _, code = run(t, "interview", "--history", "2")
	if flat := strings.Join(strings.Fields(out), " "); code != 0 || !strings.Contains(flat, `"gone-prompt" is not a prompt any more`) || !strings.Contains(out, "best-sellers instead") {
		t.Errorf("a file whose prompt is gone: exit %d\n%s", code, out)
	}
}
