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
