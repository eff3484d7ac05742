package lessons

import "testing"

// The wrong numbers a learner who predicts the common misconception types
// in lessons 2, 3, 5 and 6 are told why, as lesson 1's are: each got only its
// distance ("Off this time: 3 s above it. The reason is below.").
//   - lesson 2 step 4, 16 calls: the no-timeout peak the prompt quotes, the
//     pool taken for a cap on the provider's calls;
//   - lesson 3 step 3, 20 calls: the cap taken for what the dependency
//     holds on a normal day;
//   - lesson 3 step 5, 4 calls: the average need, which step 4's cap of
//     exactly that refused a third of the calls at;
//   - lesson 3 step 7, 0 %: a cap of rate × p99 taken for a ceiling a
//     healthy day never reaches;
//   - lesson 3 step 9, 8.8 %: step 7's share, as if twice the traffic
//     met the same cap as often;
//   - lesson 5 step 2, 24 s: lesson 4's moment, as if a count window
//     counted seconds;
//   - lesson 5 step 3, 21 s: step 2's count window, as if a time window
//     kept the same pace;
//   - lesson 5 step 7, 0.5 s or 0.9 s: the slow spell's start, or its
//     start plus the slow threshold, as if a call were judged slow before
//     it ends;
//   - lesson 6 step 3, 402 calls: 3 attempts × the 134 calls without
//     retries, as if every call were tried the most times;
//   - lesson 6 step 4, 64 retries: step 3's, as if the bucket set no
//     limit; 100: the bucket at a retry's usual price, not a timeout's;
//   - lesson 6 step 9, 64 retries: step 3's again, as if the breaker did
//     not see the retries.
//
// And lesson 13's, found walking lessons 9 to 14 the same way:
//   - lesson 13 step 1, 60 workers: the pool taken for what the traffic
//     keeps busy.
//
// And lesson 14's, found walking lessons 10 to 14 (only 100 % was named):
//   - lesson 14 step 2, 50 % or 80 %: a loop kept busy by requests that
//     fail, as if a parked task cost it time;
//   - lesson 14 step 5, 8 s: the slow upstream's time, as if the client
//     waited that long for the answer;
//   - lesson 14 step 3 (a question), 5 calls: search's normal day, rate ×
//     p99, the figure the step's text just sized a semaphore with;
//   - lesson 12 step 4, 10 instances: the herd of 20 cut by the jitter's
//     50 %, as if jitter split the fleet in two.
func TestCommonWrongPredictionsAreNamed(t *testing.T) {
	byID := map[string]*Prepared{}
	for _, p := range allPrepared(t) {
		byID[p.Lesson.ID] = p
	}
	for _, c := range []struct {
		lesson string
		step   int // from 1
		guess  string
	}{
		{"02-timeouts", 4, "16"},
		{"03-bulkheads", 3, "20"},
		{"03-bulkheads", 5, "4"},
		{"03-bulkheads", 7, "0"},
		{"03-bulkheads", 9, "8.8"},
		{"05-tuning-a-breaker", 2, "24"},
		{"05-tuning-a-breaker", 3, "21"},
		{"05-tuning-a-breaker", 7, "0.5"},
		{"05-tuning-a-breaker", 7, "0.9"},
		{"06-retries-and-order", 3, "402"},
		{"06-retries-and-order", 4, "64"},
		{"06-retries-and-order", 4, "100"},
		{"06-retries-and-order", 9, "64"},
		{"13-partitioning-by-tenant", 1, "60"},
		{"14-no-thread-pool", 2, "50"},
		{"14-no-thread-pool", 2, "80"},
		{"14-no-thread-pool", 5, "8"},
		{"14-no-thread-pool", 3, "5"},
		{"12-a-fleet-of-breakers", 4, "10"},
	} {
		p := byID[c.lesson]
		if p == nil {
			t.Fatalf("no lesson %s", c.lesson)
		}
		q := p.Steps[c.step-1].Predict
		if q == nil {
			q = p.Steps[c.step-1].Question // a step that asks after its play
		}
		if q == nil || q.Kind != Number {
			t.Fatalf("%s step %d has no numeric prediction", c.lesson, c.step)
		}
		how, got, err := q.JudgeGuess(c.guess)
		if err != nil {
			t.Fatalf("%s step %d: %s refused: %v", c.lesson, c.step, c.guess, err)
		}
		if how != Off {
			t.Fatalf("%s step %d: %s is not graded off (%v); the case is meant to be a wrong guess", c.lesson, c.step, c.guess, how)
		}
		if mc, ok := q.MisconceptionFor(got); !ok || mc.Why == "" {
			t.Errorf("%s step %d (%q): a guess of %s is told no misconception", c.lesson, c.step, q.Prompt, c.guess)
		}
	}
}
