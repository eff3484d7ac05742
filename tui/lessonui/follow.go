package lessonui

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/present"
	tea "github.com/charmbracelet/bubbletea"
)

// Following another player: a classroom server (tui/serve) reads the
// presenter's player as a State and has each follower's player take it
// on, drawn at the follower's own size with the follower's own theme.
// What travels is this state, never a rendered frame.

// State is what a player shows, as far as another player needs to show
// the same moment.
type State struct {
	// Lesson is the lesson's ID; empty when the picker shows its list.
	Lesson string
	// Prepared is the lesson as the presenter prepared it. It is shared,
	// not copied: the player never changes a prepared lesson, so readers
	// must not either; a follower needs no preparing of its own.
	Prepared *lessons.Prepared
	Step     int
	At       time.Duration // the step's virtual time
	Playing  bool
	Variant  int
	// End says the lesson's last screen (recap and score) is shown.
	End bool
	// AnswersHidden says the presenter's screen does not show the step's
	// answers yet: its question is unanswered and its prediction not
	// revealed. Followers then see the question open, as the room should
	// before the teacher answers.
	AnswersHidden bool
}

// followerTicks is where a follower's tick ids start: a classroom session
// holds its own player and a follower side by side and hands both every
// message, so their tick ids must never meet.
const followerTicks = 1 << 30

// State reports what the player shows.
func (m Model) State() State {
	st := State{Lesson: m.p.Lesson.ID, Prepared: m.p, Step: m.step, At: m.Now(), Playing: m.playing, End: m.showEnd}
	if m.sim != nil {
		st.Variant, _, _ = m.sim.Variant()
	}
	cur := m.cur()
	q := m.questions[m.step]
	ps := m.predicts[m.step]
	st.AnswersHidden = (cur.Question != nil && !q.right) || (cur.Predict != nil && !ps.revealed)
	return st
}

// NewFollower opens st's lesson in a player that follows st: it remembers
// no progress (the student's own is theirs to make when they explore) and
// runs no frames of its own until Fork.
func NewFollower(o Options, st State) (Model, error) {
	if st.Prepared == nil {
		return Model{}, fmt.Errorf("no lesson to follow")
	}
	o.Store, o.Embedded, o.Step, o.Notice = nil, true, st.Step, ""
	m, err := New(st.Prepared, o)
	if err != nil {
		return Model{}, err
	}
	m.tickID = followerTicks
	return m.Follow(st)
}

// Follow makes the player show st's step, time, design and play state; the
// lesson must be the one it plays (a caller that sees it change builds a
// new follower). The step list and the help close. While following, the
// player says whether the presenter plays but runs no frames of its own:
// every move comes from the next Follow. Fork hands the clock back.
func (m Model) Follow(st State) (Model, error) {
	if st.Prepared != m.p {
		return m, fmt.Errorf("following %q, but the player shows %q", st.Lesson, m.p.Lesson.ID)
	}
	if st.Step < 0 || st.Step >= len(m.p.Steps) {
		return m, fmt.Errorf("step %d: lesson %s has steps 1 to %d", st.Step+1, st.Lesson, len(m.p.Steps))
	}
	m.showHelp, m.showList, m.review = false, false, nil
	if st.Step != m.step {
		m.openStep(st.Step)
	}
	m.showEnd = st.End
	m.tickID++ // a tick already asked for is stale now
	m.playing = st.Playing
	var err error
	if m.sim != nil {
		if v, _, _ := m.sim.Variant(); v != st.Variant {
			err = m.sim.SetVariant(st.Variant)
		}
		if e := m.sim.Seek(st.At); e != nil && err == nil {
			err = e
		}
		m.finished = m.sim.Now() >= m.sim.End()
		m.atPause = !st.Playing && m.cur().PauseAt > 0 && m.sim.Now() == m.cur().PauseAt
	}
	m.showAnswers(!st.AnswersHidden)
	if err != nil {
		m.note, m.noteErr = err.Error(), true
	}
	m.layout()
	return m, err
}

// showAnswers shows the step's question answered and its prediction
// revealed (on), or both open (off), as the presenter's screen does.
func (m *Model) showAnswers(on bool) {
	i, cur := m.step, m.cur()
	if cur.Question != nil {
		if on && !m.questions[i].right {
			m.questions[i] = answeredState(cur.Question, m.questions[i].order)
		} else if !on && m.questions[i].right {
			m.questions[i] = questionState{picked: -1, order: m.questions[i].order}
		}
	}
	if cur.Predict != nil {
		ps := &m.predicts[i]
		if on && !ps.revealed {
			// The follower made no guess: it sees the reveal as one skipped.
			ps.made, ps.skipped, ps.revealed, ps.verdict = true, true, true, lessons.Skipped
		} else if !on && ps.revealed {
			*ps = predictState{order: ps.order, picked: -1}
		}
	}
}

// followGuess takes the follower's own guess at step's prediction, given
// outside the player (the room's poll over SSH, tui/serve): the step
// shows it as made, with its verdict, where it showed "none, skipped".
// Whether the step is revealed stays the presenter's.
func (m *Model) followGuess(step int, rec lessons.Prediction) {
	if step < 0 || step >= len(m.predicts) || m.p.Steps[step].Predict == nil {
		return
	}
	ps := &m.predicts[step]
	st := newPredictState(m.p.Steps[step].Predict, ps.order, rec, true)
	st.revealed = ps.revealed
	*ps = st
}

// FollowGuess is followGuess on the open player; serve calls it after
// each Follow, since a reveal (showAnswers) marks a follower's step
// skipped.
func (p Picker) FollowGuess(step int, rec lessons.Prediction) Picker {
	if p.player == nil {
		return p
	}
	m := *p.player
	m.followGuess(step, rec)
	p.player = &m
	return p
}

// Fork stops following: the player goes on from the moment it shows, on
// its own ticks, playing if the presenter was.
func (m Model) Fork() (Model, tea.Cmd) {
	m.tickID++
	if m.playing && m.sim != nil {
		return m, m.tick()
	}
	m.playing = false
	return m, nil
}

// State reports what the picker shows: the open player's state, or an
// empty Lesson while the list is shown.
func (p Picker) State() State {
	if p.player == nil {
		return State{}
	}
	return p.player.State()
}

// Follow makes the picker show st: the list when st names no lesson, else
// st's lesson in a following player (opened on the presenter's prepared
// lesson, so nothing is prepared here).
func (p Picker) Follow(st State) (Picker, error) {
	p.busy = false
	if st.Prepared == nil {
		p.player = nil
		return p, nil
	}
	for i, l := range p.lessons {
		if l.ID == st.Lesson {
			p.nav.Cursor = i
		}
	}
	if p.player == nil || p.player.p != st.Prepared {
		o := p.o
		o.Lab = p.lab
		m, err := NewFollower(o, st)
		if err != nil {
			return p, err
		}
		next, _ := m.Update(tea.WindowSizeMsg{Width: p.w, Height: p.h})
		m = next.(Model)
		p.player = &m
		return p, nil
	}
	m, err := p.player.Follow(st)
	p.player = &m
	return p, err
}

// Fork stops following: the open player goes on on its own.
func (p Picker) Fork() (Picker, tea.Cmd) {
	if p.player == nil {
		return p, nil
	}
	m, cmd := p.player.Fork()
	p.player = &m
	return p, cmd
}

// Moment is what presentation mode (tui/present) shows of the player: the
// step's key number, its state in words, and what the step says or asks.
//
// The number follows the step (keyFigure): the figure its prediction (or
// question) reads, kept back until the guess is in; else the pane the
// step is about: a breaker's state and when it last changed, or the
// workers held, or the customers unharmed. A step that asks shows its
// question and its choices, numbered as the player numbers them, before
// the play; the guess as it is typed; then the guess beside what happened,
// the verdict and the reveal's first sentence. Any other step shows its
// first sentence. A text-only step has no number.
func (m Model) Moment() (present.Moment, bool) {
	cur := m.cur()
	title := fmt.Sprintf("Lesson %d · step %d of %d · %s", m.p.Lesson.Number, m.step+1, len(m.p.Steps), cur.Title)
	mo := present.Moment{Title: title}
	f, has := m.keyFigure()
	held := has && m.waiting() && f.asked
	switch s := m.sim.(type) {
	case *engineSim:
		mo.Clock = present.Clock(s.Now(), s.End(), m.playing)
		// The breaker's state is not shown while a prediction about it
		// waits, as the player's breaker pane holds it (holdOutcomes).
		mo.Details = present.EngineDetails(&s.snap, !(m.waiting() && cur.PredictsBreakerState()))
	case *shuffleSim:
		mo.Clock = present.Clock(s.Now(), s.End(), m.playing)
		if !held {
			c := s.snap.Now
			mo.Details = []string{fmt.Sprintf("degraded %d · lost %d · ever lost %d", c.Degraded, c.Lost, s.snap.EverLost)}
		}
	}
	if has {
		f.put(&mo, held)
	}
	if mo.Ask = m.ask(); mo.Ask == nil {
		mo.Caption = FirstSentence(cur.Text)
	}
	return mo, true
}

// figure is the key number of a step in presentation mode, in the terms of
// the lesson's answers: a share from 0 to 1, seconds, a count.
type figure struct {
	value float64
	kind  lessons.Kind
	of    int  // the whole a count is of ("197/200"), or 0
	none  bool // the figure has no value yet (the breaker has not opened)
	// what names the figure where it is held ("the share of ..."); label
	// follows the number ("of recommendations requests rejected"); lead
	// is the line over it ("recommendations breaker: open").
	what, label, lead string
	// asked says it is the figure the step's prediction asks for, so it
	// waits for the guess.
	asked bool
}

// put writes f into mo: held until the guess (held), in words where it has
// no value yet, else the number, its unit after it.
func (f figure) put(mo *present.Moment, held bool) {
	mo.Lead = f.lead
	switch {
	case held:
		mo.Held, mo.Label, mo.Lead = true, f.what, ""
	case f.none:
		mo.Label = ""
	case f.kind == lessons.KindCount && f.of > 0 && f.value == float64(int(f.value)):
		mo.Value, mo.Of, mo.Label = int(f.value), f.of, f.label
	default:
		text, err := lessons.Value{Kind: f.kind, F: f.value}.Format("")
		if err != nil {
			text = lessons.TrimNum(f.value)
		}
		label := f.label
		if num, unit, ok := strings.Cut(text, " "); ok && present.Drawable(num) {
			text, label = num, unitWord(unit)+": "+label
		}
		mo.Figure, mo.Label = text, label
	}
}

// unitWord spells a unit out under the big digits: "s" is "seconds".
func unitWord(u string) string {
	switch u {
	case "s":
		return "seconds"
	case "ms":
		return "milliseconds"
	}
	return u
}

// keyFigure is the step's key number (see Moment); ok is false on a step
// without a simulation.
func (m *Model) keyFigure() (figure, bool) {
	cur := m.cur()
	switch s := m.sim.(type) {
	case *engineSim:
		if f, ok := engineFigure(cur, s); ok {
			f.asked = true
			return f, true
		}
		if cur.PredictsBreakerState() || len(cur.Panes) > 0 && (cur.Panes[0] == "breaker" || cur.Panes[0] == "transitions") {
			if f, ok := breakerFigure(&s.snap, ""); ok {
				f.asked = cur.PredictsBreakerState()
				return f, true
			}
		}
		return figure{value: float64(s.snap.Busy), kind: lessons.KindCount, of: s.snap.Workers,
			label: "workers held", what: "the workers held"}, true
	case *shuffleSim:
		c := s.snap.Now
		others := c.Healthy + c.Degraded + c.Lost
		if e, ok := askedMetric(cur); ok {
			switch e.Metric {
			case "ever-lost":
				return figure{value: float64(s.snap.EverLost), kind: lessons.KindCount, of: others, asked: true,
					label: "other customers who lost service", what: "the other customers who lose service"}, true
			case "ever-degraded":
				return figure{value: float64(s.snap.EverDegraded), kind: lessons.KindCount, of: others, asked: true,
					label: "other customers who lost some workers, never all",
					what:  "the other customers who lose some workers, never all"}, true
			}
		}
		return figure{value: float64(c.Healthy), kind: lessons.KindCount, of: others,
			label: "customers unharmed", what: "the customers unharmed"}, true
	}
	return figure{}, false
}

// askedMetric is the metric expression the step's prediction (or, without
// one, its question) reads of the step's own run; ok is false when the
// answer is no metric of it (a choice, a literal, another run).
func askedMetric(st *lessons.PreparedStep) (lessons.Expr, bool) {
	if st.Step == nil {
		return lessons.Expr{}, false
	}
	q := st.Step.Predict
	if q == nil {
		q = st.Step.Question
	}
	if q == nil || q.Answer == "" {
		return lessons.Expr{}, false
	}
	e, err := lessons.ParseExpr(q.Answer)
	if err != nil || len(e.Args) == 0 || e.Args[0] != "step" {
		return lessons.Expr{}, false
	}
	return e, true
}

// engineFigure is the figure the step's prediction reads, taken from the
// snapshot the player shows as the lessons package reads it (lessons/
// expr.go): a metric of the whole run from the run played out once the
// end is reached (the outcome table's), a metric at a moment from the
// moment shown. ok is false for a metric this does not read.
func engineFigure(st *lessons.PreparedStep, s *engineSim) (figure, bool) {
	e, ok := askedMetric(st)
	if !ok {
		return figure{}, false
	}
	now, whole := &s.snap, &s.snap
	if s.final != nil {
		whole = s.final
	}
	arg := func(i int) string {
		if i < len(e.Args) {
			return e.Args[i]
		}
		return ""
	}
	switch e.Metric {
	case "share", "count", "requests":
		var sum report.Tally
		for _, name := range strings.Split(arg(1), "+") {
			ep, ok := whole.Endpoint(name)
			if !ok {
				return figure{}, false
			}
			sum = sum.Add(report.WindowTally(ep))
		}
		eps := strings.ReplaceAll(arg(1), "+", " and ")
		if e.Metric == "requests" {
			return figure{value: float64(sum.Arrived), kind: lessons.KindCount,
				label: eps + " requests", what: "the " + eps + " requests"}, true
		}
		var outs []engine.Outcome
		var words []string
		for _, name := range strings.Split(arg(2), "+") {
			o, ok := outcomeNamed(name)
			if !ok {
				return figure{}, false
			}
			outs = append(outs, o)
			words = append(words, outcomeWords[o])
		}
		ended := strings.Join(words, " or ")
		if e.Metric == "count" {
			var n uint64
			for _, o := range outs {
				n += sum.Outcomes[o]
			}
			return figure{value: float64(n), kind: lessons.KindCount,
				label: eps + " requests " + ended, what: "the " + eps + " requests " + ended}, true
		}
		f := figure{kind: lessons.KindFraction, label: "of " + eps + " requests " + ended,
			what: "the share of " + eps + " requests " + ended}
		if sum.Arrived == 0 {
			f.none, f.lead = true, f.what+": no request in the window yet"
			return f, true
		}
		f.value = sum.ShareOf(outs...)
		return f, true
	case "busy-at":
		return figure{value: float64(now.Busy), kind: lessons.KindCount, of: now.Workers,
			label: "workers held", what: "the workers held"}, true
	case "held-at":
		n := 0
		for _, name := range strings.Split(arg(1), "+") {
			ep, ok := now.Endpoint(name)
			if !ok {
				return figure{}, false
			}
			n += ep.Busy
		}
		eps := strings.ReplaceAll(arg(1), "+", " and ")
		return figure{value: float64(n), kind: lessons.KindCount, of: now.Workers,
			label: "workers held by " + eps + " requests", what: "the workers held by " + eps + " requests"}, true
	case "inflight-at":
		d, ok := now.Dependency(arg(1))
		if !ok {
			return figure{}, false
		}
		return figure{value: float64(d.InFlight), kind: lessons.KindCount,
			label: "calls " + d.Name + " is working on", what: "the calls " + d.Name + " is working on"}, true
	case "retry-after-at":
		d, ok := now.Dependency(arg(1))
		if !ok {
			return figure{}, false
		}
		return figure{value: d.RetryAfter.Seconds(), kind: lessons.KindDuration,
			label: "the last Retry-After for " + d.Name, what: "the Retry-After"}, true
	case "inflight-max", "calls", "retries", "retries-denied", "short-circuited", "bulkhead-full", "fell-back":
		d, ok := whole.Dependency(arg(1))
		if !ok {
			return figure{}, false
		}
		n, words := depCounter(e.Metric, d)
		return figure{value: float64(n), kind: lessons.KindCount,
			label: words + ", " + d.Name, what: words + " (" + d.Name + ")"}, true
	case "opens", "half-opens", "closes", "opened", "time-open":
		f, ok := breakerFigure(now, arg(1))
		if !ok {
			return figure{}, false
		}
		dep := arg(1)
		switch e.Metric {
		case "opened":
			n := 0
			for _, t := range whole.Transitions {
				if t.To == breaker.Open && (dep == "" || t.Dependency == dep) {
					n++
				}
			}
			f.value, f.kind, f.none, f.of = float64(n), lessons.KindCount, false, 0
			f.label, f.what = "times the breaker opened", "how many times the breaker opens"
		case "time-open":
			f.value = lessons.TimeOpen(whole.Transitions, dep, min(now.Now, now.Duration)).Seconds()
			f.kind, f.none = lessons.KindDuration, false
			f.label, f.what = "the breaker spent open", "how long the breaker spends open"
		default:
			to := map[string]breaker.State{"opens": breaker.Open, "half-opens": breaker.HalfOpen, "closes": breaker.Closed}[e.Metric]
			verb := map[string]string{"opens": "first opened", "half-opens": "first half-opened", "closes": "first closed again"}[e.Metric]
			if at, ok := lessons.FirstTransition(whole.Transitions, dep, to); ok && at <= now.Now {
				f.value, f.kind, f.none = at.Seconds(), lessons.KindDuration, false
				f.label = "when the breaker " + verb
			}
			f.what = "when the breaker " + strings.TrimPrefix(verb, "first ")
		}
		return f, true
	}
	return figure{}, false
}

// breakerFigure is a breaker's state and when it last changed: of dep's
// breaker, or of the first dependency that has one when dep is "".
func breakerFigure(s *engine.Snapshot, dep string) (figure, bool) {
	var d *engine.DependencySnapshot
	for i := range s.Dependencies {
		if x := &s.Dependencies[i]; x.Breaker != nil && (dep == "" || x.Name == dep) {
			d = x
			break
		}
	}
	if d == nil {
		return figure{}, false
	}
	f := figure{lead: fmt.Sprintf("%s breaker: %s", d.Name, d.Breaker.State), what: "the breaker's state", none: true}
	for _, t := range s.Transitions {
		if t.Dependency == d.Name && t.At <= s.Now {
			f.value, f.kind, f.none = t.At.Seconds(), lessons.KindDuration, false
			f.label = "when it became " + t.To.String()
		}
	}
	if f.none {
		f.lead += " since the start"
	}
	return f, true
}

// outcomeWords say how a request ended, after "requests".
var outcomeWords = map[engine.Outcome]string{
	engine.OK: "answered ok", engine.Fallback: "answered by a fallback",
	engine.Rejected: "rejected", engine.Failed: "failed",
}

func outcomeNamed(name string) (engine.Outcome, bool) {
	for _, o := range engine.Outcomes {
		if o.String() == name {
			return o, true
		}
	}
	return 0, false
}

// depCounter is a dependency's whole-run counter that a metric of lessons/
// expr.go reads, and what it counts.
func depCounter(metric string, d *engine.DependencySnapshot) (uint64, string) {
	switch metric {
	case "inflight-max":
		return uint64(d.InFlightMax), "most calls in flight at once, abandoned ones included"
	case "calls":
		return d.Calls, "calls that reached it"
	case "retries":
		return d.Retries, "retries sent"
	case "retries-denied":
		return d.RetriesDenied, "retries refused"
	case "short-circuited":
		return d.ShortCircuited, "calls the open breaker refused"
	case "bulkhead-full":
		return d.BulkheadFull, "calls the full bulkhead refused"
	}
	return d.FellBack, "refusals the fallback answered"
}

// ask is the step's question as presentation mode shows it: the
// prediction until it is revealed, else the self-check question once it
// is on screen; nil when the step asks nothing now.
func (m *Model) ask() *present.Ask {
	cur := m.cur()
	switch {
	case m.questionShown():
		return questionAsk(cur.Question, m.questions[m.step])
	case cur.Predict != nil:
		return predictAsk(cur.Predict, m.predicts[m.step])
	}
	return nil
}

// predictAsk is a prediction: asked with its choices in the player's order
// (the numbers the presenter presses), the guess as it is typed, then the
// guess beside what happened, how near it came, and the reveal's first
// sentence.
func predictAsk(q *lessons.PreparedQuestion, ps predictState) *present.Ask {
	a := &present.Ask{Prompt: "Predict: " + q.Prompt}
	if q.Kind == lessons.Choice {
		right := q.RightChoice()
		for n, i := range shownOrder(ps.order, len(q.Choices)) {
			mark := "  "
			if ps.revealed && i == right {
				mark = "✓ "
			}
			c := fmt.Sprintf("%s%d) %s", mark, n+1, q.Choices[i].Text)
			if ps.made && !ps.skipped && i == ps.picked {
				c += "  ← the guess"
			}
			a.Choices = append(a.Choices, c)
		}
	}
	happened := lessons.WithUnit(q.AnswerText, q.Unit)
	switch {
	case !ps.made && q.Kind == lessons.Number:
		line := "Your guess: " + ps.input + "▏"
		if u := q.GuessUnit(); u != "" {
			line += " " + u
		}
		a.Lines = append(a.Lines, line)
		if ps.typo != "" {
			a.Lines = append(a.Lines, ps.typo)
		}
	case !ps.made:
	case !ps.revealed && ps.skipped:
		a.Lines = append(a.Lines, "No guess this time.")
	case !ps.revealed && q.Kind == lessons.Number:
		a.Lines = append(a.Lines, "Your guess: "+ps.guess)
	case !ps.revealed:
		// The choice is marked as the guess.
	default:
		guess := ps.guess
		if ps.skipped {
			guess = "none"
		}
		if q.Kind == lessons.Number {
			a.Lines = append(a.Lines, "Your guess: "+guess+"  ·  What happened: "+happened)
		}
		if v := verdictWords(q, ps); v != "" {
			a.Lines = append(a.Lines, v)
		}
		a.Reveal = FirstSentence(q.Reveal)
	}
	return a
}

// verdictWords say how near a revealed guess came, in a line: the
// verdict, and for a number how far it was.
func verdictWords(q *lessons.PreparedQuestion, ps predictState) string {
	switch ps.verdict {
	case lessons.Spot:
		if q.Kind == lessons.Number && q.Tolerance > 0 {
			return "✓ Right: within " + q.ToleranceText() + "."
		}
		return "✓ Right."
	case lessons.Close:
		if q.Kind == lessons.Number && ps.valued {
			return "≈ Close: " + offBy(q, ps.value) + "."
		}
		return "≈ Close."
	case lessons.Off:
		if q.Kind == lessons.Number && ps.valued {
			return "→ Off this time: " + offBy(q, ps.value) + "."
		}
		return "→ Off this time."
	}
	return ""
}

// questionAsk is a self-check question: its choices in the player's order
// with the marks the player gives them, the answer as it is typed, the
// feedback's first sentence, and once it is answered right the
// explanation's first sentence.
func questionAsk(q *lessons.PreparedQuestion, st questionState) *present.Ask {
	a := &present.Ask{Prompt: "Question: " + q.Prompt}
	for n, i := range shownOrder(st.order, len(q.Choices)) {
		c := q.Choices[i]
		mark := "  "
		switch {
		case st.picked == i && c.Right, st.right && c.Right:
			mark = "✓ "
		case st.picked == i:
			mark = "✗ "
		}
		a.Choices = append(a.Choices, fmt.Sprintf("%s%d) %s", mark, n+1, c.Text))
	}
	if q.Kind == lessons.Number {
		line := "Your answer: " + st.input
		if !st.right {
			line += "▏"
		}
		if q.Unit != "" {
			line += " " + q.Unit
		}
		a.Lines = append(a.Lines, line)
	}
	if st.feedback != "" {
		a.Lines = append(a.Lines, FirstSentence(st.feedback))
	}
	if st.right {
		a.Reveal = FirstSentence(q.Explain)
	}
	return a
}

// Moment is the open player's, when one is open.
func (p Picker) Moment() (present.Moment, bool) {
	if p.player == nil {
		return present.Moment{}, false
	}
	return p.player.Moment()
}

var (
	mdLink   = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	mdMarks  = strings.NewReplacer("**", "", "__", "", "`", "", "*", "")
	sentence = regexp.MustCompile(`[.!?](\s|$)`)
)

// FirstSentence is a step's one sentence: the first sentence of its first
// paragraph of prose (headings, fences, tables and lists skipped), with
// the Markdown marks taken out.
func FirstSentence(md string) string {
	var para []string
	fence := false
	for _, l := range strings.Split(md, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fence = !fence
			continue
		}
		if fence {
			continue
		}
		prose := t != "" && !strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "|") &&
			!strings.HasPrefix(t, "- ") && !strings.HasPrefix(t, "<")
		if !prose {
			if len(para) > 0 {
				break
			}
			continue
		}
		para = append(para, strings.TrimSpace(strings.TrimPrefix(t, ">")))
	}
	s := mdMarks.Replace(mdLink.ReplaceAllString(strings.Join(para, " "), "$1"))
	if loc := sentence.FindStringIndex(s); loc != nil {
		s = s[:loc[0]+1]
	}
	return strings.TrimSpace(s)
}
