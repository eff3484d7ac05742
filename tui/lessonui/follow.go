package lessonui

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/present"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/yuin/goldmark/ast"
	gmtext "github.com/yuin/goldmark/text"
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
	// PredictHidden says the presenter's screen does not show the step's
	// prediction revealed in this session, QuestionHidden that it does not
	// show the step's question answered in this session (revealedHere,
	// answeredHere). Followers then see each open, as the room should
	// before the teacher answers it: separately, so that on a step with
	// both the prediction's reveal reaches them when the teacher's player
	// shows it, not only once the question is answered too. An answer of
	// an earlier session (a teacher's rehearsal, read from their
	// progress) is hidden, as the projector asks it (Moment): the room has
	// not guessed it yet. Nothing stores a State (a recording and the
	// room build theirs in memory), so these replace the one flag sent
	// before; AnswersHidden reads them as it read.
	PredictHidden, QuestionHidden bool
	// PredictOrder and QuestionOrder are the orders the presenter's player
	// shows the step's prediction's and question's choices in (drawn for
	// the presenter's learner, lessons.ShownOrder), so that a follower
	// numbers them as the presenter and the room's poll do: the
	// presenter's "press 2" is the follower's 2.
	PredictOrder, QuestionOrder Order
	// RoomAnswered says the step's prediction was put to a classroom and
	// revealed there (Model.RoomAnswered): a follower that shows it
	// revealed without a guess says the room answered, as the
	// presenter's player does, where a projector said "Your guess: none".
	RoomAnswered bool
	// Guess is the presenter's own guess at the step's prediction, as
	// their player shows it, once it is revealed in this session; "" for
	// none (not revealed here, skipped, or the room's answers standing
	// for it). A follower shows it beside its own: students following saw
	// the question and the answer, never what the teacher had guessed.
	Guess string
}

// Order is the order a player shows a question's choices in, as State
// carries it: shown position n holds choice at[n] of the file's order. It
// is a value, so that State stays comparable (a classroom compares the
// state it published last with the next); the zero Order is none.
type Order struct {
	n  int8
	at [6]int8 // a question has 2 to 6 choices (lessons' parser)
}

// orderOf is order as an Order; none where it does not fit.
func orderOf(order []int) Order {
	var o Order
	if len(order) > len(o.at) {
		return Order{}
	}
	o.n = int8(len(order))
	for i, c := range order {
		o.at[i] = int8(c)
	}
	return o
}

// ints is the order as the player keeps it: nil for none, or where it is
// not an order of n choices.
func (o Order) ints(n int) []int {
	if int(o.n) != n || n == 0 {
		return nil
	}
	out := make([]int, n)
	seen := make([]bool, n)
	for i := range out {
		c := int(o.at[i])
		if c < 0 || c >= n || seen[c] {
			return nil
		}
		out[i], seen[c] = c, true
	}
	return out
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
	// A rehearsed step showed followers the answer as it opened, while
	// the projector asked it: the room read it on their own screens
	// before guessing.
	st.PredictHidden = cur.Predict != nil && !m.revealedHere()
	st.QuestionHidden = cur.Question != nil && !m.answeredHere()
	st.PredictOrder, st.QuestionOrder = orderOf(m.predicts[m.step].order), orderOf(m.questions[m.step].order)
	st.RoomAnswered = cur.Predict != nil && m.predicts[m.step].roomAnswered
	if ps := &m.predicts[m.step]; m.revealedHere() && !ps.skipped {
		st.Guess = ps.guess
	}
	return st
}

// AnswersHidden reports whether the presenter's screen holds back any of
// the step's answers: its prediction not revealed or its question not
// answered in this session.
func (st State) AnswersHidden() bool { return st.PredictHidden || st.QuestionHidden }

// HideAnswers is st with both the step's prediction and its question
// shown open (hidden) or answered, as a recording asked to keep or give
// the answers says.
func (st State) HideAnswers(hidden bool) State {
	st.PredictHidden, st.QuestionHidden = hidden, hidden
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
	m.tickID, m.following = followerTicks, true
	return m.Follow(st)
}

// Follow makes the player show st's step, time, design and play state; the
// lesson must be the one it plays (a caller that sees it change builds a
// new follower). The step list closes; the help stays, the follower's own
// to close (ViewKey: a student following opens it without leaving, and
// the teacher's next move closed it at once). While following, the
// player says whether the presenter plays but runs no frames of its own:
// every move comes from the next Follow. Fork hands the clock back.
func (m Model) Follow(st State) (Model, error) {
	if st.Prepared != m.p {
		return m, fmt.Errorf("following %q, but the player shows %q", st.Lesson, m.p.Lesson.ID)
	}
	if st.Step < 0 || st.Step >= len(m.p.Steps) {
		return m, fmt.Errorf("step %d: lesson %s has steps 1 to %d", st.Step+1, st.Lesson, len(m.p.Steps))
	}
	m.showList, m.review = false, nil
	if st.Step != m.step {
		m.openStep(st.Step)
	}
	m.takeOrders(st)
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
	m.showAnswers(!st.PredictHidden, !st.QuestionHidden)
	if ps := &m.predicts[m.step]; ps.revealed && ps.skipped {
		// The follower's own guess is none (showAnswers): the room's
		// stood for it when the presenter's did.
		ps.roomAnswered = st.RoomAnswered
	}
	if ps := &m.predicts[m.step]; ps.revealed {
		ps.presenter = st.Guess
	} else {
		ps.presenter = ""
	}
	if err != nil {
		m.note, m.noteErr = err.Error(), true
	}
	m.layout()
	return m, err
}

// takeOrders numbers the step's choices as the presenter's player does
// (st's orders); a state that carries none (a player of an older build, a
// recording) leaves the player's own.
func (m *Model) takeOrders(st State) {
	cur := m.cur()
	if q := cur.Predict; q != nil && q.Kind == lessons.Choice {
		if o := st.PredictOrder.ints(len(q.Choices)); o != nil {
			m.predicts[m.step].order = o
		}
	}
	if q := cur.Question; q != nil && q.Kind == lessons.Choice {
		if o := st.QuestionOrder.ints(len(q.Choices)); o != nil {
			m.questions[m.step].order = o
		}
	}
}

// showAnswers shows the step's prediction revealed (predict) or open, and
// its question answered (question) or open, as the presenter's screen
// does. The answers are the presenter's to give, not this screen's: the
// question shows the answer as given (givenState), the prediction a guess
// skipped.
func (m *Model) showAnswers(predict, question bool) {
	i, cur := m.step, m.cur()
	if cur.Question != nil {
		if question && !m.questions[i].right {
			m.questions[i] = givenState(cur.Question, m.questions[i].order, m.questions[i].in.Input)
		} else if !question && m.questions[i].right {
			m.questions[i] = questionState{picked: -1, order: m.questions[i].order}
		}
	}
	if cur.Predict != nil {
		ps := &m.predicts[i]
		if predict && !ps.revealed {
			// The follower made no guess: it sees the reveal as one skipped.
			ps.made, ps.skipped, ps.revealed, ps.verdict = true, true, true, lessons.Skipped
			ps.unsent = typedNumber(ps.in.Input, cur.Predict.GuessUnit())
		} else if !predict && ps.revealed {
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
	st.revealed, st.presenter = ps.revealed, ps.presenter
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
// its own ticks, playing if the presenter was, unless the step waits for
// a prediction the learner has not made: the presenter's guess played it,
// and a forked player is the learner's own, which asks before it plays
// (waiting), as the lone player does. A student who forked there played
// the step on without being asked.
func (m Model) Fork() (Model, tea.Cmd) {
	m.tickID++
	m.following = false
	if m.playing && m.sim != nil && !m.waiting() {
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
// The number follows the step (keyFigure): the number its prediction (or
// question) asks for, computed by the lesson from the moment shown
// (askedFigure); else the pane the step is about: a breaker's state and
// when it last changed, or the workers held, or the customers unharmed. A
// step that asks shows its question and its choices, numbered as the
// player numbers them, before the play; the guess as it is typed; then the
// guess beside what happened, the verdict and the reveal's first sentence.
// Any other step shows its first sentence. A text-only step has no number.
//
// While a question is open, no line gives away what it asks about
// (withheld says what that is): the number is "shown after the guess";
// the details keep each fault, the calls held only where the question is
// not about the run, the breakers' states only where it is not about
// them.
//
// While the step list, the help, a time prompt or the lesson's end screen
// (its recap and score) is open, it takes the keys: there is no moment,
// and presentation mode draws the player itself, so the room sees what the
// presenter's keys now act on, not the last step's moment.
func (m Model) Moment() (present.Moment, bool) {
	if m.showList || m.showHelp || m.prompt != nil || m.showEnd {
		return present.Moment{}, false
	}
	cur := m.cur()
	title := fmt.Sprintf("Lesson %d · step %d of %d · %s", m.p.Lesson.Number, m.step+1, len(m.p.Steps), cur.Title)
	mo := present.Moment{Title: title}
	w := m.withheld()
	f, has := m.keyFigure()
	held := has && (f.asked && w.asked || w.figures || f.state && w.state)
	switch s := m.sim.(type) {
	case *engineSim:
		mo.Clock = present.Clock(s.Now(), s.End(), m.playing)
		mo.Details = present.EngineDetailsShown(&s.snap, !w.state, !w.figures)
	case *shuffleSim:
		mo.Clock = present.Clock(s.Now(), s.End(), m.playing)
		if !held && !w.figures {
			mo.Details = []string{present.CustomerDetails(&s.snap)}
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

// withheld is what presentation mode keeps back while the step's question
// is open: the prediction until the guess (a follower's, or a recording's,
// until the presenter's reveal: Follow shows it unguessed till then), or
// the self-check question, once it is on screen, until it is answered
// right. What a question asks about is read from the lesson's expressions
// (lessons.Asks), per kind:
//
//   - a number asks for its answer: that figure is held (asked), whatever
//     run its expression reads, or none (a literal). An answer that reads
//     the run shown (held-at, busy-at, ever-lost, a share of its requests
//     ...) holds every figure the projector reads from that run too
//     (figures: the workers held, the calls each dependency holds and has
//     abandoned, the customers degraded and lost). Each may be the answer
//     at another moment (busy-at's workers held), all but equal to it (the
//     calls recommendations holds, held-at's workers held by its
//     requests), a part of it (the customers lost so far, of ever-lost) or
//     a bound on it. An answer about a breaker (opens, closes, time-open
//     ...) holds the breakers' states (state), which say whether the
//     moment asked for has come.
//   - a choice asks for words; they are about what the expressions round
//     it read (its reveal or explanation, its choices, and a prediction's
//     claims on the step). Where one reads the run shown, every figure of
//     the run is held (lesson 1's first step: "fewer than 40 busy" is
//     answered by the workers held); where one reads a breaker, or the
//     choices are breaker states, the states are held, and the key number
//     when it is a breaker's (its lead is the state).
//
// Nothing is held once the question is answered or the room has seen the
// prediction revealed, nor on a step that asks nothing.
type withheld struct {
	asked, figures, state bool
}

func (m *Model) withheld() withheld {
	cur := m.cur()
	var q *lessons.PreparedQuestion
	// A prediction the room has answered was revealed to the room
	// (RoomAnswered), and a projector following shows its figure: the
	// teacher's screen held it until space played the run.
	predict := m.holding() || m.rehearsed()
	switch {
	case predict:
		q = cur.Predict
	case m.questionShown() && (!m.questions[m.step].right || m.rehearsedQuestion()):
		q = cur.Question
	default:
		return withheld{}
	}
	a := m.p.Asks(m.step, predict)
	w := withheld{figures: a.Run, state: a.Breaker}
	asked, _, ok := cur.NumberAsked()
	w.asked = ok && asked == q || predict && cur.PredictsBreakerState()
	return w
}

// figure is the key number of a step in presentation mode, in the terms of
// the lesson's answers: a share from 0 to 1, seconds, a count.
type figure struct {
	value float64
	kind  lessons.Kind
	// format is the lesson's for its answer ("s" in "p50 step search |
	// s"), so the figure reads as the lesson prints it; prints is the
	// value's own ("lat", a latency percentile's: text).
	format, prints string
	of             int  // the whole a count is of ("197/200"), or 0
	none           bool // the figure has no value yet (the breaker has not opened)
	// what names the figure where it is held ("the share of ..."); label
	// follows the number ("of recommendations requests rejected"); lead
	// is the line over it ("recommendations breaker: open").
	what, label, lead string
	// asked says it is the figure the step's question asks for, so it
	// waits for the guess; state says its lead is a breaker's state.
	asked, state bool
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
		text := f.text()
		label := f.label
		if num, unit, ok := strings.Cut(text, " "); ok && present.Drawable(num) {
			text, label = num, unitWord(unit)+": "+label
		}
		mo.Figure, mo.Label = text, label
	}
}

// text is the figure as the lesson's text writes it: in its answer's
// format, but a value with terms of its own in those, as the reveal's
// placeholder quotes it (lessons.ShownText: a latency percentile "5.00 s",
// where "p50 step search | s" drew "5").
func (f figure) text() string {
	text, err := lessons.ShownText(lessons.Value{Kind: f.kind, F: f.value, Prints: f.prints}, f.format)
	if err != nil {
		return lessons.TrimNum(f.value)
	}
	return text
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
		if f, ok := m.askedFigure(lessons.Shown{Now: &s.snap, Whole: s.final}); ok {
			return f, true
		}
		if cur.PredictsBreakerState() || len(cur.Panes) > 0 && (cur.Panes[0] == "breaker" || cur.Panes[0] == "transitions") {
			if f, ok := breakerFigure(&s.snap, ""); ok {
				f.asked = cur.PredictsBreakerState()
				return f, true
			}
		}
		label, what := present.Held(&s.snap)
		return figure{value: float64(s.snap.Busy), kind: lessons.KindCount, of: s.snap.Workers,
			label: label, what: what}, true
	case *shuffleSim:
		if f, ok := m.askedFigure(lessons.Shown{Timeline: &s.snap}); ok {
			return f, true
		}
		c := s.snap.Now
		return figure{value: float64(c.Healthy), kind: lessons.KindCount, of: c.Healthy + c.Degraded + c.Lost,
			label: "customers unharmed", what: "the customers unharmed"}, true
	}
	return figure{}, false
}

// stepAnswer is the lesson's own evaluator of a step's number: the
// computation that gave the answer a guess is judged against, here read
// from the run the player shows. The projector has no other way to the
// number (a test swaps it to see that the figure follows).
var stepAnswer = (*lessons.Prepared).Answer

// askedFigure is the number the step asks for (its prediction's, or its
// question's: lessons.PreparedStep.NumberAsked), its value computed by the
// lesson (stepAnswer) from the run as the player shows it (sh), and
// printed as the lesson prints its answer. Only the words round it are
// the projector's (askedWords). ok is false when the step asks for no
// number.
func (m *Model) askedFigure(sh lessons.Shown) (figure, bool) {
	q, answer, ok := m.cur().NumberAsked()
	if !ok {
		return figure{}, false
	}
	f, yet := askedWords(answer, sh)
	f.asked, f.kind = true, q.AnswerKind
	v, err := stepAnswer(m.p, m.step, sh)
	switch {
	case err == nil:
		f.value, f.prints = v.F, v.Prints
		if v.Kind != 0 {
			f.kind = v.Kind
		}
	case errors.Is(err, lessons.ErrNoValueYet) && yet != "":
		f.none, f.lead = true, yet
	default:
		f.none, f.lead = true, f.what+": no value at this moment"
	}
	return f, true
}

// askedWords are the words round the number an answer's expression reads:
// what names it where it is held, label follows it, lead is the line over
// it, of the whole a count is of (the pool, the other customers), and yet
// the lead while the run shown gives it no value yet. An answer the
// projector has no words for (a literal, a metric not named here) is "the
// number asked for".
func askedWords(answer string, sh lessons.Shown) (f figure, yet string) {
	f.what, f.label = "the number asked for", "what happened"
	e, err := lessons.ParseExpr(answer)
	if err != nil {
		return f, ""
	}
	f.format = e.Format
	arg := func(i int) string {
		if i < len(e.Args) {
			return e.Args[i]
		}
		return ""
	}
	workers := 0
	busy, busyWhat := "workers held", "the workers held"
	if sh.Now != nil {
		workers = sh.Now.Workers
		busy, busyWhat = present.Held(sh.Now)
	}
	switch e.Metric {
	case "share", "count", "requests":
		eps := strings.ReplaceAll(arg(1), "+", " and ")
		if e.Metric == "requests" {
			f.label, f.what = eps+" requests", "the "+eps+" requests"
			return f, ""
		}
		var words []string
		for _, name := range strings.Split(arg(2), "+") {
			if o, ok := outcomeNamed(name); ok {
				words = append(words, outcomeWords[o])
			}
		}
		ended := strings.Join(words, " or ")
		if e.Metric == "count" {
			f.label, f.what = eps+" requests "+ended, "the "+eps+" requests "+ended
			return f, ""
		}
		f.label, f.what = "of "+eps+" requests "+ended, "the share of "+eps+" requests "+ended
		return f, f.what + ": no request in the window yet"
	case "busy-at":
		f.label, f.what, f.of = busy, busyWhat, workers
	case "held-at":
		// busy-at's words (present.Held: a tasks server's Busy counts
		// its tasks live, not workers held), of these requests alone:
		// workers are held by requests, tasks live for them.
		eps := strings.ReplaceAll(arg(1), "+", " and ")
		by := " for "
		if busy == "workers held" {
			by = " by "
		}
		f.label, f.what, f.of = busy+by+eps+" requests", busyWhat+by+eps+" requests", workers
	case "inflight-at":
		f.label, f.what = "calls "+arg(1)+" is working on", "the calls "+arg(1)+" is working on"
	case "retry-after-at":
		f.label, f.what = "the last Retry-After for "+arg(1), "the Retry-After"
	case "inflight-max", "calls", "retries", "retries-denied", "short-circuited", "bulkhead-full", "fell-back":
		words := depWords(e.Metric)
		f.label, f.what = words+", "+arg(1), words+" ("+arg(1)+")"
	case "opens", "half-opens", "closes", "opened", "time-open":
		// The breaker's state is the line over the number, as on a step
		// about the breaker, and the whole of it until the number has a
		// value.
		if sh.Now != nil {
			if b, ok := breakerFigure(sh.Now, arg(1)); ok {
				f.lead, yet, f.state = b.lead, b.lead, true
			}
		}
		switch e.Metric {
		case "opened":
			f.label, f.what = "times the breaker opened", "how many times the breaker opens"
		case "time-open":
			f.label, f.what = "the breaker spent open", "how long the breaker spends open"
		default:
			verb := map[string]string{"opens": "first opened", "half-opens": "first half-opened", "closes": "first closed again"}[e.Metric]
			f.label, f.what = "when the breaker "+verb, "when the breaker "+strings.TrimPrefix(verb, "first ")
		}
	case "ever-lost", "ever-degraded":
		if sh.Timeline != nil {
			c := sh.Timeline.Now
			f.of = c.Healthy + c.Degraded + c.Lost
		}
		f.label, f.what = "other customers who lost service", "the other customers who lose service"
		if e.Metric == "ever-degraded" {
			f.label, f.what = "other customers who lost some workers, never all", "the other customers who lose some workers, never all"
		}
	case "p50", "p95", "p99":
		eps := strings.ReplaceAll(arg(1), "+", " and ")
		which := map[string]string{"p50": "median", "p95": "95th percentile", "p99": "99th percentile"}[e.Metric]
		f.label, f.what = which+" latency of "+eps+" requests", "the "+which+" latency of "+eps+" requests"
	case "loop-busy":
		f.label, f.what = "of the loop's time busy", "the share of the loop's time busy"
	case "tasks-live-max":
		f.label, f.what = "most tasks alive at once", "the most tasks alive at once"
	case "probe-burst":
		f.label, f.what = "most "+arg(1)+" instances half-open at once", "the most "+arg(1)+" instances half-open at once"
	}
	return f, yet
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
	f := figure{lead: fmt.Sprintf("%s breaker: %s", d.Name, d.Breaker.State), what: "the breaker's state", none: true, state: true}
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

// depWords say what a dependency's whole-run counter of lessons/expr.go
// counts.
func depWords(metric string) string {
	switch metric {
	case "inflight-max":
		return "most calls in flight at once, abandoned ones included"
	case "calls":
		return "calls that reached it"
	case "retries":
		return "retries sent"
	case "retries-denied":
		return "retries refused"
	case "short-circuited":
		return "calls the open breaker refused"
	case "bulkhead-full":
		return "calls the full bulkhead refused"
	}
	return "refusals the fallback answered"
}

// ask is the step's question as presentation mode shows it: the
// prediction until it is revealed, else the self-check question once it
// is on screen; nil when the step asks nothing now.
func (m *Model) ask() *present.Ask {
	cur := m.cur()
	switch {
	case m.rehearsed():
		return rehearsedAsk("Predict: ", cur.Predict, m.predicts[m.step].order, rehearsedWords)
	case m.questionShown() && m.rehearsedQuestion():
		return rehearsedAsk("Question: ", cur.Question, m.questions[m.step].order, rehearsedAnswerWords)
	case m.questionShown():
		return questionAsk(cur.Question, m.questions[m.step])
	case cur.Predict != nil:
		return predictAsk(cur.Predict, m.predicts[m.step])
	}
	return nil
}

// rehearsedAsk is a prediction made, or a question answered, in an
// earlier session (a teacher's rehearsal, read from the progress file) as
// the room sees it: asked, its choices unmarked, and words naming the key
// that asks it here. Drawn revealed, the projector gave the answer away as
// the step opened, before the room had guessed.
func rehearsedAsk(lead string, q *lessons.PreparedQuestion, order []int, words string) *present.Ask {
	a := &present.Ask{Prompt: lead + q.Prompt}
	if q.Kind == lessons.Choice {
		for n, i := range shownOrder(order, len(q.Choices)) {
			a.Choices = append(a.Choices, fmt.Sprintf("  %d) %s", n+1, q.Choices[i].Text))
		}
	}
	a.Lines = append(a.Lines, words)
	return a
}

// rehearsedWords and rehearsedAnswerWords tell the presenter how to take
// a rehearsed prediction, or a rehearsed question, again.
const (
	rehearsedWords       = "Guessed in an earlier session: a asks it again."
	rehearsedAnswerWords = "Answered in an earlier session: a asks it again."
)

// predictAsk is a prediction: asked with its choices in the player's order
// (the numbers the presenter presses), the guess as it is typed, then the
// guess beside what happened, how near it came, and the reveal's first
// sentence. What happened is the answer as the classroom's poll pages
// write it too (lessons.PreparedQuestion.ShownAnswer).
func predictAsk(q *lessons.PreparedQuestion, ps predictState) *present.Ask {
	happened := q.ShownAnswer()
	a := &present.Ask{Prompt: "Predict: " + q.Prompt}
	if q.Kind == lessons.Choice {
		right := q.RightChoice()
		for n, i := range shownOrder(ps.order, len(q.Choices)) {
			mark := "  "
			if ps.revealed && i == right {
				mark = "✓ "
			}
			c := fmt.Sprintf("%s%d) %s", mark, n+1, q.Choices[i].Text)
			own := ps.made && !ps.skipped && i == ps.picked
			teachers := ps.presenter != "" && q.Choices[i].Text == ps.presenter
			switch {
			case own && teachers:
				c += "  ← the guess, and the teacher's"
			case own:
				c += "  ← the guess"
			case teachers:
				c += "  ← " + presenterMark
			}
			a.Choices = append(a.Choices, c)
		}
	}
	switch {
	case !ps.made && q.Kind == lessons.Number:
		line := "Your guess: " + ps.in.Box("▏")
		if u := guessUnitShown(q, ps); u != "" {
			line += " " + u
		}
		a.Lines = append(a.Lines, line)
		if ps.typo != "" {
			a.Lines = append(a.Lines, ps.typo)
		}
		if note := roomNote(guessNote(q, ps)); note != "" {
			a.Lines = append(a.Lines, note)
		}
		if ps.roomAnswered {
			a.Lines = append(a.Lines, roomAnsweredHint(q, ps))
		}
	case !ps.made && ps.roomAnswered:
		a.Lines = append(a.Lines, roomAnsweredHint(q, ps))
	case !ps.made:
	case !ps.revealed && ps.skipped:
		a.Lines = append(a.Lines, "No guess this time"+unsentWords(ps)+".")
	case !ps.revealed && q.Kind == lessons.Number:
		a.Lines = append(a.Lines, "Your guess: "+ps.guess)
	case !ps.revealed:
		// The choice is marked as the guess.
	default:
		guess := ps.guess
		if ps.skipped {
			guess = noGuessWords(ps)
		}
		if q.Kind == lessons.Number {
			a.Lines = append(a.Lines, "Your guess: "+guess+"  ·  What happened: "+happened)
		}
		if v := verdictWords(q, ps); v != "" {
			a.Lines = append(a.Lines, v)
		}
		if q.Kind == lessons.Number && ps.presenter != "" {
			// After the verdict, which is the follower's own guess's.
			a.Lines = append(a.Lines, presenterWords+": "+ps.presenter)
		}
		a.Reveal = FirstSentence(q.Reveal)
	}
	return a
}

// roomNote is a number box's note as the projector shows it: without
// the keys that edit a number sent back (playback.ReplaceNote), which are
// the teacher's to know and told the room nothing; the box stays, with
// the number and why it was sent back. The notes of a number being typed
// (what was left out, what enter does) say what the room sees happen.
func roomNote(note string) string {
	if note == playback.ReplaceNote {
		return ""
	}
	return note
}

// verdictWords say how near a revealed guess came, in a line: the
// verdict, for a number how far it was, and the first sentence of why
// the guess missed, as the player writes it after its verdict (the wrong
// choice's why, the misconception a number most likely comes from). The
// projector said only "→ Off this time.", and the room, which had guessed
// the same, never read what was wrong with the guess: the teacher had to
// read it out from their own screen.
func verdictWords(q *lessons.PreparedQuestion, ps predictState) string {
	why := ""
	switch {
	case q.Kind == lessons.Choice && ps.picked >= 0 && ps.picked < len(q.Choices):
		why = q.Choices[ps.picked].Why
	case q.Kind == lessons.Number && ps.valued:
		if m, ok := q.MisconceptionFor(ps.value); ok {
			why = m.Why
		}
	}
	if why != "" {
		why = " " + FirstSentence(why)
	}
	switch ps.verdict {
	case lessons.Spot:
		if q.Kind == lessons.Number && q.Tolerance > 0 {
			return "✓ Right: within " + q.ToleranceText() + "."
		}
		return "✓ Right."
	case lessons.Close:
		if q.Kind == lessons.Number && ps.valued {
			return "≈ Close: " + offBy(q, ps.value) + "." + why
		}
		return "≈ Close." + why
	case lessons.Off:
		if q.Kind == lessons.Number && ps.valued {
			return "→ Off this time: " + offBy(q, ps.value) + "." + why
		}
		return "→ Off this time." + why
	}
	return ""
}

// questionAsk is a self-check question: its choices in the player's order
// with the marks the player gives them, the answer as it is typed (or as
// the presenter gave it), the feedback's first sentence, and once it is
// answered right the explanation's first sentence.
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
		line := "Your answer: " + st.in.Box("▏")
		switch {
		case st.given:
			line = "The answer: " + st.in.Input
		case st.right:
			line = "Your answer: " + st.in.Input
		}
		if q.Unit != "" {
			line += " " + q.Unit
		}
		a.Lines = append(a.Lines, line)
		if note := roomNote(answerNote(q, st)); note != "" {
			a.Lines = append(a.Lines, note)
		}
	}
	// A given answer's feedback is the explanation, whose sentence is the
	// reveal's below.
	if st.feedback != "" && !st.given {
		a.Lines = append(a.Lines, FirstSentence(st.feedback))
	}
	if st.right {
		a.Reveal = FirstSentence(q.Explain)
	}
	return a
}

// KeyLineAsks reports whether the key line is a time being typed (: or t,
// seek.go) instead of the keys: presentation mode then keeps it.
func (m Model) KeyLineAsks() bool { return m.prompt != nil }

// KeyLineAsks is the open player's, when one is open.
func (p Picker) KeyLineAsks() bool { return p.player != nil && p.player.KeyLineAsks() }

// Moment is the open player's, when one is open.
func (p Picker) Moment() (present.Moment, bool) {
	if p.player == nil {
		return present.Moment{}, false
	}
	return p.player.Moment()
}

// sentenceEnd is where a sentence ends: a stop followed by a space or
// the end of the text.
var sentenceEnd = regexp.MustCompile(`[.!?](\s|$)`)

// FirstSentence is a step's one sentence: the first sentence of its first
// paragraph of prose, with the Markdown marks taken out. Headings, code,
// tables and lists are skipped, read as the player draws them (goldmark),
// so that a numbered item is never taken for prose ending at "1.". A
// paragraph that leads into what follows it (its sentence ends in ":")
// carries on into its list's first item (marked "…" where the item ends
// in a comma or semicolon) or the paragraph after it; one followed by
// anything else (a table, code) gives way to the next paragraph. A sentence
// with no word in it ("**52**.", a figure the projector shows beside it)
// runs on into the next. A question is left out, the sentence after it
// taken: under the key number, a question reads as if the number answered
// it (lesson 1's "How many workers should be busy?" over the moment's 21,
// where the step's answer is 16), and kept in front of the next sentence
// it still sat under the number.
func FirstSentence(md string) string {
	sentences.Lock()
	defer sentences.Unlock()
	if s, ok := sentences.of[md]; ok {
		return s
	}
	if len(sentences.of) >= 256 {
		clear(sentences.of)
	}
	s := firstOfMarkdown(md)
	sentences.of[md] = s
	return s
}

// sentences keeps the sentences FirstSentence found: presentation mode
// asks for its step's on every frame (View), and parsing the Markdown
// costs several times what drawing the rest of the frame does. The texts
// are a lesson's, few; the bound only keeps a long-running classroom
// from keeping every text it ever showed.
var sentences = struct {
	sync.Mutex
	of map[string]string
}{of: map[string]string{}}

// firstOfMarkdown is FirstSentence, worked out.
func firstOfMarkdown(md string) string {
	src := []byte(md)
	var blocks []ast.Node
	var collect func(n ast.Node)
	collect = func(n ast.Node) {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if q, ok := c.(*ast.Blockquote); ok {
				collect(q)
				continue
			}
			blocks = append(blocks, c)
		}
	}
	collect(mdParser.Parser().Parse(gmtext.NewReader(src)))
	for i, b := range blocks {
		if !isProse(b) {
			continue
		}
		s := firstSentence(plainText(b, src))
		if s == "" {
			continue // a paragraph of questions alone: the next one answers them
		}
		if !strings.HasSuffix(s, ":") {
			return s
		}
		if i+1 >= len(blocks) {
			break
		}
		var next ast.Node
		switch n := blocks[i+1].(type) {
		case *ast.List:
			if item := n.FirstChild(); item != nil {
				next = item.FirstChild()
			}
		default:
			next = n
		}
		if next != nil && isProse(next) {
			// An item written to go on into the next ("a 500 ms
			// timeout;") says it goes on, rather than stop at its comma.
			s = firstSentence(s + " " + plainText(next, src))
			if t := strings.TrimRight(s, ";,"); t != s {
				s = t + "…"
			}
			return s
		}
	}
	return ""
}

// isProse says n is a paragraph of text (in a tight list's item, a text
// block).
func isProse(n ast.Node) bool {
	switch n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		return true
	}
	return false
}

// plainText is a paragraph's words without their marks: emphasis and code
// spans as their text, a link as its text alone, line breaks as spaces.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			switch c := c.(type) {
			case *ast.Text:
				b.Write(c.Segment.Value(src))
				if c.SoftLineBreak() || c.HardLineBreak() {
					b.WriteByte(' ')
				}
			case *ast.String:
				b.Write(c.Value)
			case *ast.AutoLink:
				b.Write(c.Label(src))
			case *ast.RawHTML:
			default:
				walk(c)
			}
		}
	}
	walk(n)
	return strings.TrimSpace(b.String())
}

// firstSentence is s's first sentence that has a word in it and does not
// ask, from the end of the questions before it: a figure with no word
// ("52.") stays in front of the sentence it runs on into, a question is
// left out. It is the rest of s when no such sentence ends, "" when s is
// all questions.
func firstSentence(s string) string {
	from := 0
	for _, loc := range sentenceEnd.FindAllStringIndex(s, -1) {
		switch {
		case s[loc[0]] == '?':
			from = loc[1]
		case strings.IndexFunc(s[from:loc[0]], unicode.IsLetter) >= 0:
			return strings.TrimSpace(s[from : loc[0]+1])
		}
	}
	return strings.TrimSpace(s[from:])
}
