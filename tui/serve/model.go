package serve

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/fullscreen"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/home"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/lessonui"
	"github.com/breakerlab/breakerlab/tui/palette"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Session is one classroom session's model: the home screen, and the room
// around it. A student can follow the presenter (followKey): a sandbox, or
// a lesson picker and player, of the session's own then shows the
// presenter's state at this window's size (whichever of the two the
// presenter has open); F or any other key forks it (the student explores
// on from that moment), followKey rejoins, and esc or q goes back to the
// student's own screen (ctrl+c ends the session, exploring too). A
// presenter's session publishes its screen's state after every message,
// may put the question of the lesson step on its screen to the room
// (ctrl+a), then reveal its answer (r), and lists who is in the room
// (ctrl+l, roll.go). The top line's right end says whether the session
// presents, follows or explores. ctrl+p toggles presentation mode on every
// screen.
type Session struct {
	// idleLimit ends the session after that long with no key or click
	// from its student (SetIdleLimit); lastInput is when the last came.
	idleLimit time.Duration
	lastInput time.Time
	idledOut  bool
	clock     func() time.Time

	home    home.Model
	th      *theme.Theme
	room    *Room
	me      *Member
	ctx     context.Context
	teacher bool
	limits  sandbox.Limits // the room's sandbox's, as home.Options.Sandbox

	mode   mode
	shown  Screen        // which of rs and rl the room's screen is
	rs     sandbox.Model // the room's sandbox: following, or forked from it
	haveRS bool
	rsSrc  *engine.Scenario // the presenter's scenario rs was built on
	rsSeed uint64
	rl     lessonui.Picker // the room's lessons: following, or forked
	// rlOwn says the student forked the room's lesson player: theirs from
	// then on, which following again replaces (startFollowing).
	rlOwn  bool
	haveRL bool
	away   bool // following, but the presenter has neither open

	lastSh Shared // what this presenter published last

	// palFrom is the room's mode the student left to open the home
	// screen's palette (onHome: the palette was not opened from the
	// room): esc on it goes back there, a jump goes where it says.
	palFrom mode

	local       bool // the teacher's own terminal: quitting stops the server
	confirmQuit bool // asking whether to stop the server
	quitting    bool // the teacher said y: the next quit goes through

	// lessons are for a follower's lesson list; loadLessons supplies them
	// the first time it needs them, so that a session (and the server)
	// starts without parsing any.
	lessons     []*lessons.Lesson
	loadLessons func() ([]*lessons.Lesson, error)
	// lessonLab is home.Options.Lab, for the follower's lesson list too (the
	// next lesson its last screen prepares, the recaps it fills).
	lessonLab  *lessons.Lab
	lessonsErr error

	// writeElsewhere is home.Options.WriteElsewhere, for the room's
	// sandbox too.
	writeElsewhere string

	askNote    string // why the teacher's ctrl+a asked nothing, while shown
	showRoll   bool   // the teacher's list of who is in the room is open (roll.go)
	page       pageID // the question's page on screen (pagescroll.go)
	pageScroll int    // how far it is scrolled, in lines
	// splitting is set while Update hands a burst of keys on one at a
	// time (playback.EachRune), whose corner shows it once.
	splitting     bool
	pageMax       int     // how far it scrolls, as last drawn
	lastAsk       roomAsk // the question the teacher's ctrl+a last put
	setAside      int     // the question the student put aside
	asideRevealed bool    // and whether it was revealed then
	answered      int     // the student's answer to answeredSeq
	answeredSeq   int
	// choiceTypo says why the student's last key answered nothing in the
	// multiple-choice question choiceTypoSeq (a digit past its choices, a
	// letter), until their next answer.
	choiceTypo    string
	choiceTypoSeq int
	guessed       Guess     // the student's number, when answeredSeq is a number question
	num           numberBox // the number being typed to a number question (pollnumber.go)
	// onScreen is the question the student's screen shows (its Seq; 0:
	// none) as the last message left it, and leftAt when one last left it
	// that the teacher ended or replaced (pollclose.go).
	onScreen int
	leftAt   time.Time
	// appearedAt is when onScreen last came onto the student's screen
	// (pollopen.go).
	appearedAt time.Time

	// store is the session's progress (home.Options.LessonStore; nil: none
	// kept): the teacher's gives the order of a question's choices, a
	// student's keeps their answer to the room's prediction.
	store *lessons.Store
	// polled are the student's answers to the room's predictions, by
	// lesson and step, for the followed player (pollfollow.go).
	polled map[polledKey]lessons.Prediction
	// kept is what the student's last answer to a prediction replaced in
	// their progress.
	kept keptAnswer
	// seen is the step following last kept in their progress
	// (followseen.go).
	seen seenStep

	drops dropNote // input the server dropped, while the note shows (dropnote.go)
	// forkNote: the student's last key stopped their following the
	// teacher, or was one of the teacher's keys, and the screen's last
	// line says so (in noteForms) until their next key (forknote.go).
	forkNote    bool
	noteForms   []string
	rejoined    bool // following again on signing in (rejoin.go), not yet told
	noteOwnLine bool // the note has a line of its own above the keys
	forkNoteGen int  // the forks that set the note so far (forkNoteDoneMsg)

	// lab is the address of the live lab the session runs, which the
	// top line keeps whole (labtitle.go).
	lab *labAddress

	present bool         // presentation mode
	pth     *theme.Theme // its high-contrast theme, on the session's renderer
	keys    present.Keys // the key shown in the corner in presentation mode

	w, h        int // the screens' size: the window less the join line
	fullH       int // the window's height
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
	if o.Theme == nil {
		o.Theme = theme.New(nil)
	}
	lab := &labAddress{}
	o.LiveLab = lab.watch(o.LiveLab)
	o.HelpNote = classKeysNote(teacher)
	s := &Session{home: home.New(o), lab: lab, th: o.Theme, room: room, ctx: ctx, teacher: teacher, lessons: o.Lessons, loadLessons: o.LoadLessons, lessonLab: o.Lab, writeElsewhere: o.WriteElsewhere,
		limits: o.Sandbox, pth: theme.New(o.Theme.R, theme.HighContrast()), store: o.LessonStore}
	s.me = room.joinWith(teacher, o.LessonStore)
	s.notePlace()
	return s
}

// classKeysNote is what the home screen's help adds in a class: the room's
// keys, which its key table (the local program's) does not list. The
// teacher read only ctrl+a, on the join line; ctrl+l and ctrl+p were
// named nowhere on their screen, and a student's help named neither
// following nor exploring.
func classKeysNote(teacher bool) string {
	// One line at 80 columns (the help's paragraphs wrap at 74): the
	// student's help has room for no more at 80x24.
	if teacher {
		return askKey + " asks the room · " + rollKey + " who is here · " + present.Key + " presentation mode"
	}
	return followKey + " follows the teacher · F explores · " + present.Key + " presentation mode"
}

// Leave takes the session out of the room; call it once the program ends.
func (s *Session) Leave() { s.room.Leave(s.me) }

// Following reports whether the session follows the presenter.
func (s *Session) Following() bool { return s.mode == following }

// Init waits for the room.
func (s *Session) Init() tea.Cmd { return tea.Batch(s.home.Init(), s.wait(), s.idleTick()) }

// idleCheckMsg asks whether the student has been idle past the limit.
type idleCheckMsg struct{}

// SetIdleLimit ends the session once its student has pressed no key and
// clicked nothing for d (0: never), unless they are watching (watching:
// following the teacher, presentation mode, a room question on their
// screen). It is the only idle limit: the SSH library's counted traffic
// either way, so a screen that animates (the home screen, a playing run),
// which writes every frame, held an abandoned session's place until the
// 4 h limit, and a still screen watched cut the session (server.go). clock is the time (time.Now if nil); call it before
// the program starts.
func (s *Session) SetIdleLimit(d time.Duration, clock func() time.Time) {
	if clock == nil {
		clock = time.Now
	}
	s.idleLimit, s.clock, s.lastInput = d, clock, clock()
}

// watching reports whether the session's student is taking part without
// typing: following a teacher who is in the room, a screen in
// presentation mode (a projector), or a room question on their screen.
// A lecture watched for half an hour is not an abandoned session. A
// presenter is watched while anyone follows them or a question is open:
// a teacher talking over one step presses nothing, and closing them
// would leave the whole room following no one.
func (s *Session) watching() bool {
	if _, asking := s.questionView(); asking || s.present {
		return true
	}
	if s.teacher {
		if follow, _, _ := s.room.Counts(); follow > 0 {
			return true
		}
		if _, open := s.room.OpenQuestion(); open {
			return true
		}
	}
	_, present := s.room.Latest()
	return s.mode == following && present
}

// IdledOut reports whether the session ended for its student's idleness.
func (s *Session) IdledOut() bool { return s.idledOut }

// idleTick looks again in a while: a tenth of the limit, at most a minute,
// or never once the session has ended.
func (s *Session) idleTick() tea.Cmd {
	if s.idleLimit <= 0 {
		return nil
	}
	// A timer that also ends with the session: a tea.Tick would leave its
	// goroutine asleep for up to a minute after the student has gone.
	d, done := min(s.idleLimit/10, time.Minute), s.ctx.Done()
	return func() tea.Msg {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
			return idleCheckMsg{}
		case <-done:
			return nil
		}
	}
}

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

// Update routes a message to the screen it belongs to, then fits the room's
// tag beside the title of the screen shown (tagfit.go) and notes the room
// question the screen shows (pollclose.go).
func (s *Session) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if s.idledOut {
		switch msg.(type) {
		case tea.KeyMsg, tea.MouseMsg:
			// The idle check has ended the session, but its tea.Quit is a
			// command: bubbletea takes the messages queued before its
			// QuitMsg first. A key read meanwhile was taken and drawn (a
			// ctrl+g showed "following the teacher") and then the session
			// closed "with no key pressed". Once decided, nothing more is
			// taken, so the screen never shows what the session will not do.
			return s, nil
		}
	}
	if k, ok := msg.(tea.KeyMsg); ok && !s.splitting {
		// Keys typed faster than the session reads them ("kkk" on a
		// poll's page) come as one message of several runes, which no
		// binding of the room's own screens matches: each goes through
		// alone, as on a local terminal (home does the same for the
		// screens below it). Presentation mode's corner shows the burst
		// once, as it came ("k ×3").
		s.splitting = true
		next, cmd, split := playback.EachRune(s, k, nil)
		if !split {
			next, cmd, split = fullscreen.EscTwice(s, k) // a follower's two escs stop following, as they should
		}
		s.splitting = false
		if split {
			var shown tea.Cmd
			if s.present {
				shown = s.keys.Show(k)
			}
			return next, tea.Batch(shown, cmd)
		}
	}
	next, cmd := s.update(msg)
	s.notePlace()
	s.fitTitle()
	s.noteShownQuestion()
	s.notePage()
	return next, cmd
}

func (s *Session) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg.(type) {
	case tea.KeyMsg, tea.MouseMsg:
		if s.clock != nil {
			s.lastInput = s.clock()
		}
		if _, key := msg.(tea.KeyMsg); key {
			_ = s.setForkNote(nil) // said once: the key after it has been read
		}
	case idleCheckMsg:
		if s.watching() {
			// Someone watching types nothing, and is not idle.
			s.lastInput = s.clock()
		}
		if s.idleLimit > 0 && s.clock().Sub(s.lastInput) >= s.idleLimit {
			s.idledOut = true
			return s, tea.Quit
		}
		return s, s.idleTick()
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		return s, s.resize(msg)
	case sizeMsg:
		s.sizePending = false
		return s, s.applySize(s.pendW, s.pendH)
	case inputDroppedMsg:
		return s, s.inputDropped(msg)
	case forkNoteDoneMsg:
		if msg.gen == s.forkNoteGen {
			_ = s.setForkNote(nil)
		}
		return s, nil
	case dropNoteDoneMsg:
		if msg.gen == s.drops.gen {
			return s, s.setDropNote(false)
		}
		return s, nil
	case roomMsg:
		cmd := s.wait()
		s.showElsewhere()  // answers kept in another session, or at a reveal (pollkeep.go)
		s.takeRoomAnswer() // given in another of the student's sessions (pollvoter.go)
		s.takeRoomAside()  // and the question put aside there (pollaside.go)
		if s.mode == following {
			s.catchUp()
		}
		if s.teacher && s.sized {
			// The join line may have come: the screens make room for it.
			cmd = tea.Batch(cmd, s.applySize(s.w, s.fullH))
		}
		return s, cmd
	case askQuitMsg:
		s.confirmQuit = true
		return s, nil
	case palette.ClosedMsg:
		s.backFromPalette()
	case palette.JumpMsg:
		s.palFrom = onHome
	case present.FadeMsg:
		s.keys.Fade(msg)
		return s, nil
	case tea.KeyMsg:
		if msg.String() == present.Key {
			s.present, s.keys.Last = !s.present, ""
			return s, nil
		}
		var shown tea.Cmd
		if s.present && !s.splitting {
			shown = s.keys.Show(msg)
		}
		if handled, cmd := s.quitKey(msg); handled {
			return s, tea.Batch(shown, cmd)
		}
		if handled, cmd := s.questionKey(msg); handled {
			return s, tea.Batch(shown, cmd)
		}
		next, cmd := s.key(msg)
		return next, tea.Batch(shown, cmd)
	case tea.MouseMsg:
		return s, s.mouse(msg)
	case sandbox.BackMsg:
		if s.mode != onHome && s.shown == SandboxScreen {
			s.stopFollowing(onHome)
			return s, nil
		}
	case lessonui.BackMsg:
		// The room's lessons sent it: a lesson closes to the list, the
		// list goes home. Home's own lessons get theirs on the home
		// screen.
		if s.mode != onHome && s.shown == LessonScreen {
			if !s.rl.Open() {
				s.stopFollowing(onHome)
				return s, nil
			}
			next, cmd := s.rl.Update(msg)
			s.rl = next.(lessonui.Picker)
			return s, cmd
		}
	}
	// Everything else (frames, the screens' own messages) goes to the
	// home screen and the room's screens: a frame names its clock (the
	// room's lesson player counts its ticks apart from home's), so each
	// takes only its own.
	cmd := s.updateHome(msg)
	if s.haveRS {
		next, c := s.rs.Update(msg)
		s.rs = next.(sandbox.Model)
		cmd = tea.Batch(cmd, c)
	}
	if s.haveRL {
		next, c := s.rl.Update(msg)
		s.rl = next.(lessonui.Picker)
		cmd = tea.Batch(cmd, c)
	}
	return s, cmd
}

// MaxWidth and MaxHeight bound the screen a session draws, whatever
// size the client's window claims. A window is the client's to declare:
// 8000 × 8000 took one session's memory from 87 MB to a gigabyte, and
// 100000 × 100000 kept growing (a screen's frame is width × height cells)
// past 5 GB after the client had gone, which would take the teacher's
// machine and the class with it. A screen's frame and its drawing time
// grow with its cells (the sandbox's charts kept a canvas of theirs, some
// 400 bytes a cell, until they came to keep only their axes' cells: a
// session playing the sandbox at 320 × 100 held 12 MB, now about 1.5 MB,
// against 1.2 MB at 100 × 30). At 320 × 100 it holds under
// SessionHeapBound, and a full-screen terminal on a 1440p monitor, or a
// 4K one at 2× scaling, still fits; a larger window shows the screen at
// this size in its corner.
const (
	MaxWidth  = 320
	MaxHeight = 100
)

// SessionHeapBound is the most live heap one session is meant to keep at
// the largest screen (MaxWidth × MaxHeight) after a second of the sandbox
// playing: the server's memory is bounded by MaxSessions times it (400 MB
// at the default 100 sessions), and
// TestSessionsAtTheLargestScreenStayUnderTheBound holds it, measuring the
// sessions paused (a frame being drawn as the heap is read, a chart's
// canvas, is not kept: on a loaded machine it read up to 8 MB a session).
const SessionHeapBound = 4 << 20

// resize records the new size, bounded (MaxWidth, MaxHeight); the first
// applies at once, and later ones settle for sizeSettle first.
func (s *Session) resize(ws tea.WindowSizeMsg) tea.Cmd {
	ws.Width, ws.Height = min(max(ws.Width, 0), MaxWidth), min(max(ws.Height, 0), MaxHeight)
	if !s.sized {
		s.sized = true
		cmd := s.applySize(ws.Width, ws.Height)
		if s.rejoined && s.mode == following {
			cmd = tea.Batch(cmd, s.setForkNote(rejoinNoteForms()))
		}
		s.rejoined = false
		return cmd
	}
	s.pendW, s.pendH = ws.Width, ws.Height
	if s.sizePending {
		return nil
	}
	s.sizePending = true
	return tea.Tick(sizeSettle, func(time.Time) tea.Msg { return sizeMsg{} })
}

func (s *Session) applySize(w, fullH int) tea.Cmd {
	s.fullH = fullH
	h := fullH - s.joinRows(w, fullH)
	if w == s.w && h == s.h {
		return nil
	}
	s.w, s.h = w, h
	return s.sizeScreens()
}

// updateHome hands msg to the home screen; a presenter then publishes what
// its sandbox shows, when that changed.
func (s *Session) updateHome(msg tea.Msg) tea.Cmd {
	next, cmd := s.home.Update(msg)
	s.home = next.(home.Model)
	if s.teacher {
		s.publish()
		if s.sized {
			// The screen opened or closed may take the join line's row
			// (joinRows).
			cmd = tea.Batch(cmd, s.applySize(s.w, s.fullH))
		}
	}
	return cmd
}

func (s *Session) publish() {
	var sh Shared
	if sb, open := s.home.Sandbox(); open {
		sh = Shared{Screen: SandboxScreen, Sandbox: sb.State()}
	} else if p, open := s.home.Lessons(); open {
		sh = Shared{Screen: LessonScreen, Lesson: p.State()}
	}
	if sh == s.lastSh {
		return
	}
	s.lastSh = sh
	s.room.Publish(sh)
}

// questionKey handles the keys of room questions: the teacher's ctrl+a,
// and every key while a question (or the teacher's list) is on screen.
func (s *Session) questionKey(k tea.KeyMsg) (handled bool, cmd tea.Cmd) {
	if !s.teacher {
		return s.studentQuestionKey(k)
	}
	if handled, cmd := s.rollKeyTaken(k); handled {
		return true, cmd
	}
	if k.String() == rollKey {
		s.showRoll, s.askNote = true, ""
		return true, nil
	}
	if handled, cmd := s.teacherQuestionKey(k); handled {
		return true, cmd
	}
	if k.String() == askKey {
		s.askCurrent()
		return true, nil
	}
	return false, nil
}

// key handles the room's keys and hands the rest on.
func (s *Session) key(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	ks := k.String()
	if s.roomPaletteKey(ks) {
		return s, s.openPalette()
	}
	switch s.mode {
	case following:
		switch ks {
		case followKey:
			return s, nil
		case "ctrl+c":
			return s, tea.Quit
		case askKey, rollKey:
			return s, s.teacherKeyNote(ks)
		}
		if s.shown == LessonScreen && s.haveRL && s.rl.ViewKey(k) {
			// A key that only changes what this screen shows (tab to the
			// simulation a narrow window hides, scrolling, the help) is
			// not a move in the lesson: the student goes on following.
			next, cmd := s.rl.Update(k)
			s.rl = next.(lessonui.Picker)
			return s, cmd
		}
		if s.shown == SandboxScreen && s.haveRS && s.rs.ViewKey(k) {
			// The help of the followed sandbox, likewise (sandbox's
			// ViewKey): ? forked it.
			next, cmd := s.rs.Update(k)
			s.rs = next.(sandbox.Model)
			return s, cmd
		}
		switch ks {
		case "esc", "q":
			// Back where the student was, as the followed screen's help
			// says ("q back", as on every screen opened from another):
			// q ended the whole SSH session. ctrl+c still does.
			s.stopFollowing(onHome)
			return s, nil
		}
		if s.shown == NoScreen && ks != "F" {
			// Waiting for the teacher's sandbox or lesson, nothing to
			// explore: a key (? for the help, a letter) dropped the
			// student on their own menu without a word, no longer
			// following, and the lesson the teacher opened next never
			// reached them. The page names the keys that leave.
			return s, nil
		}
		// F, or any key that explores, forks from this moment.
		cmd := s.fork()
		if s.mode == exploring {
			cmd = tea.Batch(cmd, s.setForkNote(forkNoteForms()))
		}
		if ks == "F" || s.mode != exploring {
			return s, cmd
		}
		return s, tea.Batch(cmd, s.roomKey(k))
	case exploring:
		switch ks {
		case followKey:
			s.startFollowing()
			return s, nil
		case "ctrl+c":
			return s, s.quitExploring(k)
		}
		return s, s.roomKey(k)
	}
	if ks == followKey && !s.teacher && s.homeTakesFollow() {
		s.startFollowing()
		return s, nil
	}
	return s, s.updateHome(k)
}

// quitExploring ends the session of a student exploring the room's
// screen, as ctrl+c does everywhere else. The room's screens are embedded,
// so their ctrl+c only goes back a level (a lesson to its list, the list
// home, the sandbox's prompt closed): three presses to disconnect. The
// lesson player still takes it first, which puts its progress in the
// student's store; the server saves the store as the session ends, so its
// save to the file and its way back are not waited for.
func (s *Session) quitExploring(k tea.KeyMsg) tea.Cmd {
	if s.shown == LessonScreen && s.haveRL {
		next, _ := s.rl.Update(k)
		s.rl = next.(lessonui.Picker)
	}
	return tea.Quit
}

// roomKey hands a key to the room's screen the student explores.
func (s *Session) roomKey(k tea.KeyMsg) tea.Cmd {
	if s.shown == LessonScreen {
		before := forkedPrediction(s.rl)
		next, cmd := s.rl.Update(k)
		s.rl = next.(lessonui.Picker)
		s.predictedInFork(before)
		return cmd
	}
	next, cmd := s.rs.Update(k)
	s.rs = next.(sandbox.Model)
	return cmd
}

// followKey follows the teacher, from the student's own screens and from
// the room's screen they explore. It is a key no screen binds, nor any
// text field (bubbles' text fields move the cursor with ctrl+f): f was the
// sandbox's chaos menu and the builder's fleet, and a letter in the
// interview's answer, and the room took it from all three.
const followKey = "ctrl+g"

// homeTakesFollow reports whether the room takes followKey where the home
// screen is: everywhere but the palette opened from the room's screen,
// whose esc goes back there.
func (s *Session) homeTakesFollow() bool { return s.palFrom == onHome }

// roomPaletteKey reports whether ks opens the palette from the room's
// screen: ctrl+k always, as on every screen, and : on the room's lesson
// list, where it goes to no time. Where the room's screen plays, : goes
// to a time, as it does locally.
func (s *Session) roomPaletteKey(ks string) bool {
	if s.mode == onHome || s.teacher {
		return false
	}
	if ks == home.PaletteKey {
		return true
	}
	return ks == ":" && s.shown == LessonScreen && s.haveRL && !s.rl.Open() && !s.rl.Filtering()
}

// openPalette opens the home screen's palette for a student on the room's
// screen. The palette is the home screen's, drawn over it, so the student
// leaves the room, as the tag says; esc comes back to following or
// exploring, a jump goes where it says.
func (s *Session) openPalette() tea.Cmd {
	from := s.mode
	s.stopFollowing(onHome)
	s.palFrom = from
	return s.updateHome(tea.KeyMsg{Type: tea.KeyCtrlK})
}

// backFromPalette takes the student back to the room's screen they opened
// the palette from, when they closed it without a jump.
func (s *Session) backFromPalette() {
	switch from := s.palFrom; {
	case from == following:
		s.palFrom = onHome
		s.startFollowing()
	case from == exploring:
		s.palFrom, s.mode = onHome, exploring
	}
}

// notePlace tells the room whether the student's screen is the home
// screen's menu, for the teacher's counts (Room.Counts): a student who had
// opened nothing was counted as exploring. The palette opened from the
// room's screen is not the menu: esc goes back there.
func (s *Session) notePlace() {
	if s.teacher {
		return
	}
	s.room.SetOnMenu(s.me, s.mode == onHome && s.palFrom == onHome && s.home.OnMenu())
	s.room.SetPresenting(s.me, s.present)
	s.room.SetWhere(s.me, s.where())
}

func (s *Session) startFollowing() {
	s.mode = following
	if s.haveRL && s.rlOwn {
		// The player the student explored holds their guesses, answers,
		// design and speed, which Follow keeps (it moves a player, it
		// does not replace it): dropping it has catchUp open the
		// presenter's lesson afresh, as a student who only followed sees
		// it. It showed the student's guess and their ×0.3 under
		// "following the teacher", where the teacher's step asked.
		s.rl, _ = s.rl.Follow(lessonui.State{})
		s.rlOwn = false
	}
	s.room.SetFollowing(s.me, true)
	s.catchUp()
}

func (s *Session) stopFollowing(to mode) {
	s.mode = to
	s.room.SetFollowing(s.me, false)
}

// fork turns the followed screen into the student's own.
func (s *Session) fork() tea.Cmd {
	s.stopFollowing(onHome)
	var cmd tea.Cmd
	switch {
	case s.shown == SandboxScreen && s.haveRS:
		s.rs, cmd = s.rs.Fork()
		// From here the copy may run the student's own knobs, seed or
		// faults, which Follow keeps (it moves a run, it does not
		// replace it): following again builds the presenter's afresh.
		// It showed "9/100 busy" under "following the teacher", the
		// student's 100 workers where the teacher had 200.
		s.rsSrc = nil
	case s.shown == LessonScreen && s.haveRL:
		// The student's lesson from here on: it keeps their progress
		// (pollfork.go).
		s.rl, cmd = s.rl.ForkKeeping(s.store)
		s.rlOwn = true
	default:
		return nil
	}
	s.mode = exploring
	return cmd
}

// catchUp shows the presenter's latest state on the screen it is on.
func (s *Session) catchUp() {
	sh, _ := s.room.Latest()
	s.away = sh.Screen == NoScreen
	switch sh.Screen {
	case SandboxScreen:
		s.shown = SandboxScreen
		s.catchUpSandbox(sh.Sandbox)
	case LessonScreen:
		s.shown = LessonScreen
		s.catchUpLesson(sh.Lesson)
	}
}

// roomLessons are Options.Lessons, or what Options.LoadLessons gives the
// first time they are needed (one try, as the home screen makes).
func (s *Session) roomLessons() []*lessons.Lesson {
	if s.lessons == nil && s.loadLessons != nil {
		s.lessons, s.lessonsErr = s.loadLessons()
		s.loadLessons = nil
	}
	return s.lessons
}

// catchUpLesson shows the presenter's lesson list or step, in the room's
// lesson picker; a new lesson opens on the presenter's prepared copy.
func (s *Session) catchUpLesson(st lessonui.State) {
	if !s.haveRL {
		all, notice := s.roomLessons(), ""
		if s.lessonsErr != nil {
			notice = "The lessons did not load: " + s.lessonsErr.Error()
		}
		p := lessonui.NewPicker(all, s.lessonLab, lessonui.Options{Theme: s.th, Embedded: true, Notice: notice})
		next, _ := p.Update(tea.WindowSizeMsg{Width: s.w, Height: s.roomH()})
		s.rl, s.haveRL = next.(lessonui.Picker), true
	}
	// An error (a step the lesson does not have) leaves the follower on
	// what it showed, with the reason in its status line.
	var err error
	s.rl, err = s.rl.Follow(st)
	s.followGuess()
	s.followGuesses(st)
	if err == nil {
		s.keepSeen(st)
	}
	s.tellAsked(st)
}

// catchUpSandbox shows the presenter's sandbox: a new sandbox when the
// scenario, its knobs or the seed changed, else the same one moved.
func (s *Session) catchUpSandbox(st sandbox.State) {
	if !s.haveRS || st.Scenario != s.rsSrc || st.Seed != s.rsSeed {
		rs, err := sandbox.NewFollower(sandbox.Options{Theme: s.th, CanGoHome: true, WriteElsewhere: s.writeElsewhere, Limits: s.limits}, st)
		if err != nil {
			// The presenter's sandbox runs this very scenario, so this
			// is not expected; the follower keeps what it showed.
			return
		}
		next, _ := rs.Update(tea.WindowSizeMsg{Width: s.w, Height: s.roomH()})
		s.rs, s.haveRS, s.rsSrc, s.rsSeed = next.(sandbox.Model), true, st.Scenario, st.Seed
		return
	}
	s.rs, _ = s.rs.Follow(st)
}

// View draws the screen the session is on, with the room's tag at the
// right end of the top line.
func (s *Session) View() string {
	var v string
	qv, asking := s.questionView()
	switch {
	case s.confirmQuit:
		v = s.quitView()
	case asking:
		v = qv
	case s.present:
		v = present.Show(s.pth, shownScreen{s}, s.keys.Last, s.w, s.roomH())
	default:
		v = s.screenView()
	}
	if !asking && !s.confirmQuit && !s.present && s.screenTooSmall() {
		v = tagAbove(v, s.tag(), s.w)
	} else {
		mark := ""
		if s.present && !asking && !s.confirmQuit {
			if _, ok := s.moment(); ok {
				mark = "…" // the moment's title, which present.View drew
			}
		}
		tag := s.tag()
		if top, _, _ := strings.Cut(v, "\n"); !asking && !s.confirmQuit && s.mode == onHome && s.home.OnMenu() && strings.TrimSpace(ansi.Strip(top)) == "" {
			tag = s.tagBeside(false) // no marker to leave room for
		}
		if !asking && !s.confirmQuit {
			if kept, t, ok := fitKeeping(v, s.lab.get(), s.shownTagForms(), s.w); ok {
				v, tag = kept, t
			}
		}
		v = withTagMarked(v, tag, s.w, mark)
	}
	if !asking && !s.confirmQuit {
		// The room's screen, laid out a line short for the note.
		v = s.withForkNote(v)
	}
	v = s.withDropNote(v)
	if s.fullH > s.h && s.w > 0 {
		v += "\n" + s.joinView(s.w)
	}
	return v
}

// screenView is the screen the session is on, as it draws itself. A
// follower whose presenter closed the screen keeps its last moment.
func (s *Session) screenView() string {
	switch {
	case s.mode == following && s.shown == NoScreen:
		return s.waiting()
	case s.mode != onHome && s.shown == LessonScreen:
		return s.rl.View()
	case s.mode != onHome:
		return s.rs.View()
	}
	if v, ok := s.roomEndView(); ok {
		return v // the room's answers where the teacher's score was (roomend.go)
	}
	return s.home.View()
}

// moment is the key number of the screen the session is on, for
// presentation mode.
func (s *Session) moment() (present.Moment, bool) {
	switch {
	case s.mode == onHome:
		return s.home.Moment()
	case s.shown == LessonScreen:
		return s.rl.Moment()
	case s.shown == SandboxScreen:
		return s.rs.Moment()
	}
	return present.Moment{}, false
}

// keyLineAsks reports whether the last line of the screen the session is
// on asks something (a prompt being typed, the sandbox's leave question),
// which presentation mode keeps instead of giving it to the key corner
// (present.KeyLineAsker).
func (s *Session) keyLineAsks() bool {
	switch {
	case s.mode == onHome:
		return s.home.KeyLineAsks()
	case s.shown == LessonScreen:
		return s.rl.KeyLineAsks()
	case s.shown == SandboxScreen:
		return s.rs.KeyLineAsks()
	}
	return false
}

// presentNote is what presentation mode writes on the last line of the
// screen the session is on (present.Noter): the home menu's note, that
// the mode shows big on the sandbox and the lessons, as the lone program
// shows it; the room's screens say nothing.
func (s *Session) presentNote() []string {
	if s.mode == onHome {
		return s.home.PresentNote()
	}
	return nil
}

// shownScreen is the screen the session is on, as present.Show draws it
// for a projector.
type shownScreen struct{ s *Session }

func (v shownScreen) View() string                   { return v.s.screenView() }
func (v shownScreen) Moment() (present.Moment, bool) { return v.s.moment() }
func (v shownScreen) KeyLineAsks() bool              { return v.s.keyLineAsks() }
func (v shownScreen) PresentNote() []string          { return v.s.presentNote() }

// waiting is the follower's screen before the presenter opened a sandbox.
func (s *Session) waiting() string {
	if s.w <= 0 || s.h <= 0 {
		return ""
	}
	msg := "Following the teacher. The screen they are on now is not shared: only their sandbox and the lessons are. Whichever of those they open appears here, at your window's size. Press esc or q to go back, F to explore on your own, ctrl+c to quit; other keys wait here."
	if _, present := s.room.Latest(); !present {
		msg = "Following the teacher, who has left the room. When they come back and open their sandbox or a lesson, it appears here, at your window's size. Press esc or q to go back, F to explore on your own, ctrl+c to quit; other keys wait here."
	}
	lines := []string{"", ""}
	for _, l := range pane.Wrap(msg, max(s.w-6, 1)) {
		lines = append(lines, "   "+l)
	}
	return strings.Join(pane.Block(lines, s.w, s.roomH()), "\n")
}

// tagForms are what the top line may say about the room, the fullest
// first, each shorter one saying less (tag picks the one that fits). On a
// lesson's step they also say which step: the player keeps that at the
// right end of its top line, where the tag goes.
func (s *Session) tagForms() []string {
	sh, present := s.room.Latest()
	open := sh.Screen != NoScreen
	step := s.lessonStep()
	switch {
	case s.teacher && !open:
		// The menu, or a screen the room does not follow (the shard view,
		// challenges, the live lab, ...): followers still see the last
		// sandbox or lesson step the teacher showed, or a screen that
		// waits.
		f, e, h := s.room.Counts()
		return []string{fmt.Sprintf("teaching · not shown to followers · %d follow · %d explore · %d on home", f, e, h),
			fmt.Sprintf("teaching · not shown to followers · %d follow · %d explore", f, e), fmt.Sprintf("teaching · not shown to followers · %d follow", f), "not shown to followers"}
	case s.teacher:
		f, e, h := s.room.Counts()
		return []string{fmt.Sprintf("teaching%s · %d follow · %d explore · %d on home", step, f, e, h),
			fmt.Sprintf("teaching%s · %d follow · %d explore", step, f, e), fmt.Sprintf("teaching%s · %d follow", step, f), "teaching" + step}
	case s.palFrom == following:
		return []string{"left following for the palette · esc goes back", "esc goes back to following", "palette"}
	case s.palFrom == exploring:
		return []string{"left the room's screen for the palette · esc goes back", "esc goes back to exploring", "palette"}
	case s.mode == following && s.away && !present:
		return []string{"following · the teacher has left · F explores"}
	case s.mode == following && s.away && s.shown == SandboxScreen:
		return []string{"following · the teacher's screen is not shared: their last sandbox · F explores", "following · not shared: their last sandbox · F explores", "following · not shared · F explores", "following · not shared"}
	case s.mode == following && s.away && s.shown == LessonScreen:
		return []string{"following · not shared: their last lesson screen · F explores", "following · not shared · F explores", "not shared"}
	case s.mode == following && s.away:
		return []string{"following · the teacher's screen is not shared · F explores", "following · not shared · F explores", "not shared"}
	case s.mode == following && s.shown == SandboxScreen && sh.Screen == SandboxScreen && sh.Sandbox.Comparing:
		// The follower shows the left side of the teacher's comparison.
		return []string{"following · compare mode is not followed: left side · F explores", "following · compare's left side · F explores", "following · compare's left side"}
	case s.mode == following:
		return []string{"following the teacher" + step + " · F explores", "following" + step + " · F explores", "following" + step}
	case s.mode != exploring && !present:
		return nil
	case s.room.placeOf(s.me) == placeHome:
		// Where the teacher's counts have the student "on home": the tag
		// said "exploring" there.
		return []string{"on the home screen · " + followKey + " follows the teacher", "on home · " + followKey + " follows", "on home"}
	}
	// On the home screen's tools too, whatever the teacher shows:
	// followKey follows them there as well (a screen not shared waits for
	// their next sandbox or lesson), and a student who joined while the
	// teacher was on the menu read a bare "exploring" that named no way to
	// follow.
	return []string{"exploring" + step + " · " + followKey + " follows the teacher", "exploring" + step + " · " + followKey + " follows", "exploring" + step}
}

// lessonStep is " · step 3/7" (or " · the end") when a lesson is on
// screen, else empty.
func (s *Session) lessonStep() string {
	var st lessonui.State
	switch {
	case s.mode != onHome && s.shown == LessonScreen && s.haveRL:
		st = s.rl.State()
	case s.mode == onHome:
		p, ok := s.home.Lessons()
		if !ok {
			return ""
		}
		st = p.State()
	}
	switch {
	case st.Prepared == nil:
		return ""
	case st.End:
		return " · the end"
	}
	return fmt.Sprintf(" · step %d/%d", st.Step+1, len(st.Prepared.Steps))
}

// withTag puts tag at the right end of view's first line, over blank cells
// when the line leaves room, else cutting the line between its fields (two
// spaces) or, failing that, between words, and leaving off a separator
// the cut left at its end (looseEnd).
func withTag(view, tag string, w int) string { return withTagMarked(view, tag, w, "") }

// withTagMarked is withTag ending a line it cut with mark: presentation
// mode's moment title is cut with "…", where the room read "Lesson 1 ·
// step 1 of 9 · A server on a" as the whole of it.
func withTagMarked(view, tag string, w int, mark string) string {
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
	cutMark := ""
	if ansi.StringWidth(plain) > keep {
		if mark != "" && keep > ansi.StringWidth(mark) {
			cutMark = mark
			keep -= ansi.StringWidth(mark)
		}
		// Cut at the last space that leaves room, so no word is split.
		// A gap of two spaces parts a title's fields: cut there when
		// there is one.
		cut := ansi.Truncate(plain, keep, "")
		if i := strings.LastIndex(strings.TrimRight(cut, " "), "  "); i > 0 {
			cut = cut[:i]
		} else if i := strings.LastIndexByte(cut, ' '); i >= 0 {
			cut = cut[:i]
		}
		cut = looseEnd(cut)
		keep = ansi.StringWidth(cut)
		if strings.TrimSpace(cut) == "" {
			cutMark = "" // nothing of the line is left to say it goes on
		}
	}
	line := ansi.Truncate(first, keep, "")
	if cutMark != "" {
		// Inside the line's own style: the mark is part of the title.
		line = ansi.Truncate(first, keep+ansi.StringWidth(cutMark), cutMark)
	}
	if pad := w - tw - ansi.StringWidth(line); pad > 0 {
		line += strings.Repeat(" ", pad)
	}
	if rest == "" && !strings.Contains(view, "\n") {
		return line + tag
	}
	return line + tag + "\n" + rest
}
