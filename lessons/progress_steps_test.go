package lessons

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// stepLesson is a lesson of text steps with these titles; a title ending
// in "?" is a step with a question (the "?" is not part of the title).
func stepLesson(titles ...string) *Lesson {
	l := &Lesson{ID: "99-steps", Title: "Steps"}
	for _, t := range titles {
		st := Step{Title: strings.TrimSuffix(t, "?")}
		if strings.HasSuffix(t, "?") {
			st.Question = &Question{Kind: Choice, Prompt: "Which?"}
		}
		l.Steps = append(l.Steps, st)
	}
	return l
}

// doneOn is a learner's record of lesson l, done: every step seen, every
// question answered (right at the first try, except step wrong), each
// question taken once more, a prediction on each step, and the learner on
// step at.
func doneOn(l *Lesson, wrong, at int) Progress {
	p := Progress{}.Remap(l)
	for i, s := range l.Steps {
		p.SawStep(i)
		p.Predicted(i, Prediction{Guess: s.Title, Result: "close"})
		if s.Question != nil {
			p.Answered(i, i != wrong)
			p.Answered(i, true)
			p.TakeAgain(i)
		}
	}
	p.SawStep(at)
	p.UpdateDone(l)
	return p
}

// saveFor writes p as lesson l's progress into a new file and returns its
// path.
func saveFor(t *testing.T, l *Lesson, p Progress) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "lessons.json")
	s, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	s.Set(l.ID, p)
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	return path
}

func reopen(t *testing.T, path string) *Store {
	t.Helper()
	s, err := OpenStore(path)
	if err != nil || s.Notice() != "" {
		t.Fatalf("reopening %s: %v, %q", path, err, s.Notice())
	}
	return s
}

// Lesson 11's case: a step inserted in the middle. The answers, first
// tries, attempts and predictions of the steps after it stay on those
// steps, the learner resumes on the step they were on, the new step is
// unseen, and the lesson is no longer done until it is seen.
func TestProgressFollowsItsStepsPastAnInsertedOne(t *testing.T) {
	before := stepLesson("A", "B?", "C?", "D?")
	after := stepLesson("A", "B?", "X?", "C?", "D?")
	const c, d, x = 3, 4, 2 // C, D and X in after
	// C was wrong at the first try; the learner left on C (2 before).
	path := saveFor(t, before, doneOn(before, 2, 2))

	got := reopen(t, path).GetLesson(after)
	if !slices.Equal(got.Steps, []string{"A", "B", "X", "C", "D"}) {
		t.Errorf("steps %q: the record must name the lesson's steps now", got.Steps)
	}
	if got.Step != c {
		t.Errorf("resumes on step %d, want C's %d", got.Step, c)
	}
	if !slices.Equal(got.Seen, []int{0, 1, c, d}) {
		t.Errorf("seen %v, want every step but X (%d)", got.Seen, x)
	}
	if r, ok := got.FirstTry(c); !ok || r {
		t.Errorf("C's first try: right %v, answered %v; it was answered wrong", r, ok)
	}
	if r, ok := got.FirstTry(d); !ok || !r || !got.Right(c) || !got.Right(d) || !got.Right(1) {
		t.Errorf("B, C and D lost their answers: %+v", got)
	}
	if got.Attempt(c) != 1 || got.Attempt(d) != 1 || got.Attempt(x) != 0 {
		t.Errorf("attempts %v", got.Attempts)
	}
	if pr, ok := got.Prediction(c); !ok || pr.Guess != "C" {
		t.Errorf("C's prediction is %+v, %v", pr, ok)
	}
	if pr, ok := got.Prediction(d); !ok || pr.Guess != "D" {
		t.Errorf("D's prediction is %+v, %v", pr, ok)
	}
	if _, ok := got.FirstTry(x); ok || got.Right(x) || slices.Contains(got.Seen, x) {
		t.Errorf("the new step X has progress: %+v", got)
	}
	if _, ok := got.Prediction(x); ok {
		t.Errorf("the new step X has a prediction: %v", got.Predictions)
	}
	if got.Done {
		t.Error("done with the new step unseen and unanswered")
	}
	if s := got.Summary(after); s != "seen 4 of 5 steps, score 2/4" {
		t.Errorf("summary %q", s)
	}
	// Once X is seen and answered, it is done again.
	got.SawStep(x)
	got.Answered(x, true)
	got.UpdateDone(after)
	if !got.Done {
		t.Errorf("not done after the new step: %+v", got)
	}
}

// A step taken out: its entries go, the others keep theirs, and a learner
// who was on it resumes on the step before it.
func TestProgressDropsARemovedStep(t *testing.T) {
	before := stepLesson("A", "B?", "C?", "D?")
	after := stepLesson("A", "C?", "D?")
	path := saveFor(t, before, doneOn(before, 3, 1)) // on B, D wrong first

	s := reopen(t, path)
	got := s.GetLesson(after)
	want := Progress{
		Step:        0, // A: B is gone
		Seen:        []int{0, 1, 2},
		Answers:     map[string]bool{"1": true, "2": true},
		First:       map[string]bool{"1": true, "2": false},
		Attempts:    map[string]int{"1": 1, "2": 1},
		Predictions: map[string]Prediction{"0": {Guess: "A", Result: "close"}, "1": {Guess: "C", Result: "close"}, "2": {Guess: "D", Result: "close"}},
		Done:        true,
		Steps:       []string{"A", "C", "D"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("after B was removed:\n got %+v\nwant %+v", got, want)
	}
	// Saved again, the file holds the record as moved.
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	if again := reopen(t, path).Get(after.ID); !reflect.DeepEqual(again, want) {
		t.Errorf("saved after the move:\n got %+v\nwant %+v", again, want)
	}
}

// A step that moved keeps what the learner did on it, and steps renumbered
// by the move do too.
func TestProgressFollowsAMovedStep(t *testing.T) {
	before := stepLesson("A", "B?", "C?", "D?")
	after := stepLesson("A", "D?", "B?", "C?")
	got := doneOn(before, 3, 3).Remap(after) // on D, D wrong first
	if got.Step != 1 || !got.Done {
		t.Errorf("step %d, done %v: want D's 1, done", got.Step, got.Done)
	}
	if r, ok := got.FirstTry(1); !ok || r {
		t.Errorf("D's first try: %v, %v", r, ok)
	}
	if r, _ := got.FirstTry(2); !r {
		t.Error("B's first try was right")
	}
	if pr, _ := got.Prediction(1); pr.Guess != "D" {
		t.Errorf("step 1's prediction is %+v, want D's", pr)
	}
}

// A file from before steps were recorded loads exactly as it did: no step
// is known, so none is moved, and Done stays. The next save writes the
// steps, and the record is then the same.
func TestAnOldFileWithoutStepsLoadsAsBefore(t *testing.T) {
	l := stepLesson("A", "B?", "X?", "C?", "D?")
	const old = `{"version": 1, "learner": "abc", "lessons": {"99-steps": {
		"step": 3, "seen": [0, 1, 2, 3], "answers": {"1": true, "2": true, "3": false},
		"first": {"1": true, "2": false, "3": false}, "attempts": {"2": 1},
		"predictions": {"2": {"guess": "12", "result": "off"}}, "done": true}}}`
	path := filepath.Join(t.TempDir(), "lessons.json")
	if err := os.WriteFile(path, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	want := Progress{
		Step: 3, Seen: []int{0, 1, 2, 3},
		Answers:     map[string]bool{"1": true, "2": true, "3": false},
		First:       map[string]bool{"1": true, "2": false, "3": false},
		Attempts:    map[string]int{"2": 1},
		Predictions: map[string]Prediction{"2": {Guess: "12", Result: "off"}},
		Done:        true,
	}
	s := reopen(t, path)
	if got := s.Get(l.ID); !reflect.DeepEqual(got, want) {
		t.Errorf("Get:\n got %+v\nwant %+v", got, want)
	}
	got := s.GetLesson(l)
	want.Steps = StepKeys(l)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("GetLesson:\n got %+v\nwant %+v", got, want)
	}
	if s.Learner() != "abc" {
		t.Errorf("learner %q", s.Learner())
	}
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	if n := s.MergeNote(); n != "" {
		t.Errorf("recording the steps reads as a merge: %q", n)
	}
	var f struct {
		Version int
		Lessons map[string]struct{ Steps []string }
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	if f.Version != progressVersion || !slices.Equal(f.Lessons[l.ID].Steps, want.Steps) {
		t.Errorf("the saved file (version %d) records the steps %q, want %q", f.Version, f.Lessons[l.ID].Steps, want.Steps)
	}
	if again := reopen(t, path).GetLesson(l); !reflect.DeepEqual(again, want) {
		t.Errorf("reopened:\n got %+v\nwant %+v", again, want)
	}
}

// What the player records is what the next window reads, steps and all.
func TestProgressWithStepsRoundTrips(t *testing.T) {
	l := stepLesson("A", "B?", "C?", "D?")
	p := doneOn(l, 2, 1)
	path := saveFor(t, l, p)
	s := reopen(t, path)
	if got := s.Get(l.ID); !reflect.DeepEqual(got, p) {
		t.Errorf("Get:\n got %+v\nwant %+v", got, p)
	}
	if got := s.GetLesson(l); !reflect.DeepEqual(got, p) {
		t.Errorf("GetLesson of the same steps:\n got %+v\nwant %+v", got, p)
	}
}

// A window that opened the lesson with its new step saves while the file
// still holds the record of the old steps: the merge must not lay the
// file's answer to C (index 2 then) on X (index 2 now).
func TestSavingMovedProgressDoesNotMergeByOldIndexes(t *testing.T) {
	before := stepLesson("A", "B?", "C?", "D?")
	after := stepLesson("A", "B?", "X?", "C?", "D?")
	path := saveFor(t, before, doneOn(before, -1, 2))

	s := reopen(t, path)
	p := s.GetLesson(after)
	p.SawStep(2) // the learner opens X and leaves it unanswered
	p.UpdateDone(after)
	s.Set(after.ID, p)
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	if n := s.MergeNote(); n != "" {
		t.Errorf("the file held nothing this window lacked, yet: %q", n)
	}
	for name, got := range map[string]Progress{"in memory": s.GetLesson(after), "in the file": reopen(t, path).GetLesson(after)} {
		if _, ok := got.FirstTry(2); ok || got.Right(2) || got.Done {
			t.Errorf("%s: X took C's answer: %+v", name, got)
		}
		if !got.Right(3) || !got.Right(4) || got.Step != 2 {
			t.Errorf("%s: %+v", name, got)
		}
	}
}

// Another window that knows the lesson as it is now wrote the file; this
// one never opened the lesson and holds the record of the old steps.
// Saving here keeps the other's layout and its work on the new step, and
// adds this one's on the old steps where they are now.
func TestAStaleWindowTakesTheFilesSteps(t *testing.T) {
	before := stepLesson("A", "B?", "C?", "D?")
	after := stepLesson("A", "B?", "X?", "C?", "D?")
	path := saveFor(t, before, Progress{Step: 2, Seen: []int{0, 1, 2}, Answers: map[string]bool{"2": true}, First: map[string]bool{"2": false}}.Remap(before))

	stale := reopen(t, path)
	p := stale.Get(before.ID) // as a window that never read it against its steps
	p.Answered(1, true)       // B, right at the first try
	stale.Set(before.ID, p)

	now := reopen(t, path)
	q := now.GetLesson(after)
	q.SawStep(2)
	q.Answered(2, true) // X
	now.Set(after.ID, q)
	if err := now.Save(); err != nil {
		t.Fatal(err)
	}
	if err := stale.Save(); err != nil {
		t.Fatal(err)
	}
	got := reopen(t, path).GetLesson(after)
	wantFirst := map[string]bool{"1": true, "2": true, "3": false}
	if !maps.Equal(got.First, wantFirst) || !slices.Equal(got.Steps, StepKeys(after)) || !slices.Equal(got.Seen, []int{0, 1, 2, 3}) {
		t.Errorf("got %+v, want first tries %v on the new steps", got, wantFirst)
	}
}

// Titles name the steps; a title used twice still gives each step its own
// key, the same every time, that no other step has.
func TestStepKeysAreUnique(t *testing.T) {
	l := stepLesson("Check", "Check", "Check #2", "Other", "Check")
	got := StepKeys(l)
	want := []string{"Check", "Check #3", "Check #2", "Other", "Check #4"}
	if !slices.Equal(got, want) {
		t.Errorf("keys %q, want %q", got, want)
	}
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		keys := StepKeys(l)
		for i, s := range l.Steps {
			if keys[i] != s.Title {
				t.Errorf("%s: step %d's title %q is used twice; the progress file tells steps apart by title", l.ID, i+1, s.Title)
			}
		}
	}
}

// Whatever the steps become, each entry of a step still in the lesson is
// on that step afterwards, nothing is on a step the old lesson lacked,
// and moving again onto the same steps changes nothing.
func TestRemapKeepsEveryEntryOfAStepThatStays(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		universe := []string{"A", "B?", "C?", "D", "E?", "F?", "G"}
		pick := func(label string) *Lesson {
			titles := rapid.SliceOfNDistinct(rapid.SampledFrom(universe), 1, len(universe), rapid.ID[string]).Draw(rt, label)
			return stepLesson(titles...)
		}
		before, after := pick("before"), pick("after")
		p := Progress{}.Remap(before)
		for range rapid.IntRange(0, 20).Draw(rt, "actions") {
			i := rapid.IntRange(0, len(before.Steps)-1).Draw(rt, "step")
			switch rapid.IntRange(0, 3).Draw(rt, "action") {
			case 0:
				p.SawStep(i)
			case 1:
				p.Answered(i, rapid.Bool().Draw(rt, "right"))
			case 2:
				p.TakeAgain(i)
			case 3:
				p.Predicted(i, Prediction{Guess: strconv.Itoa(i), Result: "off"})
			}
		}
		got := p.Remap(after)
		where := map[string]int{}
		for i, k := range StepKeys(after) {
			where[k] = i
		}
		kept := 0
		for j, s := range before.Steps {
			i, ok := where[s.Title]
			if !ok {
				continue
			}
			kept++
			r0, a0 := p.FirstTry(j)
			r1, a1 := got.FirstTry(i)
			pr0, ok0 := p.Prediction(j)
			pr1, ok1 := got.Prediction(i)
			if r0 != r1 || a0 != a1 || p.Right(j) != got.Right(i) || p.Attempt(j) != got.Attempt(i) ||
				pr0 != pr1 || ok0 != ok1 || slices.Contains(p.Seen, j) != slices.Contains(got.Seen, i) {
				rt.Fatalf("step %q (%d, now %d) changed:\nbefore %+v\nafter  %+v", s.Title, j, i, p, got)
			}
		}
		if len(got.Seen) > kept || len(got.First) > kept || len(got.Attempts) > kept || len(got.Predictions) > kept {
			rt.Fatalf("entries on steps the old lesson lacked: %+v", got)
		}
		if again := got.Remap(after); !reflect.DeepEqual(again, got) {
			rt.Fatalf("a second move changed it:\n%+v\n%+v", got, again)
		}
		// The learner resumes on their step, or the nearest earlier one
		// still there, or else at the start.
		want := 0
		for j := p.Step; j >= 0; j-- {
			if i, ok := where[before.Steps[j].Title]; ok {
				want = i
				break
			}
		}
		if got.Step != want {
			rt.Fatalf("resumes on step %d, want %d: %+v", got.Step, want, got)
		}
	})
}
