package lessons

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
)

// breakerMoments are the metrics that answer "at what second will the
// breaker ...": a moment of one of its transitions.
var breakerMoments = map[string]bool{"opens": true, "closes": true, "half-opens": true, "transition": true}

// In a run whose calls come at a fixed spacing (lesson 4's one a second),
// a breaker that counts calls moves only when a call arrives, so the
// moments a prediction asks for are a call apart, and a tolerance of a
// whole spacing grades the call before or after right: the breaker's "closes as soon as the wait
// ends" (84 s for 85 s) and "opens past half" (25 s for 24 s) were "✓ Right.
// Within 1 s." Every lesson's moment of such a run is asked within less
// than the spacing.
func TestBreakerMomentsOfASpacedRunAreAskedWithinACall(t *testing.T) {
	checked := 0
	for _, p := range allPrepared(t) {
		for i := range p.Steps {
			st := &p.Steps[i]
			if st.Sim == nil || st.Sim.IsShuffle() || st.Step == nil {
				continue
			}
			sc, err := buildScenario(st.Sim)
			if err != nil {
				t.Fatalf("%s step %d: %v", p.Lesson.ID, i+1, err)
			}
			sys := sc.Variants[st.Sim.Variant].System
			if slices.ContainsFunc(sys.Dependencies, func(d engine.Dependency) bool {
				return d.Policy.Breaker != nil && d.Policy.Breaker.Window == breaker.TimeWindow
			}) {
				// A time window judges seconds, not calls: lesson 5's
				// "about half the window" is 25 s for 24.75 s, and right.
				continue
			}
			spacing := time.Duration(0)
			for _, e := range sys.Endpoints {
				if e.Interval <= 0 {
					spacing = 0 // random arrivals: a moment may fall anywhere
					break
				}
				if spacing == 0 || e.Interval < spacing {
					spacing = e.Interval
				}
			}
			if spacing == 0 {
				continue
			}
			for _, q := range []struct {
				raw  *Question
				prep *PreparedQuestion
			}{{st.Step.Predict, st.Predict}, {st.Step.Question, st.Question}} {
				if q.raw == nil || q.prep == nil || q.prep.Kind != Number {
					continue
				}
				e, err := ParseExpr(q.raw.Answer)
				if err != nil || !breakerMoments[e.Metric] || len(e.Args) == 0 || e.Args[0] != "step" {
					continue
				}
				checked++
				if tol := q.prep.tolerance(); tol >= spacing.Seconds()-1e-9 {
					t.Errorf("%s step %d (%s): %q is a moment of a run with a call every %v, and its tolerance of %s s grades the call before or after it right: ask within less than %v",
						p.Lesson.ID, i+1, st.Title, q.raw.Answer, spacing, TrimNum(tol), spacing)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no breaker moment of a spaced run was checked: lesson 4 asks several")
	}
}

// A named wrong number is told its why, and is not graded right: each
// guess below is the misconception a step (or a self-check) names, the one
// a learner most likely comes to, and each was graded right or "too
// high" with no reason (review a3).
func TestNamedWrongNumbersAreToldWhy(t *testing.T) {
	cases := []struct {
		lesson, title string
		predict       bool
		guess         string
		want          Closeness // for a prediction
		why           string
	}{
		{"04-breaker-states", "Closed, counting", true, "25", Off, "sixth failure"},
		{"04-breaker-states", "Recovery, a little late", true, "84", Off, "half-opens"},
		{"04-breaker-states", "Why half-open exists", true, "89", Off, "the moment the wait ends"},
		{"04-breaker-states", "Why half-open exists", true, "85", Off, "with 2 trials"},
		// The baseline the prompt quotes: retries add no load.
		{"06-retries-and-order", "A retry storm", true, "134", Off, "the run without retries"},
		// The time left at the pause: the reveal calls it close, and so
		// does the verdict.
		{"07-fallbacks-and-metrics", "Retry-After", true, "0.375", Close, "counted from the pause"},
		{"02-timeouts", "Self-check: how many workers", false, "16", 0, "the whole pool"},
		{"03-bulkheads", "Self-check: sizing", false, "20", 0, "the cap"},
		{"06-retries-and-order", "Self-check: the bucket in a long outage", false, "8", 0, "after a timeout pays 10"},
	}
	for _, c := range cases {
		q := namedStep(t, c.lesson, c.title, c.predict)
		got, err := q.ParseGuess(c.guess)
		if err != nil {
			t.Errorf("%s %q: %s: %v", c.lesson, c.title, c.guess, err)
			continue
		}
		if c.predict {
			if v := q.closeness(got); v != c.want {
				t.Errorf("%s %q: a guess of %s is %v, want %v", c.lesson, c.title, c.guess, v, c.want)
			}
		} else if q.within(got) {
			t.Errorf("%s %q: an answer of %s is right", c.lesson, c.title, c.guess)
		}
		m, ok := q.MisconceptionFor(got)
		if !ok || !strings.Contains(m.Why, c.why) {
			t.Errorf("%s %q: %s is told %q, want a why saying %q", c.lesson, c.title, c.guess, m.Why, c.why)
		}
	}
	// The guess beside the answer is in the answer's unit: "375 ms" stood
	// above "0.402 s".
	q := namedStep(t, "07-fallbacks-and-metrics", "Retry-After", true)
	if g, a := q.FormatGuess(0.375), q.AnswerText; g != "0.375 s" || !strings.HasSuffix(a, " s") {
		t.Errorf("lesson 7's Retry-After: the guess reads %q beside the answer %q, want both in seconds", g, a)
	}
}

// namedStep is the prediction (or the question) of the step of a lesson
// whose title starts with title.
func namedStep(t *testing.T, id, title string, predict bool) *PreparedQuestion {
	t.Helper()
	for _, p := range allPrepared(t) {
		if p.Lesson.ID != id {
			continue
		}
		for i := range p.Steps {
			st := &p.Steps[i]
			q := st.Question
			if predict {
				q = st.Predict
			}
			if strings.HasPrefix(st.Title, title) && q != nil {
				return q
			}
		}
	}
	t.Fatalf("%s has no step titled %q with a %s", id, title, map[bool]string{true: "prediction", false: "question"}[predict])
	return nil
}

// The text shown before a prediction does not quote the figure it asks
// for at another point of the same measure: lesson 3's "How big is big
// enough" gave the sweep's edges at 50 and 200 requests a second (8 and
// 16) right above the question about the edge at 100.
func TestAStepsTextDoesNotBracketItsPrediction(t *testing.T) {
	for _, p := range allPrepared(t) {
		for i := range p.Steps {
			st := &p.Steps[i]
			if st.Step == nil || st.Step.Predict == nil || st.Predict == nil || st.Predict.Kind != Number {
				continue
			}
			e, err := ParseExpr(st.Step.Predict.Answer)
			if err != nil || len(e.Args) == 0 || otherRun(e.Args[0]) {
				continue
			}
			for _, inner := range Placeholders(st.Step.Body) {
				q, err := ParseExpr(inner)
				if err == nil && q.Metric == e.Metric && len(q.Args) > 0 && !otherRun(q.Args[0]) {
					t.Errorf("%s step %d (%s): the text quotes {{%s}} above a prediction of %q: keep it for the reveal",
						p.Lesson.ID, i+1, st.Title, inner, st.Step.Predict.Answer)
				}
			}
		}
	}
}

// otherRun says whether an expression's first argument names a run other
// than the step's own ("step3", "cascade/1"); a sweep's metrics name no
// run ("sweep-edge 100" is the step's sweep).
func otherRun(arg string) bool {
	return strings.Contains(arg, "/") || strings.HasPrefix(arg, "step") && arg != "step"
}

// Lesson 6's "Breaker outside the retry" asks when the breaker will open
// with the breaker outside the retries, and its text said above the
// question that it "sees failures later and fewer of them": the answer,
// "Seconds later". The text says how the layers are wrapped, and the
// reveal what follows from it.
func TestBreakerOutsideTheRetryDoesNotTellItsAnswer(t *testing.T) {
	for _, p := range allPrepared(t) {
		if p.Lesson.ID != "06-retries-and-order" {
			continue
		}
		for i := range p.Steps {
			st := &p.Steps[i]
			if st.Title != "Breaker outside the retry" {
				continue
			}
			if strings.Contains(st.Step.Body, "failures later") {
				t.Errorf("the text above the prediction tells its answer:\n%s", st.Step.Body)
			}
			if !strings.Contains(st.Predict.Reveal, "failures later and fewer") {
				t.Errorf("the reveal does not say why it opened later:\n%s", st.Predict.Reveal)
			}
			return
		}
	}
	t.Fatal("lesson 6 has no step \"Breaker outside the retry\"")
}

// The text above lesson 6's "A retry budget" states no number that, typed
// back as a guess at its prediction, is graded right (the prompt's rule,
// promptGivesAnswer, for the words around it), and it sets the AWS
// quota's outage figure since its 2026 update against the old one for the
// same retries. It said "35 failing retries, not 100": 100 is the old
// figure after errors, and the run below pays for timeouts, which cost
// more. (Over every lesson the rule meets counts of other quantities, 20
// servers beside 20 calls a second, so it is held here, where it failed.)
func TestARetryBudgetsTextNeitherGivesNorMisstatesItsAnswer(t *testing.T) {
	p := lessonPrepared(t, "06-retries-and-order")
	st := stepOf(t, p, "A retry budget")
	q := st.Predict
	for _, n := range promptNumbers(st.Text) {
		if v, err := q.ParseGuess(n); err == nil && sameTerms(n, q.AnswerKind) && q.closeness(v) == Spot {
			t.Errorf("the text states %s, which typed back as a guess is right (the answer is %s)", n, q.AnswerText)
		}
	}
	if !strings.Contains(st.Step.Body, "{{fact aws.retry.outage_retries}} failing retries after errors") {
		t.Errorf("the old outage figure is not said to be the one after errors:\n%s", st.Step.Body)
	}
}

// lessonPrepared is the prepared lesson id.
func lessonPrepared(t *testing.T, id string) *Prepared {
	t.Helper()
	for _, p := range allPrepared(t) {
		if p.Lesson.ID == id {
			return p
		}
	}
	t.Fatalf("no lesson %s", id)
	return nil
}

// stepOf is the step of p titled title.
func stepOf(t *testing.T, p *Prepared, title string) *PreparedStep {
	t.Helper()
	for i := range p.Steps {
		if p.Steps[i].Title == title {
			return &p.Steps[i]
		}
	}
	t.Fatalf("%s has no step %q", p.Lesson.ID, title)
	return nil
}
