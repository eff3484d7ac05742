package home

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/drillui"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/lessonui"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// flat is the view without escape codes and with every run of spaces and
// line breaks made one space, so that a wrapped notice reads whole.
func flat(v string) string { return strings.Join(strings.Fields(ansi.Strip(v)), " ") }

// A progress file set aside as corrupt when the home screen starts: its
// notice is on the first screen and stays there while the learner moves,
// opens the scenario picker and the lessons and comes back, until x
// dismisses it.
func TestCorruptFileNoticeStaysUntilDismissed(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	dir := t.TempDir()
	for _, name := range []string{"lessons.json", drill.FileName} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("{not json"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ls, err := lessons.OpenStore(filepath.Join(dir, "lessons.json"))
	if err != nil {
		t.Fatal(err)
	}
	ds, err := drill.OpenStore(dir, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if ls.Notice() == "" || ds.Notice() == "" {
		t.Fatal("the corrupt files gave no notices")
	}
	m := newHome(t, Options{LessonStore: ls, LessonNotice: ls.Notice(), LoadLessons: lessons.All,
		Drill: &drillui.Options{Store: ds, Notice: ds.Notice()}})
	lessonNotice := "Notice: The lesson progress file was unreadable"
	drillNotice := "Notice: The drill schedule was unreadable"
	check := func(when string, m Model) {
		t.Helper()
		v := flat(m.View())
		// A path too long for a line is cut anywhere: look for it with
		// the spaces taken out.
		where := filepath.Join(dir, "lessons.json.corrupt-")
		for _, want := range []string{lessonNotice, drillNotice, where, "x dismiss the notice"} {
			if !strings.Contains(v, want) && (want != where || !strings.Contains(strings.ReplaceAll(v, " ", ""), want)) {
				t.Fatalf("%s: the screen lacks %q:\n%s", when, want, ansi.Strip(m.View()))
			}
		}
	}
	check("the first screen", m)
	m = press(m, "down", "down", "j", "up")
	check("after moving", m)
	m = press(m, "up", "up", "down", "enter") // the Sandbox's scenario picker
	check("in the scenario picker", m)
	m = press(m, "down", "esc")
	check("back from the picker", m)
	m = press(m, "up", "enter") // the lessons
	if !m.InLessons() {
		t.Fatalf("the lessons did not open:\n%s", ansi.Strip(m.View()))
	}
	m = send(m, lessonui.BackMsg{}) // what the list's q sends
	if m.InLessons() {
		t.Fatal("q did not leave the lessons")
	}
	check("back from the lessons", m)
	m = send(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	check("at 80x24", m)
	m = press(m, "?", "q") // the help, closed by any key
	check("after the help", m)

	m = press(m, "x")
	if v := flat(m.View()); strings.Contains(v, "Notice:") || strings.Contains(v, "dismiss") {
		t.Fatalf("x did not dismiss the notices:\n%s", ansi.Strip(m.View()))
	}
	if m = press(m, "down", "up"); strings.Contains(flat(m.View()), "Notice:") {
		t.Fatal("a dismissed notice came back")
	}
}

// The notices sit above the key help, the menu scrolling in the rows left.
func TestNoticeGolden(t *testing.T) {
	m := newHome(t, Options{LessonNotice: "The lesson progress file was unreadable (invalid character 'n' looking for beginning of object key string); it was moved to /home/ada/.config/breakerlab/lessons.json.corrupt-20261130T130000Z and progress starts afresh."})
	golden.Check(t, "notice-100x30", m.View())
	m = send(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	golden.Check(t, "notice-80x24", m.View())
	golden.Check(t, "notice-80x24-bottom", press(m, "up").View())
}

// A lesson that saved while its window was open and found progress from
// another breakerlab window in the file: back on the menu, the home screen
// says so.
func TestMergeNoticeShowsOnReturn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lessons.json")
	other, _ := lessons.OpenStore(path)
	mine, _ := lessons.OpenStore(path)
	m := newHome(t, Options{LessonStore: mine})
	if strings.Contains(flat(m.View()), "Notice:") {
		t.Fatal("a notice before anything happened")
	}
	p := other.Get("lesson-1")
	p.SawStep(0)
	other.Set("lesson-1", p)
	if err := other.Save(); err != nil {
		t.Fatal(err)
	}
	m = press(m, "down", "enter") // the scenario picker, where a lesson would be
	q := mine.Get("lesson-2")
	q.SawStep(1)
	mine.Set("lesson-2", q)
	if err := mine.Save(); err != nil {
		t.Fatal(err)
	}
	m = press(m, "esc")
	if v := flat(m.View()); !strings.Contains(v, "Notice: Progress from another breakerlab window was merged into the lesson progress file.") {
		t.Fatalf("no merge notice on the menu:\n%s", ansi.Strip(m.View()))
	}
	if got := mine.Get("lesson-1"); len(got.Seen) != 1 {
		t.Errorf("the other window's lesson is not in this store: %+v", got)
	}
}
