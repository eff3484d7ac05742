package lessonui

import (
	"fmt"
	"regexp"
	"strings"
	"time"

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
// step's key number (the workers held; the customers unharmed on a
// shuffle-sharding step), its state in words, and the step's first
// sentence as the caption. A text-only step has no number: its title and
// caption alone.
func (m Model) Moment() (present.Moment, bool) {
	cur := m.cur()
	title := fmt.Sprintf("Lesson %d · step %d of %d · %s", m.p.Lesson.Number, m.step+1, len(m.p.Steps), cur.Title)
	caption := FirstSentence(cur.Text)
	switch s := m.sim.(type) {
	case *engineSim:
		mo := present.Engine(title, &s.snap, m.playing, caption)
		mo.Clock = present.Clock(s.Now(), s.End(), m.playing)
		return mo, true
	case *shuffleSim:
		c := s.snap.Now
		mo := present.Moment{Title: title, Clock: present.Clock(s.Now(), s.End(), m.playing),
			Value: c.Healthy, Of: c.Healthy + c.Degraded + c.Lost, Label: "customers unharmed", Caption: caption}
		mo.Details = []string{fmt.Sprintf("degraded %d · lost %d · ever lost %d", c.Degraded, c.Lost, s.snap.EverLost)}
		return mo, true
	}
	return present.Moment{Title: title, Caption: caption}, true
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
