package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/present"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// projectorFollowing is a session in room signed in as "projector",
// following the teacher in presentation mode, as the README puts one on a
// wall.
func projectorFollowing(t *testing.T, room *Room) *Session {
	t.Helper()
	proj := storeSession(t, room, false, tempStore(t), 120, 40)
	proj.SetStudent("user-projector", "projector")
	press(t, proj, "ctrl+g")
	proj.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
	if !proj.present || proj.mode != following {
		t.Fatalf("the projector's session presents %v in mode %d, want presentation mode following", proj.present, proj.mode)
	}
	return proj
}

// A projector during a poll showed a student's page, "Press 1-3 to
// answer", to a room that cannot answer on the wall. It shows the
// question, its choices and how many have answered, live; the spread of
// the answers and the right one only once the teacher reveals them.
func TestAProjectorShowsThePollNotAnInvitationToAnswer(t *testing.T) {
	racefree.Only(t)
	_, question, _, _ := lessonTwo(t)
	room, teacher, ada := adaFollows(t, tempStore(t))
	proj := projectorFollowing(t, room)
	a := askQuestion(t, room, teacher, question, ada, proj)
	v := flat(proj.View())
	if strings.Contains(v, "to answer") || strings.Contains(v, "Your answer") {
		t.Errorf("the projector invites the room to answer:\n%s", proj.View())
	}
	for _, want := range []string{flat(a.Prompt), "1) " + flat(a.Choices[0]), "0 of 1 student answered"} {
		if !strings.Contains(v, want) {
			t.Errorf("the projector's poll lacks %q:\n%s", want, proj.View())
		}
	}
	onTheWall(t, proj, "0/1")
	if strings.Contains(v, "How many chose each") || strings.Contains(v, "✓") {
		t.Errorf("the projector shows the spread before the reveal:\n%s", proj.View())
	}
	wrong := (a.Right + 1) % len(a.Choices)
	press(t, ada, string(rune('1'+wrong)))
	reads(proj)
	if v := flat(proj.View()); !strings.Contains(v, "1 of 1 student answered") {
		t.Errorf("ada answered: the projector does not count her:\n%s", proj.View())
	}
	press(t, teacher, "r")
	reads(proj)
	v = flat(proj.View())
	counts := make([]string, len(a.Choices))
	for i := range counts {
		counts[i] = string(rune('1'+i)) + ") 0"
	}
	counts[wrong] = string(rune('1'+wrong)) + ") 1"
	for _, want := range []string{"✓ " + string(rune('1'+a.Right)) + ") " + flat(a.Choices[a.Right]), "How many chose each: " + strings.Join(counts, " · ") + ".",
		"The right answer: " + string(rune('1'+a.Right)) + ".", "1 of 1 student answered"} {
		if !strings.Contains(v, want) {
			t.Errorf("revealed, the projector lacks %q:\n%s", want, proj.View())
		}
	}
	if strings.Contains(v, "You gave no answer") {
		t.Errorf("revealed, the projector speaks to a student who did not answer:\n%s", proj.View())
	}
	onTheWall(t, proj, "1/1")
}

// onTheWall checks that proj draws the open question's page as a
// presenting teacher's screen does (wallPoll): how many answered, count,
// in big digits, at each size a projector may have, with no key of the
// teacher's on it. It drew a student's small page, a line a paragraph
// from the top left, where the teacher's own wall had the large one.
func onTheWall(t *testing.T, proj *Session, count string) {
	t.Helper()
	big := strings.TrimSpace(present.Big(count)[0])
	for _, sz := range [][2]int{{80, 24}, {100, 30}, {200, 60}} {
		proj.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		proj.Update(sizeMsg{}) // a resize settles first
		v := ansi.Strip(proj.View())
		if sz[1] < 40 && !strings.Contains(v, big) {
			t.Errorf("%dx%d: the projector does not draw how many answered (%s) big:\n%s", sz[0], sz[1], count, v)
		}
		if f := flat(v); strings.Contains(f, "esc ends") || strings.Contains(f, "reveals the right answer to everyone") || strings.Contains(f, "reveals the engine's answer") {
			t.Errorf("%dx%d: the projector shows the teacher's keys:\n%s", sz[0], sz[1], v)
		}
	}
	proj.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	proj.Update(sizeMsg{})
}

// The same of a number put to the room: how many answered, then on the
// reveal the engine's answer and the room's spread.
func TestAProjectorShowsANumberPollsSpreadOnTheReveal(t *testing.T) {
	racefree.Only(t)
	pq := &lessons.PreparedQuestion{Kind: lessons.Number, Prompt: "How many of the 999 other customers lose service?",
		Answer: 249, AnswerKind: lessons.KindCount, Tolerance: 0.1, Relative: true, Unit: "customers", AnswerText: "249"}
	q, ok := numberQuestion(pq, true, "Shuffle sharding, step 2, the prediction")
	if !ok {
		t.Fatal("no number question")
	}
	room, _, ada := adaFollows(t, tempStore(t))
	proj := projectorFollowing(t, room)
	room.Ask(q)
	reads(ada, proj)
	v := flat(proj.View())
	if strings.Contains(v, "Your number") || strings.Contains(v, "to answer") || !strings.Contains(v, "0 of 1 student answered") {
		t.Errorf("the projector's number poll:\n%s", proj.View())
	}
	ada.appearedAt = ada.appearedAt.Add(-questionGrace)
	keys(ada, "240", "enter")
	reads(proj)
	if v := flat(proj.View()); !strings.Contains(v, "1 of 1 student answered") || strings.Contains(v, "Within the step's tolerance") {
		t.Errorf("ada answered, before the reveal:\n%s", proj.View())
	}
	room.Reveal()
	reads(proj)
	v = flat(proj.View())
	for _, want := range []string{"The engine's answer: 249 customers.", "Within the step's tolerance (10% of it): 1 of 1"} {
		if !strings.Contains(v, want) {
			t.Errorf("revealed, the projector lacks %q:\n%s", want, proj.View())
		}
	}
	onTheWall(t, proj, "1/1")
}
