package lessons

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"pgregory.net/rapid"
)

// Two windows (a lesson in one, a classroom server or another lesson in
// the other) opened the same file; the one that quits last used to write
// its old copy over the other's. Now both lessons' progress survives, and
// the second save says it merged.
func TestTwoStoresOnOneFileKeepBothLessons(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lessons.json")
	a, _ := OpenStore(path)
	b, _ := OpenStore(path)

	p1 := a.Get("lesson-1")
	p1.SawStep(0)
	p1.SawStep(1)
	p1.Answered(1, true)
	p1.Done = true
	a.Set("lesson-1", p1)
	if err := a.Save(); err != nil {
		t.Fatal(err)
	}
	if n := a.MergeNote(); n != "" {
		t.Fatalf("the first save merged: %q", n)
	}

	p2 := b.Get("lesson-2")
	p2.SawStep(0)
	p2.Answered(0, false)
	b.Set("lesson-2", p2)
	// b also has an older view of lesson 1: one step seen, nothing answered.
	old := b.Get("lesson-1")
	old.SawStep(0)
	b.Set("lesson-1", old)
	if err := b.Save(); err != nil {
		t.Fatal(err)
	}
	if n := b.MergeNote(); n != "Progress from another breakerlab window was merged into the lesson progress file." {
		t.Fatalf("note %q", n)
	}
	if n := b.MergeNote(); n != "" {
		t.Fatalf("the note came twice: %q", n)
	}
	if b.Learner() != a.Learner() {
		t.Errorf("the windows' learners differ after a merge: %s, %s", a.Learner(), b.Learner())
	}
	// b holds lesson 1's progress now, and a gets lesson 2's on its next save.
	if got := b.Get("lesson-1"); !got.Done || !got.Right(1) {
		t.Errorf("b's lesson 1 after the merge: %+v", got)
	}
	if err := a.Save(); err != nil {
		t.Fatal(err)
	}
	again, _ := OpenStore(path)
	l1, l2 := again.Get("lesson-1"), again.Get("lesson-2")
	if !l1.Done || !slices.Equal(l1.Seen, []int{0, 1}) || !l1.Right(1) {
		t.Errorf("lesson 1 lost work: %+v", l1)
	}
	if r, ok := l2.FirstTry(0); !ok || r || !slices.Equal(l2.Seen, []int{0}) {
		t.Errorf("lesson 2 lost work: %+v", l2)
	}
}

func TestMergeProgressKeepsTheBest(t *testing.T) {
	mine := Progress{Step: 3, Seen: []int{0, 3}, Answers: map[string]bool{"3": false}, First: map[string]bool{"3": false},
		Attempts: map[string]int{"3": 1}, Predictions: map[string]Prediction{"0": {Guess: "10", Result: "off"}}}
	disk := Progress{Step: 1, Seen: []int{0, 1}, Answers: map[string]bool{"3": true, "1": true}, First: map[string]bool{"3": true, "1": true},
		Attempts: map[string]int{"3": 2}, Predictions: map[string]Prediction{"0": {Guess: "20", Result: "right"}, "1": {Result: "skipped"}}, Done: true}
	got := mergeProgress(mine, disk)
	switch {
	case got.Step != 3:
		t.Errorf("step %d, want mine's 3", got.Step)
	case !slices.Equal(got.Seen, []int{0, 1, 3}):
		t.Errorf("seen %v", got.Seen)
	case !got.Right(3) || !got.Right(1):
		t.Errorf("answers %v", got.Answers)
	case !got.First["3"] || !got.First["1"]:
		t.Errorf("first tries %v: a first try right in either is right", got.First)
	case got.Attempt(3) != 2:
		t.Errorf("attempts %v", got.Attempts)
	case got.Predictions["0"].Guess != "10" || got.Predictions["1"].Result != "skipped":
		t.Errorf("predictions %v", got.Predictions)
	case !got.Done:
		t.Error("not done")
	}
	if mine.Seen[1] != 3 || len(mine.Answers) != 1 || disk.Predictions["0"].Guess != "20" {
		t.Error("the merge changed its arguments")
	}
}

// Two stores on one file record steps, answers and predictions in any
// order and save in any order: at the end every step seen, every question
// answered right, every first try and every lesson done, in either, is in
// the file.
func TestAnyInterleavingOfTwoStoresLosesNoProgress(t *testing.T) {
	dir := t.TempDir()
	round := 0
	rapid.Check(t, func(rt *rapid.T) {
		round++
		path := filepath.Join(dir, strconv.Itoa(round), "lessons.json")
		var stores [2]*Store
		for i := range stores {
			s, err := OpenStore(path)
			if err != nil {
				rt.Fatal(err)
			}
			stores[i] = s
		}
		seen := map[string]map[int]bool{}
		right := map[string]map[int]bool{}
		first := map[string]map[int]bool{}
		done := map[string]bool{}
		mark := func(m map[string]map[int]bool, id string, i int) {
			if m[id] == nil {
				m[id] = map[int]bool{}
			}
			m[id][i] = true
		}
		for range rapid.IntRange(1, 25).Draw(rt, "steps") {
			s := stores[rapid.IntRange(0, 1).Draw(rt, "who")]
			id := fmt.Sprint("lesson-", rapid.IntRange(1, 3).Draw(rt, "lesson"))
			step := rapid.IntRange(0, 4).Draw(rt, "step")
			p := s.Get(id)
			switch rapid.IntRange(0, 4).Draw(rt, "action") {
			case 0:
				if err := s.Save(); err != nil {
					rt.Fatal(err)
				}
				continue
			case 1:
				p.SawStep(step)
				mark(seen, id, step)
			case 2:
				ok := rapid.Bool().Draw(rt, "right")
				p.Answered(step, ok)
				if ok {
					mark(right, id, step)
				}
				mark(first, id, step)
			case 3:
				p.Done = true
				done[id] = true
			case 4:
				p.TakeAgain(step)
			}
			s.Set(id, p)
		}
		for _, s := range stores {
			if err := s.Save(); err != nil {
				rt.Fatal(err)
			}
		}
		final, err := OpenStore(path)
		if err != nil || final.Notice() != "" {
			rt.Fatalf("reopening: %v %q", err, final.Notice())
		}
		for id, steps := range seen {
			for i := range steps {
				if !slices.Contains(final.Get(id).Seen, i) {
					rt.Fatalf("%s: step %d was seen, the file says not", id, i)
				}
			}
		}
		for id, steps := range right {
			for i := range steps {
				if !final.Get(id).Right(i) {
					rt.Fatalf("%s: step %d was answered right, the file says not", id, i)
				}
			}
		}
		for id, steps := range first {
			for i := range steps {
				if _, ok := final.Get(id).FirstTry(i); !ok {
					rt.Fatalf("%s: step %d's first try is lost", id, i)
				}
			}
		}
		for id := range done {
			if !final.Get(id).Done {
				rt.Fatalf("%s was done, the file says not", id)
			}
		}
	})
}
