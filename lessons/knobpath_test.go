package lessons

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/sweep"
)

// oddFile is a scenario file whose names hold what a path also uses: a
// dot, a slash, a space, an "=", a quote; two names that make the same
// path (the endpoint e's burst.rate and the endpoint e.burst's rate), and
// a dependency of the front called like a service's dependency.
const oddFile = `
duration = "10s"
[system]
workers = 20

[[system.endpoints]]
name = "/check out"
rate = 10
calls = "my.db/x"

[[system.endpoints]]
name = "e"
rate = 5
calls = "orders"
bursts = [{ from = "2s", to = "4s", rate = 8 }]

[[system.endpoints]]
name = "e.burst"
rate = 4
calls = "orders/db"

[[system.endpoints]]
name = "q"
rate = 3
calls = "a=b \"c\""

[[system.dependencies]]
name = "my.db/x"
latency = { kind = "constant", value = "10ms" }

[[system.dependencies]]
name = "orders"
service = "orders"

[[system.dependencies]]
name = "orders/db"
latency = { kind = "constant", value = "5ms" }

[[system.dependencies]]
name = "a=b \"c\""
latency = { kind = "constant", value = "5ms" }

[[system.services]]
name = "orders"
workers = 8
calls = "db"

[[system.services.dependencies]]
name = "db"
latency = { kind = "constant", value = "3ms" }
`

func oddScenario(t *testing.T) *engine.Scenario {
	t.Helper()
	sc, err := scenariofile.Parse("odd.toml", []byte(oddFile))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// A name with a dot and a slash is read whole, by every reader of paths:
// SetKnob (a sweep's), a lesson's [set], KnobValue, the knob list.
func TestDottedNamesAreKnobs(t *testing.T) {
	sc := oddScenario(t)
	if err := SetKnob(sc, 0, "my.db/x.timeout", "50ms"); err != nil {
		t.Fatalf("SetKnob my.db/x.timeout: %v", err)
	}
	if got := sc.Variants[0].System.Dependencies[0].Policy.Timeout; got != 50*time.Millisecond {
		t.Errorf("my.db/x's timeout is %v, want 50ms", got)
	}
	if err := applyOverride(sc, 0, "my.db/x.breaker.window", int64(12)); err != nil {
		t.Fatalf("[set] my.db/x.breaker.window: %v", err)
	}
	if err := SetKnob(sc, 0, "/check out.rate", 7.0); err != nil {
		t.Fatalf("SetKnob /check out.rate: %v", err)
	}
	if v, ok := KnobValue(sc, 0, "my.db/x.timeout"); !ok || v != "50ms" {
		t.Errorf("KnobValue my.db/x.timeout = %v, %v", v, ok)
	}
	all := Knobs(sc, 0)
	for _, want := range []string{"my.db/x.timeout", "my.db/x.breaker.window", "/check out.rate", "orders.workers"} {
		if !slices.Contains(all, want) {
			t.Errorf("Knobs lacks %s", want)
		}
	}
	// The unknown key on such a name is the setter's, naming the key.
	if err := applyOverride(sc, 0, "my.db/x.breaker.nosuch", int64(1)); err == nil || !strings.Contains(err.Error(), `unknown breaker key "nosuch"`) {
		t.Errorf("a bad breaker key: %v", err)
	}
}

// A path that reads as two knobs is refused with both readings, each
// written so that it reads one way; quoted, each sets its own part.
func TestAmbiguousPathsAskForQuotes(t *testing.T) {
	sc := oddScenario(t)
	for _, tc := range []struct {
		path, want string
	}{
		{"e.burst.rate", `"e".burst.rate or "e.burst".rate`},
		{"orders/db.timeout", `"orders/db".timeout`},
	} {
		err := SetKnob(sc, 0, tc.path, "1s")
		if err == nil || !strings.Contains(err.Error(), "double quotes") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want a refusal offering %s", tc.path, err, tc.want)
		}
		if err := applyOverride(sc, 0, tc.path, "1s"); err == nil || !strings.Contains(err.Error(), "double quotes") {
			t.Errorf("[set] %s: %v", tc.path, err)
		}
	}
	sys := &sc.Variants[0].System
	if err := SetKnob(sc, 0, `"e".burst.rate`, 9.0); err != nil || sys.Endpoints[1].Bursts[0].Rate != 9 {
		t.Errorf(`"e".burst.rate: %v, burst %v`, err, sys.Endpoints[1].Bursts)
	}
	if err := SetKnob(sc, 0, `"e.burst".rate`, 6.0); err != nil || sys.Endpoints[2].Rate != 6 {
		t.Errorf(`"e.burst".rate: %v, rate %v`, err, sys.Endpoints[2].Rate)
	}
	if err := SetKnob(sc, 0, `"orders/db".timeout`, "300ms"); err != nil || sys.Dependencies[2].Policy.Timeout != 300*time.Millisecond {
		t.Errorf(`"orders/db".timeout: %v`, err)
	}
	for _, p := range []string{`"orders"/"db".timeout`, `orders/"db".timeout`, `"orders"/db.timeout`} {
		sys.Services[0].Dependencies[0].Policy.Timeout = 0
		if err := SetKnob(sc, 0, p, "200ms"); err != nil || sys.Services[0].Dependencies[0].Policy.Timeout != 200*time.Millisecond {
			t.Errorf("%s: %v", p, err)
		}
	}
	if err := SetKnob(sc, 0, `"orders.timeout`, "1s"); err == nil || !strings.Contains(err.Error(), "closing quote") {
		t.Errorf("an open quote: %v", err)
	}
}

// Every path Knobs lists reads back as one knob, the one it was listed
// for, and is written bare wherever that reads one way: a name that must
// be quoted is, and only those.
func TestKnobsListsPathsThatReadBack(t *testing.T) {
	sc := oddScenario(t)
	all := Knobs(sc, 0)
	for _, p := range all {
		at, ok, err := findKnob(&sc.Variants[0].System, p)
		if !ok || err != nil {
			t.Errorf("%s: does not read back (%v)", p, err)
			continue
		}
		if got := pathOf(&sc.Variants[0].System, at, true); got != p {
			t.Errorf("%s reads back as %s", p, got)
		}
		if c, ok := canonicalKnob(sc, 0, p); !ok || c != p {
			t.Errorf("%s: canonical %q", p, c)
		}
	}
	for _, want := range []string{`"e".burst.rate`, `"e.burst".rate`, `"orders/db".timeout`, `"orders"/"db".timeout`,
		`"a=b \"c\"".timeout`, "my.db/x.timeout", "e.rate", "orders.workers"} {
		if !slices.Contains(all, want) {
			t.Errorf("Knobs lacks %s", want)
		}
	}
	if slices.Contains(all, "e.burst.rate") || slices.Contains(all, "orders/db.timeout") {
		t.Error("Knobs lists a path that reads two ways")
	}
	// The quoted name with an "=" survives --vary's split at "=".
	ax, err := sweep.ParseVary(`"a=b \"c\"".timeout=100ms..200ms:2`)
	if err != nil || ax.Path != `"a=b \"c\"".timeout` {
		t.Fatalf("ParseVary: %+v, %v", ax, err)
	}
	if err := SetKnob(sc, 0, ax.Path, ax.Values[1]); err != nil || sc.Variants[0].System.Dependencies[3].Policy.Timeout != 200*time.Millisecond {
		t.Errorf("%s: %v", ax.Path, err)
	}
	// A sweep in a lesson finds the knob however it is written.
	for _, p := range []string{"my.db/x.timeout", `"my.db/x".timeout`} {
		if k, err := knobCheck(sc, 0, p); err != nil || k != "my.db/x.timeout" {
			t.Errorf("knobCheck(%s) = %q, %v", p, k, err)
		}
	}
}

// The knob lists group a dotted name's keys under the whole name.
func TestSplitKnob(t *testing.T) {
	for path, want := range map[string][2]string{
		"workers":                          {"", "workers"},
		"shed.max_wait.critical":           {"shed", "max_wait.critical"},
		"tasks.memory.limit_mib":           {"tasks", "memory.limit_mib"},
		"payment.breaker.window":           {"payment", "breaker.window"},
		"my.db/x.timeout":                  {"my.db/x", "timeout"},
		"my.db/x.breaker.failure_rate":     {"my.db/x", "breaker.failure_rate"},
		"api.v2.per_tenant_bulkhead.own.a": {"api.v2", "per_tenant_bulkhead.own.a"},
		`"e.burst".rate`:                   {`"e.burst"`, "rate"},
		`"orders"/"db.v2".timeout`:         {`"orders"/"db.v2"`, "timeout"},
		"orders/db.v2.retry.max":           {"orders/db.v2", "retry.max"},
	} {
		part, key, ok := SplitKnob(path)
		if !ok || part != want[0] || key != want[1] {
			t.Errorf("SplitKnob(%q) = %q, %q, %v; want %q, %q", path, part, key, ok, want[0], want[1])
		}
	}
	groups := GroupKnobs([]string{"my.db/x.timeout", "my.db/x.bulkhead", "workers"})
	if len(groups) != 2 || groups[0].Part != "my.db/x" || !slices.Equal(groups[0].Keys, []string{"timeout", "bulkhead"}) {
		t.Errorf("groups %+v", groups)
	}
}

// A lesson text's {{param}} reads a dotted name whole too, as the setters
// do: it cut the path at its first dot and looked for a part called "my".
func TestParamReadsDottedNames(t *testing.T) {
	sc := oddScenario(t)
	if err := SetKnob(sc, 0, "my.db/x.timeout", "50ms"); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"my.db/x.timeout", `"my.db/x".timeout`} {
		v, err := readParam(sc, &sc.Variants[0].System, path)
		if err != nil {
			t.Errorf("param %s: %v", path, err)
			continue
		}
		if got, _ := v.Format(""); got != "50 ms" {
			t.Errorf("param %s = %q, want 50 ms", path, got)
		}
	}
	if name, key, ok := SplitKnobName(`"my.db/x".breaker.window`); !ok || name != "my.db/x" || key != "breaker.window" {
		t.Errorf("SplitKnobName = %q, %q, %v", name, key, ok)
	}
	if _, _, ok := SplitKnobName("workers"); ok {
		t.Error("SplitKnobName(workers) names a part")
	}
}
