package lessonui

import (
	"fmt"
	"slices"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Options configure the player.
type Options struct {
	// Theme holds the styles and the renderer; nil means lipgloss's
	// default renderer.
	Theme *theme.Theme
	// Store remembers progress between runs; nil remembers nothing.
	Store *lessons.Store
	// Embedded makes q and esc send BackMsg, for a parent screen (the
	// picker, the home screen), instead of quitting the program.
	Embedded bool
	// Step is the step to open, from 0; a negative value opens the step
	// the learner was on last time.
	Step int
	// Frame is the animation's tick; zero means 50 ms.
	Frame time.Duration
	// Notice is a message for the status line at the start, such as the
	// store's notice about a progress file set aside.
	Notice string
	// Lab runs the next lesson's simulations when the last screen opens
	// it; nil makes a new one then.
	Lab *lessons.Lab
	// Present starts Run and RunPicker in presentation mode
	// (tui/present); ctrl+p toggles it.
	Present bool
	// session is the set of answers given in this session, kept by the
	// picker across the lessons it opens (thissession.go); New makes one
	// for a player opened without it.
	session *sessionAnswers
}

// BackMsg is sent by an embedded player when the learner leaves it.
type BackMsg struct{}

// tickMsg drives the animation; id tells a stale tick from a live one.
type tickMsg struct{ id int }

// savedMsg reports a progress save.
type savedMsg struct{ err error }

// Model is the lesson player.
type Model struct {
	o    Options
	th   *theme.Theme
	keys keyMap
	help help.Model
	p    *lessons.Prepared

	step int
	sim  stepSim
	// asked is what the panes asked for when they were last placed
	// (asks): a move in time that changes it places them again.
	asked   []int
	simErr  string
	playing bool
	// heldSmall: the play was paused because the window became too small
	// to draw the step; it plays again when the window is back.
	heldSmall bool
	tickID    int
	atPause   bool // stopped at the step's pause point
	finished  bool // reached the end of the traffic
	// cont is the later step that plays on this step's run and asks
	// about it first (lessons.Prepared.ContinuedBy), when hasCont: the
	// play and the time keys stop at cont.Stop until it is answered
	// (stopAt).
	cont    lessons.Continuation
	hasCont bool

	text *textCache
	// scroll is the text's first line as the window shows it, clamped to
	// its size; want is the line asked for, which a resize keeps
	// (scrollanchor.go).
	scroll    int
	want      textAnchor
	questions []questionState
	predicts  []predictState
	// asks is, step by step, the figure of the tasks pane its prediction
	// asks for, and of which run (figureAsks): held back until the guess.
	asks []figureAsk
	// names is, step by step, the name the header gives a design whose
	// [set] its own name does not say (stepNames); "" for the design's.
	names []string
	// pace says how much faster or slower than each step's own speed the
	// learner plays the lesson (+ and -: paces); it holds across steps.
	pace     int
	progress lessons.Progress
	learner  string // names the learner for the order of the choices

	showEnd bool // the lesson's last screen: recap, score, next lesson
	// following: a classroom's follower (NewFollower) until Fork. Its
	// steps are the ones the teacher's screen showed while it looked: one
	// the teacher passed between two of its looks was never on it.
	following bool
	// roomAsked, once set (inRoom), are the steps whose question a
	// classroom put to the room while this player followed it
	// (RoomAsked): what its last screen scores and reviews (roomasked.go).
	roomAsked []int
	inRoom    bool
	review    []int // the steps a review of missed questions replays
	reviewAt  int   // where the review is, in review
	preparing bool  // the next lesson is being prepared

	w, h       int
	showList   bool
	listCursor int
	showHelp   bool
	helpv      helpview.Model // the full help's page and how far it is scrolled
	showSim    bool           // on a narrow screen: the simulation instead of the text
	crowded    bool           // the step's text and prediction do not fit beside the panes (reading)
	note       string
	noteErr    bool
	prompt     *playback.Prompt // a time being typed after : or t (seek.go)
	evs        *stepEvents      // the step's events, for ] and [
	// frame is set on View's copy of the model only (view.go).
	frame *frameText

	// titleReserve is how many cells at the title line's right end a
	// caller's tag takes (ReserveTitle, titlereserve.go).
	titleReserve int
}

// New opens a prepared lesson in the player.
func New(p *lessons.Prepared, o Options) (Model, error) {
	if p == nil || len(p.Steps) == 0 {
		return Model{}, fmt.Errorf("the lesson has no steps")
	}
	if o.Theme == nil {
		o.Theme = theme.New(nil)
	}
	if o.Frame <= 0 {
		o.Frame = 50 * time.Millisecond
	}
	m := Model{o: o, th: o.Theme, keys: newKeyMap(o.Embedded), help: help.New(), p: p, text: newTextCache(o.Theme)}
	m.help.Styles = o.Theme.Help
	m.helpv = helpview.New(m.keys.HelpScroll)
	if o.Embedded {
		m.keys.Quit.SetHelp("q", "back")
	}
	if m.o.session == nil {
		m.o.session = &sessionAnswers{}
	}
	m.questions = make([]questionState, len(p.Steps))
	m.predicts = make([]predictState, len(p.Steps))
	if o.Store != nil {
		// Read against the lesson's steps as they are now, so that an
		// answer given before a step was added stays on its question.
		m.progress = o.Store.GetLesson(p.Lesson)
		m.learner = o.Store.Learner()
	}
	// An answer the progress file holds is a rehearsal's unless it was
	// given in this session, before the lesson was closed and opened
	// again (thissession.go).
	key := p.Lesson.ProgressKey()
	for i, st := range p.Steps {
		m.questions[i] = questionState{picked: -1, order: m.order(i, "question", st.Question)}
		if st.Question != nil && m.progress.Right(i) {
			m.questions[i] = answeredState(st.Question, m.questions[i].order)
			m.questions[i].earlier = !m.o.session.has(key, i, false)
		}
		rec, ok := m.progress.Prediction(i)
		m.predicts[i] = newPredictState(st.Predict, m.order(i, "predict", st.Predict), rec, ok)
		m.predicts[i].earlier = ok && st.Predict != nil && !m.o.session.has(key, i, true)
	}
	m.asks = figureAsks(p)
	m.names = stepNames(p)
	start := o.Step
	if start < 0 {
		start = m.progress.Step
	}
	m.openStep(min(max(start, 0), len(p.Steps)-1))
	m.note = o.Notice
	return m, nil
}

// order is the order step i's question or prediction shows its choices
// in, for this learner and attempt (a prediction is asked once: attempt 0).
func (m *Model) order(i int, which string, q *lessons.PreparedQuestion) []int {
	if q == nil || q.Kind != lessons.Choice {
		return nil
	}
	// One rule with the classroom's poll (tui/serve), which asks the room
	// in the order this player shows.
	return lessons.ShownOrder(m.learner, m.p.Lesson.ID, m.progress, i, which == "predict", len(q.Choices))
}

// answeredState is a question shown as already answered right.
func answeredState(q *lessons.PreparedQuestion, order []int) questionState {
	st := questionState{picked: -1, order: order, right: true, feedback: "✓ You answered this one right before. " + q.Explain}
	if q.Kind == lessons.Number {
		st.in.Set(q.AnswerText)
	}
	for i, c := range q.Choices {
		if c.Right {
			st.picked = i
		}
	}
	return st
}

// givenState is a question shown answered by the presenter (a classroom
// follower's screen, a recording: showAnswers): the right choice marked
// and the number given as the answer, with the explanation, and nobody's
// answer claimed. answeredState's "You answered this one right before"
// told a student who never answered that they had.
//
// unsent is a number the follower typed in the box and had not sent when
// the answer was given: the feedback says so, where it went unsaid.
func givenState(q *lessons.PreparedQuestion, order []int, unsent string) questionState {
	st := questionState{picked: -1, order: order, right: true, given: true, feedback: q.Explain}
	if q.Kind == lessons.Number {
		st.in.Set(q.AnswerText)
		if unsent != "" {
			st.feedback = playback.UnsentAnswer(typedNumber(unsent, q.Unit)) + " " + q.Explain // the classroom poll's words too
		}
	}
	return st
}

// Step is the step on screen, from 0.
func (m Model) Step() int { return m.step }

// Playing reports whether the simulation is playing.
func (m Model) Playing() bool { return m.playing }

// Now is the step's virtual time, or 0 on a text-only step.
func (m Model) Now() time.Duration {
	if m.sim == nil {
		return 0
	}
	return m.sim.Now()
}

// Progress is what the player has recorded for the lesson.
func (m Model) Progress() lessons.Progress { return m.progress }

// Init renders the first step's text once the size is known.
func (m Model) Init() tea.Cmd { return m.save() }

func (m *Model) cur() *lessons.PreparedStep { return &m.p.Steps[m.step] }

// openStep shows step i: its simulation at its start, paused.
func (m *Model) openStep(i int) {
	m.step, m.scroll, m.want = i, 0, textAnchor{}
	m.playing, m.atPause, m.finished, m.heldSmall = false, false, false, false
	// A note is about the step it was made on ("at the end: space replays
	// the step"): the next one starts without it.
	m.note, m.noteErr = "", false
	m.tickID++
	m.sim, m.simErr = nil, ""
	m.showList, m.prompt, m.evs = false, nil, nil
	if m.w >= wideMin {
		// A step read in one column (reading) opens on its text, whatever
		// tab showed on the last one.
		m.showSim = false
	}
	m.cont, m.hasCont = m.p.ContinuedBy(i)
	st := m.cur()
	if st.HasSim() {
		s, err := newStepSim(st, m.th)
		if err != nil {
			m.simErr = err.Error()
		} else {
			m.sim = s
		}
	}
	m.enableKeys()
	m.openOnPause()
	m.openRevealed()
	m.progress.SawStep(i)
	m.progress.UpdateDone(m.p.Lesson)
	m.layout()
}

// enableKeys turns on the keys the step has a use for, and only those: v
// where the learner may switch designs, r and the time keys where there is
// a simulation. The one-line help, the full help (?) and the keys
// themselves read the same bindings, so none of them offers what the
// others leave out (the full help listed "v next design" on steps with no
// design to choose, while the one line rightly did not).
func (m *Model) enableKeys() {
	st := m.cur()
	sim := m.sim != nil
	m.keys.Variant.SetEnabled(sim && st.Choose)
	for _, b := range []*key.Binding{&m.keys.Restart, &m.keys.Step, &m.keys.BackStep, &m.keys.NextEvent,
		&m.keys.PrevEvent, &m.keys.Start, &m.keys.End, &m.keys.GoTo} {
		b.SetEnabled(sim)
	}
}

// openOnPause moves a step that starts less than one sample before its
// time pause onto the pause. Between the two no chart can draw a change:
// the step is there to talk about the pause's instant (lesson 1's "Little's
// law" starts at 8.9 s only because a pause must come after the start, and
// its text quotes the pool at 9 s), and opened at its start the panes would
// show the instant before the one the text quotes. A step with a
// prediction still opens at its start: the play waits for the guess.
func (m *Model) openOnPause() {
	st := m.cur()
	es, ok := m.sim.(*engineSim)
	if !ok || st.Pause.Kind != lessons.PauseAt || st.Predict != nil || st.PauseAt-st.From > es.snap.SampleEvery {
		return
	}
	if err := es.Seek(st.PauseAt); err != nil {
		m.note, m.noteErr = err.Error(), true
		return
	}
	m.atPause = true
}

// openRevealed opens a step whose prediction the learner has made and
// seen revealed (earlier in the session, or in the progress file) where
// the reveal speaks of it: the run at the step's pause, or at the end of
// its traffic, paused there as the play left it. Opened at its start, the
// panes would show the step's first moment beside the reveal's numbers.
func (m *Model) openRevealed() {
	st := m.cur()
	if st.Predict == nil || m.sim == nil || !m.predicts[m.step].revealed {
		return
	}
	at := m.revealAt()
	if err := m.sim.Seek(at); err != nil {
		m.note, m.noteErr = err.Error(), true
		return
	}
	if at >= m.sim.End() {
		m.atPause, m.finished = false, true
		return
	}
	m.atPause, m.finished = true, false
	m.holdPause()
}

// stopAt is as far as the step may play, and its time keys move: the end
// of its traffic, or, while a later step that plays on the same run from
// a later moment still waits for its prediction, where that step takes
// over (lessons.Prepared.ContinuedBy). Lesson 2's first step paused at
// 0.5 s with "space plays on", and played on showed the pool full and 26
// requests queued: the answer the next step asks the learner to predict.
// Another design (v) is another run, which no later step asks about.
func (m *Model) stopAt() time.Duration {
	if m.sim == nil {
		return 0
	}
	end := m.sim.End()
	if !m.hasCont || m.predicts[m.cont.Step].made {
		return end
	}
	if v, _, _ := m.sim.Variant(); v != m.cur().Sim.Variant {
		return end
	}
	return min(m.cont.Stop, end)
}

// atStop reports whether the step stands where a later step takes its run
// over (stopAt), short of its end.
func (m *Model) atStop() bool {
	return m.sim != nil && m.sim.Now() >= m.stopAt() && m.stopAt() < m.sim.End()
}

// revealAt is the moment a step's reveal speaks of: where the play stops
// on its own, the step's pause or the end of its traffic.
func (m *Model) revealAt() time.Duration {
	st := m.cur()
	if st.PauseAt < 0 || m.sim == nil || st.PauseAt >= m.sim.End() {
		if m.sim == nil {
			return st.End
		}
		return m.sim.End()
	}
	return st.PauseAt
}

// save records the progress in the store and writes it, in a command.
func (m Model) save() tea.Cmd {
	s := m.o.Store
	if s == nil {
		return nil
	}
	s.Set(m.p.Lesson.ProgressKey(), m.progress) // a teacher's file by its path, never a built-in's ID
	return func() tea.Msg { return savedMsg{s.Save()} }
}

func (m Model) tick() tea.Cmd {
	id := m.tickID
	return tea.Tick(m.o.Frame, func(time.Time) tea.Msg { return tickMsg{id} })
}

// Update handles keys, ticks, resizes and saves.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		wasWide := m.w >= wideMin
		m.placeAnchor() // while the text is wrapped as it was when scrolled
		m.w, m.h = msg.Width, msg.Height
		if wasWide && m.w < wideMin && m.playing {
			// Narrowed to one column while the step plays: the column shows
			// what is playing, as pressing play at this size would have; it
			// used to keep the text, the run hidden until tab.
			m.showSim = true
		}
		m.layout()
		// Paused while the window is too small to draw the step: it played
		// on unseen behind the "larger window" message. Back to a size it
		// can draw, it plays on from the same moment, as the learner left
		// it (they never pressed pause); a run they paused stays paused.
		switch {
		case m.tooSmall() && m.playing:
			m.playing, m.heldSmall = false, true
			m.tickID++
		case !m.tooSmall() && m.heldSmall && m.sim != nil:
			m.playing, m.heldSmall = true, false
			m.tickID++
			return m, m.tick()
		}
		return m, nil
	case tickMsg:
		return m.onTick(msg)
	case nextPreparedMsg:
		return m.onNextPrepared(msg)
	case savedMsg:
		if msg.err != nil {
			m.note, m.noteErr = "progress not saved: "+msg.err.Error(), true
		}
		return m, nil
	case tea.MouseMsg:
		return m.onMouse(msg)
	case tea.KeyMsg:
		if m.tooSmall() {
			// The screen asks for a larger window and says q quits: no
			// other key may reach the step it hides.
			if key.Matches(msg, m.keys.Quit) {
				return m.leave()
			}
			return m, nil
		}
		if m.prompt != nil {
			return m.promptKey(msg)
		}
		if msg.Paste && m.numberBox() {
			// A paste into a number's box is text, taken whole: the
			// box keeps the number's characters and says what it left
			// out. One rune at a time, "1e9" read 19 without a word,
			// its e a key of the player's that does nothing.
			return m.onKey(msg)
		}
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 {
			// Keys typed faster than the program reads arrive together:
			// take them one at a time.
			var cmds []tea.Cmd
			var next tea.Model = m
			for i, r := range msg.Runes {
				var cmd tea.Cmd
				if next.(Model).prompt != nil {
					// A key opened the time prompt: the rest is its text.
					next, cmd = next.(Model).promptKey(tea.KeyMsg{Type: tea.KeyRunes, Runes: msg.Runes[i:]})
					cmds = append(cmds, cmd)
					break
				}
				next, cmd = next.(Model).onKey(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: msg.Alt})
				cmds = append(cmds, cmd)
			}
			return next, tea.Batch(cmds...)
		}
		return m.onKey(msg)
	}
	return m, nil
}

// paces are the factors + and - scale a step's own speed by, up to four
// times it and down to a quarter: a step's speed is its author's pace for
// what it shows, and a learner may want a replay faster, or a moment slower.
var paces = [...]float64{1, 2, 4}

// speed is the step's speed at the learner's pace.
func (m *Model) speed(st *lessons.PreparedStep) float64 {
	if m.pace < 0 {
		return st.Speed / paces[-m.pace]
	}
	return st.Speed * paces[m.pace]
}

func (m Model) onTick(t tickMsg) (tea.Model, tea.Cmd) {
	if !m.playing || t.id != m.tickID || m.sim == nil || m.showEnd {
		return m, nil
	}
	st := m.cur()
	now := m.sim.Now()
	target := now + time.Duration(float64(m.o.Frame)*m.speed(st))
	if st.PauseAt > now && target >= st.PauseAt {
		target, m.playing, m.atPause = st.PauseAt, false, true
	}
	if stop := m.stopAt(); stop > now && target >= stop {
		target, m.playing = stop, false
	}
	if target >= m.sim.End() {
		target, m.playing, m.finished = m.sim.End(), false, true
	}
	if err := m.sim.Seek(target); err != nil {
		m.note, m.noteErr, m.playing = err.Error(), true, false
	}
	m.relayoutIfAsked()
	if m.playing {
		return m, m.tick()
	}
	if m.atPause {
		m.holdPause()
	}
	if m.atPause || m.finished {
		m.reveal()
	}
	return m, nil
}

// relayoutIfAsked places the panes again when one of them found something
// to say, or more, or lost it (extras.go), or asks for other heights than
// when they were placed (asks), as a move in time may. Placed only when
// the size changed, a pane kept the height it asked for at that moment,
// so the screen at a moment depended on when the window last changed
// size: lesson 14's tasks pane, placed at 200×60 and resized to 100×30 at
// 20.5 s, kept a blank row its figures no longer needed.
func (m *Model) relayoutIfAsked() {
	if m.sim == nil {
		return
	}
	again := relayout(m.sim.Panes())
	if _, sw := m.columns(); sw > 0 {
		var buf [48]int // three figures a pane: a step's panes and extras fit
		if !slices.Equal(appendAsks(buf[:0], m.sim.Panes(), sw), m.asked) {
			again = true
		}
	}
	if again {
		m.layout()
	}
}

// numberBox reports whether a number's box takes what is typed: a
// prediction waits for a number, or a number question is shown and not
// yet answered, with no help, list or last screen over it.
func (m *Model) numberBox() bool {
	if m.showHelp || m.showList || m.showEnd {
		return false
	}
	st := m.cur()
	if m.waiting() {
		return st.Predict.Kind == lessons.Number
	}
	return m.questionShown() && st.Question.Kind == lessons.Number && !m.questions[m.step].right
}

func (m Model) leave() (tea.Model, tea.Cmd) {
	m.playing = false
	m.tickID++
	if m.o.Embedded {
		return m, tea.Batch(m.save(), func() tea.Msg { return BackMsg{} })
	}
	return m, tea.Sequence(m.save(), tea.Quit)
}

func (m Model) onKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	if k.String() == "ctrl+c" {
		return m.leave()
	}
	if m.showHelp {
		if key.Matches(k, m.keys.Quit) {
			return m.leave()
		}
		// A help longer than the window scrolls on its keys (j, pgdn),
		// as the sandbox's does; any other key closes it, and only
		// closes it: the step stays as it was.
		m.fillHelp()
		if m.helpv.Scrollable() && !key.Matches(k, m.keys.HelpClose) && m.helpv.Update(k) {
			return m, nil
		}
		m.showHelp = false
		return m, nil
	}
	if m.showList {
		return m.listKey(k)
	}
	if m.showEnd {
		return m.endKey(k)
	}
	st := m.cur()
	if m.waiting() {
		if next, cmd, ok := m.predictKey(k); ok {
			return next, cmd
		}
	}
	q := &m.questions[m.step]
	shown := m.questionShown()
	// A key that answers a question the window hides below the text
	// first brings the question into view and answers nothing: lesson 7's
	// last step, after its play, took a 4 for an answer to a question
	// 24 lines below and scored it a miss.
	hidden := shown && m.questionBelow()
	// A numeric answer takes digits, a point, a minus, a percent sign.
	if shown && st.Question.Kind == lessons.Number && !q.right {
		switch {
		case q.in.Key(k):
			// Typing is not answering: the character (a paste, an
			// editing key: ctrl+u, ctrl+w...) goes into the box now in
			// view, and enter still sends it. A paste with nothing of a
			// number in it is refused in words.
			q.feedback = sentence(q.in.Refusal())
			q.bad = q.feedback != ""
			if hidden {
				m.scrollToQuestion()
			}
			return m, nil
		case key.Matches(k, m.keys.Submit) && hidden:
			m.scrollToQuestion()
			return m, nil
		case key.Matches(k, m.keys.Submit):
			if !q.in.Enter() {
				// Something was left out: the note under the box asks
				// to check the number, and the next enter sends it.
				q.feedback = ""
				return m, nil
			}
			return m.answerNumber()
		}
	}
	if m.numberBox() && k.Type == tea.KeyRunes && len(k.Runes) == 1 && !k.Alt && !m.playerKey(k) {
		// A character the box cannot take and no key of the player's:
		// "e" did nothing, without a word. The box says why, or, after
		// some of the number, leaves it out and says so.
		m.refuseInBox(k.Runes)
		if hidden {
			m.scrollToQuestion()
		}
		return m, nil
	}
	if shown && st.Question.Kind == lessons.Choice && len(k.Runes) == 1 && !q.right {
		if n := int(k.Runes[0] - '1'); n >= 0 && n < len(q.order) {
			if hidden {
				m.scrollToQuestion()
				return m, nil
			}
			return m.answerChoice(q.order[n])
		}
	}
	if m.rehearsed() && key.Matches(k, m.keys.Again) {
		// The prediction first: a step that asks both was rehearsed
		// whole, and its question follows the new guess's reveal.
		m.askAgain()
		return m, m.save()
	}
	if shown && q.right && key.Matches(k, m.keys.Again) {
		m.takeAgain(m.step)
		return m, m.save()
	}
	switch {
	case key.Matches(k, m.keys.Quit), key.Matches(k, m.keys.Back) && m.o.Embedded:
		return m.leave()
	case key.Matches(k, m.keys.Help):
		m.openHelp()
	case key.Matches(k, m.keys.Next):
		if m.review != nil {
			return m.nextReview()
		}
		if m.step+1 < len(m.p.Steps) {
			m.openStep(m.step + 1)
			return m, m.save()
		}
		return m.openEnd()
	case key.Matches(k, m.keys.Prev):
		if m.review != nil {
			return m.prevReview()
		}
		if m.step > 0 {
			m.openStep(m.step - 1)
			return m, m.save()
		}
	case key.Matches(k, m.keys.Faster):
		m.pace = min(m.pace+1, len(paces)-1)
	case key.Matches(k, m.keys.Slower):
		m.pace = max(m.pace-1, -len(paces)+1)
	case key.Matches(k, m.keys.Steps):
		m.showList, m.listCursor = true, m.step
	case m.timeKey(k):
		// Moved in time: 100 ms, an event, the start, the end, or a prompt.
		m.relayoutIfAsked()
	case key.Matches(k, m.keys.InstancesUp), key.Matches(k, m.keys.InstancesDown):
		m.scrollInstances(k)
	case key.Matches(k, m.keys.Up):
		m.setScroll(m.scroll - 1)
	case key.Matches(k, m.keys.Down):
		m.setScroll(m.scroll + 1)
	case key.Matches(k, m.keys.Toggle):
		m.showSim = !m.showSim
		m.layout()
	case key.Matches(k, m.keys.Play):
		return m.togglePlay()
	case key.Matches(k, m.keys.Restart):
		if m.sim != nil {
			m.playing, m.atPause, m.finished = false, false, false
			m.tickID++
			if err := m.sim.Seek(st.From); err != nil {
				m.note, m.noteErr = err.Error(), true
			}
			m.relayoutIfAsked()
		}
	case key.Matches(k, m.keys.Variant):
		if m.sim != nil { // enabled only with a design to choose (enableKeys)
			v, n, _ := m.sim.Variant()
			if err := m.sim.SetVariant((v + 1) % n); err != nil {
				m.note, m.noteErr = err.Error(), true
			}
			m.layout()
		}
	}
	return m, nil
}

// playerKey reports whether k is one of the player's keys that work while
// a number's box has focus (a step, time, speed, scrolling, the panes,
// help, quit): those stay the player's, where a character that is none of
// them is the box's to refuse (refuseInBox).
func (m *Model) playerKey(k tea.KeyMsg) bool {
	ks := &m.keys
	return key.Matches(k, ks.Quit, ks.Help, ks.Next, ks.Prev, ks.Faster, ks.Slower, ks.Steps,
		ks.Step, ks.BackStep, ks.NextEvent, ks.PrevEvent, ks.Start, ks.End, ks.GoTo,
		ks.InstancesUp, ks.InstancesDown, ks.Up, ks.Down, ks.Toggle, ks.Play, ks.Restart, ks.Variant) ||
		m.o.Embedded && key.Matches(k, ks.Back)
}

// refuseInBox gives r, a character the focused number's box cannot take,
// to the box (playback.NumberField.Refuse): its message goes in the box's
// own message line, the prediction's typo or the question's feedback.
func (m *Model) refuseInBox(r []rune) {
	if m.waiting() {
		ps := &m.predicts[m.step]
		ps.typo = ps.in.Refuse(r)
		if ps.typo != "" {
			ps.typo += "."
		}
		return
	}
	q := &m.questions[m.step]
	msg := q.in.Refuse(r)
	q.feedback, q.bad = "", false
	if msg != "" {
		q.feedback, q.bad = msg+".", true
	}
}

// scrollInstances hands a scroll key to the step's instances pane, the
// one pane with rows to scroll.
func (m *Model) scrollInstances(k tea.KeyMsg) {
	if ip := m.instancesPane(); ip != nil {
		ip.Fleet.Update(k)
	}
}

// instancesPane is the step's instances pane, or nil.
func (m *Model) instancesPane() *instancesPane {
	if m.sim == nil {
		return nil
	}
	for _, p := range m.sim.Panes() {
		if ip, ok := p.(*instancesPane); ok {
			return ip
		}
	}
	return nil
}

func (m Model) togglePlay() (tea.Model, tea.Cmd) {
	if m.sim == nil {
		return m, nil
	}
	if m.playing {
		m.playing = false
		m.tickID++
		return m, nil
	}
	if m.sim.Now() >= m.stopAt() {
		// At the end, or where a later step plays on after its question:
		// space plays the step again.
		if err := m.sim.Seek(m.cur().From); err != nil {
			m.note, m.noteErr = err.Error(), true
			return m, nil
		}
	}
	if m.waiting() {
		next, cmd, _ := m.predictKey(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
		return next, cmd
	}
	m.playing, m.atPause, m.finished = true, false, false
	// A note about where a jump left the run ("at the end: space replays
	// the step") is stale once it plays: lesson 12's status line went on
	// saying it beside "▶ playing 26.0 s".
	m.note, m.noteErr = "", false
	m.tickID++
	if m.w > 0 && m.w < wideMin {
		m.showSim = true // on a narrow screen, show what is playing
		m.layout()
	}
	return m, m.tick()
}

func (m Model) answerChoice(n int) (tea.Model, tea.Cmd) {
	q := m.cur().Question
	st := &m.questions[m.step]
	if st.right {
		return m, nil
	}
	st.picked, st.tries = n, st.tries+1
	c := q.Choices[n]
	if c.Right {
		st.right, st.bad = true, false
		st.feedback = "✓ Right. " + q.Explain
		if c.Why != "" {
			st.feedback += " " + c.Why
		}
	} else {
		st.bad = true
		st.feedback = "✗ Not quite. " + c.Why + " Try another answer."
	}
	return m.recordAnswer(c.Right)
}

func (m Model) answerNumber() (tea.Model, tea.Cmd) {
	q := m.cur().Question
	st := &m.questions[m.step]
	if st.in.Input == "" {
		st.feedback, st.bad = sentence(st.in.EmptyNote(q.GuessExample())), true
		m.showFeedback()
		return m, nil
	}
	ok, err := q.CheckNumber(st.in.Input)
	if err != nil {
		st.feedback, st.bad = err.Error()+".", true
		st.in.Select() // refused: the next typed number replaces it
		m.showFeedback()
		return m, nil
	}
	st.tries++
	st.in.Sent() // judged now: the note about what it left out goes
	// A wrong number is told how far off it is, without the answer while
	// tries are left, and the misconception it most likely comes from
	// where the step names one.
	why := ""
	got, gerr := q.ParseGuess(st.in.Input)
	if gerr == nil {
		if mc, found := q.MisconceptionFor(got); found && !ok {
			why = " " + mc.Why
		}
	}
	// A share typed as a bare number could be a fraction or points: say
	// which it was graded as, right or wrong, as the drill does, after
	// the verdict's own sentence (the room sees only that one).
	read := ""
	if s := q.TypedReading(st.in.Input); s != "" {
		read = " " + s
	}
	switch {
	case ok:
		st.right, st.bad = true, false
		st.feedback = fmt.Sprintf("✓ Right: %s.%s %s", lessons.WithUnit(q.AnswerText, q.Unit), read, q.Explain)
	case st.tries >= 3:
		st.right, st.bad = true, true
		st.feedback = fmt.Sprintf("✗ The answer is %s.%s%s %s", lessons.WithUnit(q.AnswerText, q.Unit), read, why, q.Explain)
		return m.recordAnswer(false)
	default:
		st.bad = true
		st.in.Select() // the next try's number replaces this one
		far := ""
		if gerr == nil {
			far = ": " + q.HowFar(got)
		}
		st.feedback = "✗ Not quite" + far + "." + read + why + " Try again."
	}
	return m.recordAnswer(ok)
}

func (m Model) recordAnswer(right bool) (tea.Model, tea.Cmd) {
	m.progress.Answered(m.step, right)
	if right {
		m.o.session.add(m.p.Lesson.ProgressKey(), m.step, false)
	}
	m.progress.UpdateDone(m.p.Lesson)
	m.showFeedback()
	return m, m.save()
}

// showFeedback scrolls the text so that its end, where a question's
// feedback is, is on screen: the learner sees the answer's explanation
// where the eyes are, at any size.
func (m *Model) showFeedback() {
	if m.w <= 0 || m.h <= 0 {
		return
	}
	if m.w < wideMin {
		m.showSim = false
		m.layout()
	}
	room := max(m.textRows()-len(m.pinned()), 1)
	m.setScroll(max(m.scroll, len(m.textLines())-room))
}

// scrollToQuestion scrolls the text to its end, where the question and
// its choices are, leaving the panes as they are.
func (m *Model) scrollToQuestion() {
	room := max(m.textRows()-len(m.pinned()), 1)
	m.setScroll(max(m.scroll, len(m.textLines())-room))
}

func (m Model) listKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch {
	case key.Matches(k, m.keys.Up), key.Matches(k, m.keys.Prev):
		m.listCursor = max(m.listCursor-1, 0)
	case key.Matches(k, m.keys.Down), key.Matches(k, m.keys.Next):
		m.listCursor = min(m.listCursor+1, len(m.p.Steps)-1)
	case key.Matches(k, m.keys.Submit):
		m.openStep(m.listCursor)
		return m, m.save()
	case key.Matches(k, m.keys.Quit):
		return m.leave()
	case key.Matches(k, m.keys.Steps), key.Matches(k, m.keys.Back):
		m.showList = false
	}
	return m, nil
}
