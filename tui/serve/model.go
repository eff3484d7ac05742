package serve

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/home"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Session is one classroom session's model: the home screen, and the room
// around it. A student can follow the presenter (f): a sandbox of the
// session's own then shows the presenter's state at this window's size; F
// or any other key forks it (the student explores on from that moment),
// and f rejoins. A presenter's session publishes its sandbox's state after
// every message, and may put a question to the room (ctrl+a). The top
// line's right end says whether the session presents, follows or explores.
// ctrl+p toggles presentation mode.
type Session struct {
	home    home.Model
	th      *theme.Theme
	room    *Room
	me      *Member
	ctx     context.Context
	teacher bool

	mode   mode
	rs     sandbox.Model // the room's sandbox: following, or forked from it
	haveRS bool
	rsSrc  *engine.Scenario // the presenter's scenario rs was built on
	rsSeed uint64
	away   bool // following, but the presenter's sandbox is closed

	lastSt   sandbox.State // what this presenter published last
	lastOpen bool

	lessons     []*lessons.Lesson // for the questions the teacher may ask
	pick        *picker           // the teacher's question list, when open
	reveal      bool              // the teacher shows the right answer
	setAside    int               // the question the student put aside
	answered    int               // the student's answer to answeredSeq
	answeredSeq int

	present bool   // presentation mode
	lastKey string // the key shown in the corner in presentation mode
	keySeq  int

	w, h        int
	sized       bool
	pendW       int
	pendH       int
	sizePending bool
}

type mode uint8

const (
	onHome    mode = iota // the home screen, or anything opened from it
	following             // the room's sandbox, following the presenter
	exploring             // the room's sandbox, forked from the presenter
)

// Messages of the session's own commands.
type (
	// roomMsg says the room changed: a new state, counts, a presenter.
	roomMsg struct{}
	// sizeMsg applies the last window size a burst of resizes left.
	sizeMsg struct{}
)

// sizeSettle is how long a burst of window changes is gathered before the
// screens lay out again: a client that floods resizes costs one layout per
// interval, not one per request.
const sizeSettle = 20 * time.Millisecond

// NewSession builds a session's model. ctx ends with the session; it stops
// the command that waits for the room.
func NewSession(ctx context.Context, o home.Options, room *Room, teacher bool) *Session {
	s := &Session{home: home.New(o), th: o.Theme, room: room, ctx: ctx, teacher: teacher, lessons: o.Lessons}
	s.me = room.Join(teacher)
	return s
}

// Leave takes the session out of the room; call it once the program ends.
func (s *Session) Leave() { s.room.Leave(s.me) }

// Following reports whether the session follows the presenter.
func (s *Session) Following() bool { return s.mode == following }

// Init waits for the room.
func (s *Session) Init() tea.Cmd { return tea.Batch(s.home.Init(), s.wait()) }

// wait is the command that returns when the room signals this session, or
// nothing once the session has ended.
func (s *Session) wait() tea.Cmd {
	sig, done := s.me.Signal(), s.ctx.Done()
	return func() tea.Msg {
		select {
		case <-sig:
			return roomMsg{}
		case <-done:
			return nil
		}
	}
}

// Update routes a message to the screen it belongs to.
func (s *Session) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		return s, s.resize(msg)
	case sizeMsg:
		s.sizePending = false
		return s, s.applySize(s.pendW, s.pendH)
	case roomMsg:
		cmd := s.wait()
		if s.mode == following {
			s.catchUp()
		}
		return s, cmd
	case keyFadeMsg:
		if msg.seq == s.keySeq {
			s.lastKey = ""
		}
		return s, nil
	case tea.KeyMsg:
		if msg.String() == presentKey {
			s.present, s.lastKey = !s.present, ""
			return s, nil
		}
		var shown tea.Cmd
		if s.present {
			shown = s.showKey(msg)
		}
		if handled, cmd := s.questionKey(msg); handled {
			return s, tea.Batch(shown, cmd)
		}
		next, cmd := s.key(msg)
		return next, tea.Batch(shown, cmd)
	case questionsMsg:
		if s.pick != nil {
			s.pick.qs, s.pick.loading = msg.qs, false
			if msg.err != nil {
				s.pick.err = "The questions could not be read: " + msg.err.Error()
			}
		}
		return s, nil
	case sandbox.BackMsg:
		if s.mode != onHome {
			s.stopFollowing(onHome)
			return s, nil
		}
	}
	// Everything else (frames, the screens' own messages) goes to both
	// the home screen and the room's sandbox: a frame names its clock, so
	// each takes only its own.
	cmd := s.updateHome(msg)
	if s.haveRS {
		next, c := s.rs.Update(msg)
		s.rs = next.(sandbox.Model)
		cmd = tea.Batch(cmd, c)
	}
	return s, cmd
}

// resize records the new size; the first applies at once, and later ones
// settle for sizeSettle first.
func (s *Session) resize(ws tea.WindowSizeMsg) tea.Cmd {
	if !s.sized {
		s.sized = true
		return s.applySize(ws.Width, ws.Height)
	}
	s.pendW, s.pendH = ws.Width, ws.Height
	if s.sizePending {
		return nil
	}
	s.sizePending = true
	return tea.Tick(sizeSettle, func(time.Time) tea.Msg { return sizeMsg{} })
}

func (s *Session) applySize(w, h int) tea.Cmd {
	if w == s.w && h == s.h {
		return nil
	}
	s.w, s.h = w, h
	ws := tea.WindowSizeMsg{Width: w, Height: h}
	cmd := s.updateHome(ws)
	if s.haveRS {
		next, _ := s.rs.Update(ws)
		s.rs = next.(sandbox.Model)
	}
	return cmd
}

// updateHome hands msg to the home screen; a presenter then publishes what
// its sandbox shows, when that changed.
func (s *Session) updateHome(msg tea.Msg) tea.Cmd {
	next, cmd := s.home.Update(msg)
	s.home = next.(home.Model)
	if s.teacher {
		s.publish()
	}
	return cmd
}

func (s *Session) publish() {
	sb, open := s.home.Sandbox()
	var st sandbox.State
	if open {
		st = sb.State()
	}
	if st == s.lastSt && open == s.lastOpen {
		return
	}
	s.lastSt, s.lastOpen = st, open
	s.room.Publish(st, open)
}

// questionKey handles the keys of room questions: the teacher's ctrl+a,
// and every key while a question (or the teacher's list) is on screen.
func (s *Session) questionKey(k tea.KeyMsg) (handled bool, cmd tea.Cmd) {
	if !s.teacher {
		return s.studentQuestionKey(k)
	}
	if handled, cmd := s.teacherQuestionKey(k); handled {
		return true, cmd
	}
	if k.String() == askKey {
		return true, s.openPicker()
	}
	return false, nil
}

// key handles the room's keys and hands the rest on.
func (s *Session) key(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	ks := k.String()
	switch s.mode {
	case following:
		switch ks {
		case "f":
			return s, nil
		case "ctrl+c", "q":
			return s, tea.Quit
		case "esc":
			s.stopFollowing(onHome)
			return s, nil
		}
		// F, or any key that explores, forks from this moment.
		cmd := s.fork()
		if ks == "F" {
			return s, cmd
		}
		next, c := s.rs.Update(k)
		s.rs = next.(sandbox.Model)
		return s, tea.Batch(cmd, c)
	case exploring:
		if ks == "f" {
			s.startFollowing()
			return s, nil
		}
		next, cmd := s.rs.Update(k)
		s.rs = next.(sandbox.Model)
		return s, cmd
	}
	if ks == "f" && !s.teacher && s.homeTakesF() {
		s.startFollowing()
		return s, nil
	}
	return s, s.updateHome(k)
}

// homeTakesF reports whether f is free where the home screen is: its own
// menus and the sandbox use no f; the lessons, the exercises and the
// shard view keep their keys.
func (s *Session) homeTakesF() bool {
	return !s.home.InLessons() && !s.home.InExercises() && !s.home.InShardView()
}

func (s *Session) startFollowing() {
	s.mode = following
	s.room.SetFollowing(s.me, true)
	s.catchUp()
}

func (s *Session) stopFollowing(to mode) {
	s.mode = to
	s.room.SetFollowing(s.me, false)
}

// fork turns the followed sandbox into the student's own.
func (s *Session) fork() tea.Cmd {
	s.stopFollowing(onHome)
	if !s.haveRS {
		return nil
	}
	s.mode = exploring
	var cmd tea.Cmd
	s.rs, cmd = s.rs.Fork()
	return cmd
}

// catchUp shows the presenter's latest state: a new sandbox when the
// scenario, its knobs or the seed changed, else the same one moved.
func (s *Session) catchUp() {
	st, open, _ := s.room.Latest()
	s.away = !open
	if !open {
		return
	}
	if !s.haveRS || st.Scenario != s.rsSrc || st.Seed != s.rsSeed {
		rs, err := sandbox.NewFollower(sandbox.Options{Theme: s.th, CanGoHome: true}, st)
		if err != nil {
			// The presenter's sandbox runs this very scenario, so this
			// is not expected; the follower keeps what it showed.
			return
		}
		next, _ := rs.Update(tea.WindowSizeMsg{Width: s.w, Height: s.h})
		s.rs, s.haveRS, s.rsSrc, s.rsSeed = next.(sandbox.Model), true, st.Scenario, st.Seed
		return
	}
	s.rs, _ = s.rs.Follow(st)
}

// View draws the screen the session is on, with the room's tag at the
// right end of the top line.
func (s *Session) View() string {
	var v string
	pv, presenting := s.presented()
	qv, asking := s.questionView()
	switch {
	case asking:
		v = qv
	case presenting:
		v = presentView(s.th, pv.st.Scenario, pv.snap, pv.playing, s.lastKey, s.w, s.h)
	case s.mode == following && !s.haveRS:
		v = s.waiting()
	case s.mode != onHome:
		v = s.rs.View()
	default:
		v = s.home.View()
	}
	return withTag(v, s.tag(), s.w)
}

// waiting is the follower's screen before the presenter opened a sandbox.
func (s *Session) waiting() string {
	if s.w <= 0 || s.h <= 0 {
		return ""
	}
	msg := "Following the teacher. Their sandbox is not open yet: it appears here, at your window's size, as soon as it is. Press esc to go back, q to quit."
	lines := []string{"", ""}
	for _, l := range pane.Wrap(msg, max(s.w-6, 1)) {
		lines = append(lines, "   "+l)
	}
	return strings.Join(pane.Block(lines, s.w, s.h), "\n")
}

// tag is what the top line says about the room.
func (s *Session) tag() string {
	_, open, present := s.room.Latest()
	switch {
	case s.teacher:
		f, e := s.room.Counts()
		return fmt.Sprintf("presenting · %d follow · %d explore", f, e)
	case s.mode == following && s.away:
		return "following · the teacher's sandbox is closed · F explores"
	case s.mode == following:
		return "following the teacher · F explores"
	case s.mode == exploring:
		return "exploring · f follows the teacher"
	case present && open && s.homeTakesF():
		return "exploring · f follows the teacher"
	case present:
		return "exploring"
	}
	return ""
}

// withTag puts tag at the right end of view's first line, over blank cells
// when the line leaves room, else cutting the line between its fields (two
// spaces) or, failing that, between words.
func withTag(view, tag string, w int) string {
	if tag == "" || w <= 0 {
		return view
	}
	tag = " " + tag + " "
	tw := ansi.StringWidth(tag)
	if tw > w {
		tag = ansi.Truncate(tag, w, "")
		tw = ansi.StringWidth(tag)
	}
	first, rest, _ := strings.Cut(view, "\n")
	keep := w - tw
	plain := strings.TrimRight(ansi.Strip(first), " ")
	if ansi.StringWidth(plain) > keep {
		// Cut at the last space that leaves room, so no word is split.
		// A gap of two spaces parts a title's fields: cut there when
		// there is one.
		cut := ansi.Truncate(plain, keep, "")
		if i := strings.LastIndex(strings.TrimRight(cut, " "), "  "); i > 0 {
			keep = ansi.StringWidth(cut[:i])
		} else if i := strings.LastIndexByte(cut, ' '); i >= 0 {
			keep = ansi.StringWidth(cut[:i])
		}
	}
	line := ansi.Truncate(first, keep, "")
	if pad := w - tw - ansi.StringWidth(line); pad > 0 {
		line += strings.Repeat(" ", pad)
	}
	if rest == "" && !strings.Contains(view, "\n") {
		return line + tag
	}
	return line + tag + "\n" + rest
}
