package lessons

import (
	"hash/fnv"
	"math/rand/v2"
	"strconv"
)

// ChoiceOrder is the order a question's n choices are shown in: a
// permutation (shown position -> index in the file) drawn from the
// learner, the lesson, the step, which question of the step ("predict" or
// "question") and the attempt. The same inputs give the same order, so a
// question keeps its order while it is being answered and after a
// restart; taking it again (the next attempt) draws a new one, and two
// learners see different ones. Nothing of it reaches the engine.
func ChoiceOrder(learner, lesson string, step int, which string, attempt, n int) []int {
	h := fnv.New64a()
	for _, part := range []string{learner, lesson, strconv.Itoa(step), which, strconv.Itoa(attempt)} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	sum := h.Sum64()
	r := rand.New(rand.NewPCG(sum, sum^0x9e3779b97f4a7c15))
	return r.Perm(max(n, 0))
}

// ShownOrder is the order a learner's player shows step's choices in: the
// prediction's (predict true), asked once, so its first attempt's; else
// the question's, at the attempt progress p is on. learner is the progress
// file's (Store.Learner; empty without one). A classroom puts a question
// to the room in the order the teacher's own player shows it, so that the
// teacher's "1" is the room's "1".
func ShownOrder(learner, lesson string, p Progress, step int, predict bool, n int) []int {
	if predict {
		return ChoiceOrder(learner, lesson, step, "predict", 0, n)
	}
	return ChoiceOrder(learner, lesson, step, "question", p.Attempt(step), n)
}
