package serve

import (
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/home"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"
)

// countingHome is the test home screen whose lessons load on demand,
// counting each time they are asked for.
func countingHome(loads *atomic.Int64) func() home.Options {
	return func() home.Options {
		o := testHome()
		o.LoadLessons = func() ([]*lessons.Lesson, error) {
			loads.Add(1)
			return lessons.All()
		}
		return o
	}
}

// The server, and a session on it, start without asking for the lessons:
// they load when a screen needs them (the teacher's Lessons item, then a
// student following the teacher into the list).
func TestServeStartsWithoutParsingLessons(t *testing.T) {
	var loads atomic.Int64
	tk := newSigner(t)
	ts := startServer(t, Config{TeacherKeys: []gossh.PublicKey{tk.PublicKey()}, Home: countingHome(&loads)})
	teacher := ts.dial(t, "teacher", KeyAuth(tk), 100, 30)
	student := ts.dial(t, "ada", PasswordAuth("x"), 100, 30)
	waitFor(t, teacher, 0, "Lessons", "teaching · not shown to followers · 0 follow")
	waitFor(t, student, 0, "Lessons", "Sandbox")
	if n := loads.Load(); n != 0 {
		t.Fatalf("the lessons were loaded %d times before any screen needed them", n)
	}
	mark := teacher.Mark()
	if err := teacher.Type("\r"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, teacher, mark, "open the lesson")
	if n := loads.Load(); n != 1 {
		t.Fatalf("opening the teacher's lesson list loaded the lessons %d times, want 1", n)
	}
	mark = student.Mark()
	if err := student.Type("\x07"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, student, mark, "following the teacher", "open the lesson", "Little's law")
	if n := loads.Load(); n != 2 {
		t.Fatalf("following into the lesson list: %d loads in all, want 2 (one per session)", n)
	}
}

// tabColumn is the column of variant n's tab in the top line of view.
func tabColumn(t *testing.T, view string, n int) int {
	t.Helper()
	first, _, _ := strings.Cut(ansi.Strip(view), "\n")
	for _, form := range []string{fmt.Sprintf(" %d ", n), fmt.Sprintf("[%d ", n)} {
		if i := strings.Index(first, form); i >= 0 {
			return ansi.StringWidth(first[:i]) + 1
		}
	}
	t.Fatalf("no tab %d in the top line %q", n, first)
	return 0
}

func click(x, y int) tea.MouseMsg {
	return tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft}
}

// A click goes to the screen on show only. A follower's click forks the
// teacher's sandbox and acts on the student's copy; the student's own
// sandbox behind it, on the home screen, is left as it was.
func TestMouseReachesTheScreenOnShow(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := plainSession(t, room, true, 120, 40)
	// Wide enough that the room's tag leaves every tab in sight.
	student := plainSession(t, room, false, 200, 60)
	keys(teacher, "j", "enter", "enter")
	keys(student, "j", "enter", "enter", "ctrl+g")
	if !student.Following() {
		t.Fatal("the student does not follow")
	}
	// The wheel and a release leave a followed screen alone.
	student.Update(tea.MouseMsg{X: 10, Y: 10, Action: tea.MouseActionPress, Button: tea.MouseButtonWheelDown})
	student.Update(tea.MouseMsg{X: 10, Y: 10, Action: tea.MouseActionRelease, Button: tea.MouseButtonLeft})
	if !student.Following() {
		t.Fatal("the wheel or a release forked the followed sandbox")
	}
	x := tabColumn(t, student.View(), 2)
	student.Update(click(x, 0))
	if student.mode != exploring || student.rs.State().Variant != 1 {
		t.Fatalf("after a click on tab 2: mode %d, the room's sandbox on variant %d", student.mode, student.rs.State().Variant+1)
	}
	if sb, _ := student.home.Sandbox(); sb.State().Variant != 0 {
		t.Fatalf("the click also reached the hidden home sandbox (variant %d)", sb.State().Variant+1)
	}
	if sb, _ := teacher.home.Sandbox(); sb.State().Variant != 0 {
		t.Fatal("the student's click moved the teacher")
	}
	// On the home screen's own sandbox a click acts there.
	keys(student, "esc")
	student.Update(sandbox.BackMsg{}) // what esc's command returns
	if student.mode != onHome {
		t.Fatalf("esc left the student in mode %d", student.mode)
	}
	x = tabColumn(t, student.View(), 3)
	student.Update(click(x, 0))
	if sb, _ := student.home.Sandbox(); sb.State().Variant != 2 {
		t.Fatalf("a click on tab 3 (column %d) of the student's own sandbox left it on variant %d:\n%s", x, sb.State().Variant+1, student.View())
	}
}

// At 120 columns the room's tag leaves only a sandbox's first tab in
// sight: a click where the second was drawn, now blank, does nothing.
func TestMouseIgnoresTabsTheTagHid(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := plainSession(t, room, true, 120, 40)
	keys(teacher, "j", "enter", "enter")
	sb, _ := teacher.home.Sandbox()
	first, _, _ := strings.Cut(ansi.Strip(teacher.View()), "\n")
	if strings.Contains(first, " 2 ") {
		t.Skipf("the top line shows tab 2 at 120 columns now: %q", first)
	}
	x := tabColumn(t, sb.View(), 2)
	teacher.Update(click(x, 0))
	if sb, _ := teacher.home.Sandbox(); sb.State().Variant != 0 {
		t.Fatalf("a click on the blank where tab 2 was hidden switched to variant %d; the top line: %q", sb.State().Variant+1, first)
	}
}

// Over SSH the program asks the client's terminal for the mouse (cell
// motion, SGR coordinates), and a click the terminal sends back reaches
// the screen: here a variant's tab.
func TestMouseOverSSH(t *testing.T) {
	ts := startServer(t, Config{})
	c := ts.dial(t, "ada", PasswordAuth("x"), 120, 40)
	if err := openSandbox(c, false); err != nil {
		t.Fatalf("%v; the screen had:\n%s", err, tail(c.Since(0), 2000))
	}
	raw := c.Raw(0)
	// Button-event tracking (1002) and SGR coordinates (1006), as
	// bubbletea@v1.3.10/standard_renderer.go writes them.
	for _, seq := range []string{"\x1b[?1002h", "\x1b[?1006h"} {
		if !strings.Contains(raw, seq) {
			t.Fatalf("the program never asked for the mouse (%q missing)", seq)
		}
	}
	// Where tab 2 is, from a session drawn the same way at the same size.
	local := plainSession(t, NewRoom(), false, 120, 40)
	keys(local, "j", "enter", "enter")
	x := tabColumn(t, local.View(), 2)
	mark := c.Mark()
	// SGR: button 0 (left) pressed at column x+1, row 1, then released.
	if err := c.Type(fmt.Sprintf("\x1b[<0;%d;1M\x1b[<0;%d;1m", x+1, x+1)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, c, mark, "variant 2:")
}

// A student over SSH cannot write files on the server: the sandbox's w
// says so and asks for no path. (Before, w and enter wrote
// cascade-edited.toml in the server's folder, and any path a student typed,
// overwriting on y; the random keys of TestBadClientsDoNotHurtOthers left
// such files in this package's folder.)
func TestSandboxWritesNoFileOverSSH(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	ts := startServer(t, Config{})
	c := ts.dial(t, "ada", PasswordAuth("x"), 100, 30)
	if err := openSandbox(c, false); err != nil {
		t.Fatalf("%v; the screen had:\n%s", err, tail(c.Since(0), 2000))
	}
	mark := c.Mark()
	if err := c.Type("w"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, c, mark, "w is off over SSH")
	mark = c.Mark()
	// enter would take the path offered; the step after it shows the keys
	// were taken.
	if err := c.Type("\r."); err != nil {
		t.Fatal(err)
	}
	waitFor(t, c, mark, "0.1 s /")
	c.Close()
	if left, err := os.ReadDir(dir); err != nil || len(left) != 0 {
		t.Fatalf("the session wrote in the server's folder: %v %v", left, err)
	}
}
