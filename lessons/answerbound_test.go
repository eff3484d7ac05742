package lessons

import (
	"fmt"
	"strings"
	"testing"
)

// Lesson 8 asks "How many of the 999 other customers lose service with
// customer 0?", and "1,000 customers" was taken as a guess and shown in
// the room's histogram: the others are at most the customers less the
// poisoned one, and a guess past them is refused with why, as 9,999 busy
// workers in a pool of 200 are.
func TestLesson8RefusesMoreCustomersThanThereAre(t *testing.T) {
	l, err := Lookup("08-shuffle-sharding")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(l, testLab)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for i, s := range p.Steps {
		q := s.Predict
		if q == nil || q.Kind != Number {
			continue
		}
		answer := l.Steps[i].Predict.Answer
		if !strings.HasPrefix(answer, "ever-lost ") && !strings.HasPrefix(answer, "ever-degraded ") {
			continue
		}
		seen++
		ctx := &evalCtx{lab: testLab, step: &l.Steps[i], lesson: l, seed: l.Steps[i].Seed}
		all, err := answerValue(ctx, "param step customers")
		if err != nil {
			t.Fatal(err)
		}
		verb := map[bool]string{true: "can lose service", false: "can be degraded"}[strings.HasPrefix(answer, "ever-lost ")]
		why := "There are only " + countText(all.F) + " customers: at most " + countText(all.F-1) + " besides the poisoned one " + verb
		if all.F == 1000 && !strings.Contains(q.Prompt, "999 other") {
			t.Errorf("step %d: the prompt %q should count the 999 others the bound names", i+1, q.Prompt)
		}
		for _, in := range []string{countText(all.F), countText(all.F) + " customers", "5000"} {
			// The guess named, then the bound (guessOutOfRange).
			want := fmt.Sprintf("Out of range: %q. %s", in, why)
			if _, _, err := q.JudgeGuess(in); err == nil || err.Error() != want {
				t.Errorf("step %d (%s): guess %q: %v, want %q", i+1, answer, in, err, want)
			}
		}
		for _, in := range []string{countText(all.F - 1), "0", q.AnswerText} {
			if _, _, err := q.JudgeGuess(in); err != nil {
				t.Errorf("step %d (%s): guess %q is possible, refused: %v", i+1, answer, in, err)
			}
		}
	}
	if seen < 2 {
		t.Fatalf("lesson 8 should predict the customers lost and degraded; found %d such predictions", seen)
	}
}

// Every count the scenario caps has its cap as the answer's bound, with
// a why that names it; the run's own figure is within it (a bound below
// the answer would refuse the right answer).
func TestCountsTheScenarioCapsAreBounded(t *testing.T) {
	ctx := &evalCtx{lab: testLab, seed: 5}
	cases := []struct {
		answer string
		most   float64
		why    string
	}{
		{"busy-at cascade/0 9s", 200, "the pool has only 200 workers: at most 200 can be busy"},
		{"held-at cascade/0 recommendations 9s", 200, "the pool has only 200 workers: at most 200 can be busy"},
		{"lost shuffle/0", 999, "there are only 1,000 customers: at most 999 besides the poisoned one can lose service"},
		{"degraded shuffle/0", 999, "there are only 1,000 customers: at most 999 besides the poisoned one can be degraded"},
		{"customers shuffle/0", 999, "there are only 1,000 customers: at most 999 besides the poisoned one"},
		{"service-busy-max multi-hop/0 inventory", 16, "the inventory service has only 16 workers: at most 16 can be busy"},
		{"service-busy-at multi-hop/0 inventory 10s", 16, "the inventory service has only 16 workers: at most 16 can be busy"},
		{"service-busy-at multi-hop/0 front 10s", 200, "the front service has only 200 workers: at most 200 can be busy"},
		{"probe-burst fleet-probes/1 api", 20, "the api service has only 20 instances: at most 20 breakers can be half-open at once"},
		{"fleet-open-at fleet-probes/0 api 21s", 20, "the api service has only 20 instances: at most 20 breakers can be open at once"},
		{"pool-inuse-max async-cascade/0 aiohttp", 100, "the aiohttp pool has only 100 connections: at most 100 can be in use at once"},
		{"pool-dialling-max async-cascade/0 aiohttp", 100, "the aiohttp pool has only 100 connections: at most 100 can be dialling at once"},
		{"permits-max async-cascade/1 search-api", 10, "the bulkhead on search-api has only 10 permits: at most 10 can be held at once"},
	}
	for _, c := range cases {
		v, err := answerValue(ctx, c.answer)
		if err != nil {
			t.Errorf("%s: %v", c.answer, err)
			continue
		}
		most, why, ok := answerBound(ctx, c.answer)
		if !ok || most != c.most || why != c.why {
			t.Errorf("%s: bound %v %q (%v), want %v %q", c.answer, most, why, ok, c.most, c.why)
		}
		if v.F > most {
			t.Errorf("%s: the run gives %v, past its bound %v", c.answer, v.F, most)
		}
	}
}

// A service on several instances has its workers on each: its busy
// workers, summed over them, are at most workers × instances, and the why
// says both.
func TestAServicesBusyWorkersAreBoundedOverItsInstances(t *testing.T) {
	ctx := &evalCtx{lab: testLab, seed: 5}
	workers, err := answerValue(ctx, "param fleet-probes/0 api.workers")
	if err != nil {
		t.Fatal(err)
	}
	answer := "service-busy-max fleet-probes/0 api"
	v, err := answerValue(ctx, answer)
	if err != nil {
		t.Fatal(err)
	}
	most, why, ok := answerBound(ctx, answer)
	if !ok || most != 20*workers.F || !strings.Contains(why, "20 instances of "+countText(workers.F)+" workers") {
		t.Fatalf("%s: bound %v %q (%v), want 20 instances of %v workers", answer, most, why, ok, workers.F)
	}
	if v.F > most {
		t.Errorf("%s: the run gives %v, past its bound %v", answer, v.F, most)
	}
}
