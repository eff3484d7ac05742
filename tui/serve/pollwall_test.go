package serve

import (
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/present"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A presenting teacher's poll page is on the wall: it is drawn in the
// projector's large layout, as the lesson step before it and after it
// are (present.View): its title on the top line beside the room's tag
// (whole, or left out where the tag's counts leave it no room),
// how many answered in big digits where the window has room for them,
// then the question and its choices, the last key in the corner. It
// was the small page of the teacher's own screen, a line a paragraph
// from the top left.
func TestAPresentingTeachersPollIsInTheProjectorsLayout(t *testing.T) {
	racefree.Only(t)
	_, question, _, _ := lessonTwo(t)
	room, teacher, ada := adaFollows(t, tempStore(t))
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
	a := askQuestion(t, room, teacher, question, ada)
	big := present.Big("0/1")
	for _, sz := range [][2]int{{100, 30}, {80, 24}, {200, 60}} {
		teacher.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		teacher.Update(sizeMsg{}) // a resize settles first
		v := ansi.Strip(teacher.View())
		lines := strings.Split(v, "\n")
		// The tag keeps its counts; the title is whole beside it, or left out.
		title, _, _ := strings.Cut(lines[0], "presentation mode")
		if title = strings.TrimSpace(title); title != "" && !slices.Contains(wallTitles(teacher.resultsTitle(a), a), title) {
			t.Errorf("%dx%d: the page's title is cut on the top line: %q", sz[0], sz[1], lines[0])
		}
		if sz[0] >= 100 && title == "" {
			t.Errorf("%dx%d: the page has no title on its top line: %q", sz[0], sz[1], lines[0])
		}
		if !strings.Contains(lines[len(lines)-1], "[ctrl+a]") {
			t.Errorf("%dx%d: the last key is not in the corner: %q", sz[0], sz[1], lines[len(lines)-1])
		}
		if sz[1] < 40 && !strings.Contains(v, strings.TrimSpace(big[0])) {
			t.Errorf("%dx%d: how many answered is not drawn big:\n%s", sz[0], sz[1], v)
		}
	}
}
