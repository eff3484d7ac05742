package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
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
	for _, want := range []string{projectorTitle, flat(a.Prompt), "1. " + flat(a.Choices[0]), "0 of 1 student answered"} {
		if !strings.Contains(v, want) {
			t.Errorf("the projector's poll lacks %q:\n%s", want, proj.View())
		}
	}
	if strings.Contains(v, "█") || strings.Contains(v, "·····") {
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
	for _, want := range []string{flat(a.Choices[a.Right]) + " (right)", "█", "The right answer: " + string(rune('1'+a.Right)) + ".", "1 of 1 student answered"} {
		if !strings.Contains(v, want) {
			t.Errorf("revealed, the projector lacks %q:\n%s", want, proj.View())
		}
	}
	if strings.Contains(v, "You gave no answer") {
		t.Errorf("revealed, the projector speaks to a student who did not answer:\n%s", proj.View())
	}
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
}
