package lessonui

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	xansi "github.com/charmbracelet/x/ansi"
)

// predictState is how far the learner has got with a step's prediction:
// asked (made is false: the simulation waits), made and playing towards
// the pause, or revealed beside what happened.
type predictState struct {
	order    []int                // shown position -> index of the choice in the file
	in       playback.NumberField // the number being typed
	picked   int                  // the choice picked, from 0 in the file's order; -1 for none
	made     bool
	skipped  bool
	nudged   bool // space was pressed once before a guess
	verdict  lessons.Closeness
	guess    string // the guess as shown, with its unit
	value    float64
	valued   bool // a numeric guess, in value
	revealed bool
	typo     string // the last input that was not a number
	// unsent is a number typed but not sent when the guess was skipped
	// or revealed: the outcome says so, where it said "none, skipped" as
	// if nothing had been typed.
	unsent string
	// earlier says the prediction was read from the progress file, made
	// in an earlier session (a teacher's rehearsal): a room in front of
	// the projector has not guessed it, so presentation mode asks it
	// (rehearsedAsk) until a asks it again here (askAgain).
	earlier bool
	// roomAnswered: the teacher put this prediction to a classroom and
	// revealed it (RoomAnswered): one space plays the run, the room's
	// guesses standing for the teacher's own.
	roomAnswered bool
	// presenter is the guess of the presenter a follower shows, once the
	// step is revealed (State.Guess); "" for none.
	presenter string
}

// presenterWords head the presenter's guess on a follower's screen, and
// presenterMark marks its choice on the projector: a classroom's
// follower reads what the teacher guessed, as the teacher's screen says
// it, beside their own guess.
const (
	presenterWords = "The teacher's guess"
	presenterMark  = "the teacher's guess"
)

// newPredictState is a step's prediction as the player opens it: asked,
// or, when the progress file holds one, made and revealed.
func newPredictState(q *lessons.PreparedQuestion, order []int, rec lessons.Prediction, ok bool) predictState {
	st := predictState{order: order, picked: -1}
	if q == nil || !ok {
		return st
	}
	st.made, st.revealed, st.guess = true, true, rec.Guess
	if rec.Value != nil {
		st.value, st.valued = *rec.Value, true
	}
	for _, c := range []lessons.Closeness{lessons.Spot, lessons.Close, lessons.Off, lessons.Skipped} {
		if c.String() == rec.Result {
			st.verdict = c
		}
	}
	st.skipped = st.verdict == lessons.Skipped
	if q.Kind == lessons.Choice {
		for i, c := range q.Choices {
			if c.Text == rec.Guess {
				st.picked = i
			}
		}
	}
	return st
}

// rehearsed reports whether the step's prediction shows revealed only
// because it was made in an earlier session: no guess of this session is
// behind the reveal.
func (m *Model) rehearsed() bool {
	ps := &m.predicts[m.step]
	return m.cur().Predict != nil && ps.earlier && ps.revealed
}

// rehearsedQuestion reports whether the step's question shows answered
// only because it was answered right in an earlier session.
func (m *Model) rehearsedQuestion() bool {
	q := &m.questions[m.step]
	return m.cur().Question != nil && q.earlier && q.right
}

// revealedHere and answeredHere are the one rule for "revealed in this
// session" that a classroom goes by: the step's prediction revealed, or
// its question answered right, by a guess or an answer of this session,
// not read from a rehearsal's progress (rehearsed, rehearsedQuestion).
// What followers are shown (State) and when ctrl+a moves on from the
// prediction to the question (RoomQuestions) both ask here, so that the
// room is never asked the question of a step whose prediction it has not
// seen revealed.
func (m *Model) revealedHere() bool {
	return m.cur().Predict != nil && m.predicts[m.step].revealed && !m.rehearsed()
}

func (m *Model) answeredHere() bool {
	return m.cur().Question != nil && m.questions[m.step].right && !m.rehearsedQuestion()
}

// askAgain asks the step's prediction afresh: no guess, its choices in a
// new order, the run back at the step's start, waiting. The next guess
// replaces the one the progress file holds, as a poll answer does.
func (m *Model) askAgain() {
	i := m.step
	m.predicts[i] = predictState{order: m.order(i, "predict", m.cur().Predict), picked: -1}
	m.openStep(i)
}

// waiting reports whether the step's simulation waits for a prediction.
func (m *Model) waiting() bool {
	return m.cur().Predict != nil && !m.predicts[m.step].made
}

// holding reports whether what the step's prediction asks about is kept
// back: it waits for a guess the room has not given. Once a classroom has
// answered it and seen it revealed (RoomAnswered) nothing is held, on the
// panes as in presentation mode (withheld), though the run still waits
// for the teacher's space: the teacher's panes kept "shows after your
// guess" over an answer every student was reading.
func (m *Model) holding() bool {
	return m.waiting() && !m.predicts[m.step].roomAnswered
}

// sweepWaitsFor is what a step's sweep map waits for, in words, or ""
// when it may show: it is held before the guess, and before the step
// first plays.
func (m *Model) sweepWaitsFor() string {
	switch {
	case m.waiting():
		return "once you have made your prediction"
	case !m.playing && !m.finished && m.sim.Now() == m.cur().From:
		return "when the step plays (space)"
	}
	return ""
}

// holdOutcomes keeps the outcome panes' counts back while the step waits
// for a prediction about them (lessons.PreparedStep.PredictsOutcomes),
// wherever the step opens: inside the measurement window (lesson 1's "Who
// pays for it", at 12 s of a window from 10 s) the table shows the first
// of the answer, and before it too where the step's [set] makes the early
// traffic behave as the measured part does (lesson 3's "Too small rejects
// good calls" opened at 9 s on recommendations 30.0% refused, beside a
// question whose answer is 32.6%). A step about outcomes shows "-" in
// every cell until the guess, as a table with no arrivals does, and so
// does the tenants table, each tenant's outcomes being the same tallies
// (lesson 13's "acme's burst" showed each tenant's share so far beside
// the blanked table).
//
// The instances pane keeps back when its breakers will probe while a
// prediction about the breakers' moves waits (lessons.Asks' Breaker, the
// rule presentation mode holds by): lesson 12's "Jitter" asks how many
// instances are half-open at once, and the pane's footer said "3 probe at
// 22.9 s" beside it.
//
// A later step's prediction not yet made holds what this step would show
// of it too (laterHolds): the tasks pane's figures, the customers pane's
// counts and the outcome table.
func (m *Model) holdOutcomes() {
	later := m.laterHolds()
	if ss, ok := m.sim.(*shuffleSim); ok {
		for _, p := range ss.panes {
			if c, ok := p.(*customersPane); ok {
				c.HoldRows(later.rows, later.rowsAfter)
			}
		}
		return
	}
	es, ok := m.sim.(*engineSim)
	if !ok {
		return
	}
	st := m.cur()
	on := m.holding() && st.PredictsOutcomes()
	state := m.holding() && st.PredictsBreakerState()
	own := m.holding() && m.p.Asks(m.step, true).Breaker
	probes := own || later.probes
	probesAfter := 0 // the guess on screen, when it is the step's own
	if !own {
		probesAfter = later.probesAfter
	}
	for _, p := range es.panes {
		if x, ok := p.(*chartExtra); ok {
			p = x.enginePane
		}
		switch h := p.(type) {
		case *instancesPane:
			h.HoldFor(probes, probesAfter) // its breakers' schedule, not outcomes
		case holder:
			h.Hold(on)
		}
		if h, ok := p.(stateHolder); ok {
			h.HoldState(state)
		}
		if t, ok := p.(*tasksPane); ok {
			t.HoldFigures(later.figures, later.figuresAfter)
		}
		if s, ok := p.(*sweepPane); ok {
			s.HoldMap(m.sweepWaitsFor())
		}
		if l, ok := p.(*latencyPane); ok {
			l.HoldFigures(m.waiting() && st.PredictsLatency())
		}
		if e, ok := p.(*endpointsPane); ok {
			// Held before the window too where the step plays into it,
			// so the table is not shown at the start and hidden later.
			e.HoldForLater(later.outcomesAfter, m.untold(later.shares), m.stopAt() >= es.snap.MeasureFrom)
		}
	}
}

// figureAsk is what a step's prediction asks about that a pane of an
// earlier step may show: the figure of the tasks pane (and the run it is
// of), the rows of the shuffle customers pane, and its own run's outcomes.
type figureAsk struct {
	kind figureKind // 0: none the tasks pane shows
	// sim is the run of kind: the step's own, or nil for a built-in run
	// named by scenario and variant.
	sim      *lessons.SimSpec
	scenario string
	variant  int
	// own is the step's run, the one rows, outcomes and shares are of.
	own *lessons.SimSpec
	// rows are the customers pane's counts it asks for.
	rows customerRow
	// outcomes says it is about how its run's requests end
	// (PredictsOutcomes), and shares are the shares of them it asks for,
	// each with the margin within which a share shown elsewhere gives it
	// away.
	outcomes bool
	shares   []shareAsk
}

// shareAsk is an outcome's share of an endpoint's requests that a
// prediction asks for: its value, and how near a share shown elsewhere
// must come to give it away (the question's tolerance).
type shareAsk struct {
	endpoint string
	outcome  engine.Outcome
	value    float64
	margin   float64
	after    int // the step, from 1, whose question it is
}

// choiceShareMargin is how near a share must come to v, one a choice
// asks about, to give it away: a choice has no tolerance of its own, and
// lesson 11's "Deadlines that travel" stopped at 39 s on order-page 1.7%
// ok beside "Where the answered pages came from", whose answer is 1.6%.
// It is a tenth of the share, or of what it leaves to 100% where that is
// less (99.8% ok is no near miss of 100%, 1.7% is of 1.6%), and at least
// the half of a tenth of a point the table rounds to.
func choiceShareMargin(v float64) float64 {
	return max(0.1*min(math.Abs(v), math.Abs(1-v)), 0.0005)
}

// figureAsks reads each step's prediction once, when the lesson opens.
func figureAsks(p *lessons.Prepared) []figureAsk {
	asks := make([]figureAsk, len(p.Steps))
	for i := range p.Steps {
		st := &p.Steps[i]
		if st.Predict == nil || st.Sim == nil {
			continue
		}
		a := figureAsk{own: st.Sim, outcomes: st.PredictsOutcomes(), shares: askedShares(st, i)}
		if metric, own, scenario, variant, ok := st.PredictedMetric(); ok {
			a.kind, a.scenario, a.variant = metricFigures[metric], scenario, variant
			if own {
				a.sim, a.rows = st.Sim, customerRows[metric]
			}
		}
		asks[i] = a
	}
	return asks
}

// askedShares are the shares of its own run that step i's prediction
// asks for: a number's answer ("share step search ok"), with its
// tolerance; for a choice, the shares its step's claims read that its
// reveal tells (the claims say what the play shows, the reveal which of it
// the question is about), within choiceMargin of their value.
func askedShares(st *lessons.PreparedStep, i int) []shareAsk {
	read := func(e *lessons.Expr, v, margin float64) (shareAsk, bool) {
		if e == nil || e.Metric != "share" || len(e.Args) != 3 || e.Args[0] != "step" {
			return shareAsk{}, false
		}
		for _, o := range engine.Outcomes {
			if o.String() == e.Args[2] {
				return shareAsk{endpoint: e.Args[1], outcome: o, value: v, margin: margin, after: i + 1}, true
			}
		}
		return shareAsk{}, false
	}
	q := st.Predict
	if q.Kind == lessons.Number {
		e, err := lessons.ParseExpr(st.Step.Predict.Answer)
		margin := q.Tolerance
		if q.Relative {
			margin *= math.Abs(q.Answer)
		}
		if s, ok := read(&e, q.Answer, margin); err == nil && ok {
			return []shareAsk{s}
		}
		return nil
	}
	var out []shareAsk
	for _, c := range st.Claims {
		type side struct {
			e *lessons.Expr
			v lessons.Value
		}
		sides := []side{{&c.Expr, c.Got}, {c.Other, c.Want}}
		if c.Derived != nil {
			// Got is what the two figures make; each figure has its own.
			sides = []side{{&c.Expr, c.Of}, {&c.Derived.By, c.By}}
		}
		for _, side := range sides {
			if side.e == nil || !strings.Contains(st.Step.Predict.Reveal, side.e.Text) {
				continue
			}
			if s, ok := read(side.e, side.v.F, choiceShareMargin(side.v.F)); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// laterHold is what the current step's panes keep back for questions of
// later steps not yet answered (and, for the tasks pane, its own).
type laterHold struct {
	// figures are the tasks pane's, each with the step (from 1) whose
	// question it waits for in figuresAfter, 0 for the current step's.
	figures      figureKind
	figuresAfter map[figureKind]int
	// rows are the customers pane's, and rowsAfter the step each waits for.
	rows      customerRow
	rowsAfter map[customerRow]int
	// outcomesAfter is the step whose question about the same run's
	// outcomes the outcome table waits for while it counts the
	// measurement window, 0 for none; shares are those the questions of
	// the scenario's runs ask for, held when the table shows one near.
	outcomesAfter int
	shares        []shareAsk
	// probes: a later question asks what the breakers of this run will
	// do (lessons.Asks' Breaker), so the instances pane keeps back when
	// they probe; probesAfter is that step, from 1, for its footer.
	probes      bool
	probesAfter int
}

// laterHolds is what the current step keeps back: the figures a
// prediction still to be made asks for, the step's own while it waits or
// a later step's, about the run this step shows or, for a share of the
// outcome table, one that comes within the later question's tolerance.
// (Lesson 8's "Shuffle sharding" ended on "degraded 452", the answer of
// "Degraded, not down", the next step, on the same run; lesson 14's first
// step on "loop busy 5.0%", which its second asks for.) Revisited once
// they are answered, a step shows them all.
func (m *Model) laterHolds() laterHold {
	var h laterHold
	cur := m.cur()
	if cur.Sim == nil {
		return h
	}
	for j := m.step; j < len(m.asks); j++ {
		a := m.asks[j]
		if m.predicts[j].made || (j == m.step && !m.holding()) {
			continue
		}
		after := 0
		if j > m.step {
			after = j + 1
		}
		if a.kind != 0 && (a.sim != nil && sameRun(a.sim, cur.Sim) ||
			a.sim == nil && a.scenario == cur.Sim.Scenario && a.variant == cur.Sim.Variant && cur.Sim.File == nil && len(cur.Sim.Set) == 0) {
			for k := figLoop; k <= figPermits; k <<= 1 {
				if a.kind&k != 0 && h.figures&k == 0 {
					h.figures |= k
					if h.figuresAfter == nil {
						h.figuresAfter = map[figureKind]int{}
					}
					h.figuresAfter[k] = after
				}
			}
		}
		if after == 0 || a.own == nil {
			continue // the step's own outcomes and rows: holder, PredictsOutcomes
		}
		same := sameRun(a.own, cur.Sim)
		if same && a.rows&^h.rows != 0 {
			if h.rowsAfter == nil {
				h.rowsAfter = map[customerRow]int{}
			}
			for _, r := range []customerRow{rowEverLost, rowEverDegraded} {
				if a.rows&r != 0 && h.rows&r == 0 {
					h.rows |= r
					h.rowsAfter[r] = after
				}
			}
		}
		if same && a.outcomes && h.outcomesAfter == 0 {
			h.outcomesAfter = after
		}
		// Lesson 12's "The outage" paused with every instance's "next
		// probe 25.2 s" beside it, and the next step asks whether they
		// probe together.
		if same && m.p.Asks(j, true).Breaker && !h.probes {
			h.probes, h.probesAfter = true, after
		}
		if a.own.Scenario == cur.Sim.Scenario {
			h.shares = append(h.shares, a.shares...)
		}
	}
	return h
}

// untold leaves out of shares those the step's text on screen quotes of
// its own run: the body from the start, the reveal once it shows. The
// table never hides what the words beside it say: lesson 9's "Add a
// timeout" revealed "health answered 100.0% of its probes" beside a table
// held blank for step 4's question, which the reveal had already answered.
func (m *Model) untold(shares []shareAsk) []shareAsk {
	st := m.cur()
	texts := []string{st.Step.Body}
	if st.Step.Predict != nil && m.predicts[m.step].revealed {
		texts = append(texts, st.Step.Predict.Reveal)
	}
	told := map[shareKey]bool{}
	for _, t := range texts {
		for _, k := range quotedShares(t) {
			told[k] = true
		}
	}
	if len(told) == 0 {
		return shares
	}
	var out []shareAsk
	for _, a := range shares {
		if !told[shareKey{a.endpoint, a.outcome}] {
			out = append(out, a)
		}
	}
	return out
}

// shareKey names a share of the outcome table: an endpoint's outcome.
type shareKey struct {
	endpoint string
	outcome  engine.Outcome
}

// quotedShares are the shares of the step's own run a text's placeholders
// print ("{{share step health ok}}").
func quotedShares(text string) []shareKey {
	var out []shareKey
	for _, inner := range lessons.Placeholders(text) {
		e, err := lessons.ParseExpr(inner)
		if err != nil || e.Metric != "share" || len(e.Args) != 3 || e.Args[0] != "step" {
			continue
		}
		for _, o := range engine.Outcomes {
			if o.String() == e.Args[2] {
				out = append(out, shareKey{e.Args[1], o})
			}
		}
	}
	return out
}

// sameRun says whether two steps play the same run: one scenario, variant,
// seed and overrides.
func sameRun(a, b *lessons.SimSpec) bool {
	return a == b || a.Scenario == b.Scenario && a.Variant == b.Variant && a.Seed == b.Seed &&
		a.File == b.File && reflect.DeepEqual(a.Set, b.Set)
}

// questionShown reports whether the step's question is on screen: always
// without a prediction, and after the reveal with one.
func (m *Model) questionShown() bool {
	st := m.cur()
	return st.Question != nil && (st.Predict == nil || m.predicts[m.step].revealed)
}

// predictKey handles a key while the step waits for a prediction; handled
// is false for keys that mean what they always mean (moving, help, quit).
func (m Model) predictKey(k tea.KeyMsg) (tea.Model, tea.Cmd, bool) {
	q := m.cur().Predict
	ps := &m.predicts[m.step]
	switch {
	case k.Type == tea.KeySpace || k.String() == " ":
		if !ps.nudged && !ps.roomAnswered {
			ps.nudged = true
			return m, nil, true
		}
		ps.skipped, ps.verdict, ps.guess, ps.unsent = true, lessons.Skipped, "", typedNumber(ps.in.Input, q.GuessUnit())
		next, cmd := m.madePrediction()
		return next, cmd, true
	case q.Kind == lessons.Number && ps.in.Key(k):
		// A digit, a paste, or a line editor's key (ctrl+u, ctrl+w...);
		// a paste with nothing of a number in it is refused in words.
		ps.typo = sentence(ps.in.Refusal())
		return m, nil, true
	case q.Kind == lessons.Number && k.Type == tea.KeyEnter && !ps.in.Enter():
		// Something was left out: the note under the box asks to check
		// the guess, and the next enter sends it.
		ps.typo = ""
		return m, nil, true
	case q.Kind == lessons.Number && k.Type == tea.KeyEnter && ps.in.Input == "":
		ps.typo = sentence(ps.in.EmptyNote(q.GuessExample()))
		return m, nil, true
	case q.Kind == lessons.Number && k.Type == tea.KeyEnter:
		verdict, g, err := q.JudgeGuess(ps.in.Input)
		if err != nil {
			// Refused: it stays, selected, for the next typed number
			// to replace (playback.NumberField.Select).
			ps.typo = err.Error() + "."
			ps.in.Select()
			return m, nil, true
		}
		ps.verdict, ps.guess = verdict, lessons.WithUnit(q.FormatGuess(g), q.Unit)
		ps.value, ps.valued = g, true
		next, cmd := m.madePrediction()
		return next, cmd, true
	case q.Kind == lessons.Choice && len(k.Runes) == 1:
		n := int(k.Runes[0] - '1')
		if n < 0 || n >= len(ps.order) {
			return m, nil, false
		}
		i := ps.order[n]
		verdict, err := q.JudgeChoice(i)
		if err != nil {
			m.note, m.noteErr = err.Error(), true
			return m, nil, true
		}
		ps.picked, ps.verdict, ps.guess = i, verdict, q.Choices[i].Text
		next, cmd := m.madePrediction()
		return next, cmd, true
	}
	return m, nil, false
}

// madePrediction records the prediction and plays the simulation, which
// the prediction was holding back. Without a simulation (it failed to
// start) the outcome is revealed at once.
func (m Model) madePrediction() (tea.Model, tea.Cmd) {
	ps := &m.predicts[m.step]
	ps.made, ps.typo = true, ""
	m.note = ""
	m.layout() // the guess is in: the counts and the states may show (holdOutcomes), in their rows
	rec := lessons.Prediction{Guess: ps.guess, Result: ps.verdict.String()}
	if ps.valued {
		v := ps.value
		rec.Value = &v
	}
	m.progress.Predicted(m.step, rec)
	// Not this session's answer yet: that is the reveal's (reveal), which a
	// lesson closed while the run plays never shows the room.
	save := m.save()
	if m.sim == nil {
		m.reveal()
		return m, save
	}
	if m.playing {
		// Already playing: a classroom student's copy of the teacher's
		// step, forked by this very guess while the teacher's guess played
		// it (tui/serve). Toggling would pause it at the guess.
		return m, save
	}
	if timeless(m.cur()) {
		// Nothing on screen moves as the run plays: the guess lands where
		// the play would stop, and its result shows at once, as G does.
		// Lesson 3's "How big is big enough" played 30 s of a run no pane
		// showed, its map's answer in view beside "Watch it play to the
		// end; then see how near you came."
		l := stepLine{&m}
		if err := l.Seek(m.revealAt()); err != nil {
			m.note, m.noteErr = err.Error(), true
		}
		m.pauseHere()
		m.holdPause()
		m.landed()
		return m, save
	}
	next, cmd := m.togglePlay()
	return next, tea.Batch(save, cmd)
}

// timelessPanes are the panes that show nothing of the run's clock: a
// sweep's map of many whole runs, the shard odds counted exactly.
var timelessPanes = map[string]bool{"sweep": true, "odds": true}

// timeless reports whether every pane of the step is one of the
// timelessPanes, so that playing its run shows nothing.
func timeless(st *lessons.PreparedStep) bool {
	if st.Sim == nil || len(st.Panes) == 0 {
		return false
	}
	for _, p := range st.Panes {
		if !timelessPanes[p] {
			return false
		}
	}
	return true
}

// reveal shows the prediction's outcome and scrolls the text to it, so the
// learner sees it where the eyes are after the play, at any size.
func (m *Model) reveal() {
	ps := &m.predicts[m.step]
	if m.cur().Predict == nil || !ps.made || ps.revealed {
		return
	}
	ps.revealed = true
	// The guess counts as this session's from here: the room has seen the
	// answer. Counted at the guess, a lesson closed before the run got
	// there reopened with the step revealed for followers and ctrl+a,
	// though the room never saw what happened.
	m.o.session.add(m.p.Lesson.ProgressKey(), m.step, true)
	if m.w > 0 && m.w < wideMin {
		m.showSim = false // the outcome is in the text
	}
	m.layout()
	lines := m.textLines()
	for i, l := range lines {
		if strings.Contains(l, outcomeMark) {
			// The line above is the block's rule: the "↑ more" marker
			// takes its place, and the whole block is in view.
			m.setScroll(i - 1)
			return
		}
	}
	m.clampScroll()
}

// outcomeMark starts the outcome block; reveal finds it to scroll there.
const outcomeMark = "Your prediction"

// renderPredictAsk is the prediction as it is asked, pinned under the text
// so that it is on screen however long the text is (or after it, where
// pinning would hide the text: pinnedInline). Its last lines are a hint
// (predictHintRows of them); the ones before are the prompt and what
// answers it.
func renderPredictAsk(th *theme.Theme, q *lessons.PreparedQuestion, ps predictState, st *lessons.PreparedStep, width int) []string {
	wrap := wrapper(width)
	out := []string{th.Accent.Render(strings.Repeat("─", max(width, 1)))}
	out = append(out, wrap(th.Bold.Render("Predict: ")+q.Prompt, 0)...)
	switch q.Kind {
	case lessons.Choice:
		for n, i := range ps.order {
			mark := "  " + th.Key.Render(fmt.Sprintf("%d)", n+1))
			lines := wrap(q.Choices[i].Text, 6)
			lines[0] = xansi.Truncate(mark+"  ", 6, "") + strings.TrimPrefix(lines[0], "      ")
			out = append(out, lines...)
		}
	case lessons.Number:
		line := th.Bold.Render("Your guess: ") + th.Selected.Render(" "+ps.in.Box("▏")+" ")
		if u := guessUnitShown(q, ps); u != "" {
			line += " " + u
		}
		out = append(out, wrap(line, 0)...)
	}
	// Why the guess was refused, then what to do about it (the note), as
	// the classroom's poll says them.
	if ps.typo != "" {
		out = append(out, wrap(th.Warn.Render(ps.typo), 0)...)
	}
	if note := guessNote(q, ps); q.Kind == lessons.Number && note != "" {
		out = append(out, wrap(th.Warn.Render(note), 0)...)
	}
	return append(out, predictHint(th, q, ps, st, width)...)
}

// guessUnitShown is the unit shown after the guess's box: the guess's
// unit, unless one was typed, which is the guess's own (ParseGuess).
func guessUnitShown(q *lessons.PreparedQuestion, ps predictState) string {
	if lessons.TypedWithUnit(ps.in.Input) {
		return ""
	}
	return q.GuessUnit()
}

// guessNote is the note under the guess's box: what was left out, what
// the guess reads, what enter does (playback.NumberField.Note). The
// player and the presenter's view (predictAsk) show this one note, the
// projector without the keys that edit it (roomNote).
func guessNote(q *lessons.PreparedQuestion, ps predictState) string {
	return ps.in.Note("guess", guessUnitShown(q, ps))
}

// predictHint is the last lines of the asked prediction: what to press.
func predictHint(th *theme.Theme, q *lessons.PreparedQuestion, ps predictState, st *lessons.PreparedStep, width int) []string {
	then := "then it plays " + untilText(st) + "."
	if timeless(st) {
		then = "then its result shows at once." // madePrediction
	}
	hint := "Press the number of your guess; " + then
	if q.Kind == lessons.Number {
		hint = "Type a number and press enter; " + then
	}
	switch {
	case ps.nudged && ps.in.Input != "":
		// A number typed and not sent is named before space drops it.
		hint = "Space again: play without a guess; enter sends " + typedNumber(ps.in.Input, q.GuessUnit()) + "."
	case ps.nudged:
		hint = "Space again: play without a guess."
	case ps.roomAnswered:
		hint = roomAnsweredHint(q, ps)
	}
	return wrapper(width)(th.Dim.Render(hint), 0)
}

// roomAnsweredHint is what to press once the room has answered the
// prediction (RoomAnswered), as the player and presentation mode
// (predictAsk) both say it: the teacher's projected screen said nothing,
// and the teacher did not know one space now plays the run.
func roomAnsweredHint(q *lessons.PreparedQuestion, ps predictState) string {
	if ps.in.Input != "" {
		return "The room has answered: space plays it; enter sends " + typedNumber(ps.in.Input, q.GuessUnit()) + " as your own guess."
	}
	return "The room has answered: space plays it, or give your own guess."
}

// renderPredictWait is the guess while the simulation plays to the pause.
// teacherPlays says a classroom's follower shows it paused: the run on
// the wall is the teacher's to play (a student's space leaves following
// and plays a copy of their own), so it says the teacher will, where
// "Watch it play until 9 s" read as the student's to do.
func renderPredictWait(th *theme.Theme, ps predictState, st *lessons.PreparedStep, width int, teacherPlays bool) []string {
	wrap := wrapper(width)
	out := []string{th.Accent.Render(strings.Repeat("─", max(width, 1)))}
	play := "Watch it play " + untilText(st)
	if teacherPlays {
		play = "The teacher will play it " + untilText(st)
	}
	if ps.skipped {
		return append(out, wrap(th.Dim.Render("No guess this time"+unsentWords(ps)+". "+play+"."), 0)...)
	}
	out = append(out, wrap(th.Bold.Render("Your guess: ")+ps.guess, 0)...)
	return append(out, wrap(th.Dim.Render(play+"; then see how near you came."), 0)...)
}

// typedNumber is a number as its box shows it: with the unit shown after
// the box unless it was typed with its own; "" for an empty box.
func typedNumber(input, unit string) string {
	if input == "" || lessons.TypedWithUnit(input) {
		return input
	}
	return lessons.WithUnit(input, unit)
}

// unsentWords say what number was typed and not sent, after a guess
// skipped or revealed with one in its box: ": 19150 was typed but not
// sent"; "" when the box was empty.
func unsentWords(ps predictState) string {
	if ps.unsent == "" {
		return ""
	}
	return ": " + ps.unsent + " was typed but not sent"
}

// noGuessWords say why a revealed prediction has no guess: the room's
// answers stood for it, or it was skipped, and any number typed and not
// sent. The player's outcome and presentation mode (predictAsk) both say
// these words: the projector said "Your guess: none" beside a room's
// answers, as if nobody had guessed.
func noGuessWords(ps predictState) string {
	if ps.roomAnswered {
		return "none of your own: the room answered" + unsentWords(ps)
	}
	return "none, skipped" + unsentWords(ps)
}

// renderOutcome is the guess beside what happened and how near it came.
// A prediction is a guess, so it is never called wrong. The reveal's
// Markdown (rendered in layout) follows it.
//
// A follower shows the presenter's guess after it all: between the
// follower's own guess and its verdict, the verdict read as the
// teacher's.
func renderOutcome(th *theme.Theme, q *lessons.PreparedQuestion, ps predictState, width int) []string {
	out := renderOwnOutcome(th, q, ps, width)
	if ps.presenter != "" {
		out = append(out, wrapper(width)(th.Bold.Render(presenterWords+": ")+ps.presenter, 0)...)
	}
	return out
}

// renderOwnOutcome is renderOutcome of the learner's own guess.
func renderOwnOutcome(th *theme.Theme, q *lessons.PreparedQuestion, ps predictState, width int) []string {
	wrap := wrapper(width)
	out := []string{th.Accent.Render(strings.Repeat("─", max(width, 1)))}
	// As the projector and the classroom's poll pages write it (one
	// function): lesson 14's median read "5 s" here under a reveal
	// quoting "5.00 s".
	happened := q.ShownAnswer()
	if q.Kind == lessons.Choice {
		if r := q.RightChoice(); r >= 0 {
			happened = q.Choices[r].Text
		}
	}
	guess := ps.guess
	if ps.skipped {
		guess = th.Dim.Render(noGuessWords(ps))
	}
	out = append(out, wrap(th.Bold.Render(outcomeMark+": ")+guess, 0)...)
	if q.Kind == lessons.Number || ps.verdict != lessons.Spot {
		out = append(out, wrap(th.Bold.Render("What happened: ")+happened, 0)...)
	}
	var verdict string
	switch ps.verdict {
	case lessons.Spot:
		verdict = th.Good.Bold(true).Render("✓ Right.")
		switch {
		case q.Kind == lessons.Choice:
			verdict += " " + th.Good.Render("That is what happened.")
		case q.Tolerance > 0:
			verdict += " " + th.Good.Render("Within "+q.ToleranceText()+".")
		}
	case lessons.Close:
		verdict = th.Warn.Bold(true).Render("≈ Close.") + " " + th.Warn.Render("Not within "+q.ToleranceText()+", but within twice that")
		if ps.valued && q.Kind == lessons.Number {
			verdict += th.Warn.Render(": " + offBy(q, ps.value))
		}
		verdict += th.Warn.Render(".")
		if m, ok := q.MisconceptionFor(ps.value); ok && ps.valued {
			verdict += " " + m.Why
		}
	case lessons.Off:
		verdict = th.Accent.Bold(true).Render("→ Off this time.")
		switch {
		case q.Kind == lessons.Choice && ps.picked >= 0 && q.Choices[ps.picked].Why != "":
			verdict += " " + q.Choices[ps.picked].Why
		case q.Kind == lessons.Number && ps.valued:
			// How far, in the quantity's terms, and the misconception
			// the guess most likely comes from where the step names it.
			verdict = th.Accent.Bold(true).Render("→ Off this time: ") + th.Accent.Render(offBy(q, ps.value)+".")
			if m, ok := q.MisconceptionFor(ps.value); ok {
				verdict += " " + m.Why
			} else {
				verdict += " The reason is below."
			}
		default:
			verdict += " The reason is below."
		}
	case lessons.Skipped:
		return out
	}
	out = append(out, wrap(verdict, 0)...)
	if s := q.TypedReading(ps.in.Input); s != "" {
		// How a bare share was read, in the words of the self-checks and the drill.
		out = append(out, wrap(th.Dim.Render(s), 0)...)
	}
	return out
}

// offBy says how far a prediction's guess was from what happened, shown
// beside it: "6 s above it", "12 workers below it", "8.2 percentage
// points below it", and how many times the answer when the guess is twice
// it or more ("2.5 times it"), or how many times the guess the answer is
// when the guess is half of it or less ("the answer is 18.1 times your
// guess" for 25 against 452, where "half of it or less" said as much of a
// guess off by a factor of eighteen as of one off by two; 5 for 10 is
// half of it, not under half).
func offBy(q *lessons.PreparedQuestion, got float64) string {
	diff := got - q.Answer
	where := "above it"
	if diff < 0 {
		where = "below it"
	}
	size := lessons.WithUnit(q.FormatGuess(math.Abs(diff)), q.Unit)
	if q.AnswerKind == lessons.KindFraction {
		size = lessons.WithUnit(pointsApart(q, got), "percentage points")
	}
	out := size + " " + where
	if q.Answer > 0 && got > 0 {
		switch r := got / q.Answer; {
		case r >= 2:
			out += ", " + lessons.TrimNum(math.Round(r*10)/10) + " times it"
		case r <= 0.5:
			if inv := math.Round(q.Answer/got*10) / 10; inv == 2 {
				out += ", half of it"
			} else {
				out += ", the answer is " + lessons.TrimNum(inv) + " times your guess"
			}
		}
	}
	return out
}

// pointsApart is how many percentage points a share's guess lies from
// the answer, written as precisely as the finer of the two figures shown
// above it and no more: 30.0% against 5.0% is 25.0 apart, not the 25.03
// the unrounded answer (4.97%) makes it; two figures shown whole, whole.
func pointsApart(q *lessons.PreparedQuestion, got float64) string {
	decimals := max(shownDecimals(q.AnswerText), shownDecimals(q.FormatGuess(got)))
	return strconv.FormatFloat(math.Abs(got-q.Answer)*100, 'f', decimals, 64)
}

// shownDecimals is how many digits follow the point of the first number
// in a figure as written: 1 for "5.0%" and "<0.1%", 0 for "41%" and
// "1,250 workers", 2 for "0.25%".
func shownDecimals(figure string) int {
	start := strings.IndexAny(figure, "0123456789")
	if start < 0 {
		return 0
	}
	rest := strings.TrimLeft(figure[start:], "0123456789,")
	if !strings.HasPrefix(rest, ".") {
		return 0
	}
	frac := rest[1:]
	return len(frac) - len(strings.TrimLeft(frac, "0123456789"))
}

// untilText says where the step's play stops, for the prompts: "until
// 12 s", "until the breaker opens", "to the end".
func untilText(st *lessons.PreparedStep) string {
	switch {
	case st.PauseAt < 0 || st.PauseAt >= st.End:
		return "to the end"
	case st.Pause.Kind == lessons.PauseEvent:
		t := st.Pause.Text
		if strings.HasPrefix(t, "breaker ") {
			t = "the " + t
		}
		return "until " + t
	}
	return "until " + formatSeconds(st.PauseAt.Seconds())
}

func formatSeconds(s float64) string { return lessons.TrimNum(s) + " s" }

// wrapper wraps styled text at a width with an indent, keeping a number
// and its unit together.
func wrapper(width int) func(s string, indent int) []string {
	return func(s string, indent int) []string {
		lines := wrapText(s, max(width-indent, 1))
		for i := range lines {
			lines[i] = strings.Repeat(" ", indent) + lines[i]
		}
		return lines
	}
}

// sentence is a box's message as its line shows it, with a full stop; ""
// stays "".
func sentence(msg string) string {
	if msg == "" {
		return ""
	}
	return msg + "."
}
