package lessons

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/shuffle"
)

// A step's numeric answer is computed once, in one place: answerValue
// evaluates the expression the lesson writes ("share step search
// rejected", "opens step", "29") with the metrics of expr.go. Prepare
// calls it on the runs the Lab plays to their end, which gives
// PreparedQuestion.Answer, the number the player judges a guess against;
// Prepared.Answer calls it on the step's run as a screen shows it at one
// moment, which gives the figure presentation mode draws big
// (tui/lessonui's Moment). The two differ only in the snapshot read.

// runs is where an expression's runs are read from: a Lab plays them, a
// shownRuns gives the step's own run at the moment a screen shows.
type runs interface {
	Final(spec *SimSpec) (engine.Snapshot, error)
	At(spec *SimSpec, t time.Duration) (engine.Snapshot, error)
	Timeline(spec *SimSpec) (shuffle.Snapshot, error)
	Report(seed uint64) (shuffle.Report, error)
}

// Shown is a step's own run as a screen shows it at one moment.
type Shown struct {
	// Now is an engine run at the moment shown. Whole is the same run
	// played out through its drain, once the screen has it (the traffic
	// has ended); until then a metric of the whole run reads Now: the run
	// so far. A metric at a moment (busy-at, held-at, inflight-at,
	// retry-after-at, ...) reads Now, the moment shown, whatever time it
	// names: a step asking for one pauses at that time.
	Now, Whole *engine.Snapshot
	// Timeline is a shuffle step's timeline at the moment shown.
	Timeline *shuffle.Snapshot
}

// ErrNoValueYet marks an answer that has no value in the run read: no
// request has arrived in the measurement window yet, or the breaker has
// not yet moved to the state asked about. Where the run is read before its
// end (Shown), a later moment may give it one.
var ErrNoValueYet = errors.New("no value yet")

// notYet is an error of ErrNoValueYet, worded as the error it wraps.
type notYet struct{ error }

func (e notYet) Is(target error) bool { return target == ErrNoValueYet }
func (e notYet) Unwrap() error        { return e.error }

// errNotShown says an expression reads a run other than the one shown (a
// built-in run, another step's, the shuffle report): its value does not
// follow the moment, and Prepare has computed it.
var errNotShown = errors.New("not the run shown")

// shownRuns gives the step's own run (own) as sh holds it.
type shownRuns struct {
	own *SimSpec
	sh  Shown
}

func (r shownRuns) Final(spec *SimSpec) (engine.Snapshot, error) {
	switch {
	case spec != r.own:
		return engine.Snapshot{}, errNotShown
	case r.sh.Whole != nil:
		return *r.sh.Whole, nil
	case r.sh.Now != nil:
		return *r.sh.Now, nil
	}
	return engine.Snapshot{}, fmt.Errorf("%s is shown without an engine run", spec)
}

func (r shownRuns) At(spec *SimSpec, _ time.Duration) (engine.Snapshot, error) {
	switch {
	case spec != r.own:
		return engine.Snapshot{}, errNotShown
	case r.sh.Now != nil:
		return *r.sh.Now, nil
	}
	return engine.Snapshot{}, fmt.Errorf("%s is shown without an engine run", spec)
}

func (r shownRuns) Timeline(spec *SimSpec) (shuffle.Snapshot, error) {
	switch {
	case spec != r.own:
		return shuffle.Snapshot{}, errNotShown
	case r.sh.Timeline != nil:
		return *r.sh.Timeline, nil
	}
	return shuffle.Snapshot{}, fmt.Errorf("%s is shown without a shuffle timeline", spec)
}

func (r shownRuns) Report(uint64) (shuffle.Report, error) {
	return shuffle.Report{}, errNotShown
}

// NumberAsked is the numeric question a step asks, the one whose number
// presentation mode shows: its prediction, or without one its question.
// answer is its answer as the lesson writes it, a metric expression or a
// number. ok is false when the step asks for no number (no question, or a
// choice).
func (s *PreparedStep) NumberAsked() (q *PreparedQuestion, answer string, ok bool) {
	if s.Step == nil {
		return nil, "", false
	}
	raw, q := s.Step.Predict, s.Predict
	if raw == nil {
		raw, q = s.Step.Question, s.Question
	}
	if raw == nil || q == nil || raw.Kind != Number || raw.Answer == "" {
		return nil, "", false
	}
	return q, raw.Answer, true
}

// Answer is the value of step i's numeric answer (NumberAsked) read from
// the step's own run as sh shows it: the computation Prepare made
// PreparedQuestion.Answer with, on sh's snapshots instead of the lab's.
// Where the moment shown is the one the answer is about (the step's pause,
// the end of its traffic) the two agree, bit for bit.
//
// An answer that reads no run, or one other than the step's own, is the
// same at every moment: it is the prepared answer. An error of
// ErrNoValueYet says the run shown gives none yet; an error says so too
// when the step asks for no number.
func (p *Prepared) Answer(i int, sh Shown) (Value, error) {
	if i < 0 || i >= len(p.Steps) {
		return Value{}, fmt.Errorf("step %d: the lesson has steps 1 to %d", i+1, len(p.Steps))
	}
	st := &p.Steps[i]
	q, answer, ok := st.NumberAsked()
	if !ok {
		return Value{}, fmt.Errorf("step %d asks for no number", i+1)
	}
	ctx := &evalCtx{lab: shownRuns{own: st.Sim, sh: sh}, step: st.Step, lesson: p.Lesson, seed: st.Seed}
	v, err := answerValue(ctx, answer)
	if errors.Is(err, errNotShown) {
		return Value{Kind: q.AnswerKind, F: q.Answer}, nil
	}
	return v, err
}

// Asks is what a step's question is about, as far as a screen showing the
// step's own run must keep it back until the room has answered
// (presentation mode, tui/lessonui's Moment). It is read from the lesson's
// own expressions, not from the question's prose (bar the breaker states a
// choice names, PredictsBreakerState):
//
//   - a number: its answer's expression (NumberAsked's, or a self-check's
//     own);
//   - a choice: its answer is words, not a figure, so what the words are
//     about is what the expressions written round it read: the
//     placeholders of its explanation (a prediction's reveal, a
//     self-check's explain) and of its choices and their whys (not those
//     of the prompt, which states what the room is given); for a
//     prediction also the step's claims (expect), which say what the play
//     it asks about shows. A self-check question is asked after the play,
//     which the room has seen: the claims are not its.
type Asks struct {
	// Run says an expression reads the step's own run, the one a screen
	// shows (a metric of "step", or of a run named otherwise that is the
	// same run: scenario, variant, seed and changes). A parameter, Little's
	// law over parameters, another run, a sweep or a literal reads none.
	Run bool
	// Breaker says the question is about a breaker's state or its moves: a
	// prediction whose choices are breaker states (PredictsBreakerState),
	// or an expression of breakerMetrics on the step's own run.
	Breaker bool
}

// breakerMetrics are the metrics that read a breaker's moves or what its
// state decides: when it opened, half-opened or closed, how often, how
// long it stayed open, what it refused.
var breakerMetrics = map[string]bool{
	"opens": true, "half-opens": true, "closes": true, "time-open": true, "opened": true,
	"transition": true, "transitions": true, "short-circuited": true,
	"fleet-open-at": true, "fleet-closed-from": true, "probe-burst": true, "failed-probes": true,
}

// asksMemo keeps the Asks worked out last: a screen asks at every frame
// (presentation mode draws one a frame, for every follower of a
// classroom), and the probe builds the scenarios that parameters read. A
// prepared lesson never changes, so its answer never does; the memo is
// emptied when it grows past asksMemoMax, so that it keeps few lessons
// alive.
var asksMemo = struct {
	sync.Mutex
	m map[asksKey]Asks
}{m: map[asksKey]Asks{}}

type asksKey struct {
	p       *Prepared
	i       int
	predict bool
}

const asksMemoMax = 512

// Asks says what step i's prediction (predict true) or self-check
// question is about (see Asks); the zero Asks for a question the step does
// not have.
func (p *Prepared) Asks(i int, predict bool) Asks {
	k := asksKey{p, i, predict}
	asksMemo.Lock()
	a, ok := asksMemo.m[k]
	asksMemo.Unlock()
	if ok {
		return a
	}
	a = p.asks(i, predict)
	asksMemo.Lock()
	if len(asksMemo.m) >= asksMemoMax {
		clear(asksMemo.m)
	}
	asksMemo.m[k] = a
	asksMemo.Unlock()
	return a
}

func (p *Prepared) asks(i int, predict bool) Asks {
	if i < 0 || i >= len(p.Steps) || p.Steps[i].Step == nil {
		return Asks{}
	}
	st := &p.Steps[i]
	raw := st.Step.Question
	if predict {
		raw = st.Step.Predict
	}
	if raw == nil {
		return Asks{}
	}
	var a Asks
	if predict {
		a.Breaker = st.PredictsBreakerState()
	}
	read := func(expr string) {
		e, err := ParseExpr(expr)
		if err != nil || !p.readsShown(i, e) {
			return
		}
		a.Run = true
		a.Breaker = a.Breaker || breakerMetrics[e.Metric]
	}
	if raw.Kind == Number {
		if raw.Answer != "" {
			read(raw.Answer)
		}
		return a
	}
	explain := raw.Explain
	if predict {
		explain = raw.Reveal
		for _, c := range st.Expect {
			read(c.Expr.Text)
			if c.Other != nil {
				read(c.Other.Text)
			}
			if c.Derived != nil {
				read(c.Derived.By.Text)
			}
		}
	}
	texts := []string{explain}
	for _, c := range raw.Choices {
		texts = append(texts, c.Text, c.Why)
	}
	for _, t := range texts {
		_ = scanPlaceholders(t, func(_ int, expr string, err error) error {
			if err == nil {
				read(expr)
			}
			return nil
		})
	}
	return a
}

// readsShown reports whether e, evaluated for step i, reads the step's own
// run: it is evaluated against a probe that records the runs asked for
// and gives none, so the metric's own code says what it reads.
func (p *Prepared) readsShown(i int, e Expr) bool {
	st := &p.Steps[i]
	if st.Sim == nil {
		return false
	}
	probe := &probeRuns{own: st.Sim}
	ctx := &evalCtx{lab: probe, step: st.Step, lesson: p.Lesson, seed: st.Seed}
	_, _ = ctx.Eval(e)
	return probe.read
}

// probeRuns gives no run; read says one asked for was own.
type probeRuns struct {
	own  *SimSpec
	read bool
}

func (r *probeRuns) is(spec *SimSpec) {
	r.read = r.read || spec == r.own || spec != nil && spec.key() == r.own.key()
}

func (r *probeRuns) Final(spec *SimSpec) (engine.Snapshot, error) {
	r.is(spec)
	return engine.Snapshot{}, errNotShown
}

func (r *probeRuns) At(spec *SimSpec, _ time.Duration) (engine.Snapshot, error) {
	r.is(spec)
	return engine.Snapshot{}, errNotShown
}

func (r *probeRuns) Timeline(spec *SimSpec) (shuffle.Snapshot, error) {
	r.is(spec)
	return shuffle.Snapshot{}, errNotShown
}

func (r *probeRuns) Report(uint64) (shuffle.Report, error) { return shuffle.Report{}, errNotShown }
