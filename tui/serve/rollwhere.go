package serve

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/lessonui"
)

// Where an exploring student is, for the teacher's list of who is in the
// room (roll.go): it said "exploring" alone, so the teacher could not tell
// who was lost on the menu's tools and who was three lessons ahead.

// whereAt is where one session's student is, kept as comparable fields
// and a constant name, not as text: every key a student presses asks it
// again (notePlace), and only the teacher's open list spells it out.
type whereAt struct {
	screen    string // home.Model.Where's name, or the room's screen forked
	lesson    *lessons.Lesson
	step      int // from 0, of steps
	steps     int
	end       bool // the lesson's last screen
	challenge *challenge.Challenge
}

// where is where the session's student is now; the zero whereAt while
// they follow the teacher (the list says "following", which says where).
func (s *Session) where() whereAt {
	switch {
	case s.mode == following || s.palFrom == following:
		return whereAt{}
	case s.mode == exploring || s.palFrom == exploring:
		if s.shown == SandboxScreen {
			return whereAt{screen: "your sandbox, forked"}
		}
		if s.haveRL {
			return lessonWhere(s.rl.State(), "your lesson list, forked")
		}
		return whereAt{screen: "your screen, forked"}
	}
	if p, ok := s.home.Lessons(); ok {
		return lessonWhere(p.State(), "the lesson list")
	}
	screen, ch := s.home.Where()
	return whereAt{screen: screen, challenge: ch}
}

// lessonWhere is the lesson and step st shows, or list when it shows the
// lesson list.
func lessonWhere(st lessonui.State, list string) whereAt {
	if st.Prepared == nil || st.Prepared.Lesson == nil {
		return whereAt{screen: list}
	}
	return whereAt{lesson: st.Prepared.Lesson, step: st.Step, steps: len(st.Prepared.Steps), end: st.End}
}

// String is where in a few words, the broadest first ("lesson 3 · step
// 2/7 · its title"), so that a list cut at 80 columns keeps what tells
// the teacher most.
func (w whereAt) String() string {
	switch {
	case w.lesson != nil:
		name := "lesson " + w.lesson.ID
		if w.lesson.Number > 0 {
			name = fmt.Sprintf("lesson %d", w.lesson.Number)
		}
		at := fmt.Sprintf("step %d/%d", w.step+1, w.steps)
		if w.end {
			at = "the end"
		}
		return name + " · " + at + " · " + w.lesson.Title
	case w.challenge != nil:
		if w.challenge.Number > 0 {
			return fmt.Sprintf("challenge %d · %s", w.challenge.Number, w.challenge.Title)
		}
		return "challenge · " + w.challenge.Title
	}
	return w.screen
}

// SetWhere records where a student's session is; presenters see it in
// their list of who is in the room, as the student moves.
func (r *Room) SetWhere(m *Member, w whereAt) { setForTeachers(r, &m.where, w) }

// wheres is where the exploring sessions of a student are, each place
// once, in the order their sessions were counted; "" when none explores.
func wheres(ws []whereAt) string {
	var parts []string
	for i, w := range ws {
		dup := false
		for _, o := range ws[:i] {
			dup = dup || o == w
		}
		if !dup && w != (whereAt{}) {
			parts = append(parts, w.String())
		}
	}
	return strings.Join(parts, "; ")
}
