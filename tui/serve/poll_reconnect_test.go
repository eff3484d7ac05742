package serve

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// A student who answered the open poll and whose connection dropped signs
// in again under their name: their answer is counted again (the
// teacher's count went back to 0 of 3) and their screen shows it (they
// were asked again with no "Your answer"). While they are away, their
// answer stays counted, the teacher told they have left; coming back
// gives no second vote.
func TestAReconnectKeepsThePollAnswer(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := plainSession(t, room, true, 100, 30)
	other := plainSession(t, room, false, 80, 24)
	other.SetStudent("user-grace", "grace")
	ada := plainSession(t, room, false, 80, 24)
	ada.SetStudent("user-ada", "ada")
	room.Ask(testQuestion())
	reads(ada, other)
	keys(ada, "2")
	keys(other, "1")
	ada.Leave()
	if a, _ := room.OpenQuestion(); a.Counts[1] != 1 || a.Students != 2 || a.Left != 1 {
		t.Fatalf("while ada is away the room counts %v of %d students, %d left; want [1 1 0] of 2, 1 left", a.Counts, a.Students, a.Left)
	}

	back := plainSession(t, room, false, 80, 24)
	back.SetStudent("user-ada", "ada")
	reads(back)
	a, _ := room.OpenQuestion()
	if a.Counts[0] != 1 || a.Counts[1] != 1 || a.Students != 2 || a.Left != 0 {
		t.Fatalf("ada came back: the room counts %v of %d students, want [1 1 0] of 2", a.Counts, a.Students)
	}
	if v := flat(back.View()); !strings.Contains(v, "Your answer: 2.") {
		t.Fatalf("ada's screen after coming back does not show her answer:\n%s", back.View())
	}
	if v := flat(teacher.View()); !strings.Contains(v, "2 of 2 students answered") {
		t.Fatalf("the teacher's count after ada came back:\n%s", teacher.View())
	}
	keys(back, "3") // a change, not a second vote
	if a, _ := room.OpenQuestion(); a.Counts[1] != 0 || a.Counts[2] != 1 || a.Counts[0] != 1 {
		t.Fatalf("ada changed her answer to 3: the room counts %v", a.Counts)
	}
}

// A student who answered the teacher's prediction read that their progress
// keeps it as their prediction of the step, and what it replaced. Their
// connection drops and they sign in again under their name while the poll
// is open, their progress opened anew from its file: their screen shows
// their answer and says again where it is kept and what it replaced (it
// showed "Your answer: 1." and no more).
func TestAReconnectKeepsThePollsKeptNote(t *testing.T) {
	racefree.Only(t)
	l, _, predict, _ := lessonTwo(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 100, 30)
	press(t, teacher, "enter", "j", "enter")
	awaitLesson(t, teacher)
	goToStep(t, teacher, predict)
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
	a, open := room.OpenQuestion()
	if !open || !a.Predict {
		t.Fatalf("ctrl+a asked %+v (open %v)", a.Question, open)
	}

	store := tempStore(t)
	// A prediction the student made before, in their own player.
	before := lessons.Prediction{Guess: a.Choices[2], Result: lessons.Off.String()}
	store.PredictedElsewhere(l, predict, before)
	ada := storeSession(t, room, false, store, 100, 30)
	ada.SetStudent("user-ada", "ada")
	reads(ada)
	press(t, ada, "1")
	want := fmt.Sprintf("Your progress keeps it as your prediction of step %d of “%s”. It replaces the one you made before: “%s", predict+1, l.Title, strings.TrimRight(before.Guess, "."))
	if v := flat(ada.View()); !strings.Contains(v, want) {
		t.Fatalf("ada's answer: her screen does not say %q:\n%s", want, ada.View())
	}
	// The connection drops: the server saves her progress as her last
	// session ends, and opens it again when she signs in.
	ada.Leave()
	if err := store.Save(); err != nil {
		t.Fatal(err)
	}
	again, err := lessons.OpenStore(store.Path())
	if err != nil {
		t.Fatal(err)
	}
	back := storeSession(t, room, false, again, 100, 30)
	back.SetStudent("user-ada", "ada")
	reads(back)
	v := flat(back.View())
	if !strings.Contains(v, "Your answer: 1.") {
		t.Fatalf("ada came back: her screen does not show her answer:\n%s", back.View())
	}
	if !strings.Contains(v, want) {
		t.Errorf("ada came back: her screen does not say %q:\n%s", want, back.View())
	}
	// Her answer is still the prediction her progress keeps.
	if rec, ok := again.Get(l.ProgressKey()).Prediction(predict); !ok || rec.Guess != a.Choices[0] {
		t.Errorf("ada's progress, opened again, keeps %+v (%v), want her poll answer %q", rec, ok, a.Choices[0])
	}
}

// A student answered, their connection dropped, and the teacher revealed
// the answer before they signed in again: the tally counts their answer
// (it was given), and stands as it was shown when they come back; their
// own reveal marks the choice they made and says why it is wrong, as it
// does for everyone who stayed (it showed the right answer as to one who
// never answered).
func TestAReturnAfterTheRevealShowsTheStudentsAnswer(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := plainSession(t, room, true, 100, 30)
	ada := plainSession(t, room, false, 100, 30)
	ada.SetStudent("user-ada", "ada")
	room.Ask(testQuestion())
	reads(ada)
	keys(ada, "3")
	ada.Leave()
	keys(teacher, "r")
	if a, _ := room.OpenQuestion(); a.Counts[2] != 1 {
		t.Errorf("the revealed tally lost ada's answer, given before she left: %v", a.Counts)
	}

	back := plainSession(t, room, false, 100, 30)
	back.SetStudent("user-ada", "ada")
	reads(back)
	v := flat(back.View())
	if !strings.Contains(v, "3. the breaker (your answer)") || !strings.Contains(v, "You chose 3. Why not: a breaker holds no requests") {
		t.Errorf("ada came back after the reveal: her screen does not show her answer, 3:\n%s", back.View())
	}
	if a, _ := room.OpenQuestion(); a.Counts[2] != 1 {
		t.Errorf("the revealed tally changed when ada came back: %v", a.Counts)
	}
}

// A student who put the poll aside (esc) and whose connection dropped
// signs in again under their name: the poll stays aside, from the first
// frame (it was asked again), and their answer is still counted. The
// reveal shows them the answer, as it does to anyone who put the question
// aside before it; put aside after the reveal, it stays aside across a
// reconnect too. The teacher's next question is asked afresh.
func TestAReconnectKeepsThePollPutAside(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := plainSession(t, room, true, 100, 30)
	ada := plainSession(t, room, false, 100, 30)
	ada.SetStudent("user-ada", "ada")
	room.Ask(testQuestion())
	reads(ada)
	keys(ada, "2", "esc")
	if _, asking := ada.questionView(); asking {
		t.Fatalf("esc did not put the poll aside:\n%s", ada.View())
	}
	ada.Leave()

	back := plainSession(t, room, false, 100, 30)
	back.SetStudent("user-ada", "ada")
	if v := flat(back.View()); strings.Contains(v, "The teacher asks") {
		t.Fatalf("ada came back: her first frame asks the poll she put aside:\n%s", back.View())
	}
	reads(back)
	if v := flat(back.View()); strings.Contains(v, "The teacher asks") {
		t.Fatalf("ada came back: she is asked the poll she put aside:\n%s", back.View())
	}
	if a, _ := room.OpenQuestion(); a.Counts[1] != 1 {
		t.Fatalf("ada came back: the room counts %v, want her answer, 2, counted", a.Counts)
	}
	keys(teacher, "r")
	back.Update(roomMsg{})
	if v := flat(back.View()); !strings.Contains(v, "2. the worker pool (right, your answer)") {
		t.Fatalf("the reveal does not show ada her answer:\n%s", back.View())
	}
	// Put aside after the reveal, it stays aside when she comes back.
	back.appearedAt = back.appearedAt.Add(-questionGrace)
	keys(back, "esc")
	back.Leave()
	again := plainSession(t, room, false, 100, 30)
	again.SetStudent("user-ada", "ada")
	reads(again)
	if _, asking := again.questionView(); asking {
		t.Fatalf("ada came back after putting the reveal aside: it shows again:\n%s", again.View())
	}
	// The teacher asks again: a new question, on her screen.
	keys(teacher, "esc")
	room.Ask(testQuestion())
	reads(again)
	if v := flat(again.View()); !strings.Contains(v, "The teacher asks") {
		t.Fatalf("the teacher asked again: ada's screen does not ask her:\n%s", again.View())
	}
}

// A student's esc puts the poll aside in each of their sessions, as their
// answer shows in each: the room counts them once, and another session of
// theirs kept asking what they had put aside.
func TestThePollPutAsideInEverySessionOfTheStudent(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	one := plainSession(t, room, false, 100, 30)
	one.SetStudent("user-ada", "ada")
	two := plainSession(t, room, false, 100, 30)
	two.SetStudent("user-ada", "ada")
	grace := plainSession(t, room, false, 100, 30)
	grace.SetStudent("user-grace", "grace")
	room.Ask(testQuestion())
	reads(one, two, grace)
	keys(one, "esc")
	reads(two, grace)
	if _, asking := two.questionView(); asking {
		t.Errorf("ada's other session still asks the poll she put aside:\n%s", two.View())
	}
	if _, asking := grace.questionView(); !asking {
		t.Errorf("ada's esc put the poll aside for grace too:\n%s", grace.View())
	}
}
