package serve

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

func plainSession(t *testing.T, room *Room, teacher bool, w, h int) *Session {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	o := testHome()
	o.Theme = theme.New(theme.Plain())
	s := NewSession(ctx, o, room, teacher)
	t.Cleanup(s.Leave)
	s.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return s
}

func keys(s *Session, ks ...string) {
	for _, k := range ks {
		var msg tea.KeyMsg
		switch k {
		case "enter":
			msg = tea.KeyMsg{Type: tea.KeyEnter}
		case "esc":
			msg = tea.KeyMsg{Type: tea.KeyEsc}
		case " ":
			msg = tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
		case "ctrl+g":
			msg = tea.KeyMsg{Type: tea.KeyCtrlG}
		case "ctrl+u":
			// A key of its own: as runes, a number field that dropped
			// letters took "ctrl+u" as nothing; one that keeps what is
			// typed holds it.
			msg = tea.KeyMsg{Type: tea.KeyCtrlU}
		default:
			msg = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
		}
		s.Update(msg)
	}
}

// The room's tag sits at the right end of the top line, which keeps its
// width; a line too long for both is cut between words.
func TestWithTag(t *testing.T) {
	for _, tc := range []struct {
		line, tag string
		w         int
		want      string
	}{
		{"title", "following", 30, "title" + strings.Repeat(" ", 14) + " following "},
		{"one two three four five", "following", 30, "one two three four  following "},
		{"onetwothreefourfivesixseven", "following", 20, "onetwothr following "},
		{"app › sandbox  [1 one shared pool]", "following", 30, "app › sandbox" + strings.Repeat(" ", 6) + " following "},
		{"", "a very long tag that does not fit", 10, " a very lo"},
		// A separator the cut leaves at the end goes with the field it
		// led to: "Lesson 1 · step 1 of 9 ·" said nothing of what followed.
		{"Lesson 1 · step 1 of 9 · A server on a quiet day", "x", 28, "Lesson 1 · step 1 of 9" + strings.Repeat(" ", 3) + " x "},
		{"breakerlab › sandbox › cascade", "following", 36, "breakerlab › sandbox" + strings.Repeat(" ", 5) + " following "},
		{"Lesson 1: a title", "x", 14, "Lesson 1" + strings.Repeat(" ", 3) + " x "},
	} {
		got := withTag(tc.line+"\nsecond", tc.tag, tc.w)
		first, rest, _ := strings.Cut(got, "\n")
		if first != tc.want || rest != "second" {
			t.Errorf("withTag(%q, %q, %d) = %q / %q, want %q", tc.line, tc.tag, tc.w, first, rest, tc.want)
		}
		if ansi.StringWidth(first) != tc.w {
			t.Errorf("width %d, want %d", ansi.StringWidth(first), tc.w)
		}
	}
}

// A flood of resizes is laid out once, with the last size, after it
// settles; the first size applies at once.
func TestResizesAreGathered(t *testing.T) {
	racefree.Only(t)
	s := plainSession(t, NewRoom(), false, 80, 24)
	if s.w != 80 || s.h != 24 {
		t.Fatalf("the first size was not applied: %dx%d", s.w, s.h)
	}
	var cmds int
	for i := range 500 {
		if _, cmd := s.Update(tea.WindowSizeMsg{Width: 100 + i%7, Height: 30 + i%5}); cmd != nil {
			cmds++
		}
	}
	if cmds != 1 || s.w != 80 {
		t.Fatalf("500 resizes asked for %d layouts and moved the size to %d", cmds, s.w)
	}
	s.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	s.Update(sizeMsg{})
	if s.w != 120 || s.h != 40 {
		t.Fatalf("after settling the size is %dx%d, want the last one, 120x40", s.w, s.h)
	}
	if v := s.View(); strings.Count(v, "\n") != 39 {
		t.Fatalf("the view has %d lines at 120x40", strings.Count(v, "\n")+1)
	}
}

// Without the network: the teacher opens the sandbox and steps; a
// student's f shows the same moment at 80x24; F forks, f rejoins; the
// teacher's tag counts them; esc from following goes home.
func TestSessionFollowAndFork(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := plainSession(t, room, true, 120, 40)
	student := plainSession(t, room, false, 80, 24)
	if tag := student.tag(); tag != "on the home screen · ctrl+g follows the teacher" {
		t.Fatalf("before the teacher opens the sandbox the student's tag is %q", tag)
	}
	keys(teacher, "j", "enter", "enter")
	if !teacher.home.InSandbox() {
		t.Fatal("the teacher's sandbox did not open")
	}
	if tag := student.tag(); tag != "on the home screen · ctrl+g follows the teacher" {
		t.Fatalf("student's tag %q", tag)
	}
	keys(teacher, strings.Repeat(".", 120))
	keys(student, "ctrl+g")
	if !student.Following() || student.rs.Now() != 12*time.Second {
		t.Fatalf("following %v at %v, want the teacher's 12s", student.Following(), student.rs.Now())
	}
	v := student.View()
	if first, _, _ := strings.Cut(v, "\n"); !strings.Contains(first, "following · F explores") || !strings.Contains(v, "12.0 s /") {
		t.Fatalf("the follower's screen:\n%s", v)
	}
	if !strings.Contains(teacher.View(), "teaching · 1 follow · 0 explore") {
		t.Fatalf("teacher's top line: %q", strings.SplitN(teacher.View(), "\n", 2)[0])
	}
	// The teacher's next step reaches the follower through the room.
	keys(teacher, ".")
	student.Update(roomMsg{})
	if student.rs.Now() != 12100*time.Millisecond {
		t.Fatalf("after the teacher's step the follower is at %v", student.rs.Now())
	}
	// A key that explores forks first, then acts on the student's copy.
	keys(student, ",")
	if student.Following() || student.mode != exploring || student.rs.Now() != 12*time.Second {
		t.Fatalf("after , the student follows=%v mode=%d at %v", student.Following(), student.mode, student.rs.Now())
	}
	if !strings.Contains(teacher.View(), "teaching · 0 follow · 1 explore") {
		t.Fatal("the teacher's count did not change on the fork")
	}
	keys(teacher, ".")
	student.Update(roomMsg{})
	if student.rs.Now() != 12*time.Second {
		t.Fatalf("an explorer moved with the teacher to %v", student.rs.Now())
	}
	keys(student, "ctrl+g")
	if !student.Following() || student.rs.Now() != 12200*time.Millisecond {
		t.Fatalf("f did not rejoin at the teacher's 12.2s: %v", student.rs.Now())
	}
	// esc goes home; the home screen is as it was.
	keys(student, "esc")
	if student.mode != onHome || student.Following() {
		t.Fatal("esc did not take the follower home")
	}
	if v := student.View(); !strings.Contains(v, "Lessons") {
		t.Fatalf("home after esc:\n%s", v)
	}
	// The teacher closes the sandbox: a follower is told.
	keys(student, "ctrl+g")
	keys(teacher, "esc")
	teacher.Update(sandbox.BackMsg{}) // what esc's command returns
	student.Update(roomMsg{})
	if tag := student.tag(); !strings.Contains(tag, "not shared") {
		t.Fatalf("tag after the teacher left the sandbox: %q", tag)
	}
}

// A publish never waits for a member, however many signals it missed.
func TestRoomNeverBlocksOnAMember(t *testing.T) {
	room := NewRoom()
	m := room.Join(false)
	room.SetFollowing(m, true)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range 10000 {
			room.Publish(Shared{Screen: SandboxScreen, Sandbox: sandbox.State{At: time.Duration(i)}})
		}
	}()
	select {
	case <-done:
	case <-time.After(patience(2 * time.Second)):
		t.Fatal("publishing to a member that never reads blocked")
	}
	<-m.Signal()
	if sh, _ := room.Latest(); sh.Sandbox.At != 9999 {
		t.Fatalf("latest state at %v", sh.Sandbox.At)
	}
	room.Leave(m)
}

// Each student's progress lives in their own folder, named from the key
// or a plain user name (never a path from the client), shared by their
// sessions, and written atomically when the last one ends.
func TestProgressPerStudent(t *testing.T) {
	dir := t.TempDir()
	ss := newStores(dir)
	for _, tc := range []struct {
		key  []byte
		user string
		want string
	}{
		{[]byte{1, 2, 3}, "whatever", "key-039058c6f2c0cb492c533b0a4d14ef77"},
		{nil, "ada", "user-ada"},
		{nil, "../../etc", "user-"},
		{nil, ".hidden", "user-"},
		{nil, strings.Repeat("a", 40), "user-"},
	} {
		id := studentID(tc.key, tc.user)
		if !strings.HasPrefix(id, tc.want) || strings.ContainsAny(id, "/\\") || (tc.want == "user-" && len(id) != len("user-")+32) {
			t.Errorf("studentID(%v, %q) = %q, want %q…", tc.key, tc.user, id, tc.want)
		}
	}
	a, _ := ss.acquire("user-ada")
	b, _ := ss.acquire("user-ada")
	if a == nil || a != b {
		t.Fatal("two sessions of one student got different stores")
	}
	a.Set("timeouts", lessons.Progress{Step: 2, Seen: []int{0, 1, 2}})
	if err := ss.release("user-ada"); err != nil {
		t.Fatal(err)
	}
	if err := ss.release("user-ada"); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "user-ada", "lessons.json")
	data, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(data), `"timeouts"`) {
		t.Fatalf("progress file: %v\n%s", err, data)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Fatalf("the student's folder holds %d files (a temporary one left behind?)", len(entries))
	}
	again, _ := ss.acquire("user-ada")
	if p := again.Get("timeouts"); p.Step != 2 {
		t.Fatalf("progress read back: %+v", p)
	}
	_ = ss.release("user-ada")
}

// The per-address limiter allows a burst, refuses past it, refills with
// time, and keeps addresses apart.
func TestIPLimiter(t *testing.T) {
	l := newIPLimiter(60)
	now := time.Unix(1000, 0)
	for i := range 60 {
		if !l.allow("a", now) {
			t.Fatalf("connection %d of the burst refused", i)
		}
	}
	if l.allow("a", now) {
		t.Fatal("the 61st connection in a moment was allowed")
	}
	if !l.allow("b", now) {
		t.Fatal("another address was refused")
	}
	if !l.allow("a", now.Add(time.Second)) || l.allow("a", now.Add(time.Second)) {
		t.Fatal("a second later exactly one more should pass")
	}
	if !newIPLimiter(0).allow("a", now) {
		t.Fatal("rate 0 means no limit")
	}
}

// Without a teacher in the room a student's screen carries no tag.
func TestNoTagWithoutATeacher(t *testing.T) {
	racefree.Only(t)
	s := plainSession(t, NewRoom(), false, 80, 24)
	if tag := s.tag(); tag != "" {
		t.Fatalf("tag %q with nobody presenting", tag)
	}
}

// A client declares its window's size, and a student who declares a huge
// one gets a screen of MaxWidth × MaxHeight at most: the size the home
// screen and every screen under it draw at is bounded, so one session
// cannot make the server build frames of billions of cells.
func TestAHugeWindowIsDrawnAtTheMostSize(t *testing.T) {
	racefree.Only(t)
	s := plainSession(t, NewRoom(), false, 100000, 100000)
	if s.w > MaxWidth || s.fullH > MaxHeight {
		t.Fatalf("a 100000 × 100000 window is drawn at %d × %d; at most %d × %d", s.w, s.fullH, MaxWidth, MaxHeight)
	}
	v := s.View()
	lines := strings.Split(v, "\n")
	if len(lines) > MaxHeight {
		t.Errorf("the view has %d lines, over %d", len(lines), MaxHeight)
	}
	for _, l := range lines {
		if w := ansi.StringWidth(l); w > MaxWidth {
			t.Fatalf("a line of the view is %d cells wide, over %d", w, MaxWidth)
		}
	}
	s.Update(tea.WindowSizeMsg{Width: 8000, Height: 8000})
	s.Update(sizeMsg{})
	if s.w > MaxWidth || s.fullH > MaxHeight {
		t.Errorf("a later 8000 × 8000 resize is drawn at %d × %d", s.w, s.fullH)
	}
}

// A session ends after its idle limit with no key or click from its
// student, however much its screen moves meanwhile; a key puts it off.
func TestASessionEndsWhenItsStudentIsIdle(t *testing.T) {
	racefree.Only(t)
	now := time.Unix(1000, 0)
	s := plainSession(t, NewRoom(), false, 80, 24)
	s.SetIdleLimit(time.Minute, func() time.Time { return now })
	now = now.Add(50 * time.Second)
	if s.Update(idleCheckMsg{}); s.IdledOut() {
		t.Fatal("the session ended before its idle limit")
	}
	keys(s, "down")
	now = now.Add(50 * time.Second) // 100 s since the start, 50 since the key
	if s.Update(idleCheckMsg{}); s.IdledOut() {
		t.Fatal("a key should put the idle limit off")
	}
	now = now.Add(11 * time.Second)
	if _, cmd := s.Update(idleCheckMsg{}); !s.IdledOut() || !isQuit(cmd) {
		t.Fatal("61 s after the last key, past the minute's limit, the session should end")
	}
}

// isQuit reports whether cmd quits the program (a tick's command would
// wait out its tick: call it only where the quit is expected).
func isQuit(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	_, ok := cmd().(tea.QuitMsg)
	return ok
}
