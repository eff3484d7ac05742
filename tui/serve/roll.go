package serve

import (
	"fmt"
	"sort"
	"strings"

	"github.com/breakerlab/breakerlab/tui/present"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The teacher's list of who is in the room (rollKey): each student once,
// by the name they signed in with, and whether they follow the teacher or
// explore on their own. The top line gave only the counts, so a teacher
// could not tell who had fallen behind or never joined. Answers to the
// room's questions stay anonymous: the list says nothing of them.

// rollKey opens the list; any other key but the scroll keys closes it.
// It is a key no screen binds, nor any text field.
const rollKey = "ctrl+l"

// RollEntry is one student in the room: their name, and how many of
// their sessions follow the teacher, how many explore and how many are on
// the home screen's menu.
type RollEntry struct {
	Name                       string
	Following, Exploring, Menu int
	// Where is where their exploring sessions are ("lesson 3 · step
	// 2/7 · …", "the sandbox"), each place once; "" when none explores.
	Where string
	// wheres gathers Where's places as Roll counts the sessions.
	wheres []whereAt
}

// Roll lists the students in the room by name, each once however many
// sessions they have; a session the server named no one (a test's)
// is listed as "unnamed".
func (r *Room) Roll() []RollEntry {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.byStudentLocked()
	sort.Slice(out, func(i, j int) bool {
		if a, b := strings.ToLower(out[i].Name), strings.ToLower(out[j].Name); a != b {
			return a < b
		}
		return out[i].Name < out[j].Name
	})
	list := make([]RollEntry, len(out))
	for i, e := range out {
		e.Where, e.wheres = wheres(e.wheres), nil
		list[i] = *e
	}
	return list
}

// Projectors are the names of those whose sessions in the room all show
// the teacher's screen in presentation mode (projectorLocked), in order,
// each once: the counts and the list of students leave them out, so the
// list names them apart. Nobody knew the wall's session was connected, and
// a student who turned presentation mode on while following vanished from
// the list as if they had left.
func (r *Room) Projectors() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	counted := map[any]bool{}
	for m := range r.members {
		if !m.teacher && !r.projectorLocked(m) {
			counted[m.voter()] = true
		}
	}
	var out []string
	seen := map[any]bool{}
	for m := range r.members {
		v := m.voter()
		if m.teacher || counted[v] || seen[v] || !r.projectorLocked(m) {
			continue
		}
		seen[v] = true
		name := m.display
		if name == "" {
			name = "unnamed"
		}
		out = append(out, name)
	}
	sort.Slice(out, func(i, j int) bool {
		if a, b := strings.ToLower(out[i]), strings.ToLower(out[j]); a != b {
			return a < b
		}
		return out[i] < out[j]
	})
	return out
}

// byStudentLocked is the students in the room, in no order, each once
// with their sessions that follow and those that explore: the one count of
// students that the teacher's top line (Counts), the list of who is in
// the room (Roll) and a question's count of students (studentsLocked)
// all take.
func (r *Room) byStudentLocked() []*RollEntry {
	byVoter := map[any]*RollEntry{}
	var out []*RollEntry
	for m := range r.members {
		if m.teacher || r.projectorLocked(m) {
			continue
		}
		e, ok := byVoter[m.voter()]
		if !ok {
			name := m.display
			if name == "" {
				name = "unnamed"
			}
			e = &RollEntry{Name: name}
			byVoter[m.voter()] = e
			out = append(out, e)
		}
		e.add(m)
		if !m.following && !m.onMenu {
			e.wheres = append(e.wheres, m.where)
		}
	}
	return out
}

// voterKey is a student as voter names one (the name, else the progress,
// else the session), as a comparable struct: voter's any boxes the name,
// an allocation for each session each time the room is counted.
type voterKey struct {
	name     studentName
	progress any
	m        *Member
}

func (m *Member) voterKey() voterKey {
	switch {
	case m.name != "":
		return voterKey{name: studentName(m.name)}
	case m.progress != nil:
		return voterKey{progress: m.progress}
	}
	return voterKey{m: m}
}

// countLocked is tally(byStudentLocked()) without the list: the students
// who follow, explore and are on the menu, each once. The teacher's every
// frame counts the room twice (the top line's Counts, the open question's
// count of students), and building the list each time took a map, an
// entry and a boxed name per student: some 30 KB a frame with 30
// students. The scratch map is the room's, cleared, not made again.
func (r *Room) countLocked() (follow, explore, menu int) {
	if r.places == nil {
		r.places = map[voterKey]RollEntry{}
	}
	clear(r.places)
	for m := range r.members {
		if m.teacher || r.projectorLocked(m) {
			continue
		}
		k := m.voterKey()
		e := r.places[k]
		e.add(m)
		r.places[k] = e
	}
	var n placeCounts
	for _, e := range r.places {
		n[e.place()]++
	}
	return n.split()
}

// add counts session m in the student's entry: following, on the home
// screen's menu, or exploring.
func (e *RollEntry) add(m *Member) {
	switch {
	case m.following:
		e.Following++
	case m.onMenu:
		e.Menu++
	default:
		e.Exploring++
	}
}

// place is where a student is, as the teacher's counts take it.
type place uint8

const (
	placeHome      place = iota // on the home screen's menu
	placeFollowing              // following the teacher
	placeExploring              // a screen of their own
)

// place is where the student of e is: following in any of their sessions
// follows (the teacher's screen is in front of them), exploring in any
// other explores, and the rest are on the menu. The teacher's counts
// (tally) and a student's own tag (placeOf) both take it.
func (e RollEntry) place() place {
	switch {
	case e.Following > 0:
		return placeFollowing
	case e.Exploring > 0:
		return placeExploring
	}
	return placeHome
}

// placeOf is where session m is, as the teacher's counts would take a
// student with m alone: a student's tag says it of their own screen. It
// read "exploring" on the home screen, where the teacher's counts had
// the student "on home".
func (r *Room) placeOf(m *Member) place {
	r.mu.Lock()
	defer r.mu.Unlock()
	var e RollEntry
	e.add(m)
	return e.place()
}

// rollKeyTaken handles the teacher's keys while the list is open; handled
// is false when it is not open.
func (s *Session) rollKeyTaken(k tea.KeyMsg) (handled bool, cmd tea.Cmd) {
	if !s.showRoll {
		return false, nil
	}
	if s.scrollKey(k) {
		return true, nil
	}
	s.showRoll = false
	if k.String() == "ctrl+c" {
		return true, tea.Quit
	}
	return true, nil
}

// rollView is the teacher's list of who is in the room.
func (s *Session) rollView() string {
	roll := s.room.Roll()
	entries := make([]*RollEntry, len(roll))
	for i := range roll {
		entries[i] = &roll[i]
	}
	f, e, home := tally(entries)
	answers := s.room.Answers()
	anon := "this list shows none."
	if len(answers) > 0 {
		anon = "below are their counts, never who answered what."
	}
	paras := []string{fmt.Sprintf("%s in the room: %d following you, %d exploring on their own, %d on the home screen. Answers to your questions stay anonymous: %s",
		plural(len(roll), "student", "students"), f, e, home, anon), ""}
	walls := s.room.Projectors()
	switch {
	case len(roll) == 0 && len(walls) == 0:
		paras = append(paras, "Nobody has joined yet.")
	case len(roll) == 0:
		paras = append(paras, "No student has joined yet.")
	}
	// One line a student, cut with … where the window is narrow (where
	// they are comes last, its broadest words first): a list that wrapped
	// read as many students as lines.
	w := max(s.w-blockIndent, 10)
	for _, r := range roll {
		line := "• " + r.Name + " · " + rollState(r)
		if r.Where != "" {
			line += ": " + r.Where
		}
		paras = append(paras, ansi.Truncate(line, w, "…"))
	}
	if len(walls) > 0 {
		paras = append(paras, "", "Following you in presentation mode, as a projector does, not counted as students: "+strings.Join(walls, ", ")+
			". A student among them counts again once they answer a question there or press "+present.Key+".")
	}
	// What the room answered so far, counts only (tally.go): the poll
	// showed them only while it was open.
	if len(answers) > 0 {
		paras = append(paras, "", "What the room answered so far, in the order asked:")
		for _, a := range answers {
			paras = append(paras, "• "+a)
		}
	}
	paras = append(paras, "", "Any key goes back.")
	return s.block("Who is in the room", paras)
}

// rollState says what a student's sessions do: following, exploring, on
// the home screen, or each of those in as many sessions.
func rollState(r RollEntry) string {
	var parts []string
	for _, p := range []struct {
		n    int
		what string
	}{{r.Following, "following"}, {r.Exploring, "exploring"}, {r.Menu, "on the home screen"}} {
		if p.n > 0 {
			parts = append(parts, p.what)
		}
	}
	if len(parts) == 1 && r.Following+r.Exploring+r.Menu == 1 {
		return parts[0]
	}
	parts = parts[:0]
	for _, p := range []struct {
		n    int
		what string
	}{{r.Following, "following in %d %s"}, {r.Exploring, "exploring in %d %s"}, {r.Menu, "on the home screen in %d %s"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf(p.what, p.n, sessionsWord(p.n)))
		}
	}
	return strings.Join(parts, ", ")
}

func sessionsWord(n int) string {
	if n == 1 {
		return "session"
	}
	return "sessions"
}
