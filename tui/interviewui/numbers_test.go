package interviewui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// flat is lines without styles, their runs of spaces one space.
func flat(lines []string) string {
	return strings.Join(strings.Fields(ansi.Strip(strings.Join(lines, "\n"))), " ")
}

// search-ranking's design has every search call the index, then the
// model; cascade, which plays it, makes the two calls from two endpoints.
// The panel showed cascade's three endpoints (search 300 a second,
// profile 200, recommendations 100) beside a prompt that gave no rate.
// The prompt now gives the rate to size with, and the panel shows the
// prompt's system with the numbers of cascade's parts that play it, at
// that rate, and how cascade plays it.
func TestNumbersPanelShowsThePromptsSystem(t *testing.T) {
	m, _, _ := model(t, 120, 40, "search-ranking")
	sc, _ := scenarios.Lookup("cascade")
	sys := sc.Build().Variants[0].System
	rate := map[string]string{}
	for _, e := range sys.Endpoints {
		rate[e.Name] = fmt.Sprint(e.Rate)
	}
	if !strings.Contains(m.prompt.Text, "answers "+rate["recommendations"]+" searches a second") {
		t.Errorf("the prompt should give the rate to size with, cascade's recommendations rate: %s", m.prompt.Text)
	}
	panel := flat(m.numbersOf(m.prompt, sideWidth))
	for _, want := range []string{
		"with the numbers of the parts of the cascade scenario that play it",
		"search: " + rate["recommendations"] + " requests a second; each calls the index, then the model.",
		"the index (search-index): latency mean 20 ms, p99 92.1 ms",
		"the model (recommendations): latency mean 40 ms, p99 184.2 ms",
		"cascade plays it with two endpoints making the calls: its search endpoint calls search-index at " + rate["search"] + " a second, " +
			"its recommendations endpoint calls the model at " + rate["recommendations"] + " a second.",
	} {
		if !strings.Contains(panel, want) {
			t.Errorf("the panel should say %q:\n%s", want, panel)
		}
	}
	if strings.Contains(panel, "profile") {
		t.Errorf("the panel shows cascade's profile endpoint, which the prompt has not:\n%s", panel)
	}
	if v := flat([]string{m.View()}); !strings.Contains(v, "Numbers to size with") {
		t.Errorf("at 120 columns the panel should be on screen:\n%s", m.View())
	}
	// A prompt whose scenario plays it as it stands keeps the scenario's
	// endpoints.
	n, _, _ := model(t, 120, 40, "notifications")
	if p := flat(n.numbersOf(n.prompt, sideWidth)); !strings.Contains(p, "SMS (profile): "+rate["profile"]+" requests a second") {
		t.Errorf("notifications' panel lost cascade's endpoints:\n%s", p)
	}
}

// Below 120 columns the panel is hidden: the writing screen says which
// key shows it and at what width it shows beside the prompt, in one line;
// at 120 it shows and no line says so.
func TestNarrowWritingSaysWhereTheNumbersAre(t *testing.T) {
	const note = "ctrl+o shows the numbers to size with; from 120 columns, beside the prompt."
	for _, c := range []struct {
		w, h int
		want bool
	}{{80, 24, true}, {119, 40, true}, {120, 40, false}} {
		m, _, _ := model(t, c.w, c.h, "search-ranking")
		v := ansi.Strip(m.View())
		got := strings.Contains(v, note)
		if got != c.want {
			t.Errorf("%dx%d: the note shown %v, want %v:\n%s", c.w, c.h, got, c.want, v)
		}
		if c.w >= wideFrom && !strings.Contains(v, "Numbers to size with") {
			t.Errorf("%dx%d: no panel:\n%s", c.w, c.h, v)
		}
	}
}

// notifications speaks of email, SMS and push, which cascade plays with
// search, profile and recommendations; the panel listed those endpoints'
// rates with nothing to say which was whose, so a candidate sizing push's
// bulkhead could not tell that "recommendations: 100 requests a second"
// was push. Each part now goes by the prompt's name, the scenario's after.
func TestNumbersPanelNamesThePromptsParts(t *testing.T) {
	for _, c := range []struct {
		prompt string
		want   []string
	}{
		{"notifications", []string{"email (search): 300 requests a second", "SMS (profile): 200 requests a second",
			"push (recommendations): 100 requests a second, each calls recommendations"}},
		{"slow-apis", []string{"checkout: 20 requests a second, each calls the slow API (payment; latency p50 80 ms, p99 200 ms)"}},
	} {
		m, _, _ := model(t, 120, 40, c.prompt)
		p := flat(m.numbersOf(m.prompt, sideWidth))
		for _, w := range c.want {
			if !strings.Contains(p, w) {
				t.Errorf("%s's panel should say %q:\n%s", c.prompt, w, p)
			}
		}
	}
	// A prompt that renames none of its scenario's parts keeps their names.
	m, _, _ := model(t, 120, 40, "api-gateway")
	if p := flat(m.numbersOf(m.prompt, sideWidth)); !strings.Contains(p, "search: 300 requests a second, each calls search-api (latency") {
		t.Errorf("api-gateway's panel renamed its parts:\n%s", p)
	}
}

// The rubric sizes cascade's prompts by the push provider's p99 ("2 ×
// 184.2 ms", "100 × 184.2 ms"), and the panel gave only its mean, 40 ms:
// a candidate had to know that an exponential's p99 is mean × ln 100.
// The panel gives every dependency's p99, as the engine draws it (at
// 120×40 the worst design's chart, drawn room allowing, now waits for a
// taller window: the figure to size with comes first).
func TestNumbersPanelGivesTheP99TheRubricSizesBy(t *testing.T) {
	for _, id := range []string{"notifications", "e-commerce"} {
		m, _, _ := model(t, 120, 40, id)
		panel := flat(m.numbersOf(m.prompt, sideWidth))
		for _, want := range []string{"search-index (latency mean 20 ms, p99 92.1 ms)", "profile-db (latency mean 30 ms, p99 138.2 ms)",
			"recommendations (latency mean 40 ms, p99 184.2 ms)"} {
			if !strings.Contains(panel, want) {
				t.Errorf("%s's panel should say %q:\n%s", id, want, panel)
			}
		}
		said := false
		for _, pt := range m.prompt.Points {
			said = said || strings.Contains(pt.Text, "184.2 ms")
		}
		if !said {
			t.Errorf("%s's rubric no longer sizes by 184.2 ms: the test's premise is gone", id)
		}
	}
}

// At 80×24 ctrl+o shows the numbers to size with in the answer's place,
// the engine's worst design of the prompt's scenario with them, while the
// clock runs on; the next key goes back to the answer as it was and types
// nothing. The note had named only the width that shows them, a window
// the learner may not have: no key did.
func TestCtrlOShowsTheNumbersWhereNoPanelFits(t *testing.T) {
	m, _, _ := model(t, 80, 24, "payment-checkout")
	m = typeIn(m, "A 500 ms timeout")
	m = settle(tuitest.Press(m, "ctrl+o"))
	v := ansi.Strip(m.View())
	tuitest.CheckBlock(t, m.View(), 80, 24)
	for _, want := range []string{"Numbers to size with", "16 workers", "What goes wrong", "time left", "any key back to your answer"} {
		if !strings.Contains(v, want) {
			t.Errorf("ctrl+o at 80×24 should show %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "A 500 ms timeout") {
		t.Errorf("the answer is still on screen:\n%s", v)
	}
	m = tuitest.Press(m, "x")
	v = ansi.Strip(m.View())
	if !strings.Contains(v, "A 500 ms timeout") || strings.Contains(v, "Numbers to size with") {
		t.Errorf("a key should go back to the answer:\n%s", v)
	}
	if got := m.area.Value(); got != "A 500 ms timeout" {
		t.Errorf("the key that went back typed into the answer: %q", got)
	}
	// Where the panel fits beside the prompt, ctrl+o is no key of the
	// writing screen's line.
	wide, _, _ := model(t, 120, 40, "payment-checkout")
	if strings.Contains(ansi.Strip(wide.View()), "ctrl+o") {
		t.Errorf("ctrl+o offered at 120×40:\n%s", ansi.Strip(wide.View()))
	}
}
