package serve

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A follower keeps the variant tab bar: the teacher's variant by number
// and name, every other variant's number, with the room's tag beside it,
// and below the top line the very screen a sandbox of its own shows at
// that size and moment. Goldens at 80×24 and 120×40.
func TestFollowerKeepsTheVariantTabs(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := plainSession(t, room, true, 120, 40)
	keys(teacher, "j", "enter", "enter") // the sandbox, cascade
	teacher.Update(tea.KeyMsg{Type: tea.KeyTab})
	keys(teacher, strings.Repeat(".", 120))
	sh, _ := room.Latest()
	if sh.Sandbox.Variant != 1 {
		t.Fatalf("tab did not move the teacher to variant 2: %+v", sh.Sandbox)
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		w, h := size[0], size[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			student := plainSession(t, room, false, w, h)
			keys(student, "ctrl+g")
			v := student.View()
			top := firstLine(v)
			for _, want := range []string{"cascade", "[2 bulkhead: recommendations <= 20]", " 1 ", " 3 ", "following"} {
				if !strings.Contains(top, want) {
					t.Errorf("the follower's top line %q lacks %q", top, want)
				}
			}
			if got := ansi.StringWidth(top); got != w {
				t.Errorf("the top line is %d cells wide, want %d", got, w)
			}
			// Below the top line, the screen is a sandbox's own at this
			// size, showing the same moment: following hides nothing.
			own, err := sandbox.NewFollower(sandbox.Options{Theme: theme.New(theme.Plain()), CanGoHome: true, WriteElsewhere: remoteWrite}, sh.Sandbox)
			if err != nil {
				t.Fatal(err)
			}
			next, _ := own.Update(tea.WindowSizeMsg{Width: w, Height: h})
			_, rest, _ := strings.Cut(v, "\n")
			_, ownRest, _ := strings.Cut(next.View(), "\n")
			if ansi.Strip(rest) != ansi.Strip(ownRest) {
				t.Errorf("below the top line the follower's screen differs from a sandbox's own:\n%s\n--- a sandbox's own\n%s", rest, ownRest)
			}
			golden.Check(t, fmt.Sprintf("follower-tabs-%dx%d", w, h), v)
		})
	}
}

// With eight variants at 80 columns the tag gives way until the current
// variant's whole name fits beside the numbers; the tabs are laid out in
// the cells the tag leaves, so the tag covers none of them.
func TestFollowerTagGivesWayToTheTabs(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := plainSession(t, room, true, 120, 40)
	keys(teacher, "j", "enter", strings.Repeat("j", 6), "enter")
	sb, ok := teacher.home.Sandbox()
	if !ok || sb.State().Scenario.Name != "rate-limit-vs-bulkhead" {
		t.Fatalf("the teacher did not open rate-limit-vs-bulkhead:\n%s", teacher.View())
	}
	for range 5 {
		teacher.Update(tea.KeyMsg{Type: tea.KeyTab})
	}
	student := plainSession(t, room, false, 80, 24)
	keys(student, "ctrl+g")
	top := firstLine(student.View())
	if !strings.Contains(top, "[6 slow catalog: rate limiter on the partner]") || !strings.HasSuffix(top, " following ") {
		t.Fatalf("the follower's top line %q: want the variant's whole name and the tag's short form", top)
	}
	// The tag sits on cells the title left blank.
	own := firstLine(student.screenView())
	tw := ansi.StringWidth(" following ")
	if tail := ansi.Strip(ansi.Cut(own, 80-tw, 80)); strings.TrimSpace(tail) != "" {
		t.Fatalf("the tag covers %q of the title", tail)
	}
	// Exploring keeps the reserve: a click on a tab lands where it shows.
	keys(student, "F")
	top = firstLine(student.View())
	if !strings.Contains(top, "[6 slow catalog: rate limiter on the partner]") || !strings.Contains(top, "exploring") {
		t.Fatalf("after F the top line %q", top)
	}
}

// Beside a screen's title that is not a sandbox, a tag too wide for the
// window takes a shorter form, whole: a student following at 60 columns a
// teacher who left the lessons for a screen that is not shared read
// "following · not shared: their last lesson screen · F explor".
func TestATagTooWideTakesAShorterForm(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 100, 30)
	student := lessonSession(t, room, false, 60, 16)
	press(t, teacher, "enter") // the lesson list
	press(t, student, "ctrl+g")
	press(t, teacher, "q") // home: not shared
	student.Update(roomMsg{})
	forms := student.tagForms()
	if len(forms) < 2 || !strings.Contains(forms[0], "not shared") || tagWidth(forms[0]) <= 60 {
		t.Fatalf("the follower's tag forms %q: want a first one wider than 60 columns, about a screen not shared", forms)
	}
	top := strings.TrimRight(firstLine(student.View()), " ")
	found := false
	for _, f := range forms {
		found = found || strings.HasSuffix(top, f)
	}
	if !found {
		t.Errorf("the top line at 60 columns %q ends in none of the tag's forms %q", top, forms)
	}
}

// A follower's lesson title is laid out in the cells the room's tag
// leaves: whole where it fits, else shortened at a word with its "…". At
// 100 columns the tag was drawn over a title of the whole width and cut
// it at a word with no "…": "lesson 1 · One slow dependency takes
// following the teacher · step 1/9".
func TestFollowerLessonTitleGivesWayToTheTag(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	press(t, teacher, "enter", "enter")
	awaitLesson(t, teacher)
	sh, _ := room.Latest()
	title := sh.Lesson.Prepared.Lesson.Title
	for _, w := range []int{80, 100, 160} {
		student := lessonSession(t, room, false, w, 30)
		press(t, student, "ctrl+g")
		top := firstLine(student.View())
		tag := " " + student.tag() + " "
		left, ok := strings.CutSuffix(top, tag)
		if !ok {
			t.Fatalf("at %d columns the top line %q does not end in the tag %q", w, top, tag)
		}
		left = strings.TrimSpace(left)
		if !strings.HasSuffix(left, title) && !strings.HasSuffix(left, "…") {
			t.Errorf("at %d columns the title is cut with no …: %q", w, top)
		}
		// The tag sits on cells the title left blank.
		own := firstLine(student.screenView())
		if tail := ansi.Strip(ansi.Cut(own, w-tagWidth(student.tag()), w)); strings.TrimSpace(tail) != "" {
			t.Errorf("at %d columns the tag covers %q of the title", w, tail)
		}
		if got := ansi.StringWidth(top); got != w {
			t.Errorf("at %d columns the top line is %d cells wide", w, got)
		}
	}
}

// The tag says when presentation mode is on: on the home screen (and the
// drill) presentation mode draws the screen as it is, and the teacher's
// ctrl+p changed nothing visible, the tag saying "presenting · not shown
// to followers" either way. A student's ctrl+p on a screen without a tag
// gets one.
func TestTagSaysPresentationMode(t *testing.T) {
	racefree.Only(t)
	ctrlP := tea.KeyMsg{Type: tea.KeyCtrlP}
	room := NewRoom()
	teacher := plainSession(t, room, true, 100, 30)
	student := plainSession(t, room, false, 100, 30)
	for _, s := range []*Session{teacher, student} {
		before := firstLine(s.View())
		if strings.Contains(before, "presentation mode") {
			t.Fatalf("the top line says presentation mode before ctrl+p: %q", before)
		}
		s.Update(ctrlP)
		on := firstLine(s.View())
		if !strings.Contains(on, " presentation mode") {
			t.Errorf("after ctrl+p the top line %q does not say presentation mode is on (it was %q)", on, before)
		}
		if got := ansi.StringWidth(on); got != 100 {
			t.Errorf("the top line is %d cells wide", got)
		}
		s.Update(ctrlP)
		if off := firstLine(s.View()); off != before {
			t.Errorf("after ctrl+p again the top line %q, want %q", off, before)
		}
	}
	// At 60 columns the teacher's tag takes its shortest form, saying it.
	narrow := plainSession(t, room, true, 60, 20)
	narrow.Update(ctrlP)
	if top := firstLine(narrow.View()); !strings.Contains(top, "presentation mode") {
		t.Errorf("at 60 columns the top line %q", top)
	}
}

// In presentation mode the tag leaves the moment's title whole where a
// shorter form of it fits: the room reads the title first, and the
// longer tags that say presentation mode cut "Lesson 1 · step 2 of 9 ·
// Little's law" to "Lesson 1 · step 2 of 9 ·" at 100 columns.
func TestPresentationTagLeavesTheTitle(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 100, 30)
	press(t, teacher, "enter", "enter")
	awaitLesson(t, teacher)
	press(t, teacher, "n")
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
	mo, ok := teacher.moment()
	if !ok {
		t.Fatal("the teacher's lesson has no moment")
	}
	top := firstLine(teacher.View())
	if !strings.HasPrefix(top, " "+mo.Title+" ") || !strings.Contains(top, "presentation mode") {
		t.Errorf("the top line %q: want the whole title %q and the words presentation mode", top, mo.Title)
	}
}

// The teacher's own lesson, opened from the home screen, keeps the title
// line's right end for the tag as the follower's does: drawn over a title
// of the whole width, the tag cut it at a word with no "…".
func TestTeacherLessonTitleGivesWayToTheTag(t *testing.T) {
	racefree.Only(t)
	for _, w := range []int{80, 100} {
		room := NewRoom()
		teacher := lessonSession(t, room, true, w, 30)
		press(t, teacher, "enter", "enter")
		awaitLesson(t, teacher)
		sh, _ := room.Latest()
		title := sh.Lesson.Prepared.Lesson.Title
		top := firstLine(teacher.View())
		tag := " " + teacher.tag() + " "
		left, ok := strings.CutSuffix(top, tag)
		if !ok {
			t.Fatalf("at %d columns the top line %q does not end in the tag %q", w, top, tag)
		}
		left = strings.TrimSpace(left)
		if !strings.HasSuffix(left, title) && !strings.HasSuffix(left, "…") {
			t.Errorf("at %d columns the teacher's title is cut with no …: %q", w, top)
		}
	}
}

// In presentation mode a moment's title the tag cuts ends in "…": the
// room read "Lesson 1 · step 1 of 9 · A server on a" at 60 columns as the
// whole title. Cut or whole, it never ends in a separator standing alone.
func TestPresentationTitleCutSaysSo(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 100, 30)
	press(t, teacher, "enter", "enter")
	awaitLesson(t, teacher)
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
	mo, ok := teacher.moment()
	if !ok {
		t.Fatal("the teacher's lesson has no moment")
	}
	cuts := 0
	for w := 40; w <= 100; w++ {
		teacher.Update(tea.WindowSizeMsg{Width: w, Height: 30})
		teacher.Update(sizeMsg{})
		top := firstLine(teacher.View())
		left, ok := strings.CutSuffix(top, " "+teacher.tag()+" ")
		if !ok {
			t.Fatalf("at %d columns the top line %q does not end in the tag %q", w, top, teacher.tag())
		}
		left = strings.TrimRight(left, " ")
		switch {
		case left == " "+mo.Title:
		case strings.HasSuffix(left, "…") && strings.HasPrefix(" "+mo.Title, strings.TrimSuffix(left, "…")):
			cuts++
			if cut := strings.TrimSuffix(left, "…"); looseEnd(cut) != cut {
				t.Errorf("at %d columns the cut title ends in a separator: %q", w, top)
			}
		default:
			t.Errorf("at %d columns the title %q is cut with no …: %q", w, mo.Title, top)
		}
		if got := ansi.StringWidth(top); got != w {
			t.Errorf("at %d columns the top line is %d cells wide", w, got)
		}
	}
	if cuts == 0 {
		t.Fatalf("no width from 40 to 100 columns cut the title %q", mo.Title)
	}
}
