package breaker

import "testing"

// TrialVerdict is what the drill's half-open card quotes for each library:
// each case is a library's documented rule, cited to its source, so a
// change to the state machine that breaks a rule fails here by name.
func TestTrialVerdictIsEachLibrarysRule(t *testing.T) {
	threeTrials := Gobreaker()
	threeTrials.HalfOpenTrials = 3
	fewerJudged := Resilience4j()
	fewerJudged.MinimumCalls = 4
	for _, tc := range []struct {
		name              string
		c                 Config
		toClose, toReopen int
	}{
		// gobreaker v2 onSuccess: half-open closes at
		// ConsecutiveSuccesses >= maxRequests; onFailure reopens at once.
		{"gobreaker", Gobreaker(), 1, 1},
		{"gobreaker with MaxRequests 3", threeTrials, 3, 1},
		// Polly v8 CircuitStateController: the one probe's success closes,
		// its failure breaks again.
		{"polly", Polly(), 1, 1},
		// Hystrix 1.5 HystrixCircuitBreaker: markSuccess closes,
		// markNonSuccess reopens, after the single test request.
		{"hystrix", Hystrix(), 1, 1},
		// Resilience4j HalfOpenState: all permitted calls are judged as a
		// window, once min(minimumNumberOfCalls, permitted) have returned.
		{"resilience4j", Resilience4j(), 10, 10},
		{"resilience4j judged at its minimum of 4", fewerJudged, 4, 4},
		// failsafe-go halfOpenState: one trial execution decides.
		{"failsafe-go", Failsafe(), 1, 1},
	} {
		toClose, toReopen, err := tc.c.TrialVerdict()
		if err != nil || toClose != tc.toClose || toReopen != tc.toReopen {
			t.Errorf("%s: closes after %d passing trials and reopens after %d failing ones (%v), want %d and %d",
				tc.name, toClose, toReopen, err, tc.toClose, tc.toReopen)
		}
	}
}

// A configuration the breaker refuses is an error, not a verdict.
func TestTrialVerdictRefusesABadConfig(t *testing.T) {
	c := Gobreaker()
	c.HalfOpenTrials = -1
	if _, _, err := c.TrialVerdict(); err == nil {
		t.Error("a negative number of trials gave a verdict")
	}
}
