package lessons

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
)

// A Progress keys its entries by step index, and an index names another
// step as soon as a lesson gains, loses or reorders a step: lesson 11 took
// a step in the middle, and a learner's answers after it fell on the
// questions before. So a Progress also records its steps' keys, in order,
// as they were when it was recorded (Progress.Steps), and Remap moves the
// entries onto the lesson as it is now by key.

// StepKeys names each of l's steps for the progress file, in step order:
// its title, which the lesson's author keeps while a step moves (FORMAT.md
// says so). A title the lesson uses twice gets " #2", " #3"... from its
// second use on, skipping any key another step already has, so the keys are
// unique and the same for the same list of titles.
func StepKeys(l *Lesson) []string {
	keys := make([]string, len(l.Steps))
	taken := make(map[string]bool, len(l.Steps))
	for _, s := range l.Steps {
		taken[s.Title] = true
	}
	used := make(map[string]bool, len(l.Steps))
	for i, s := range l.Steps {
		k := s.Title
		for n := 2; used[k]; n++ {
			k = fmt.Sprintf("%s #%d", s.Title, n)
			if taken[k] {
				// Another step is titled so: leave that key to it.
				k = s.Title
			}
		}
		used[k] = true
		keys[i] = k
	}
	return keys
}

// Remap returns a copy of p that speaks of l's steps as they are now. When
// p records its steps (Steps) and they differ from l's, each entry moves to
// where its step is now: a step still in the lesson keeps its answers,
// first try, attempts, prediction and seen mark; a step no longer there
// loses them; a new step is unseen. The learner resumes on the same step,
// or on the nearest earlier one still there, and Done is worked out again
// (UpdateDone): a done lesson that gained a step is done once that step is
// seen.
//
// A p that records no steps (a file written before Steps existed, or a
// lesson never opened) is left as it is: there is no telling which steps
// its indexes meant, so they are taken as today's, as they always were.
// Either way the copy records l's steps, so the next save writes them.
func (p Progress) Remap(l *Lesson) Progress {
	keys := StepKeys(l)
	if len(p.Steps) == 0 || slices.Equal(p.Steps, keys) {
		out := clone(p)
		out.Steps = keys
		return out
	}
	out := p.moveTo(keys)
	// Done was true of the old steps; with one added it may no longer be.
	out.Done = false
	out.UpdateDone(l)
	return out
}

// moveTo is p with its entries moved from the steps p.Steps names onto the
// steps to names, matched by key; Done is p's, for the caller to judge.
// An entry whose index p.Steps does not cover, or whose step is not in to,
// is dropped: it belongs to no step there.
func (p Progress) moveTo(to []string) Progress {
	at := make(map[string]int, len(to))
	for i, k := range to {
		if _, dup := at[k]; !dup {
			at[k] = i
		}
	}
	// dest[j] is where p's step j is in to, or -1. Keys are unique in a
	// file this package wrote; in an edited one only a key's first step
	// keeps its entries, so two old steps never land on one new one.
	dest := make([]int, len(p.Steps))
	claimed := make(map[string]bool, len(p.Steps))
	for j, k := range p.Steps {
		dest[j] = -1
		if i, ok := at[k]; ok && !claimed[k] {
			dest[j], claimed[k] = i, true
		}
	}
	index := func(j int) (int, bool) {
		if j < 0 || j >= len(dest) || dest[j] < 0 {
			return 0, false
		}
		return dest[j], true
	}
	key := func(k string) (string, bool) {
		j, err := strconv.Atoi(k)
		if err != nil {
			return "", false
		}
		i, ok := index(j)
		return strconv.Itoa(i), ok
	}

	out := Progress{Steps: slices.Clone(to), Done: p.Done}
	for _, j := range p.Seen {
		if i, ok := index(j); ok && !slices.Contains(out.Seen, i) {
			out.Seen = append(out.Seen, i)
		}
	}
	sort.Ints(out.Seen)
	out.Answers = moveKeys(p.Answers, key)
	out.First = moveKeys(p.First, key)
	out.Attempts = moveKeys(p.Attempts, key)
	out.Predictions = moveKeys(p.Predictions, key)
	// The step the learner was on, or the nearest earlier one still there:
	// going back a little re-reads what led up to where they left off,
	// where going forward would skip what they had not read.
	for j := min(p.Step, len(dest)-1); j >= 0; j-- {
		if i, ok := index(j); ok {
			out.Step = i
			break
		}
	}
	return out
}

// moveKeys is m with each key changed by key, dropping those it refuses;
// nil when nothing is left, as a Progress holds no empty maps.
func moveKeys[V any](m map[string]V, key func(string) (string, bool)) map[string]V {
	var out map[string]V
	for k, v := range m {
		nk, ok := key(k)
		if !ok {
			continue
		}
		if out == nil {
			out = make(map[string]V, len(m))
		}
		out[nk] = v
	}
	return out
}

// oneLayout brings two records of a lesson this process has not read
// against its steps (Store.GetLesson) onto the same steps before they are
// merged index by index. When both record their steps and these differ,
// the file's (disk's) win: a window that never opened the lesson holds
// only what it read from the file earlier, and the window that wrote the
// file since knew the lesson as it is now. mine's Done is dropped then: it
// was true of other steps, and without the lesson it cannot be worked out
// again. A record without steps is merged by index as it always was.
func oneLayout(mine, disk Progress) (Progress, Progress) {
	if len(mine.Steps) == 0 || len(disk.Steps) == 0 || slices.Equal(mine.Steps, disk.Steps) {
		return mine, disk
	}
	moved := mine.moveTo(disk.Steps)
	moved.Done = false
	return moved, disk
}
