package serve

import (
	"context"
	"fmt"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/home"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	gossh "golang.org/x/crypto/ssh"
)

// lessonHome is the test home screen with the built-in lessons.
func lessonHome(t testing.TB) home.Options {
	o := testHome()
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	o.Lessons = all
	return o
}

func lessonSession(t *testing.T, room *Room, teacher bool, w, h int) *Session {
	t.Helper()
	return namedLessonSession(t, room, teacher, "", w, h)
}

// namedLessonSession is lessonSession named as the server names a
// student's session (SetStudent), before its first size; "" names none.
func namedLessonSession(t *testing.T, room *Room, teacher bool, id string, w, h int) *Session {
	t.Helper()
	waitPendingAtEnd(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	o := lessonHome(t)
	o.Theme = theme.New(theme.Plain())
	s := NewSession(ctx, o, room, teacher)
	t.Cleanup(s.Leave)
	if id != "" {
		s.SetStudent(id, id)
	}
	s.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return s
}

// The tests that drive a Session directly (plainSession, lessonSession:
// no server, no SSH) call racefree.Only: `make test` runs them without
// -race, ten times faster. Those that only send keys (keys) start no
// goroutine. Those that run the commands the keys return (press, run)
// start goroutines for them, and those commands are the ones tea.Program
// runs in every session over SSH, which the tests over SSH run under
// -race: a lesson's preparing (TestFollowTheTeachersLessonOverSSH,
// TestRoomQuestionOverSSH, TestWatchingSessionsOutliveTheIdleLimit), its
// progress saved, the room's wait, ticks and fades. The rest return a
// constant message (a screen's BackMsg, the palette's JumpMsg), or are the
// mock interview's runs (TestAScreenNotSharedSaysSo), whose package,
// tui/interviewui, the Makefile runs without -race (RACE_FREE).

// pending counts the commands run left waiting (ticks, the room's wait):
// a test that runs commands waits for them at its end, after its sessions
// have ended, so that no goroutine outlives it.
var pending sync.WaitGroup

// waitedFor holds the tests whose end waits for pending already.
var waitedFor sync.Map

// waitPendingAtEnd has t wait for pending once, after every session it
// makes has left: clean-ups run last registered first, so the wait goes
// in with the test's first session, before any session's own. Registered
// with each session, the wait of a later one ran before the earlier ones
// had ended, and held the test until their commands gave up on their own
// (a student's fork note waits 5 s for its timer or its session's end:
// three tests took 5 s each doing nothing).
func waitPendingAtEnd(t *testing.T) {
	if _, already := waitedFor.LoadOrStore(t, true); already {
		return
	}
	t.Cleanup(func() {
		pending.Wait()
		waitedFor.Delete(t)
	})
}

// run feeds what cmd returns back to s, as the program would, through
// batches; ticks (frames, fades) and the room's wait are left out: they
// only wait. A command is left to finish on its own once its goroutine
// is seen parked in one of those (onlyWaits), or after 200 ms of slow
// work (a lesson's simulations on a loaded machine): its message is kept
// for awaitLesson.
func run(t *testing.T, s *Session, cmd tea.Cmd, depth int) {
	t.Helper()
	if cmd == nil || depth > 4 {
		return
	}
	got := make(chan tea.Msg, 1)
	started := make(chan int64, 1)
	pending.Add(1)
	go func() {
		defer pending.Done()
		started <- goroutineID()
		got <- cmd()
	}()
	msg, ok := finished(got, <-started, patience(200*time.Millisecond))
	if !ok {
		pending.Add(1)
		go func() {
			defer pending.Done()
			m := <-got
			select {
			case late <- lateMsg{s, m}:
			default: // nobody will read it: a tick or a wait
			}
		}()
		return
	}
	if b, ok := msg.(tea.BatchMsg); ok {
		for _, c := range b {
			run(t, s, c, depth+1)
		}
		return
	}
	if msg == nil {
		return
	}
	_, next := s.Update(msg)
	run(t, s, next, depth+1)
}

// finished waits for the message of the command goroutine id runs, and
// says false instead once the goroutine only waits (onlyWaits), or after
// patience. It looks at the goroutine at growing intervals: a command
// that computes returns within the first of them.
func finished(got <-chan tea.Msg, id int64, patience time.Duration) (tea.Msg, bool) {
	deadline := time.After(patience)
	poll := 100 * time.Microsecond
	for {
		select {
		case msg := <-got:
			return msg, true
		case <-deadline:
			return nil, false
		case <-time.After(poll):
		}
		if onlyWaits(id) {
			// It may have returned meanwhile (a timer that fired).
			select {
			case msg := <-got:
				return msg, true
			default:
				return nil, false
			}
		}
		poll = min(2*poll, 10*time.Millisecond)
	}
}

// waiter names the commands that only wait, as a goroutine's trace names
// them, inlined into their callers or not: tea.Tick's (frames, fades,
// the size settling), and the session's own timers and the room's signal
// (Session.wait, idleTick, inputDropped).
var waiter = regexp.MustCompile(`(\.Tick\.func\d+|\(\*Session\)\.(wait|idleTick|inputDropped)\.func\d+)\(`)

// onlyWaits reports whether goroutine id is parked in one of the waiters,
// on a channel or a select: the stack of every goroutine, read, names
// each by its id, its state and then its innermost function outside the
// runtime.
func onlyWaits(id int64) bool {
	head := fmt.Sprintf("goroutine %d [", id)
	for _, g := range strings.Split(allStacks(), "\n\n") {
		if !strings.HasPrefix(g, head) {
			continue
		}
		state, frames, _ := strings.Cut(g[len(head):], "]:\n")
		state, _, _ = strings.Cut(state, ",") // "select, 2 minutes"
		if state != "chan receive" && state != "select" {
			return false
		}
		first, _, _ := strings.Cut(frames, "\n")
		return waiter.MatchString(first)
	}
	return false
}

// allStacks is every goroutine's trace.
func allStacks() string {
	buf := make([]byte, 64<<10)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return string(buf[:n])
		}
		buf = make([]byte, 2*len(buf))
	}
}

// goroutineID is the id of the goroutine that calls it, as its trace's
// first line says: "goroutine 18 [running]:".
func goroutineID() int64 {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	f := strings.Fields(string(buf))
	if len(f) < 2 {
		return -1
	}
	id, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return -1
	}
	return id
}

// lateMsg is a command's message that came after run stopped waiting.
type lateMsg struct {
	s   *Session
	msg tea.Msg
}

var late = make(chan lateMsg, 256)

// awaitLesson feeds late messages to their sessions until s's lesson is
// open and prepared: preparing runs the lesson's simulations, which can
// take seconds under the race detector on a loaded machine.
func awaitLesson(t *testing.T, s *Session) {
	t.Helper()
	deadline := time.After(patience(20 * time.Second))
	for {
		if p, ok := s.home.Lessons(); ok && p.Open() && p.State().Prepared != nil {
			return
		}
		select {
		case lm := <-late:
			_, cmd := lm.s.Update(lm.msg)
			run(t, lm.s, cmd, 1)
		case <-deadline:
			t.Fatalf("the lesson was not prepared in time:\n%s", s.View())
		}
	}
}

// press sends keys to s and runs the commands they return.
func press(t *testing.T, s *Session, ks ...string) {
	t.Helper()
	for _, k := range ks {
		var msg tea.KeyMsg
		switch k {
		case "enter":
			msg = tea.KeyMsg{Type: tea.KeyEnter}
		case "esc":
			msg = tea.KeyMsg{Type: tea.KeyEsc}
		case " ":
			msg = tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
		case "ctrl+c":
			msg = tea.KeyMsg{Type: tea.KeyCtrlC}
		case "ctrl+g":
			msg = tea.KeyMsg{Type: tea.KeyCtrlG}
		default:
			msg = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
		}
		_, cmd := s.Update(msg)
		run(t, s, cmd, 0)
	}
}

// The teacher opens lesson 1 and moves to step 3: a student who follows
// sees step 3 at their own size, and moves with the teacher; F forks (the
// teacher's next step does not move them), f rejoins at the teacher's
// step; the teacher's list of lessons is followed too.
func TestFollowTheTeachersLesson(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 80, 24)
	press(t, teacher, "enter")
	if !teacher.home.InLessons() {
		t.Fatal("the teacher's lessons did not open")
	}
	if sh, _ := room.Latest(); sh.Screen != LessonScreen || sh.Lesson.Prepared != nil {
		t.Fatalf("the room shows %+v, want the lesson list", sh)
	}
	press(t, teacher, "enter")
	awaitLesson(t, teacher)
	press(t, teacher, "n", "n")
	sh, _ := room.Latest()
	if sh.Lesson.Step != 2 || sh.Lesson.Lesson == "" {
		t.Fatalf("the teacher published step %d of %q, want step 3:\n%s", sh.Lesson.Step+1, sh.Lesson.Lesson, teacher.View())
	}
	if v := teacher.View(); !strings.Contains(firstLine(v), "teaching · step 3/") {
		t.Fatalf("the teacher's top line: %q", firstLine(v))
	}

	press(t, student, "ctrl+g")
	v := student.View()
	if !student.Following() || !strings.Contains(firstLine(v), "following the teacher · step 3/") {
		t.Fatalf("the follower's screen:\n%s", v)
	}
	if st := student.rl.State(); st.Step != 2 || st.Lesson != sh.Lesson.Lesson {
		t.Fatalf("the follower's player is on step %d of %q", st.Step+1, st.Lesson)
	}
	if lines := strings.Split(v, "\n"); len(lines) != 24 {
		t.Fatalf("the follower's screen has %d lines at 80x24", len(lines))
	}
	// The teacher moves on; the follower with them.
	press(t, teacher, "n")
	student.Update(roomMsg{})
	if st := student.rl.State(); st.Step != 3 {
		t.Fatalf("after the teacher's next step the follower is on step %d", st.Step+1)
	}
	// F forks: the teacher's next step leaves the student where they are.
	press(t, student, "F")
	if student.Following() || student.mode != exploring || !strings.Contains(student.tag(), "exploring · step 4/") {
		t.Fatalf("after F: following=%v tag %q", student.Following(), student.tag())
	}
	press(t, teacher, "p", "p")
	student.Update(roomMsg{})
	if st := student.rl.State(); st.Step != 3 {
		t.Fatalf("an explorer moved with the teacher to step %d", st.Step+1)
	}
	// Their own keys move their own copy.
	press(t, student, "n")
	if st := student.rl.State(); st.Step != 4 {
		t.Fatalf("the explorer's n went to step %d, want 5", st.Step+1)
	}
	// f rejoins at the teacher's step 2.
	press(t, student, "ctrl+g")
	if st := student.rl.State(); !student.Following() || st.Step != 1 {
		t.Fatalf("f rejoined on step %d (following %v), want the teacher's step 2", st.Step+1, student.Following())
	}
	// The teacher goes back to the list: the follower sees the list.
	press(t, teacher, "q")
	student.Update(roomMsg{})
	if sh, _ := room.Latest(); sh.Screen != LessonScreen || sh.Lesson.Prepared != nil {
		t.Fatalf("after q the room shows %+v, want the list", sh)
	}
	if student.rl.Open() || !strings.Contains(student.View(), "lessons") {
		t.Fatalf("the follower did not go back to the list:\n%s", student.View())
	}
}

// The follower's question is open while the teacher's is unanswered: the
// room does not read the answer off its screen before the teacher shows it.
func TestFollowerAnswersHidden(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 100, 30)
	press(t, teacher, "enter", "enter")
	awaitLesson(t, teacher)
	p, _ := teacher.home.Lessons()
	st := p.State()
	q := -1
	for i, step := range st.Prepared.Steps {
		if step.Question != nil && step.Question.Kind == lessons.Choice && step.Predict == nil {
			q = i
			break
		}
	}
	if q < 0 {
		t.Skip("lesson 1 has no plain choice question")
	}
	for range q {
		press(t, teacher, "n")
	}
	press(t, student, "ctrl+g")
	if st := student.rl.State(); !st.AnswersHidden() {
		t.Fatal("the follower shows the answer the teacher has not given")
	}
	if sh, _ := room.Latest(); !sh.Lesson.AnswersHidden() {
		t.Fatal("the teacher's unanswered question is published as answered")
	}
}

func firstLine(v string) string {
	l, _, _ := strings.Cut(v, "\n")
	return l
}

// Over SSH: a teacher client opens lesson 1 and moves to step 3; two
// students follow at their own sizes and see step 3, then step 4 as the
// teacher moves; one forks and stays while the other moves on to step 5;
// f brings the explorer back to step 5.
func TestFollowTheTeachersLessonOverSSH(t *testing.T) {
	tk := newSigner(t)
	ts := startServer(t, Config{TeacherKeys: []gossh.PublicKey{tk.PublicKey()}, Home: func() home.Options { return lessonHome(t) }})
	base := runtime.NumGoroutine()
	teacher := ts.dial(t, "teacher", KeyAuth(tk), 100, 30)
	waitFor(t, teacher, 0, "teaching · not shown to followers · 0 follow")
	mark := teacher.Mark()
	if err := teacher.Type("\r"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, teacher, mark, "open the lesson")
	mark = teacher.Mark()
	if err := teacher.Type("\r"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, teacher, mark, "teaching · step 1/")
	mark = teacher.Mark()
	if err := teacher.Type("nn"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, teacher, mark, "teaching · step 3/")

	var students []*Client
	for i, size := range [][2]int{{80, 24}, {120, 40}} {
		c := ts.dial(t, fmt.Sprintf("s%d", i), PasswordAuth("x"), size[0], size[1])
		waitFor(t, c, 0, "ctrl+g follows the teacher")
		mark := c.Mark()
		if err := c.Type("\x07"); err != nil {
			t.Fatal(err)
		}
		waitFor(t, c, mark, "following the teacher · step 3/")
		students = append(students, c)
	}
	marks := []int64{students[0].Mark(), students[1].Mark()}
	if err := teacher.Type("n"); err != nil {
		t.Fatal(err)
	}
	for i, c := range students {
		waitFor(t, c, marks[i], "following the teacher · step 4/")
	}
	explorer := students[0]
	mark = explorer.Mark()
	if err := explorer.Type("F"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, explorer, mark, "exploring · step 4/")
	mark, mark1 := explorer.Mark(), students[1].Mark()
	if err := teacher.Type("n"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, students[1], mark1, "following the teacher · step 5/")
	if s := explorer.Since(mark); strings.Contains(s, "step 5/") {
		t.Fatalf("the student who forked moved with the teacher:\n%s", tail(s, 1500))
	}
	mark = explorer.Mark()
	if err := explorer.Type("\x07"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, explorer, mark, "following the teacher · step 5/")
	for _, c := range append(students, teacher) {
		c.Close()
	}
	settleGoroutines(t, base)
}

// Compare mode is not followed: the follower shows the left side and its
// top line says so.
func TestCompareModeIsNotFollowed(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := plainSession(t, room, true, 120, 40)
	student := plainSession(t, room, false, 80, 24)
	keys(teacher, "j", "enter", "enter", "c")
	sb, _ := teacher.home.Sandbox()
	if !sb.State().Comparing {
		t.Fatalf("c did not open compare mode:\n%s", teacher.View())
	}
	keys(student, "ctrl+g")
	// At 80 columns the tag's short form, beside the variant tabs.
	if tag := student.tag(); !strings.Contains(tag, "compare's left side") {
		t.Fatalf("the follower's tag %q", tag)
	}
	if top := firstLine(student.View()); !strings.Contains(top, "compare's left side") || !strings.Contains(top, "[1 one shared pool of 200 threads]") {
		t.Fatalf("the follower's top line %q", top)
	}
	wide := plainSession(t, room, false, 160, 40)
	keys(wide, "ctrl+g")
	if !strings.Contains(firstLine(wide.View()), "compare mode is not followed") {
		t.Fatalf("the follower's top line at 160 columns %q", firstLine(wide.View()))
	}
}
