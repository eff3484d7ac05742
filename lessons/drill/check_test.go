package drill

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/lessons"
)

// TestTheDeckChecks is `breakerlab drill --check`: every placeholder of the
// deck fills, every claim holds, no model answer types a number nothing
// checks, every card has a known topic.
func TestTheDeckChecks(t *testing.T) {
	r, err := Check()
	if err != nil {
		t.Fatal(err)
	}
	if r.Cards < 100 || r.Placeholders < 150 || r.Claims < 50 {
		t.Errorf("the check covered too little: %s", r)
	}
	if !regexp.MustCompile(`^\d+ cards checked: \d+ placeholders, \d+ claims$`).MatchString(r.String()) {
		t.Errorf("summary %q", r)
	}
}

// TestCheckCatchesWrongCards feeds the check cards that are wrong in each
// way it looks for, and wants each named with its point.
func TestCheckCatchesWrongCards(t *testing.T) {
	bad, err := ParseCards([]byte(`
[[card]]
id = "wrong-number"
topic = "timeout"
source = "test"
question = "What did the timeout alone leave at the provider?"
points = ["{{inflight-max checkout/1 payment}} calls in flight."]
expect = ["inflight-max checkout/1 payment < 20"]

[[card]]
id = "typed-number"
topic = "timeout"
source = "test"
question = "What did the timeout alone leave at the provider?"
follow_up = "And with 4 slots?"
follow_up_answer = "25 calls, with a bulkhead of 4."
points = ["It had 73 calls in flight, against {{inflight-max checkout/0 payment}} without a timeout."]

[[card]]
id = "bad-placeholder"
topic = "timeout"
source = "test"
question = "What is a deadline?"
points = ["{{share step checkout ok}} of them."]

[[card]]
id = "wrong-library"
topic = "bulkhead"
source = "test"
question = "What does Polly's bulkhead allow by default?"
points = ["{{fact r4j.bulkhead.max_concurrent}} calls at once."]

[[card]]
id = "contradicts-a-lesson"
topic = "timeout"
source = "test"
question = "Does a timeout relieve a slow provider?"
points = ["No: it cancels only the caller's side."]
`))
	if err != nil {
		t.Fatal(err)
	}
	_, err = CheckCards(lessons.NewLab(), bad)
	if err == nil {
		t.Fatal("the check passed three wrong cards")
	}
	msg := err.Error()
	for _, want := range []string{
		`wrong-number claims "inflight-max checkout/1 payment < 20"`,
		"typed-number, point 1 types 73",
		"typed-number, follow-up answer types 25",
		"bad-placeholder, point 1",
		"wrong-library, point 1 quotes Resilience4j's",
		"contradicts-a-lesson, point 1 contradicts the lessons on timeout-relief",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("the check's error lacks %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "types 4") {
		t.Errorf("4 is a given of the follow-up question, not a typed number:\n%s", msg)
	}
	// A card of an unknown topic is refused when the file is read, and by
	// the check when it is built some other way.
	if _, err := ParseCards([]byte("[[card]]\nid = \"x\"\ntopic = \"breakers\"\nsource = \"s\"\nquestion = \"q\"\npoints = [\"p\"]\n")); err == nil ||
		!strings.Contains(err.Error(), `unknown topic "breakers"`) {
		t.Errorf("an unknown topic: %v", err)
	}
	if _, err := CheckCards(lessons.NewLab(), []CardText{{ID: "y", Topic: "breakers", Question: "q", Points: []string{"p"}}}); err == nil ||
		!strings.Contains(err.Error(), "y: unknown topic") {
		t.Errorf("an unknown topic: %v", err)
	}
	if _, err := ParseCards([]byte("[[card]]\nid = \"x\"\ntopic = \"timeout\"\nsource = \"s\"\nquestion = \"q\"\npoints = [\"p\"]\nanswer = \"a\"\n")); err == nil {
		t.Error("an unknown key must be refused")
	}
}

func handCard(t *testing.T, id string) Card {
	t.Helper()
	d := deck(t)
	i := slices.IndexFunc(d, func(c Card) bool { return c.ID == id })
	if i < 0 {
		t.Fatalf("no card %s", id)
	}
	return d[i]
}

// TestFixedCardsStayFixed guards the statements issue 22 found wrong; the
// numbers behind each are claims in cards.toml.
func TestFixedCardsStayFixed(t *testing.T) {
	for _, c := range []struct {
		id        string
		want, not []string
	}{
		// Lesson 9 step 7: every layer that stops sending relieves the
		// provider; lessons 2 and 11: cancellation that reaches it does too.
		{"concept-timeout-load", []string{"RST_STREAM", "request context", "bulkhead"}, []string{"Only the breaker", "cancels only the caller's side"}},
		// Lesson 3 step 11: over the connections cap a request waits.
		{"concept-envoy-caps", []string{"pending request", "x-envoy-overloaded"}, []string{"fails at once"}},
		// Lesson 8: sharing some workers falls as the fleet grows; degraded
		// is not free.
		{"concept-shuffle-vs-plain", []string{"not free"}, []string{"becomes common"}},
		// Resilience4j judges its trials as a window.
		{"concept-half-open-probes", []string{"as a window"}, []string{"One failed probe reopens"}},
		// Lesson 7 step 7: notify on each opening, page on the sustained signals.
		{"ref-004-follow-up", []string{"notify", "page"}, []string{"Alert when a breaker opens"}},
		{"ref-004-trade-off", []string{"notification", "page"}, []string{"alert on open", "an alert when one opens"}},
		// Lesson 12 step 5 and fleet-probes: a wait shorter than the restart
		// finds the recovery sooner (the last breaker closes at 50.354 s,
		// against 55.315 s with the jittered 5 s) and pays in failed probes.
		{"concept-breaker-cost", []string{"finds the recovery sooner", "50.354 s", "55.315 s", "74 rounds", "ramp"},
			[]string{"(A shorter cool-down", "Not with a shorter cool-down", "only adds failed probes"}},
		{"concept-fleet-jitter", []string{"finds the recovery sooner", "50.354 s", "at most 4 half-open at once", "64.883 s"},
			[]string{"only adds failed probes"}},
		// engine/retry.TokenBucket: refund of a successful retry, the cap.
		// A retry's price is one SDK's: aws-sdk-go-v2's 5 (10 after a
		// timeout) before v1.48.0, aws-sdk-js-v3's 10 after any transient
		// error (@smithy/util-retry).
		{"ref-002-faq-breaker-or-retries", []string{"gets its tokens back", "at most 500", "In aws-sdk-go-v2's standard mode before v1.48.0",
			"aws-sdk-js-v3 charges 10"}, []string{"In standard mode before aws-sdk-go-v2 v1.48.0's update"}},
		{"concept-breaker-vs-retry-budget", []string{"of aws-sdk-go-v2", "aws-sdk-js-v3 charges 10"}, []string{"the AWS SDKs' token bucket"}},
		// Findings I. F1: Release It! already has the half-open state.
		{"concept-origins", []string{"Release It! already has all three states", "(closed, open, half-open)"}, []string{"What did Fowler's article add", "The half-open state made explicit"}},
		// F2: both kept search whole in the burst; the provider's load differs.
		{"ref-002-faq-bulkhead-vs-limiter", []string{"both protect the other users", "The difference is the provider's load"}, []string{"other way round", "flat out"}},
		// F3: the answer for 40 a second sizes for 40 a second, with headroom.
		{"ref-001-self-check-2", []string{"on average", "sized by Little's law for that rate", "rate × p99 = 40 × 200 ms = 8 slots, plus headroom", "12 refused 0.0%"}, []string{"= 4 slots"}},
		// F4: Little's law gives the average, and the peak is higher.
		{"numbers-05", []string{"on average", "not a ceiling", "held 16 of the 16"}, []string{"at most"}},
		// F10: what each instance must fail is its breaker's rule, not a window.
		{"ref-002-faq-shared", []string{"enough failures of its own to trip", "50.0% of its last 10", "20 times"}, []string{"its own window of calls"}},
		{"concept-shared-breaker", []string{"enough failures of its own to trip", "50.0% of its last 10 calls", "20 times"}, []string{"fails its own window"}},
	} {
		a := handCard(t, c.id).Answer()
		for _, w := range c.want {
			if !strings.Contains(a, w) {
				t.Errorf("%s lacks %q:\n%s", c.id, w, a)
			}
		}
		for _, n := range c.not {
			if strings.Contains(a, n) {
				t.Errorf("%s says %q again:\n%s", c.id, n, a)
			}
		}
	}
}

// TestHalfOpenRulesAreWhatTheCardsSay pins the rule concept-half-open-probes
// and ref-000-interview-states state to the engine's presets: Resilience4j
// judges its trials together, the others reopen on the first failure.
func TestHalfOpenRulesAreWhatTheCardsSay(t *testing.T) {
	if r := breaker.Resilience4j().HalfOpenRule; r != breaker.TrialsAsWindow && r != breaker.TrialsAsWindowAtMinimum {
		t.Errorf("Resilience4j's half-open rule is %v, the cards say it judges the trials as a window", r)
	}
	for name, c := range map[string]breaker.Config{"polly": breaker.Polly(), "gobreaker": breaker.Gobreaker(), "hystrix": breaker.Hystrix()} {
		if c.HalfOpenRule != breaker.FirstFailureReopens {
			t.Errorf("%s's half-open rule is %v, the cards say the first failed trial reopens", name, c.HalfOpenRule)
		}
	}
}

// TestTokenBucketRulesAreWhatTheTextsSay pins the AWS quota's rules the
// cards and the generated problems state to engine/retry: a successful
// retry's cost comes back, a first-try success adds one, nothing fills the
// bucket past its capacity.
func TestTokenBucketRulesAreWhatTheTextsSay(t *testing.T) {
	b := retry.NewAWSTokenBucket()
	cost, ok := b.TryRetry(false)
	if !ok || b.Tokens() != b.Capacity-cost {
		t.Fatalf("a retry took %d, leaving %d", cost, b.Tokens())
	}
	b.OnSuccess(true, cost)
	if b.Tokens() != b.Capacity {
		t.Errorf("a successful retry's cost was not refunded: %d of %d", b.Tokens(), b.Capacity)
	}
	b.OnSuccess(false, 0)
	if b.Tokens() != b.Capacity {
		t.Errorf("a first-try success filled the bucket past its capacity: %d of %d", b.Tokens(), b.Capacity)
	}
	for _, seed := range []uint64{1, 2, 3, 4, 5, 6} {
		p, err := One("token-bucket", seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []string{"gets its cost back", "never holds more", "first-try success adds"} {
			if !strings.Contains(p.Question, w) {
				t.Errorf("seed %d: the problem does not say %q: %s", seed, w, p.Question)
			}
		}
	}
}

// TestTopicsOfTheLaterLessons: lessons 10 to 14 have topics of their own,
// each with concept cards, and the numbers cards have the topics written
// for them.
func TestTopicsOfTheLaterLessons(t *testing.T) {
	d := deck(t)
	for lesson, topic := range map[string]string{
		"10-shedding-rate-limits-bulkheads": "shedding",
		"11-deadlines-across-hops":          "deadlines",
		"12-a-fleet-of-breakers":            "fleet",
		"13-partitioning-by-tenant":         "tenants",
		"14-no-thread-pool":                 "tasks",
	} {
		if lessonTopics[lesson] != topic {
			t.Errorf("lesson %s is filed under %q, want %q", lesson, lessonTopics[lesson], topic)
		}
		if !slices.ContainsFunc(d, func(c Card) bool { return c.Topic == topic && strings.HasPrefix(c.ID, "concept-") }) {
			t.Errorf("no concept card for the topic %s", topic)
		}
	}
	for id, topic := range map[string]string{"numbers-12": "shuffle", "numbers-13": "shuffle", "numbers-04": "fallback", "numbers-08": "timeout"} {
		if c := handCard(t, id); c.Topic != topic {
			t.Errorf("%s (%s) is filed under %s, want %s", id, c.Source, c.Topic, topic)
		}
	}
	if c := handCard(t, "numbers-13"); strings.Contains(c.Explain, "harmless") {
		t.Errorf("numbers-13 calls a degraded customer harmless again: %s", c.Explain)
	}
}

// TestSeedIdeasHaveCards lists the cards issue 22 added for ideas of the
// references and of lessons 10 to 13.
func TestSeedIdeasHaveCards(t *testing.T) {
	for _, id := range []string{
		"concept-shedding-vs-rate-limit", "concept-rate-limiter-defaults", "concept-tenant-bulkhead",
		"concept-deadline-budget", "concept-cancellation", "concept-fleet-jitter", "concept-shared-breaker",
		"concept-origins", "concept-ramp-up", "concept-bulkhead-wait", "concept-release-permit", "concept-timeout-guard",
	} {
		c := handCard(t, id)
		if c.Kind != Open || len(c.Points) < 3 || c.FollowUp == "" {
			t.Errorf("%s: want an open card with at least 3 points and a follow-up", id)
		}
	}
}

// TestCardsQuoteTheirLessonsSteps: a card that names a lesson may quote its
// steps' runs (stepN), numbers.md's among them, in its texts and claims; a
// card that names none may not, and an unknown lesson is an error that
// names the card.
func TestCardsQuoteTheirLessonsSteps(t *testing.T) {
	good, err := ParseCards([]byte(`
[[card]]
id = "quotes-numbers"
topic = "bulkhead"
source = "test"
lesson = "numbers"
question = "What does a cap of rate × p99 refuse at 40 a second?"
points = ["{{share step20 checkout rejected}} of healthy checkouts, with {{param step20 payment.bulkhead}} slots."]
expect = ["share step20 checkout rejected > 0.01", "little step20 checkout p99 == param step20 payment.bulkhead"]

[[card]]
id = "quotes-a-lesson"
topic = "bulkhead"
source = "test"
lesson = "03-bulkheads"
question = "What does a cap of 4 refuse at 20 a second?"
points = ["{{share step7 checkout rejected}} of healthy checkouts."]
expect = ["share step7 checkout rejected > 0.05"]
`))
	if err != nil {
		t.Fatal(err)
	}
	lab := lessons.NewLab()
	r, err := CheckCards(lab, good)
	if err != nil || r.Claims != 3 || r.Placeholders != 3 {
		t.Fatalf("cards that quote their lesson's steps: %s, %v", r, err)
	}
	c, err := good[0].fill(lab)
	if err != nil || !strings.Contains(c.Points[0], "8 slots") {
		t.Fatalf("filled %q, %v", c.Points, err)
	}
	bad, err := ParseCards([]byte(`
[[card]]
id = "no-lesson"
topic = "bulkhead"
source = "test"
question = "q"
points = ["{{share step20 checkout rejected}}"]

[[card]]
id = "unknown-lesson"
topic = "bulkhead"
source = "test"
lesson = "99-nothing"
question = "q"
points = ["p"]
expect = ["param checkout/1 workers == 16"]
`))
	if err != nil {
		t.Fatal(err)
	}
	_, err = CheckCards(lab, bad)
	for _, want := range []string{"no-lesson, point 1", `unknown-lesson: lesson "99-nothing"`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("the check's error lacks %q: %v", want, err)
		}
	}
}
