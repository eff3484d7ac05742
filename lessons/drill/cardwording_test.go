package drill

import (
	"regexp"
	"strings"
	"testing"
)

// handCardTexts are every text of every hand-written card, placeholders
// unfilled, named by card and part: what a learner memorises.
func handCardTexts(t *testing.T) map[string]string {
	t.Helper()
	cards, err := HandCards()
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]string{}
	for _, c := range cards {
		texts[c.ID+" follow-up answer"] = c.FollowUpAnswer
		for i, p := range c.Points {
			texts[c.ID+" point "+string(rune('1'+i))] = p
		}
	}
	return texts
}

// An outage of a slow dependency fails by timeouts, so a text that gives
// the retries a full AWS quota pays for gives the timed-out figure too, as
// the fact, the cheat sheet and lesson 6 do: "100 retries" alone on
// ref-002's follow-up was twice what the lesson's own outage pays for.
func TestOutageRetriesSayTheTimeoutFigure(t *testing.T) {
	n := 0
	for where, text := range handCardTexts(t) {
		if !strings.Contains(text, "{{fact aws.retry.outage_retries}}") {
			continue
		}
		n++
		if !strings.Contains(text, "{{fact aws.retry.outage_timeout_retries}}") {
			t.Errorf("%s gives the outage's retries without the timed-out figure: %s", where, text)
		}
	}
	if n == 0 {
		t.Fatal("no card quotes aws.retry.outage_retries")
	}
}

// The AWS quota as breakerlab simulates it is aws-sdk-js-v3's refill rule
// at aws-sdk-go-v2's old prices, not aws-sdk-go-v2's own rule: a card
// that gives the first-try refill as Go's before v1.48.0 contradicts
// lesson 6 and the fact aws.retry.success_refill. The card says whose
// rule it is, gives the price after a timeout (what the lesson's outage
// pays), and that Go also refilled after a successful retry.
func TestRetryBudgetCardSaysWhoseRuleIsSimulated(t *testing.T) {
	texts := handCardTexts(t)
	var point string
	for where, text := range texts {
		if strings.HasPrefix(where, "concept-breaker-vs-retry-budget point") && strings.Contains(text, "retry quota") {
			point = text
		}
	}
	if point == "" {
		t.Fatal("concept-breaker-vs-retry-budget has no point on the AWS retry quota")
	}
	for _, want := range []string{
		"aws-sdk-js-v3's rule",
		"{{fact aws.retry.timeout_cost}} after a timeout",
		"also added {{fact aws.retry.success_refill}} after a successful retry",
	} {
		if !strings.Contains(point, want) {
			t.Errorf("the retry-budget card should say %q: %s", want, point)
		}
	}
}

// minimumNumberOfCalls counts the window's calls, not the incident's: a
// breaker that has been running holds 100 already and stays closed
// because 30 of 100 is under its threshold. The self-check's first point
// gave only "fewer than the 100 it needs", the mechanism of a fresh
// breaker alone.
func TestBreakerMinimumCardGivesBothReasons(t *testing.T) {
	p := handCardTexts(t)["ref-001-self-check-3 point 1"]
	for _, want := range []string{"fresh", "fewer than the 100", "has been running", "30 failures out of 100"} {
		if !strings.Contains(p, want) {
			t.Errorf("ref-001-self-check-3's first point should say %q: %s", want, p)
		}
	}
}

// shareSomeRE finds the share of two shards that have some workers in
// common but not all, with the words before it in its clause.
var shareSomeRE = regexp.MustCompile(`([^.:;(]*)\(\{\{share-some `)

// {{share-some}} is the share of pairs with exactly one worker in common
// (42.9 % for 8 workers, 2 each), and numbers-13's 46.4 % is "at least
// one": a card that writes "share one worker" gives a learner two figures
// for one phrase.
func TestShareSomeSaysExactly(t *testing.T) {
	n := 0
	for where, text := range handCardTexts(t) {
		for _, m := range shareSomeRE.FindAllStringSubmatch(text, -1) {
			n++
			if !strings.Contains(m[1], "exactly") && !strings.Contains(m[1], "but not all") {
				t.Errorf("%s quotes share-some after %q: say \"exactly\"", where, m[1])
			}
		}
	}
	if n == 0 {
		t.Fatal("no card quotes share-some")
	}
}
