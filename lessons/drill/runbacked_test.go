package drill

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// runRefRE finds a claim's built-in runs (cascade/2, fleet-probes/0).
var runRefRE = regexp.MustCompile(`\b([a-z]+(?:-[a-z]+)*)/([0-9]+)\b`)

// stepRefRE finds a claim's lesson steps (step9), which claimsOnCopy's
// lesson of copies does not have: claimsOnLessonCopy checks those.
var stepRefRE = regexp.MustCompile(`\bstep[0-9]+\b`)

// claimsOnCopy evaluates claims against copies of the runs they name: each
// SCENARIO/N becomes a step of a lesson that plays variant N, with set's
// overrides for that run (knob lines; claims that quote a lesson's steps
// are left out), so a test can change one number of
// one run and see which claims still hold. It returns the claims that fail.
func claimsOnCopy(t *testing.T, claims []string, set map[string]string) []string {
	t.Helper()
	var b strings.Builder
	b.WriteString("+++\ntitle = \"copies\"\nsummary = \"the runs the claims name, copied\"\n+++\n")
	steps := map[string]string{}
	var builtIn []string
	for _, c := range claims {
		if !stepRefRE.MatchString(c) {
			builtIn = append(builtIn, c)
		}
	}
	claims = builtIn
	for _, c := range claims {
		for _, m := range runRefRE.FindAllStringSubmatch(c, -1) {
			if _, ok := steps[m[0]]; ok {
				continue
			}
			steps[m[0]] = fmt.Sprintf("step%d", len(steps)+1)
			fmt.Fprintf(&b, "\n+++ step\ntitle = %q\nscenario = %q\nvariant = %s\npause = \"end\"\n", m[0], m[1], m[2])
			if s := set[m[0]]; s != "" {
				b.WriteString("[set]\n" + s + "\n")
			}
			b.WriteString("+++\nA copy.\n")
		}
	}
	l, err := lessons.Parse("copies.md", []byte(b.String()))
	if err != nil {
		t.Fatalf("the copies' lesson: %v\n%s", err, b.String())
	}
	lab := lessons.NewLab()
	var failed []string
	for _, c := range claims {
		onCopy := runRefRE.ReplaceAllStringFunc(c, func(ref string) string { return steps[ref] })
		r, err := lab.CheckLessonClaim(l, "copy", onCopy)
		if err != nil {
			t.Fatalf("%s (as %s): %v", c, onCopy, err)
		}
		if !r.Holds {
			failed = append(failed, c)
		}
	}
	return failed
}

// TestRunBackedClaimsFailWhenTheRunChanges: the cards and the rubric point
// that had no run behind them (issue: four drill cards, e-commerce's
// "checkout is never affected") now make claims a run decides. Each holds
// on a faithful copy of its runs and fails when one number of a copy
// changes the way the claim says matters.
func TestRunBackedClaimsFailWhenTheRunChanges(t *testing.T) {
	prompt, at := pointOf(t, "e-commerce", "degrade")
	ecommerce := prompt.Points[at]
	for _, c := range []struct {
		name   string
		claims []string
		set    map[string]string
		fails  string
	}{
		// push's bulkhead as large as the pool protects email and SMS no more
		{"ref-004-notifications", handCardText(t, "ref-004-notifications").Expect,
			map[string]string{"cascade/1": "recommendations.bulkhead = 200"}, "share cascade/1 search+profile ok == 100%"},
		{"e-commerce's degrade point", ecommerce.Expect,
			map[string]string{"cascade/2": "recommendations.bulkhead = 200"}, "share cascade/2 search+profile ok == 100%"},
		// the semaphores as large as the shared pool: calls wait for a connection
		{"ref-002-faq-placement", handCardText(t, "ref-002-faq-placement").Expect,
			map[string]string{"async-cascade/1": "search-api.bulkhead = 100\nprofile-api.bulkhead = 100\ncatalog-api.bulkhead = 100"},
			"pool-waiting-max async-cascade/1 aiohttp == 0"},
		// a window of a hundred calls: each instance needs more failures of
		// its own, and the fleet is not all open a second in
		{"ref-002-faq-shared", handCardText(t, "ref-002-faq-shared").Expect,
			map[string]string{"fleet-probes/0": "provider.breaker.window = 100\nprovider.breaker.min_calls = 100"},
			"fleet-open-at fleet-probes/0 api 21s == param fleet-probes/0 api.instances"},
		// the outage a second earlier: a breaker is already open at 20 s
		{"concept-shared-breaker", handCardText(t, "concept-shared-breaker").Expect,
			map[string]string{"fleet-probes/0": `provider.fault.from = "19s"`}, "fleet-open-at fleet-probes/0 api 20s == 0"},
		// a breaker open three seconds at a time has probed many times by 80 s
		{"ref-004-trade-off", handCardText(t, "ref-004-trade-off").Expect,
			map[string]string{"breaker-timeline/0": `dependency.breaker.open = "3s"`},
			"transition breaker-timeline/0 8 > param breaker-timeline/0 dependency.fault.to"},
		// orders waiting as long as inventory may take: nobody gives up on it
		{"concept-timeout-vs-deadline", handCardText(t, "concept-timeout-vs-deadline").Expect,
			map[string]string{"multi-hop/1": `"orders/inventory.timeout" = "30s"`}, "service-abandoned multi-hop/1 inventory > 100"},
		// search's upstream healthy: the shared breaker never opens
		{"concept-one-breaker-per-dependency", handCardText(t, "concept-one-breaker-per-dependency").Expect,
			map[string]string{"api-gateway/1": "search-api.healthy = true"}, "share api-gateway/1 users+orders+catalog+cart ok < 30%"},
		{"ref-004-e-commerce", handCardText(t, "ref-004-e-commerce").Expect,
			map[string]string{"cascade/2": "recommendations.bulkhead = 200"}, "share cascade/2 search+profile ok == 100%"},
		// search's upstream healthy: its semaphore refuses nobody
		{"concept-semaphore-vs-thread-pool", handCardText(t, "concept-semaphore-vs-thread-pool").Expect,
			map[string]string{"async-cascade/1": "search-api.healthy = true"}, "permits-refused async-cascade/1 search-api > 1000"},
		// a provider that answers: no goroutines pile up
		{"concept-bounded-queue", handCardText(t, "concept-bounded-queue").Expect,
			map[string]string{"go-server/0": "payments.healthy = true"}, "oom-kills go-server/0 >= 1"},
		// the unguarded run with a timeout on the front's call
		{"concept-timeout-guard", handCardText(t, "concept-timeout-guard").Expect,
			map[string]string{"multi-hop/0": `orders.timeout = "1s"`}, "p99 multi-hop/0 order-page > param multi-hop/2 orders.timeout"},
		// a timeout of ten seconds: the hang's first failures come later
		{"concept-timeout-guard", handCardText(t, "concept-timeout-guard").Expect,
			map[string]string{"cascade/2": `recommendations.timeout = "10s"`}, "opens cascade/2 recommendations < 16s"},
		// without its jitter the second design probes as the first does
		{"concept-fleet-jitter", handCardText(t, "concept-fleet-jitter").Expect,
			map[string]string{"fleet-probes/1": "provider.breaker.jitter = 0"}, "probe-burst fleet-probes/0 api > probe-burst fleet-probes/1 api"},
		// a wait that ends inside the warm-up knocks breakers over again
		{"concept-ramp-up", handCardText(t, "concept-ramp-up").Expect,
			map[string]string{"fleet-probes/3": `provider.breaker.open = "5s"`}, "knocked-over fleet-probes/3 api 28s == 0"},
	} {
		if bad := claimsOnCopy(t, c.claims, nil); len(bad) > 0 {
			t.Errorf("%s: on faithful copies of its runs these fail: %q", c.name, bad)
		}
		if bad := claimsOnCopy(t, c.claims, c.set); !strings.Contains(strings.Join(bad, "\n"), c.fails) {
			t.Errorf("%s: with %v, %q still holds (failing: %q)", c.name, c.set, c.fails, bad)
		}
	}
}

// TestFlappingClaimsFailWhenTheWindowDoesNotWiden: concept-flapping quotes
// numbers.md's steps 24 to 26; with step 25 judging the same ten calls as
// step 24, its claim that the wider window never opens fails.
func TestFlappingClaimsFailWhenTheWindowDoesNotWiden(t *testing.T) {
	card := handCardText(t, "concept-flapping")
	check := func(src []byte) []string {
		l, err := lessons.Parse("lessons/drill/numbers.md", src)
		if err != nil {
			t.Fatal(err)
		}
		lab := lessons.NewLab()
		var failed []string
		for _, c := range card.Expect {
			r, err := lab.CheckLessonClaim(l, card.ID, c)
			if err != nil {
				t.Fatalf("%s: %v", c, err)
			}
			if !r.Holds {
				failed = append(failed, c)
			}
		}
		return failed
	}
	if bad := check(numbersLesson); len(bad) > 0 {
		t.Fatalf("on numbers.md as it is these fail: %q", bad)
	}
	wide := "dependency.breaker.window = 50\ndependency.breaker.min_calls = 50"
	if strings.Count(string(numbersLesson), wide) != 1 {
		t.Fatalf("numbers.md's step 25 no longer widens the window as %q", wide)
	}
	narrow := strings.Replace(string(numbersLesson), wide, "dependency.breaker.window = 10\ndependency.breaker.min_calls = 10", 1)
	if bad := check([]byte(narrow)); !strings.Contains(strings.Join(bad, "\n"), "opened step25 == 0") {
		t.Errorf("step 25 judging ten calls, the claim that it never opens still holds (failing: %q)", bad)
	}
}

// handCardText finds a card of cards.toml by its ID, unfilled.
func handCardText(t *testing.T, id string) CardText {
	t.Helper()
	cards, err := HandCards()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cards {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no card %s in cards.toml", id)
	return CardText{}
}

// claimsOnLessonCopy evaluates a card's claims against its lesson's text
// with old replaced by new (old must be there exactly once; "" changes
// nothing), so a
// test can change one knob of one step and see which claims still hold. It
// returns the claims that fail.
func claimsOnLessonCopy(t *testing.T, card CardText, old, new string) []string {
	t.Helper()
	path := "../content/" + card.Lesson + ".md"
	src := numbersLesson
	if card.Lesson == numbersID {
		path = "lessons/drill/numbers.md"
	} else {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		src = b
	}
	if old != "" && strings.Count(string(src), old) != 1 {
		t.Fatalf("%s: %s holds %q %d times, not once", card.ID, path, old, strings.Count(string(src), old))
	}
	l, err := lessons.Parse(path, []byte(strings.Replace(string(src), old, new, 1)))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	lab := lessons.NewLab()
	var failed []string
	for _, c := range card.Expect {
		r, err := lab.CheckLessonClaim(l, card.ID, c)
		if err != nil {
			t.Fatalf("%s: %s: %v", card.ID, c, err)
		}
		if !r.Holds {
			failed = append(failed, c)
		}
	}
	return failed
}

// TestLessonBackedClaimsFailWhenTheStepChanges: cards that had no run
// behind them now quote the steps of a lesson (or numbers.md). Each card's
// claims hold on its lesson as it is, and the named claim fails when one
// knob of one step changes the way the card says matters.
func TestLessonBackedClaimsFailWhenTheStepChanges(t *testing.T) {
	for _, c := range []struct {
		card     string
		old, new string
		fails    string
	}{
		// the breaker moved outside the retry in step 10 back inside: it
		// opens no later than the one inside
		{"ref-001-self-check-4", `payment.order = ["breaker", "retry", "timeout", "bulkhead"]`,
			`payment.order = ["retry", "breaker", "timeout", "bulkhead"]`, "opens step9 < opens step10"},
		{"ref-002-faq-placement", `payment.order = ["breaker", "retry", "timeout", "bulkhead"]`,
			`payment.order = ["retry", "breaker", "timeout", "bulkhead"]`, "opens step9 < opens step10"},
		// step 4 without its budget: no retry is refused
		{"concept-breaker-vs-retry-budget", `payment.retry.budget = "token-bucket"`, "", "retries-denied step4 payment > 0"},
		// a time window of two seconds forgets as fast as the count window
		{"concept-count-vs-time-window", `dependency.breaker.time_window = "10s"`, `dependency.breaker.time_window = "2s"`, "opens step3 > opens step2"},
		// a minimum of ten calls: the quiet path's breaker opens
		{"concept-minimum-calls", "dependency.breaker.window = 100\ndependency.breaker.min_calls = 100",
			"dependency.breaker.window = 10\ndependency.breaker.min_calls = 10", "opened step4 == 0"},
		// step 7 without its slow-call rule is step 6: it never opens
		{"concept-slow-calls", "payment.breaker.slow_duration = \"400ms\"\npayment.breaker.slow_rate = 0.5\n", "", "opened step7 >= 1"},
		{"concept-what-counts-as-failure", "payment.breaker.slow_duration = \"400ms\"\npayment.breaker.slow_rate = 0.5\n", "", "opened step7 >= 1"},
		// step 5 with the short wait: no pile-up of waiting calls
		{"concept-bulkhead-wait", `search-api.bulkhead_wait = "10s"`, `search-api.bulkhead_wait = "250ms"`, "permits-waiting-max step5 search-api > 1000"},
		// step 4 without its queue: nothing is kept for later
		{"concept-fallbacks", `payment.fallback = "queue"`, "", "share step4 checkout fallback > 0.5"},
		// search's share at 90 leaves profile enough connections
		{"concept-shares-must-fit", "search-api.bulkhead = 100", "search-api.bulkhead = 90", "share step27 profile ok < 50%"},
		// step 4's bulkhead back at its full size: it refuses almost nothing
		{"concept-release-permit", "recommendations.bulkhead = 4\n", "recommendations.bulkhead = 20\n", "share step4 recommendations rejected > 0.2"},
		// step 28 as a semaphore again: it refuses as checkout/4 does
		{"concept-semaphore-vs-thread-pool", "payment.bulkhead_kind = \"thread-pool\"\npayment.bulkhead_queue = 8\n", "",
			"share step28 checkout rejected < share checkout/4 checkout rejected"},
		// numbers.md's step 25 judging ten calls, as step 24 does, flaps too
		{"ref-002-faq-threshold", "dependency.breaker.window = 50\ndependency.breaker.min_calls = 50",
			"dependency.breaker.window = 10\ndependency.breaker.min_calls = 10", "opened step25 == 0"},
	} {
		card := handCardText(t, c.card)
		if card.Lesson == "" {
			t.Fatalf("%s quotes no lesson", c.card)
		}
		if bad := claimsOnLessonCopy(t, card, "", ""); len(bad) > 0 {
			t.Errorf("%s: on its lesson as it is these fail: %q", c.card, bad)
		}
		if bad := claimsOnLessonCopy(t, card, c.old, c.new); !strings.Contains(strings.Join(bad, "\n"), c.fails) {
			t.Errorf("%s: with %q, %q still holds (failing: %q)", c.card, c.new, c.fails, bad)
		}
	}
}
