package home

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/challengeui"
	"github.com/charmbracelet/x/ansi"
)

// The menu says how far the learner got, from the progress files, and c
// continues the lesson they left off in, at their step.
func TestMenuInvitesBack(t *testing.T) {
	racefree.Only(t)
	all := allLessons(t)
	dir := t.TempDir()
	store, err := lessons.OpenStore(filepath.Join(dir, "lessons.json"))
	if err != nil {
		t.Fatal(err)
	}
	store.Set(all[0].ID, lessons.Progress{Done: true, Seen: []int{0, 1}})
	var started lessons.Progress
	started.SawStep(0)
	started.SawStep(1)
	started.SawStep(2)
	started.Step = 2
	store.Set(all[2].ID, started)
	stars, err := challenge.OpenProgress(filepath.Join(dir, "challenges.json"))
	if err != nil {
		t.Fatal(err)
	}
	m := newHome(t, Options{Lessons: all, LessonStore: store, Challenges: &challengeui.Options{Progress: stars}})
	for _, msg := range drainQuick(m.Init()) {
		m = run(m, msg)
	}
	v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	levels, _ := challenge.All()
	for _, want := range []string{
		"1 of " + itoa(len(all)) + " done · c continues lesson 3 at step 3 of",
		"0 of " + itoa(3*len(levels)) + " stars",
		"c continue lesson 3",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("the menu should say %q:\n%s", want, m.View())
		}
	}
	m = typed(m, "c")
	if !m.InLessons() || !m.lessons.Open() || !strings.Contains(m.View(), all[2].Title) || !strings.Contains(m.View(), "step 3/") {
		t.Fatalf("c should open lesson 3 at step 3:\n%s", m.View())
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// A learner who has begun no lesson is told, in the key line as in the
// Lessons row, that c starts lesson 1: the first screen they see said
// "c continue the lesson" under "c starts lesson 1", with nothing to
// continue.
func TestMenuKeyLineStartsTheFirstLesson(t *testing.T) {
	racefree.Only(t)
	all := allLessons(t)
	store, err := lessons.OpenStore(filepath.Join(t.TempDir(), "lessons.json"))
	if err != nil {
		t.Fatal(err)
	}
	m := newHome(t, Options{Lessons: all, LessonStore: store})
	for _, msg := range drainQuick(m.Init()) {
		m = run(m, msg)
	}
	v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	if !strings.Contains(v, "c starts lesson 1") || !strings.Contains(v, "c start lesson 1") || strings.Contains(v, "continue") {
		t.Errorf("a learner who has begun nothing should read c starts lesson 1, row and key line, and no continue:\n%s", m.View())
	}
	m = typed(m, "c")
	if !m.InLessons() || !m.lessons.Open() || !strings.Contains(m.View(), all[0].Title) || !strings.Contains(m.View(), "step 1/") {
		t.Fatalf("c should open lesson 1 at step 1:\n%s", m.View())
	}
}

// The step the menu continues from follows the learner's step when the
// lesson gained one before it since their progress was saved: they were
// on "Charlie", the third step, which is now the fourth.
func TestMenuContinuesOnTheStepTheLearnerWasOn(t *testing.T) {
	l := &lessons.Lesson{ID: "99-steps", Title: "Steps"}
	for _, title := range []string{"Alpha", "Bravo", "X-ray", "Charlie", "Delta"} {
		l.Steps = append(l.Steps, lessons.Step{Title: title})
	}
	store, err := lessons.OpenStore(filepath.Join(t.TempDir(), "lessons.json"))
	if err != nil {
		t.Fatal(err)
	}
	saved := lessons.Progress{Steps: []string{"Alpha", "Bravo", "Charlie", "Delta"}}
	saved.SawStep(0)
	saved.SawStep(1)
	saved.SawStep(2)
	store.Set(l.ID, saved)
	p := lessonsProgress(store, []*lessons.Lesson{l})
	if p.next != l || p.step != 4 || p.steps != 5 {
		t.Errorf("the menu continues at step %d of %d; the learner was on Charlie, now step 4 of 5", p.step, p.steps)
	}
}
