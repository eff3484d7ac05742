package record

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/lessonui"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

var (
	prepareOnce sync.Once
	prepared    []*lessons.Prepared
	prepareErr  error
)

// allLessons are the built-in lessons, prepared once for the package's
// tests.
func allLessons(t *testing.T) []*lessons.Prepared {
	t.Helper()
	prepareOnce.Do(func() {
		all, err := lessons.All()
		if err != nil {
			prepareErr = err
			return
		}
		lab := lessons.NewLab()
		for _, l := range all {
			p, err := lessons.Prepare(l, lab)
			if err != nil {
				prepareErr = err
				return
			}
			prepared = append(prepared, p)
		}
	})
	if prepareErr != nil {
		t.Fatal(prepareErr)
	}
	return prepared
}

// moments is a recording's player that keeps the moment each frame it
// draws shows.
type moments struct {
	Player
	seen *[]present.Moment
}

func (m moments) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next, cmd := m.Player.Update(msg)
	m.Player = next.(Player)
	return m, cmd
}

func (m moments) View() string {
	mo, _ := m.Player.(present.Model).Inner().(present.Momenter).Moment()
	*m.seen = append(*m.seen, mo)
	return m.Player.View()
}

// For every step of every built-in lesson, recorded for a learner who has
// answered every question and seen every prediction revealed: the
// recording opens where the player opens the step for someone who has
// not, and its last frame is where the player stops on its own, the
// step's pause (where it lies ahead or is where the step opens) or the end
// of its traffic. Lesson 1's "Little's law" opens on its pause, 9 s, and
// the recording played on to 30 s, its figures answering the question
// under them. Every frame asks the step's question with the answer kept
// back: a prediction unguessed, its figure held wherever the player holds
// it while it waits; a question unanswered.
func TestALessonStepRecordingStopsWhereThePlayerStops(t *testing.T) {
	th := theme.New(theme.Fixed(true))
	store := tuitest.LearnerStore(t, "answered-everything")
	movedByProgress := 0
	for _, p := range allLessons(t) {
		pr := store.GetLesson(p.Lesson)
		if pr.Predictions == nil {
			pr.Predictions = map[string]lessons.Prediction{}
		}
		for i, st := range p.Steps {
			if st.Question != nil {
				pr.Answered(i, true)
			}
			if st.Predict != nil {
				pr.Predictions[strconv.Itoa(i)] = lessons.Prediction{Guess: "7", Result: lessons.Off.String()}
			}
		}
		store.Set(p.Lesson.ProgressKey(), pr)

		for i := range p.Steps {
			cur := &p.Steps[i]
			where := fmt.Sprintf("%s step %d (%s)", p.Lesson.ID, i+1, cur.Title)
			// The player as a room first sees the step, and as the learner
			// who answered it opens it.
			fresh, err := lessonui.New(p, lessonui.Options{Theme: th, Step: i})
			if err != nil {
				t.Fatal(err)
			}
			own, err := lessonui.New(p, lessonui.Options{Theme: th, Step: i, Store: store})
			if err != nil {
				t.Fatal(err)
			}
			if own.Now() != fresh.Now() {
				movedByProgress++
			}
			// The player plays to its pause when the pause is ahead, stands
			// on it when it opens there, and else plays to the end.
			open := fresh.Now()
			stop := cur.End
			if cur.PauseAt >= 0 && cur.PauseAt < cur.End && (cur.PauseAt > open || open == cur.PauseAt) {
				stop = cur.PauseAt
			}
			waiting, _ := fresh.Moment()

			pl, err := Lesson{Prepared: p, Step: i, Store: store, NoColor: true}.Play()
			if err != nil {
				t.Fatal(err)
			}
			var seen []present.Moment
			var buf bytes.Buffer
			if _, err := Record(&buf, moments{pl, &seen}, Options{Width: 100, Height: 30, FPS: 2}); err != nil {
				t.Fatal(err)
			}
			first, last := seen[0], seen[len(seen)-1]
			if cur.HasSim() {
				if want := present.Clock(open, cur.End, open < stop); first.Clock != want {
					t.Errorf("%s: the recording opens on %q, the player on %q", where, first.Clock, want)
				}
				if want := present.Clock(stop, cur.End, false); last.Clock != want {
					t.Errorf("%s: the recording ends on %q, the player stops on %q", where, last.Clock, want)
				}
			} else if len(seen) != 1 {
				t.Errorf("%s: a step without a simulation is one frame, got %d", where, len(seen))
			}
			for _, mo := range seen {
				if msg := answerShown(cur, mo, waiting.Held); msg != "" {
					t.Errorf("%s: the frame at %s %s", where, mo.Clock, msg)
					break
				}
			}
		}
	}
	if movedByProgress == 0 {
		t.Error("no learner's player opened a step elsewhere than a room's: the progress given is not read")
	}
}

// answerShown says how mo gives away the answer of cur's open question: a
// prediction's (held is whether the player holds the key figure while it
// waits) or, on a step without one, the self-check question's; "" when it
// does not.
func answerShown(cur *lessons.PreparedStep, mo present.Moment, held bool) string {
	prompt := ""
	switch {
	case cur.Predict != nil:
		prompt = "Predict: "
		if held && !mo.Held {
			return "shows the figure the prediction asks about: " + mo.Figure + mo.Words()
		}
	case cur.Question != nil:
		prompt = "Question: "
	default:
		return ""
	}
	a := mo.Ask
	if a == nil || !strings.HasPrefix(a.Prompt, prompt) {
		return fmt.Sprintf("asks %+v, want the question open", a)
	}
	if a.Reveal != "" {
		return "reveals: " + a.Reveal
	}
	for _, c := range a.Choices {
		if strings.HasPrefix(c, "✓") || strings.Contains(c, "← the guess") {
			return "marks a choice: " + c
		}
	}
	for _, l := range a.Lines {
		if strings.Contains(l, "What happened") || strings.HasPrefix(l, "✓") {
			return "says: " + l
		}
	}
	return ""
}

// A recording numbers the choices as the player of the command its header
// names, `breakerlab lesson ID --step N --present`, does for the same
// learner, and so as the room's poll does: the first frame is the
// player's at the same size, but for the glyph of a clock that plays.
// Lesson 1's first step was recorded "1) Fewer than 40 ... 3) About half",
// the order drawn for no learner, while the player and the poll read
// "1) Nearly all 200 ... 3) Fewer than 40".
func TestALessonRecordingNumbersTheChoicesAsTheLearnersPlayer(t *testing.T) {
	var p *lessons.Prepared
	for _, l := range allLessons(t) {
		if l.Lesson.ID == "01-one-slow-dependency" {
			p = l
		}
	}
	if p == nil {
		t.Fatal("no lesson 01-one-slow-dependency")
	}
	// A prediction's choices, and a question's at the learner's second
	// attempt, which draws the order again.
	const predict, attempt = 0, 1
	question := -1
	for i, st := range p.Steps {
		if q := st.Question; q != nil && q.Kind == lessons.Choice && st.Predict == nil && question < 0 {
			question = i
		}
	}
	if q := p.Steps[predict].Predict; q == nil || q.Kind != lessons.Choice || question < 0 {
		t.Fatal("lesson 1 no longer has a choice prediction at step 1 and a choice question without one")
	}
	np, nq := len(p.Steps[predict].Predict.Choices), len(p.Steps[question].Question.Choices)
	differ := func(a, b []int) bool { return fmt.Sprint(a) != fmt.Sprint(b) }
	learner := ""
	for i := 0; learner == ""; i++ {
		c := fmt.Sprintf("teacher-%d", i)
		if differ(lessons.ChoiceOrder(c, p.Lesson.ID, predict, "predict", 0, np), lessons.ChoiceOrder("", p.Lesson.ID, predict, "predict", 0, np)) &&
			differ(lessons.ChoiceOrder(c, p.Lesson.ID, question, "question", attempt, nq), lessons.ChoiceOrder(c, p.Lesson.ID, question, "question", 0, nq)) {
			learner = c
		}
	}
	store := tuitest.LearnerStore(t, learner)
	pr := store.GetLesson(p.Lesson)
	for range attempt {
		pr.TakeAgain(question)
	}
	store.Set(p.Lesson.ProgressKey(), pr)

	const w, h = 100, 30
	th := theme.New(theme.Fixed(true))
	for _, step := range []int{predict, question} {
		m, err := lessonui.New(p, lessonui.Options{Theme: th, Step: step, Store: store})
		if err != nil {
			t.Fatal(err)
		}
		next, _ := present.Wrap(m, th, true).Update(tea.WindowSizeMsg{Width: w, Height: h})
		player := strings.Split(next.View(), "\n")

		pl, err := Lesson{Prepared: p, Step: step, Store: store, NoColor: true}.Play()
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		// The first frame only.
		if _, err := Record(&buf, pl, Options{Width: w, Height: h, FPS: 15, MaxDuration: time.Nanosecond}); err != nil {
			t.Fatal(err)
		}
		c := parse(t, buf.Bytes())
		c.data = c.data[:1]
		recorded := replay(c, h)
		if pl.Playing() {
			for y := range recorded {
				recorded[y] = strings.Replace(recorded[y], theme.GlyphPlaying+" ", theme.GlyphPaused+" ", 1)
			}
		}
		choices := 0
		for y := range player {
			if strings.Contains(player[y], "1) ") {
				choices++
			}
			if y >= len(recorded) || recorded[y] != player[y] {
				got := ""
				if y < len(recorded) {
					got = recorded[y]
				}
				t.Errorf("step %d, row %d: the recording shows\n%q\nthe player\n%q", step+1, y+1, got, player[y])
			}
		}
		if choices != 1 {
			t.Errorf("step %d: the player shows %d lists of choices, want 1:\n%s", step+1, choices, strings.Join(player, "\n"))
		}
	}
}

// Reveal records every step that asks with its answer given, on every
// frame: no figure held back, and the question shown answered (a
// prediction's reveal, or the explanation, under it), for a teacher's
// slide of what the step shows.
func TestALessonStepRecordedWithItsAnswerShown(t *testing.T) {
	checked := 0
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			cur := &p.Steps[i]
			if cur.Predict == nil && cur.Question == nil {
				continue
			}
			where := fmt.Sprintf("%s step %d (%s)", p.Lesson.ID, i+1, cur.Title)
			pl, err := Lesson{Prepared: p, Step: i, NoColor: true, Reveal: true}.Play()
			if err != nil {
				t.Fatal(err)
			}
			var seen []present.Moment
			var buf bytes.Buffer
			if _, err := Record(&buf, moments{pl, &seen}, Options{Width: 100, Height: 30, FPS: 1}); err != nil {
				t.Fatal(err)
			}
			for _, mo := range seen {
				checked++
				if mo.Held {
					t.Errorf("%s: the frame at %s holds %q back", where, mo.Clock, mo.Words())
					break
				}
				if mo.Ask == nil || mo.Ask.Reveal == "" {
					t.Errorf("%s: the frame at %s shows no answer: %+v", where, mo.Clock, mo.Ask)
					break
				}
			}
		}
	}
	if checked < 200 {
		t.Fatalf("only %d frames checked", checked)
	}
}
