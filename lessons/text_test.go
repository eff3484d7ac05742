package lessons

import (
	"slices"
	"strings"
	"testing"
)

func TestFillTextAndClaimsUseTheEngineAndTheFacts(t *testing.T) {
	lab := NewLab()
	got, err := lab.FillText("card x", "A full quota pays for {{fact aws.retry.outage_retries}} retries; 20 a second × 500 ms = {{littles 20 500ms}}.")
	if err != nil {
		t.Fatal(err)
	}
	if want := "A full quota pays for 100 retries; 20 a second × 500 ms = 10."; got != want {
		t.Fatalf("FillText = %q, want %q", got, want)
	}
	if _, err := lab.FillText("card y", "{{share step search ok}}"); err == nil || !strings.Contains(err.Error(), "card y") {
		t.Fatalf("a text with no step must refuse step and name itself, got %v", err)
	}
	r, err := lab.CheckClaim("card z", "fact aws.retry.capacity == 500")
	if err != nil || !r.Holds {
		t.Fatalf("the AWS quota's claim: %+v, %v", r, err)
	}
	r, err = lab.CheckClaim("card z", "share cascade/0 search ok > 90%")
	if err != nil {
		t.Fatal(err)
	}
	if r.Holds || r.Failure("card z") == nil || !strings.Contains(r.Failure("card z").Error(), "card z") {
		t.Fatalf("a false claim must fail and name its card: %+v", r)
	}
	if _, err := lab.CheckClaim("card z", "fact no.such.fact == 1"); err == nil || !strings.Contains(err.Error(), "aws.retry.capacity") {
		t.Fatalf("an unknown fact's error must list the known ones, got %v", err)
	}
}

func TestDeadlineBudgetIsTheSmallerOfOwnAndWhatIsLeftLessTheMargin(t *testing.T) {
	lab := NewLab()
	for _, c := range []struct{ expr, want string }{
		{"{{deadline-budget 2s 1500ms 50ms}}", "1.45 s"},
		{"{{deadline-budget 1s 3s 100ms}}", "1 s"},
		{"{{deadline-budget 1s 20ms 50ms}}", "0 ms"},
	} {
		got, err := lab.FillText("t", c.expr)
		if err != nil || got != c.want {
			t.Errorf("%s = %q (%v), want %q", c.expr, got, err, c.want)
		}
	}
}

func TestUncheckedNumbers(t *testing.T) {
	for _, c := range []struct {
		text   string
		givens []string
		want   []string
	}{
		{"A quota of 500 tokens, 5 a retry.", nil, []string{"500", "5"}},
		{"A quota of {{fact aws.retry.capacity}} tokens.", nil, nil},
		{"At p99 a 503 with Retry-After; 4xx are not failures; seeds/001 and HTTP/2 and v8.", nil, nil},
		{"C(8, 2) = {{shards 8 2}}", nil, nil},
		{"It sees 30 calls, fewer than 100.", []string{"A breaker needs 100 calls and gets 30 a minute."}, nil},
		{"It sees 30 calls, fewer than 100, in 60 s.", []string{"A breaker needs 100 calls and gets 30 a minute."}, []string{"60"}},
		{"Envoy allows 1,024 connections.", nil, []string{"1,024"}},
		// A status code is a name; the same digits with a unit or a count's
		// noun after them are a quantity typed by hand.
		{"A 429 Too Many Requests, then a 503; a 504 at the gateway.", nil, nil},
		{"Their p99 is 429 ms; 504 workers; 200 requests a second; 503% more.", nil, []string{"429", "504", "200", "503"}},
	} {
		got := UncheckedNumbers(c.text, c.givens...)
		if !slices.Equal(got, c.want) {
			t.Errorf("UncheckedNumbers(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// FillScenarioText reads a scenario file as `step`: param with a later
// fault's keys (fault2.*) and Little's law while a dependency is slow.
func TestFillScenarioTextReadsTheFile(t *testing.T) {
	file := &ScenarioFile{Path: "s.toml", Data: []byte(`duration = "10s"
[system]
workers = 40
[[system.endpoints]]
name = "web"
rate = 20
calls = "db"
[[system.dependencies]]
name = "db"
latency = { kind = "constant", value = "10ms" }
faults = [{ kind = "slow", from = "2s", to = "4s", latency = "600ms" }, { kind = "hang", from = "5s", to = "6s" }]
policy = { timeout = "5s" }
`)}
	lab := NewLab()
	got, err := lab.FillScenarioText("brief", "{{param step workers}}; slow {{param step db.fault.from}}–{{param step db.fault.to}}, hung {{param step db.fault2.from}}–{{param step db.fault2.to}}: {{little step web slow}} and {{little step web timeout}} workers.", file, 1)
	if err != nil {
		t.Fatal(err)
	}
	if want := "40; slow 2 s–4 s, hung 5 s–6 s: 12 and 100 workers."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, err := lab.FillScenarioText("brief", "{{param step db.fault3.from}}", file, 1); err == nil || !strings.Contains(err.Error(), "has 2 fault(s), not 3") {
		t.Errorf("a third fault: %v", err)
	}
	if _, err := lab.FillText("x", "{{little cascade/0 search slow}}"); err == nil || !strings.Contains(err.Error(), "no slow fault") {
		t.Errorf("little slow on a dependency without a slow fault: %v", err)
	}
}

func TestATinyDurationIsNotPrintedAsZero(t *testing.T) {
	for _, c := range []struct {
		sec  float64
		want string
	}{{500e-9, "500 ns"}, {2.5e-6, "2.5 µs"}, {0, "0 ms"}, {0.0004, "0.4 ms"}, {1.5, "1.5 s"}} {
		if got := formatDuration(c.sec); got != c.want {
			t.Errorf("formatDuration(%v) = %q, want %q", c.sec, got, c.want)
		}
	}
	got, err := NewLab().FillText("t", "{{fact r4j.ratelimiter.period}}")
	if err != nil || got != "500 ns" {
		t.Errorf("Resilience4j's refresh period prints %q (%v), want 500 ns", got, err)
	}
}
