package lessons

import (
	"errors"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
)

// shownAtPause is a step's own run as the lab plays it, shown where the
// step's play stops: the moment of its pause (the end where it has none),
// the run played out, or a shuffle step's timeline at its end.
func shownAtPause(t *testing.T, st *PreparedStep) Shown {
	t.Helper()
	switch {
	case st.Scenario != nil:
		at := st.PauseAt
		if at < 0 {
			at = st.End
		}
		now, err := testLab.At(st.Sim, at)
		if err != nil {
			t.Fatal(err)
		}
		whole, err := testLab.Final(st.Sim)
		if err != nil {
			t.Fatal(err)
		}
		return Shown{Now: &now, Whole: &whole}
	case st.ShuffleConfig != nil:
		tl, err := testLab.Timeline(st.Sim)
		if err != nil {
			t.Fatal(err)
		}
		return Shown{Timeline: &tl}
	}
	return Shown{}
}

// Prepared.Answer is the computation the prepared answer came from: read
// from the step's own run as the lab plays it, it gives that answer bit
// for bit, on every step of every built-in lesson that asks for a number.
func TestAnswerOfTheRunIsThePreparedAnswer(t *testing.T) {
	n := 0
	for _, p := range allPrepared(t) {
		for i := range p.Steps {
			st := &p.Steps[i]
			q, answer, ok := st.NumberAsked()
			if !ok {
				continue
			}
			n++
			v, err := p.Answer(i, shownAtPause(t, st))
			if err != nil || v.F != q.Answer || v.Kind != q.AnswerKind {
				t.Errorf("%s step %d (%s): Answer gives %v (%v, %v), the prepared answer is %v (%v)",
					p.Lesson.ID, i+1, answer, v.F, v.Kind, err, q.Answer, q.AnswerKind)
			}
		}
	}
	if n < 40 {
		t.Fatalf("only %d steps ask for a number", n)
	}
}

// stepAsking is the first step of the lesson whose numeric answer is
// answer.
func stepAsking(t *testing.T, id, answer string) (*Prepared, int) {
	t.Helper()
	for _, p := range allPrepared(t) {
		if p.Lesson.ID != id {
			continue
		}
		for i := range p.Steps {
			if _, a, ok := p.Steps[i].NumberAsked(); ok && a == answer {
				return p, i
			}
		}
	}
	t.Fatalf("%s has no step asking %q", id, answer)
	return nil, 0
}

// Read at a moment before the end, an answer is the run's so far: the
// time the breaker has spent open up to that moment (not up to the end of
// the traffic, which has not come); no value yet, and a reason, where the
// breaker has not opened or no request has come into the window.
func TestAnswerAtAMomentIsTheRunSoFar(t *testing.T) {
	p, i := stepAsking(t, "04-breaker-states", "time-open step")
	spec := p.Steps[i].Sim
	whole, err := testLab.Final(spec)
	if err != nil {
		t.Fatal(err)
	}
	opened, ok := FirstTransition(whole.Transitions, "", breaker.Open)
	if !ok {
		t.Fatal("the breaker never opens")
	}
	at := opened + 5*time.Second
	now, err := testLab.At(spec, at)
	if err != nil {
		t.Fatal(err)
	}
	v, err := p.Answer(i, Shown{Now: &now})
	want := TimeOpen(now.Transitions, "", at).Seconds()
	if err != nil || v.F != want || want < 5 || v.F >= p.Steps[i].Predict.Answer {
		t.Errorf("at %v the breaker has been open %v s, Answer gives %v (%v); the whole run's is %v s",
			at, want, v.F, err, p.Steps[i].Predict.Answer)
	}

	for _, c := range []struct{ id, answer string }{
		{"04-breaker-states", "opens step"},
		{"03-bulkheads", "share step checkout rejected"},
	} {
		p, i := stepAsking(t, c.id, c.answer)
		start, err := testLab.At(p.Steps[i].Sim, 0)
		if err != nil {
			t.Fatal(err)
		}
		if v, err := p.Answer(i, Shown{Now: &start}); !errors.Is(err, ErrNoValueYet) {
			t.Errorf("%s %q at 0 s: %v, %v; want no value yet", c.id, c.answer, v, err)
		}
	}
}

// An answer that reads another run than the step's own does not follow
// the moment shown: it is the prepared answer, whatever the step shows.
func TestAnswerOfAnotherRunIsThePrepared(t *testing.T) {
	src := "+++\ntitle = \"T\"\nsummary = \"S\"\n+++\n+++ step\ntitle = \"a\"\nscenario = \"breaker-timeline\"\n" +
		"[predict]\nprompt = \"When?\"\nanswer = \"opens breaker-timeline/0\"\ntolerance = 1\nreveal = \"At {{opens step}}.\"\n+++\nText.\n"
	l, err := Parse("other.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(l, testLab)
	if err != nil {
		t.Fatal(err)
	}
	start, err := testLab.At(p.Steps[0].Sim, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, sh := range []Shown{{Now: &start}, {}, {Now: &engine.Snapshot{}}} {
		if v, err := p.Answer(0, sh); err != nil || v.F != p.Steps[0].Predict.Answer || v.F != 24 {
			t.Errorf("Answer gives %v, %v; the prepared answer is %v", v, err, p.Steps[0].Predict.Answer)
		}
	}
	if _, err := p.Answer(1, Shown{}); err == nil {
		t.Error("Answer reads a step the lesson does not have")
	}
}
