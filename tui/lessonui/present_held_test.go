package lessonui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// numberToken is a number as a screen prints one: "21", "1,204", "41.2%",
// "-3", "0.8".
var numberToken = regexp.MustCompile(`-?\d[\d,]*(?:\.\d+)?%?`)

// printed is v as the lesson prints it with format, without its unit
// ("1.2 s" is "1.2"): the token a line giving it away would hold.
func printed(v lessons.Value, format string) string {
	s, err := v.Format(format)
	if err != nil {
		s = lessons.TrimNum(v.F)
	}
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return s
}

// answerNumber is a numeric question's answer as the lesson prints it,
// without its unit.
func answerNumber(q *lessons.PreparedQuestion) string {
	if f := strings.Fields(q.AnswerText); len(f) > 0 {
		return f[0]
	}
	return q.AnswerText
}

// ofShownRun says whether a claim's side reads the step's own run: a
// metric of "step" (or "stepN" naming the step itself) other than its
// parameters and Little's law over them. Read here from the expression's
// text, not by the rule under test.
func ofShownRun(e *lessons.Expr, i int) bool {
	if e == nil || len(e.Args) == 0 {
		return false
	}
	switch e.Metric {
	case "param", "little", "preset", "design":
		return false
	}
	return e.Args[0] == "step" || e.Args[0] == fmt.Sprintf("step%d", i+1)
}

// forbidden are the figures an open question on step i asks about, as the
// lesson prints them, at the moment m shows: for a number its answer, and
// its value at this moment; for a choice prediction the values its step's
// claims on the run shown gave.
func forbidden(t *testing.T, p *lessons.Prepared, i int, m Model, q *lessons.PreparedQuestion, predict bool) map[string]string {
	t.Helper()
	out := map[string]string{}
	st := &p.Steps[i]
	if q.Kind == lessons.Number {
		out[answerNumber(q)] = "the answer " + q.AnswerText
		if asked, answer, ok := st.NumberAsked(); ok && asked == q {
			e, _ := lessons.ParseExpr(answer)
			var sh lessons.Shown
			switch s := m.sim.(type) {
			case *engineSim:
				sh = lessons.Shown{Now: &s.snap, Whole: s.final}
			case *shuffleSim:
				sh = lessons.Shown{Timeline: &s.snap}
			}
			if v, err := p.Answer(i, sh); err == nil {
				out[printed(v, e.Format)] = fmt.Sprintf("its value at %v", m.Now())
				// A latency percentile is drawn as the reveal quotes it
				// ("5.00 s"), not only in its answer's unit ("5 s").
				out[printed(v, "")] = fmt.Sprintf("its value at %v", m.Now())
			}
			out[strings.Fields(shownAnswer(p, i))[0]] = "the answer " + shownAnswer(p, i)
		}
		return out
	}
	if !predict {
		return out
	}
	for _, c := range st.Claims {
		if ofShownRun(&c.Expr, i) {
			out[printed(c.Got, c.Expr.Format)] = "the claim " + c.Text
		}
		if ofShownRun(c.Other, i) {
			out[printed(c.Want, c.Other.Format)] = "the claim " + c.Text
		}
	}
	return out
}

// presentedLines are the lines of the presented view at w×h that could
// give a figure away, flattened: every line but the title (the step's
// place in the lesson), with the open question's own words taken out (its
// prompt and choices, as the lesson wrote them: what the room is given),
// and the key number in words, as a narrow window writes it (the view
// draws it in big digits).
func presentedLines(t *testing.T, m Model, w, h int) (string, present.Moment) {
	t.Helper()
	mo, ok := m.Moment()
	if !ok {
		t.Fatal("the player has no moment")
	}
	v := present.View(theme.New(theme.Plain(), theme.HighContrast()), mo, "", w, h)
	lines := strings.Split(ansi.Strip(v), "\n")
	text := flat(strings.Join(lines[1:], "\n"))
	if mo.Ask != nil {
		given := append([]string{mo.Ask.Prompt}, mo.Ask.Choices...)
		for _, g := range given {
			text = strings.ReplaceAll(text, flat(g), " ")
		}
	}
	return text + " · " + mo.Words(), mo
}

// leaks reports the forbidden figures the text holds.
func leaks(text string, figures map[string]string) []string {
	var out []string
	for _, tok := range numberToken.FindAllString(text, -1) {
		if why, ok := figures[tok]; ok {
			out = append(out, fmt.Sprintf("%q (%s)", tok, why))
		}
	}
	return out
}

// recorded is step i as a follower or a recording shows it at t with its
// answers hidden: the question open, no guess made.
func recorded(t *testing.T, p *lessons.Prepared, i int, at time.Duration, hidden bool) Model {
	t.Helper()
	m, err := New(p, Options{Theme: theme.New(theme.Plain()), Step: i})
	if err != nil {
		t.Fatal(err)
	}
	st := m.State()
	st.At, st.Playing = at, false
	st = st.HideAnswers(hidden)
	m = send(m, tea.WindowSizeMsg{Width: 100, Height: 30})
	if m, err = m.Follow(st); err != nil {
		t.Fatalf("%s step %d at %v: %v", p.Lesson.ID, i+1, at, err)
	}
	return m
}

// followOn takes follower m, which recorded made, on to at in its step,
// with the answers hidden or shown.
func followOn(t *testing.T, m Model, at time.Duration, hidden bool) Model {
	t.Helper()
	st := m.State()
	st.At, st.Playing = at, false
	st = st.HideAnswers(hidden)
	m, err := m.Follow(st)
	if err != nil {
		t.Fatalf("%s step %d at %v: %v", m.p.Lesson.ID, st.Step+1, at, err)
	}
	return m
}

// stepSpan is where step i opens and where its play stops on its own.
func stepSpan(p *lessons.Prepared, i int, open time.Duration) (time.Duration, time.Duration) {
	cur := &p.Steps[i]
	stop := cur.End
	if cur.PauseAt > open && cur.PauseAt < stop {
		stop = cur.PauseAt
	}
	return open, stop
}

// What a room sees of a lesson step keeps back what its open question
// asks about, on every step of every built-in lesson: before the guess no
// line of the presented view holds the figure asked for as the lesson
// prints it (a number's answer, its value at the moment shown; the values
// a choice prediction's claims on the run gave), in the presenter's player
// as it opens and on a follower's or a recording's screen anywhere from
// the step's start to where it stops; after the guess, and after the
// reveal on a follower's, the big figure is back, and a number's is the
// lesson's answer. (Lesson 1's first step drew 21/200 beside "how many of
// the 200 are busy?"; its third said "107 held" beside a held number.)
func TestPresentedViewHoldsWhatTheQuestionAsks(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	const w, h = 100, 30
	asked := 0
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			cur := &p.Steps[i]
			if cur.Predict == nil && cur.Question == nil {
				continue
			}
			name := fmt.Sprintf("%s step %d", p.Lesson.ID, i+1)
			check := func(where string, m Model, q *lessons.PreparedQuestion, predict bool) {
				t.Helper()
				asked++
				text, mo := presentedLines(t, m, w, h)
				if l := leaks(text, forbidden(t, p, i, m, q, predict)); len(l) > 0 {
					t.Errorf("%s, %s: the open question's figure shows: %s\n%s", name, where, strings.Join(l, ", "), projector(t, m, w, h))
				}
				if q.Kind == lessons.Number && cur.HasSim() && !mo.Held {
					if a, _, ok := cur.NumberAsked(); ok && a == q {
						t.Errorf("%s, %s: the number asked for is drawn: %q", name, where, mo.Words())
					}
				}
			}
			if cur.Predict != nil {
				m := open(t, p, i, w, h, inOneFrame(Options{}))
				check("as the player opens it", m, cur.Predict, true)
				from, stop := stepSpan(p, i, m.Now())
				// One follower per step, joined at its start and taken
				// on through the step as a recording (tui/record) and a
				// room's screen (tui/serve) take theirs, Follow after
				// Follow: the run is the same wherever it was sought from
				// (the engine is deterministic), and each Follow holds
				// the figures again, so every moment is checked as
				// before, for a fifth of the players built.
				var fm Model
				for k := range 4 {
					at := from + (stop-from)*time.Duration(k)/3
					if k == 0 {
						fm = recorded(t, p, i, at, true)
					} else {
						fm = followOn(t, fm, at, true)
					}
					check(fmt.Sprintf("followed at %v, unguessed", at), fm, cur.Predict, true)
				}
				// After the guess, played to where it stops: the figure is
				// back, and a number's is the lesson's answer.
				guess := "1"
				if cur.Predict.Kind == lessons.Number {
					guess = "1\n"
				}
				m = playToPause(t, send(m, keys(guess)...))
				for _, c := range []struct {
					where string
					m     Model
				}{{"after the guess", m}, {"followed after the reveal", followOn(t, fm, stop, false)}} {
					mo, _ := c.m.Moment()
					if !cur.HasSim() {
						continue
					}
					if mo.Held {
						t.Errorf("%s, %s: the number is still held: %q", name, c.where, mo.Words())
					}
					if cur.Predict.Kind == lessons.Number {
						drawn := mo.Figure
						if mo.Of > 0 {
							drawn = fmt.Sprint(mo.Value)
						}
						if want := strings.Fields(shownAnswer(p, i))[0]; drawn != want {
							t.Errorf("%s, %s: the big figure is %q (%q), the lesson's answer %q", name, c.where, drawn, mo.Words(), want)
						}
					}
				}
				if cur.Question != nil && m.questionShown() {
					check("its self-check open after the reveal", m, cur.Question, false)
				}
			} else {
				m := open(t, p, i, w, h, Options{})
				check("its self-check open", m, cur.Question, false)
				if cur.HasSim() {
					from, stop := stepSpan(p, i, m.Now())
					for _, at := range []time.Duration{from, stop} {
						check(fmt.Sprintf("followed at %v, unanswered", at), recorded(t, p, i, at, true), cur.Question, false)
					}
				}
			}
		}
	}
	if asked < 150 {
		t.Fatalf("only %d moments of open questions checked", asked)
	}
}

// What a question asks about is read from the lesson's expressions, per
// kind (lessons.Asks, withheld): a number by its answer, a choice by the
// expressions round it. Named steps, with what the projector shows of
// each before the guess.
func TestWhatAnOpenQuestionAsksAbout(t *testing.T) {
	for _, c := range []struct {
		lesson       string
		step         int // from 1
		predict      bool
		run, breaker bool
		why          string
	}{
		{"01-one-slow-dependency", 1, true, true, false, "a choice whose claim and reveal read busy-at step 9s"},
		{"01-one-slow-dependency", 3, true, true, false, "a number: held-at step recommendations 11s"},
		{"04-breaker-states", 1, true, false, true, "a choice of breaker states; its other words read parameters"},
		{"09-checkout-incident", 6, true, true, true, "a choice whose claims read closes step"},
		{"08-shuffle-sharding", 5, true, false, false, "a choice about odds worked out from the fleet's size, not the run"},
		{"07-fallbacks-and-metrics", 13, false, false, false, "a self-check on rounding, asked after the play: the step's claims are not its"},
		{"01-one-slow-dependency", 7, false, false, false, "a number on a step without a run: Little's law over parameters"},
	} {
		p := lessonID(t, c.lesson)
		got := p.Asks(c.step-1, c.predict)
		if got.Run != c.run || got.Breaker != c.breaker {
			t.Errorf("%s step %d (%s): asks %+v, want run %v, breaker %v", c.lesson, c.step, c.why, got, c.run, c.breaker)
		}
	}

	// Lesson 1's first step followed to 9 s, unguessed: the workers held
	// are the answer, so they wait.
	p := lessonID(t, "01-one-slow-dependency")
	mo, _ := recorded(t, p, 0, 9*time.Second, true).Moment()
	if !mo.Held || mo.Words() != "the workers held: shown after the guess" {
		t.Errorf("lesson 1 step 1 at 9 s: %q", mo.Words())
	}
	// Lesson 1's third: the calls held by recommendations are the number
	// asked for; the fault stays, in words.
	mo, _ = recorded(t, p, 2, p.Steps[2].PauseAt, true).Moment()
	if got := strings.Join(mo.Details, " | "); !mo.Held || got != "recommendations: fault: hang" {
		t.Errorf("lesson 1 step 3 at its pause: %q, details %q", mo.Words(), got)
	}
	// Lesson 8's fifth keeps its customers, which do not answer a
	// question about odds.
	p = lessonID(t, "08-shuffle-sharding")
	if mo, _ = open(t, p, 4, 100, 30, Options{}).Moment(); mo.Held || len(mo.Details) == 0 {
		t.Errorf("lesson 8 step 5 holds what its question does not ask: %q %q", mo.Words(), mo.Details)
	}
	// Lesson 4's first: the breaker's state waits, in the number's lead
	// and in the details; the faults stay.
	p = lessonID(t, "04-breaker-states")
	mo, _ = recorded(t, p, 0, p.Steps[0].PauseAt, true).Moment()
	if words := mo.Words() + " " + strings.Join(mo.Details, " "); !mo.Held || strings.Contains(words, "breaker open") || strings.Contains(words, "closed") {
		t.Errorf("lesson 4 step 1 at its pause: %q %q", mo.Words(), mo.Details)
	}
}
