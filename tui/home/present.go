package home

import (
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/lessonui"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/charmbracelet/lipgloss"
)

// Lessons is the lesson picker (and the lesson open in it), for a
// classroom server that broadcasts what it shows; ok is false when the
// lessons are not on screen.
func (m Model) Lessons() (p lessonui.Picker, ok bool) {
	if m.lessons == nil || m.screen != onLessons {
		return lessonui.Picker{}, false
	}
	return *m.lessons, true
}

// OnMenu reports whether the menu is the screen open (the palette over it
// too), for a classroom server that tells the teacher which students sit
// on it and which have opened something.
func (m Model) OnMenu() bool { return m.screen == onMenu }

// Moment is what presentation mode (tui/present) shows of the screen that
// is open: the sandbox's or the lesson's key number, or the shard view's
// two strategies; ok is false on the screens that have none, which
// presentation mode shows as they are.
func (m Model) Moment() (present.Moment, bool) {
	switch m.screen {
	case onSandbox:
		return m.sb.Moment()
	case onShards:
		return m.sv.Moment()
	case onLessons:
		return m.lessons.Moment()
	}
	return present.Moment{}, false
}

// PresentNote is what the menu's last line says in presentation mode
// (present.Noter), the fullest first. The menu has no key number of its
// own, and, its key help left out, looks much as it does without the
// mode: the line tells the presenter the mode is on and where it shows.
// The other screens without a key number (the drill, the challenges)
// say nothing: they are opened from here, where it was said.
func (m Model) PresentNote() []string {
	if m.screen != onMenu {
		return nil
	}
	return []string{
		"presentation mode: the sandbox and the lessons show their key number big · ctrl+p turns it off",
		"presentation mode: the sandbox and lessons show big numbers · ctrl+p ends it",
		"presenting: open the sandbox or a lesson · ctrl+p ends it",
	}
}

// KeyLineAsks says whether the open screen's last line asks something (a
// prompt being typed, the sandbox's leave question), which presentation
// mode then keeps instead of giving it to the key corner
// (present.KeyLineAsker), as the screen does on its own.
func (m Model) KeyLineAsks() bool {
	switch m.screen {
	case onSandbox:
		return m.sb.KeyLineAsks()
	case onShards:
		return m.sv.KeyLineAsks()
	case onLessons:
		return m.lessons != nil && m.lessons.KeyLineAsks()
	}
	return false
}

// ReserveSandboxTitle has the home screen's sandbox keep the last n cells
// of its title line for a tag the classroom server draws there
// (sandbox.Model.ReserveTitle).
func (m Model) ReserveSandboxTitle(n int) Model {
	m.sb = m.sb.ReserveTitle(n)
	return m
}

// ReserveMenuTop has the menu's top line, when it is the marker of the
// lines scrolled above, take its form in the cells left of the last n, a
// tag the classroom server draws there: the tag drawn over the fullest
// form hid the marker whole at 40 columns.
func (m Model) ReserveMenuTop(n int) Model {
	m.menuTopReserve = n
	return m
}

// MenuTopNeeds is the cells of the top line the menu keeps for its
// marker of the lines above when it is on screen, 0 when it is not:
// the marker's shortest form ("   ↑ 999 more"), which a tag beside it
// leaves room for (ReserveMenuTop). The menu's top line is blank when it
// is not scrolled; a classroom's tag, chosen before the menu knows
// whether it scrolls, leaves the room all the same.
func (m Model) MenuTopNeeds() int {
	if m.screen != onMenu {
		return 0
	}
	return 3 + lipgloss.Width("↑ 999 more")
}

// ReserveLessonTitle has the home screen's lesson player keep the last n
// cells of its title line for the classroom's tag
// (lessonui.Picker.ReserveTitle), as ReserveSandboxTitle does for its
// sandbox.
func (m Model) ReserveLessonTitle(n int) Model {
	if m.lessons != nil {
		p := m.lessons.ReserveTitle(n)
		m.lessons = &p
	}
	return m
}

// PredictedElsewhere hands the lesson player, when it has lesson l open,
// step i's prediction made outside it (a classroom's poll): it shows and
// counts it at once, and saves it with the rest of the lesson's progress
// (lessonui.Model.PredictedElsewhere). The store is the caller's to
// update.
func (m Model) PredictedElsewhere(l *lessons.Lesson, i int, rec lessons.Prediction) Model {
	if m.lessons != nil {
		p := m.lessons.PredictedElsewhere(l, i, rec)
		m.lessons = &p
	}
	return m
}

// AnsweredElsewhere hands the lesson player, when it has lesson l open,
// step i's question answered outside it (a classroom's poll, once
// revealed): it keeps the answer in the progress it saves
// (lessonui.Model.AnsweredElsewhere). The store is the caller's to
// update.
func (m Model) AnsweredElsewhere(l *lessons.Lesson, i int, right bool) Model {
	if m.lessons != nil {
		p := m.lessons.AnsweredElsewhere(l, i, right)
		m.lessons = &p
	}
	return m
}

// SawElsewhere hands the lesson player, when it has lesson l open, step
// i as seen outside it (a classroom's student following the teacher): it
// keeps the step in the progress it saves (lessonui.Model.SawElsewhere).
// The store is the caller's to update.
func (m Model) SawElsewhere(l *lessons.Lesson, i int) Model {
	if m.lessons != nil {
		p := m.lessons.SawElsewhere(l, i)
		m.lessons = &p
	}
	return m
}

// RoomAnswered tells the lesson player, when it has lesson l open, that
// step i's prediction was put to a classroom and revealed there
// (lessonui.Model.RoomAnswered): one space plays it.
func (m Model) RoomAnswered(l *lessons.Lesson, i int) Model {
	if m.lessons != nil {
		p := m.lessons.RoomAnswered(l, i)
		m.lessons = &p
	}
	return m
}

// Where names the screen open in a few words ("the sandbox", "the drill"),
// and the challenge played when one is open, for a classroom server whose
// teacher's list says where each exploring student is: "exploring" alone
// told the teacher nothing of who was lost or ahead. The names are
// constants, so that asking after every key costs nothing. A lesson's
// step is the lesson picker's to say (Lessons).
func (m Model) Where() (screen string, ch *challenge.Challenge) {
	switch m.screen {
	case onPicker:
		return "the sandbox's scenario list", nil
	case onSandbox:
		return "the sandbox", nil
	case onShards:
		return "the shard view", nil
	case onLessons:
		return "the lesson list", nil
	case onExercises, onNoWorkbook:
		return "the exercises", nil
	case onDrill:
		return "the drill", nil
	case onInterview:
		return "the mock interview", nil
	case onChallenges:
		if m.ch != nil {
			if c := m.ch.Challenge(); c != nil {
				return "a challenge", c
			}
		}
		return "the challenge list", nil
	case onLiveLab:
		return "the live lab", nil
	case onBuilder:
		return "the system builder", nil
	}
	return "the menu", nil
}
