package drill

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
)

// Every built-in prompt that speaks of an outage plays one as long as it
// says: slow-apis once said its API "is down for minutes" and played
// checkout, whose payment is only slow for 3 s and never down.
func TestPromptsPlayTheOutageTheySpeakOf(t *testing.T) {
	raw, err := BuiltinPrompts()
	if err != nil {
		t.Fatal(err)
	}
	lab := lessons.NewLab()
	spoken := 0
	for _, p := range raw {
		text, err := lab.FillText(p.ID, p.Text)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, said := statedOutage(text); said {
			spoken++
		}
		if msg := checkOutage(p, text); msg != "" {
			t.Errorf("prompt %s: %s", p.ID, msg)
		}
	}
	// api-gateway, notifications, e-commerce and search-ranking each say
	// their dependency stops answering or hangs: the check looked at them.
	if spoken < 4 {
		t.Errorf("%d prompts speak of an outage; want api-gateway, notifications, e-commerce and search-ranking at least", spoken)
	}

	// The old slow-apis text: `breakerlab interview --check` names it.
	old := Prompt{ID: "slow-apis", Title: "Slow and unreliable APIs", Scenario: "checkout",
		Text: "Your service answers users by calling third-party APIs: {{param checkout/0 checkout.rate}} requests a second on " +
			"{{param checkout/0 workers}} workers. An API's p99 is {{param checkout/0 payment.latency.p99}} on a good day, but at times it " +
			"takes {{param checkout/0 payment.fault.latency}} a call, or is down for minutes. Design the calls."}
	got := strings.Join(CheckPrompts(lab, []Prompt{old}).Problems, "\n")
	if want := `prompt slow-apis: its text says "down … for minutes", but checkout/0 (no timeout) has no dependency that fails every call or stops answering`; !strings.Contains(got, want) {
		t.Errorf("the check should say %q; it said:\n%s", want, got)
	}
}

// An outage the scenario plays, but shorter than the text says, is named
// with the length it plays; one as long passes.
func TestOutageLongerThanPlayedIsNamed(t *testing.T) {
	racefree.Only(t) // builds scenarios and reads text, runs nothing
	p := Prompt{ID: "gw", Scenario: "api-gateway", Text: "{{param api-gateway/0 workers}} workers."}
	got := checkOutage(p, "From 10 s search's upstream is down for 2 minutes.")
	if want := `its text says "down … for 2 minutes", but the longest outage api-gateway/0 (a breaker and a bulkhead per upstream) plays is search-api's, 30s`; !strings.HasPrefix(got, want) {
		t.Errorf("got %q, want it to start %q", got, want)
	}
	if got := checkOutage(p, "From 10 s search's upstream is down for 30 s."); got != "" {
		t.Errorf("a 30 s outage in a scenario that plays 30 s: %s", got)
	}
	if got := checkOutage(p, "Search's upstream at times takes 10 s a call."); got != "" {
		t.Errorf("a text that speaks of no outage: %s", got)
	}
}

func TestStatedOutage(t *testing.T) {
	racefree.Only(t) // pure text, no goroutine
	for _, c := range []struct {
		text    string
		said    bool
		atLeast time.Duration
	}{
		{"At 10 s the model stops answering.", true, 0},
		{"At 10 s recommendations start to hang.", true, 0},
		{"It is still down at 30 s, when the scenario ends.", true, 0},
		{"At times it takes 10 s a call, or is down for minutes.", true, 2 * time.Minute},
		{"The provider is down for 90 s.", true, 90 * time.Second},
		{"The provider is down for 1.5 min.", true, 90 * time.Second},
		{"The provider is down for a minute.", true, time.Minute},
		{"At times it takes 10 s a call.", false, 0},
		{"Keep the gateway, and every other route, working.", false, 0},
	} {
		_, atLeast, said := statedOutage(c.text)
		if said != c.said || atLeast != c.atLeast {
			t.Errorf("%q: said %v for %v, want %v for %v", c.text, said, atLeast, c.said, c.atLeast)
		}
	}
}

// A dependency that errors on only some calls, or turns slow, still
// answers: only a hang or errors on every call make an outage.
func TestLongestOutageCountsOnlyHangsAndCertainErrors(t *testing.T) {
	racefree.Only(t) // builds a system value, runs nothing
	sys := engine.System{Dependencies: []engine.Dependency{
		{Name: "flaky", Faults: []engine.Fault{{Kind: engine.Error, From: 0, To: 50 * time.Second, Probability: 0.6}}},
		{Name: "slow", Faults: []engine.Fault{{Kind: engine.Slow, From: 0, To: 50 * time.Second, Latency: 10 * time.Second}}},
		{Name: "down", Faults: []engine.Fault{{Kind: engine.Error, From: 20 * time.Second, To: 30 * time.Second, Probability: 1}}},
		{Name: "hung", Faults: []engine.Fault{{Kind: engine.Hang, From: 45 * time.Second}}},
	}}
	if n, dep := longestOutage(sys, 60*time.Second); n != 15*time.Second || dep != "hung" {
		t.Errorf("longest outage %v of %q, want 15s of hung (to the run's end)", n, dep)
	}
}
