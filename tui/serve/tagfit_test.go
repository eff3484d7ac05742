package serve

import (
	"fmt"
	"strings"
	"testing"

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
