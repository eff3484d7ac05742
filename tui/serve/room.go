package serve

import (
	"sync"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/lessonui"
	"github.com/breakerlab/breakerlab/tui/sandbox"
)

// Screen is which of the presenter's screens the room follows.
type Screen uint8

const (
	NoScreen      Screen = iota // neither a sandbox nor the lessons is open
	SandboxScreen               // the sandbox
	LessonScreen                // the lessons: the list, or a lesson's step
)

// Shared is what the presenter shows, as state: the screen, and that
// screen's state. Followers draw it at their own size.
type Shared struct {
	Screen  Screen
	Sandbox sandbox.State  // when Screen is SandboxScreen
	Lesson  lessonui.State // when Screen is LessonScreen
}

// Room is the classroom's shared state: the presenter's screen as a Shared
// (the sandbox's or the lesson player's state, never a rendered frame),
// and who follows it. Sessions
// learn of a change through a one-slot signal channel each: a publish
// never waits for a session, so a student whose terminal reads slowly (or
// not at all) cannot hold up the teacher or anyone else; a session that
// missed signals reads only the latest state.
type Room struct {
	mu         sync.Mutex
	sh         Shared
	presenters int
	members    map[*Member]struct{}
	question   *questionState // the question put to the room, if any
	asked      int            // the questions put so far: the next one's Seq follows
	tallies    []tallied      // a line for each question closed so far (tally.go)
	rejoin     map[any]bool   // students whose last session left following (rejoin.go)
	join       *Join          // how students join, once the server serves
	// polls are the students' answers to the room's predictions, by
	// voter and step (pollfollow.go, notePolled).
	polls map[any]map[polledKey]lessons.Prediction
	// awayKept are the answers to the room's questions revealed while
	// the students who gave them were away, by student, kept in their
	// progress when they come back (pollkeep.go).
	awayKept map[studentName][]answeredNote
	// writeAway keeps in their progress files the answers revealed
	// while their students had no session open (the server's
	// keepAway); nil in a room without files (the tests').
	writeAway func([]awayAnswer)
	// places is countLocked's scratch, kept so that counting the room
	// allocates nothing once it has seen its students (see countLocked).
	places map[voterKey]RollEntry
	// revealed are the lesson steps whose prediction the teacher revealed
	// to the room (Reveal): what the room is shown of them (roomShared).
	revealed map[polledKey]bool
}

// Member is one session in the room.
type Member struct {
	signal    chan struct{}
	teacher   bool
	following bool
	// onMenu: the student's screen is the home screen's menu, not a
	// lesson, sandbox or tool they opened from it (nor the room's screen).
	onMenu bool
	// progress is the student's progress, shared by their sessions
	// (progress.go; nil: none kept), and predicted the answers to the
	// room's predictions their other sessions kept since this one last
	// looked (pollelsewhere.go).
	progress  *lessons.Store
	predicted []predictedNote
	// answeredQ are the student's answers to the room's questions kept
	// at their reveal since this session last looked (pollkeep.go).
	answeredQ []answeredNote
	// seenQ are the lesson steps the student's other sessions showed
	// them following the teacher since this one last looked
	// (followseen.go).
	seenQ []seenNote
	// name is the student's, as their progress folder is named
	// (studentID; "" in tests that give none): a room question counts
	// their answer by it (pollvoter.go).
	name string
	// display is the name the student signed in with, for the teacher's
	// list of who is in the room (roll.go).
	display string
	// where is where the student's session is when it explores, for
	// the teacher's list (rollwhere.go).
	where whereAt
	// presenting: the session's screen is in presentation mode (ctrl+p).
	// Following as well, it is a projector (projector.go).
	presenting bool
}

// NewRoom makes an empty room.
func NewRoom() *Room { return &Room{members: map[*Member]struct{}{}} }

// Join adds a session; a teacher's session presents.
func (r *Room) Join(teacher bool) *Member { return r.joinWith(teacher, nil) }

// joinWith is Join of a session whose student's progress is progress (nil:
// none kept).
func (r *Room) joinWith(teacher bool, progress *lessons.Store) *Member {
	m := &Member{signal: make(chan struct{}, 1), teacher: teacher, progress: progress}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.members[m] = struct{}{}
	if teacher {
		r.presenters++
	}
	r.notifyLocked(false)
	return m
}

// Leave removes a session. When the last presenter leaves, followers keep
// the last moment they were shown and are told the teacher is away.
func (r *Room) Leave(m *Member) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.members[m]; !ok {
		return
	}
	delete(r.members, m)
	r.noteRejoinLocked(m)
	// A student who leaves keeps their answer to the open question in
	// the count: it was given, and the teacher's tally, the summary the
	// class ends with and the student's progress (kept at the reveal,
	// pollkeep.go) all go by it. Taken out as they left, it was in none
	// of them when their connection dropped before the reveal. The count
	// says how many of those who answered have left (Asked.Left), so it
	// never reads "3 of 2 students"; coming back under the same name is
	// the same voter, with no second vote (pollvoter.go).
	// A session named by itself alone (no name, no progress; the server
	// names every student) cannot come back: its answers go with it, else
	// a client with no name could answer, leave and answer again.
	if m.voter() == any(m) {
		delete(r.polls, m)
		if q := r.question; q != nil && !q.revealed {
			q.dropLocked(m)
		}
	}
	if m.teacher {
		r.presenters--
		if r.presenters == 0 {
			r.sh = Shared{}
		}
	}
	r.notifyLocked(false)
}

// Signal is the member's channel: a value arrives after something it
// shows changed.
func (m *Member) Signal() <-chan struct{} { return m.signal }

// SetFollowing records whether a student follows; presenters see the
// counts.
func (r *Room) SetFollowing(m *Member, on bool) { setForTeachers(r, &m.following, on) }

// setForTeachers sets a member's field that only the presenters' screens
// show (the counts, the list of who is in the room), signalling them
// when it changed: a session notes where it is after every message, and
// one that did not move wakes no one.
func setForTeachers[T comparable](r *Room, field *T, v T) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if *field == v {
		return
	}
	*field = v
	r.notifyLocked(true)
}

// SetOnMenu records whether a student's screen is the home screen's
// menu; presenters see the counts.
func (r *Room) SetOnMenu(m *Member, on bool) { setForTeachers(r, &m.onMenu, on) }

// SetPresenting records whether a student's screen is in presentation
// mode; presenters see the counts, which leave projectors out.
func (r *Room) SetPresenting(m *Member, on bool) { setForTeachers(r, &m.presenting, on) }

// Publish is a presenter's new state. Followers are signalled; so is
// everyone when the screen followed changes (their status line changes).
func (r *Room) Publish(sh Shared) {
	r.mu.Lock()
	defer r.mu.Unlock()
	changed := sh.Screen != r.sh.Screen
	r.sh = r.roomSharedLocked(sh)
	for m := range r.members {
		if m.following || (changed && !m.teacher) {
			signal(m)
		}
	}
}

// roomSharedLocked is sh as the room is shown it: a lesson step whose
// prediction the teacher revealed to the room shows it revealed, though
// the teacher's own player still asks it (their guess stays theirs to
// make, or one space plays it: lessonui's RoomAnswered). The room has
// guessed and read the answer and why: a projector following (it answers
// nothing) held the step's figure, "shown after the guess", over a blank
// while the teacher's run played to it and the teacher's screen showed it.
func (r *Room) roomSharedLocked(sh Shared) Shared {
	st := &sh.Lesson
	if sh.Screen == LessonScreen && st.PredictHidden && st.Prepared != nil && st.Prepared.Lesson != nil &&
		r.revealed[polledKey{st.Prepared.Lesson.ProgressKey(), st.Step}] {
		st.PredictHidden = false
	}
	return sh
}

// Latest is the presenter's last state, and whether there is a presenter
// at all.
func (r *Room) Latest() (sh Shared, present bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.sh, r.presenters > 0
}

// Counts are how many students follow, how many explore (a lesson, the
// sandbox or a tool of their own, or the room's screen they forked) and
// how many sit on the home screen's menu, each student once however many
// sessions they have, as the list of who is in the room (Roll) and a
// question's count of students (Asked.Students) count them: a student
// following in any of their sessions follows (the teacher's screen is in
// front of them), one exploring in any other explores, and the rest are
// on the menu. The teacher's top line said "3 follow · 1 explore" of
// sessions while the list said "3 students in the room", and it counted
// a student who had opened nothing as exploring.
func (r *Room) Counts() (follow, explore, menu int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.countLocked()
}

// tally counts the students of entries who follow, those who explore and
// those on the menu (the list's foot, roll.go).
func tally(entries []*RollEntry) (follow, explore, menu int) {
	var n placeCounts
	for _, e := range entries {
		n[e.place()]++
	}
	return n.split()
}

// placeCounts is a count of students by place.
type placeCounts [3]int

func (n placeCounts) split() (follow, explore, menu int) {
	return n[placeFollowing], n[placeExploring], n[placeHome]
}

// notifyLocked signals the presenters (the counts changed) and, unless
// onlyTeachers, everyone (a presenter came or went). Projectors count as
// presenters here: the one open question's count of answers is on their
// screen too (projector.go).
func (r *Room) notifyLocked(onlyTeachers bool) {
	for m := range r.members {
		if m.teacher || !onlyTeachers || (r.question != nil && r.projectorLocked(m)) {
			signal(m)
		}
	}
}

// signal leaves a value in m's slot unless one already waits there.
func signal(m *Member) {
	select {
	case m.signal <- struct{}{}:
	default:
	}
}
