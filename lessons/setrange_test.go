package lessons

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// setStep is a lesson with one step on variant of scenario whose [set]
// writes, from line 11, first a key that fits and then lines. The key
// written first keeps the [set] header's line (10) apart from the keys'.
func setStep(scenario, variant string, lines ...string) string {
	first := "recommendations.timeout = \"2s\"\n"
	if scenario == "shuffle" {
		first = "customers = 100\n"
	}
	return predictHead + "+++ step\ntitle = \"a\"\nscenario = \"" + scenario + "\"\nvariant = " + variant + "\n[set]\n" +
		first + strings.Join(lines, "\n") + "\n+++\nbody\n"
}

// A [set] key out of its own range is refused at its own line, named as
// the step writes it, in the range a scenario file's key gives (the words
// the breaker package exports for its rates). The engine's check, run once
// every key was set, refused payment.breaker.failure_rate = 1.5 at the
// [set] header's line as "breaker failure rate", and read "150%" as 1.5,
// where a scenario file refuses a percentage over 100 %.
func TestSetRefusesAKeyOutOfItsOwnRangeAtItsLine(t *testing.T) {
	const r = "recommendations."
	cases := []struct {
		set  string
		want string // after "mine.md:12: set.KEY: KEY "
	}{
		{r + "breaker.failure_rate = 1.5", "must be " + breaker.FailureRateAllowed + `, got 1.5 (a share, such as 0.5, or a percentage in quotes such as "50%")`},
		{r + `breaker.failure_rate = "150%"`, `must be from 0% to 100%, got "150%"`},
		{r + `breaker.failure_rate = "-5%"`, `must be from 0% to 100%, got "-5%"`},
		{r + "breaker.failure_rate = 50", "must be " + breaker.FailureRateAllowed + `, got 50: for 50 %, write 0.5 or "50%"`},
		{r + "breaker.slow_rate = 1.5", "must be " + breaker.SlowCallRateAllowed + ", got 1.5"},
		{r + `breaker.slow_rate = "101%"`, `must be from 0% to 100%, got "101%"`},
		{r + "breaker.jitter = 1", "must be at least 0 and below 1, got 1"},
		{r + "breaker.window = -1", "must be between 1 and 1048576 calls, got -1"},
		{r + "breaker.buckets = -1", "must be between 0 (one a second) and 65536, got -1"},
		{r + "breaker.min_calls = -1", "must be 0 or more, got -1"},
		{r + "breaker.trials = 0", "must be at least 1"},
		{r + "breaker.consecutive = -1", "must be 0 (off) or more, got -1"},
		{r + "breaker.backoff = 0.5", "must be 0 (off) or between 1 and 100, got 0.5"},
		{r + `breaker.open = "0s"`, `must be above 0, got "0s": it is how long the breaker stays open`},
		{r + `breaker.open = "-1s"`, `must be above 0, got "-1s": it is how long the breaker stays open`},
		{r + `breaker.time_window = "0s"`, `must be above 0, got "0s"`},
		{r + `breaker.slow_duration = "-1s"`, "must not be negative, got -1s"},
		{r + `breaker.open_max = "-1s"`, "must not be negative, got -1s"},
		{r + "retry.attempts = 0", "must be between 1 and 100 (the first attempt counts), got 0"},
		{r + `retry.base = "-1s"`, "must not be negative, got -1s"},
		{r + `deadline = "-1s"`, "must not be negative, got -1s"},
		{r + "bulkhead = -1", "must be 0 (none) or more, got -1"},
		{r + "bulkhead_queue = -1", "must be between 0 and 10,000,000, got -1"},
		{r + `latency.mean = "0s"`, `must be above 0, got "0s"`},
		{r + `fault.probability = "150%"`, `must be from 0% to 100%, got "150%"`},
		{"workers = 0", "must be between 1 and 100,000, got 0"},
		{"queue = -2", `must be 0 (none) or up to 10,000,000, or "unbounded", got -2`},
		{"recommendations.rate = -5", "must be between 0 and 1,000,000 requests a second, got -5"},
		{`search.patience = "-1s"`, "must not be negative, got -1s"},
	}
	for _, c := range cases {
		key, _, _ := strings.Cut(c.set, " = ")
		t.Run(c.set, func(t *testing.T) {
			err := loadAndPrepare(t, "mine.md", setStep("cascade", "2", c.set))
			if err == nil {
				t.Fatal("prepared")
			}
			want := "mine.md:12: set." + key + ": " + key + " " + c.want
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error lacks %q:\n%v", want, err)
			}
			if strings.Contains(err.Error(), "not valid: variant") {
				t.Errorf("error names the key in the engine's words, not as the step writes it:\n%v", err)
			}
		})
	}
	// In range, each is set as before.
	for _, set := range []string{
		r + `breaker.failure_rate = "100%"`, r + "breaker.failure_rate = 0.25", r + `breaker.slow_rate = "0%"`,
		r + "breaker.jitter = 0.5", `queue = "unbounded"`, r + "bulkhead = 0", r + `breaker.open_max = "0s"`,
	} {
		if err := loadAndPrepare(t, "mine.md", setStep("cascade", "2", set)); err != nil {
			t.Errorf("%s: refused: %v", set, err)
		}
	}
}

// A refusal of the step's keys together, which no one key's range says,
// points at the key it is about, not at the [set] header: the line of the
// key without which the step is valid, in the breaker's keys where the
// refusal is a breaker's.
func TestSetRefusalOfTheWholePointsAtItsKey(t *testing.T) {
	const r = "recommendations."
	cases := []struct {
		name, scenario, variant string
		set                     []string
		want                    string
	}{
		// Without the bulkhead the step is valid; without the pool it is
		// refused in other words (the bulkhead above 200 workers): the
		// bulkhead is to blame, though the pool is written first.
		{"a bulkhead above a pool set above it", "cascade", "2", []string{"workers = 100", r + "bulkhead = 250"},
			"mine.md:13: set.recommendations.bulkhead: with these overrides the scenario is not valid:"},
		{"a window of 0 under a rate", "cascade", "2", []string{r + "breaker.window = 0"},
			"mine.md:12: set.recommendations.breaker.window: with these overrides the breaker on recommendations is not valid: recommendations.breaker.window must be between 1 and 1048576 calls, got 0"},
		{"an open cap below the open time", "cascade", "2", []string{r + `breaker.open = "5s"`, r + `breaker.open_max = "1s"`},
			"mine.md:13: set.recommendations.breaker.open_max: with these overrides the breaker on recommendations is not valid: recommendations.breaker.open_max must be 0 (no cap) or at least recommendations.breaker.open (5s), got 1s"},
		// The preset is applied first wherever it is written: the window
		// below it is the key that does not fit, as a scenario file
		// points at window_size.
		{"a window below a preset", "cascade", "2", []string{r + `breaker.preset = "resilience4j"`, r + "breaker.window = 10"},
			"mine.md:13: set.recommendations.breaker.window: with these overrides the breaker on recommendations is not valid"},
		{"a window on a preset's time window", "cascade", "2", []string{r + `breaker.preset = "polly"`, r + "breaker.window = 10"},
			`mine.md:13: set.recommendations.breaker.window: with these overrides the breaker on recommendations is not valid: recommendations.breaker.window counts the calls of a count window, and this breaker's window is a time window (preset "polly" has one, of 30s), measured by its span: leave recommendations.breaker.window out, or start from a preset whose window counts calls ("resilience4j"`},
		{"a shuffle's share of workers above its workers", "shuffle", "0", []string{"workers = 8", "per_customer = 20"},
			"mine.md:13: set.per_customer: with these overrides the shuffle timeline is not valid"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := loadAndPrepare(t, "mine.md", setStep(c.scenario, c.variant, c.set...))
			if err == nil {
				t.Fatal("prepared")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error lacks %q:\n%v", c.want, err)
			}
		})
	}
}

// FORMAT.md quotes the refusal of a breaker's failure rate out of range as
// a step gets it, and says where refusals point.
func TestFormatQuotesASetKeysRangeRefusal(t *testing.T) {
	para := formatParagraph(t, "Each key is checked against its own range")
	quoted := regexp.MustCompile("`(payment.breaker.failure_rate must [^`]*)`").FindStringSubmatch(para)
	if quoted == nil {
		t.Fatalf("FORMAT.md quotes no refusal of payment.breaker.failure_rate:\n%s", para)
	}
	err := loadAndPrepare(t, "mine.md", predictHead+"+++ step\ntitle = \"a\"\nscenario = \"checkout\"\nvariant = 3\n[set]\npayment.breaker.failure_rate = 1.5\n+++\nbody\n")
	if err == nil || !strings.Contains(err.Error(), "mine.md:11: set.payment.breaker.failure_rate: "+quoted[1]) {
		t.Errorf("FORMAT.md quotes %q, which a step is not refused with at its key's line:\n%v", quoted[1], err)
	}
	for _, says := range []string{`"150%"`, "`0.5` or `\"50%\"`", "at the line of the key"} {
		if !strings.Contains(para, says) {
			t.Errorf("FORMAT.md does not say %s:\n%s", says, para)
		}
	}
}

// A step on a teacher's scenario file finds the key a refusal is about in
// the file's scenario, read afresh, as a built-in's step does.
func TestSetRefusalOfTheWholeInAScenarioFile(t *testing.T) {
	dir := t.TempDir()
	b, ok := scenarios.Lookup("cascade")
	if !ok {
		t.Fatal("no cascade")
	}
	data, err := scenariofile.Dump(b.Build())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "mine.toml"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(setStep("cascade", "2", "workers = 100", "recommendations.bulkhead = 250"), `"cascade"`, `"mine.toml"`, 1)
	_, err = Parse(filepath.Join(dir, "mine.md"), []byte(src))
	if want := "mine.md:13: set.recommendations.bulkhead: with these overrides the scenario is not valid:"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error lacks %q:\n%v", want, err)
	}
}
