package scenariofile

import (
	"errors"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

// breakerFile is base with payment's policy a breaker table of its own,
// one key a line: the table's header on line 16, keys[i] on line 17+i.
func breakerFile(keys ...string) string {
	doc := strings.Replace(base, `policy = { timeout = "1s" }`, "[system.dependencies.policy.breaker]", 1)
	return doc + strings.Join(keys, "\n") + "\n"
}

// refusal parses doc, which must be refused, and returns the message and
// the line it points to.
func refusal(t *testing.T, doc string) (string, int) {
	t.Helper()
	_, err := Parse("mine.toml", []byte(doc))
	if err == nil {
		t.Fatalf("no error for:\n%s", doc)
	}
	var fe *Error
	if !errors.As(err, &fe) {
		t.Fatalf("error is not an *Error: %T %v", err, err)
	}
	return err.Error(), fe.Line
}

// An author writes keys; a refusal that says "breaker minimum calls" or
// "the open duration" names none of them, and one that quotes a preset's
// value ("got 100") leaves the author, who wrote no 100, to find where it
// came from. Each refusal here names the file's keys, says where a value
// the author did not write came from, and points at the line of a key the
// author wrote.
func TestBreakerRefusalsNameTheFilesKeys(t *testing.T) {
	cases := []struct {
		name string
		keys []string
		line int
		want string
	}{
		{"a preset's minimum calls above the window written",
			[]string{`preset = "resilience4j"`, `window_size = 10`}, 18,
			`policy.breaker: minimum_calls must be between 0 and window_size (10), got 100 from preset "resilience4j": set minimum_calls too`},
		{"minimum calls written above a preset's window",
			[]string{`preset = "resilience4j"`, `minimum_calls = 200`}, 18,
			`minimum_calls must be between 0 and window_size (100 from preset "resilience4j"), got 200`},
		{"minimum calls written above the window written",
			[]string{`window_size = 10`, `minimum_calls = 20`, `failure_rate = 0.5`, `open_for = "1s"`, `half_open_trials = 1`}, 18,
			`minimum_calls must be between 0 and window_size (10), got 20`},
		{"a window size on a preset's time window",
			[]string{`preset = "polly"`, `window_size = 10`}, 18,
			`window_size counts the calls of a count window, and this breaker's window is a time window (preset "polly" has one, window_span 30s), measured by its span: leave window_size out, or start from a preset whose window counts calls ("resilience4j", "failsafe-go")`},
		{"a window size beside a window span",
			[]string{`window_span = "10s"`, `window_size = 10`, `minimum_calls = 5`, `failure_rate = 0.5`, `open_for = "1s"`, `half_open_trials = 1`}, 18,
			`window_size counts the calls of a count window, and this breaker's window is a time window (window_span sets one), measured by its span: leave window_size out`},
		{"minimum calls of 0 on a preset's time window",
			[]string{`preset = "hystrix"`, `minimum_calls = 0`}, 18,
			`minimum_calls must be at least 1 for a time window (it is never full, so it says when a rate is judged), got 0`},
		{"a time window with no minimum calls",
			[]string{`window_span = "10s"`, `failure_rate = 0.5`, `open_for = "1s"`, `half_open_trials = 1`}, 17,
			`a time window needs minimum_calls, at least 1`},
		{"an open cap below a preset's open time",
			[]string{`preset = "resilience4j"`, `open_backoff = 2`, `open_max = "30s"`}, 19,
			`open_max must be 0 (no cap) or at least open_for (1m from preset "resilience4j"), got 30s`},
		{"a negative window size",
			[]string{`preset = "resilience4j"`, `window_size = -5`}, 18,
			`window_size must be between 1 and 1048576 calls, got -5`},
		{"a window of too many buckets",
			[]string{`preset = "polly"`, `window_buckets = 100000`}, 18,
			`window_buckets must be between 0 (one a second) and 65536, got 100000`},
		{"no half-open trials",
			[]string{`preset = "resilience4j"`, `half_open_trials = 0`}, 18,
			`half_open_trials must be between 1 and 1000 (the calls let through to test the dependency), got 0`},
		{"negative consecutive failures",
			[]string{`preset = "gobreaker"`, `max_consecutive_failures = -1`}, 18,
			`max_consecutive_failures must be 0 (off) or more, got -1`},
		{"a window written as its size",
			[]string{`window = 20`, `failure_rate = 0.5`, `open_for = "5s"`, `half_open_trials = 3`}, 17,
			`window is the kind of window, "count" or "time", got the number 20: the number of calls a count window judges is window_size = 20`},
		{"a window written as its size in quotes",
			[]string{`failure_rate = 0.5`, `window = "20"`}, 18,
			`window is the kind of window, "count" or "time", got the string "20": the number of calls a count window judges is window_size = 20`},
		{"a window written as its span",
			[]string{`failure_rate = 0.5`, `window = "10s"`}, 18,
			`got the string "10s": how far back a time window looks is window_span = "10s"`},
		{"no preset and two keys left out",
			[]string{`failure_rate = 0.5`, `window_size = 20`}, 16,
			`a breaker without a preset has no defaults: write open_for (how long it stays open, such as "5s") and half_open_trials (the trial calls that must pass to close it, 1 to 1000); or start from a library's with preset = "resilience4j"`},
		{"no preset and no rule",
			[]string{`window = "count"`}, 16,
			`write window_size (the last N calls judged), failure_rate (the share of failed calls that opens it, such as 0.5), open_for`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			msg, line := refusal(t, breakerFile(c.keys...))
			if !strings.Contains(msg, c.want) {
				t.Errorf("error %q\ndoes not contain %q", msg, c.want)
			}
			if line != c.line {
				t.Errorf("points at line %d, want %d: %s", line, c.line, msg)
			}
			if strings.Contains(msg, "breaker minimum calls") || strings.Contains(msg, "breaker window") || strings.Contains(msg, "breaker half-open") {
				t.Errorf("the refusal is in the engine's words, not the file's: %s", msg)
			}
		})
	}
}

// A duration that must be above 0 gets one refusal for "-1s" and "0s":
// "must not be negative" for -1s sent the author to 0s, to be refused
// again for that.
func TestNegativeAndZeroDurationsGetOneRange(t *testing.T) {
	cases := []struct {
		name, zero, negative string
		want                 string
	}{
		{"timeout", `policy = { timeout = "0s" }`, `policy = { timeout = "-500ms" }`,
			`timeout must be above 0, got "-500ms": to wait for ever, leave timeout out`},
		{"open_for", `policy = { breaker = { preset = "resilience4j", open_for = "0s" } }`, `policy = { breaker = { preset = "resilience4j", open_for = "-1s" } }`,
			`open_for must be above 0, got "-1s": it is how long the breaker stays open before its trials`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			zero, _ := refusal(t, strings.Replace(base, `policy = { timeout = "1s" }`, c.zero, 1))
			negative, _ := refusal(t, strings.Replace(base, `policy = { timeout = "1s" }`, c.negative, 1))
			if !strings.Contains(negative, c.want) {
				t.Errorf("error %q\ndoes not contain %q", negative, c.want)
			}
			sign := strings.NewReplacer("-500ms", "0s", "-1s", "0s")
			if sign.Replace(negative) != zero {
				t.Errorf("a negative %s is refused otherwise than 0:\n%s\n%s", c.name, negative, zero)
			}
		})
	}
	msg, _ := refusal(t, strings.Replace(base, `duration = "10s"`, `duration = "-6s"`, 1))
	if want := "duration must be above 0 and at most 24h, got -6s"; !strings.Contains(msg, want) {
		t.Errorf("error %q\ndoes not contain %q", msg, want)
	}
}

// A number in quotes, as a rate is said aloud ("100/s"), is refused with
// the line as it should be written.
func TestQuotedNumbersSayHowToWriteThem(t *testing.T) {
	cases := []struct{ from, to, want string }{
		{"rate = 20", `rate = "100/s"`, `rate must be a number, got the string "100/s": write the number alone, without quotes or unit, rate = 100`},
		{"rate = 20", `rate = "20"`, `rate must be a number, got the string "20": write it without quotes, rate = 20`},
		{"workers = 8", `workers = "16"`, `workers must be a whole number, got the string "16": write it without quotes, workers = 16`},
		{"workers = 8", `workers = "eight"`, `workers must be a whole number, got the string "eight"` + "\n"},
	}
	for _, c := range cases {
		msg, _ := refusal(t, strings.Replace(base, c.from, c.to, 1))
		if !strings.Contains(msg+"\n", c.want) {
			t.Errorf("error %q\ndoes not contain %q", msg, c.want)
		}
	}
}

// breakerKeysAgree must refuse nothing the engine takes: it only says the
// engine's rules in the file's words, and a rule made wider would refuse
// a breaker that runs today. Random breakers near the rules' edges, with
// every key written and with none (a preset's), are checked against
// Validate.
func TestBreakerKeysAgreeIsNoWiderThanValidate(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func(xs ...int) int { return xs[rng.IntN(len(xs))] }
	everyKey := table{m: map[string]any{}, what: "policy.breaker"}
	for _, k := range breakerKeys {
		everyKey.m[k] = nil
	}
	noKey := table{m: map[string]any{}, what: "policy.breaker"}
	taken := 0
	for range 20000 {
		c := breaker.Config{
			WindowSize:             pick(-1, 0, 1, 10, 100),
			MinimumCalls:           pick(-1, 0, 1, 10, 100, 200),
			FailureRate:            []float64{0, 0.5, 1}[rng.IntN(3)],
			MaxConsecutiveFailures: pick(-1, 0, 5),
			OpenFor:                time.Duration(pick(0, 1, 60)) * time.Second,
			OpenMax:                time.Duration(pick(0, 30, 60, 120)) * time.Second,
			HalfOpenTrials:         pick(0, 1, 10),
			CountAtStart:           rng.IntN(4) == 0,
		}
		if rng.IntN(2) == 0 {
			c.Window = breaker.TimeWindow
			c.WindowSpan = time.Duration(pick(0, 10, 30)) * time.Second
			c.WindowBuckets = pick(-1, 0, 10)
		}
		if c.Validate() != nil {
			continue
		}
		taken++
		for _, tb := range []table{everyKey, noKey} {
			for _, preset := range []string{"", "resilience4j"} {
				if err := breakerKeysAgree(tb, &c, preset); err != nil {
					t.Fatalf("the engine takes %+v, the file's check refuses it: %v", c, err)
				}
			}
		}
	}
	if taken < 100 {
		t.Fatalf("only %d of the random breakers were valid: the test checks too little", taken)
	}
}

// A key of [system] written at the top level, as a hand-written file
// starts [[dependencies]], is refused with where it belongs; a lesson
// given for a scenario file is named as one; a tenant named twice says
// what is allowed.
func TestMisplacedFilesAndKeysSayWhereTheyBelong(t *testing.T) {
	cases := []struct {
		name, doc, file string
		line            int
		want            string
	}{
		{"dependencies above [system]", strings.Replace(base, "[[system.dependencies]]", "[[dependencies]]", 1), "mine.toml", 13,
			`"dependencies" is a key of [system], not of the top level: write [[system.dependencies]]`},
		{"workers above [system]", "duration = \"5s\"\nworkers = 4\n[system]\nworkers = 3\n", "mine.toml", 2,
			`"workers" is a key of [system], not of the top level: write it below [system]`},
		{"shed above [system]", "duration = \"5s\"\n[shed]\nmax_wait = \"1s\"\n[system]\nworkers = 3\n", "mine.toml", 2,
			`"shed" is a key of [system], not of the top level: write [system.shed]`},
		{"an unknown key before a misplaced one", "seed = 3\n" + strings.Replace(base, "[[system.dependencies]]", "[[dependencies]]", 1), "mine.toml", 1,
			`unknown key "seed" at the top level`},
		{"a lesson", "+++\ntitle = \"T\"\n+++\n\n+++ step\ntitle = \"A\"\n+++\nHello.\n", "mine.md", 1,
			`this looks like a lesson (Markdown, its front matter between +++ lines), not a scenario file: "breakerlab lesson FILE" opens a lesson`},
		{"a tenant twice", strings.Replace(base, "queue = 4", "queue = 4\ntenants = [\"a\", \"a\"]", 1), "mine.toml", 7,
			`tenants: "a" is named twice: list each tenant once, by a name of its own`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(c.file, []byte(c.doc))
			var fe *Error
			if !errors.As(err, &fe) {
				t.Fatalf("error is not an *Error: %T %v", err, err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q\ndoes not contain %q", err, c.want)
			}
			if fe.Line != c.line {
				t.Errorf("points at line %d, want %d: %v", fe.Line, c.line, err)
			}
		})
	}
}

// SCHEMA.md says how a preset meets the keys after it with an example;
// the example is refused as it says.
func TestSchemaSaysAPresetsConflictingKeyIsNamed(t *testing.T) {
	doc, err := os.ReadFile("SCHEMA.md")
	if err != nil {
		t.Fatal(err)
	}
	para := strings.Join(strings.Fields(string(doc)), " ")
	m := regexp.MustCompile("`(breaker = \\{ preset = [^`]+\\})` keeps [^`]+ asks for `([a-z_]+)` too").FindStringSubmatch(para)
	if m == nil {
		t.Fatal("SCHEMA.md gives no example of a preset's value refused by a key after it")
	}
	msg, _ := refusal(t, strings.Replace(base, `policy = { timeout = "1s" }`, "policy = { "+m[1]+" }", 1))
	if want := m[2] + " must be between 0 and window_size"; !strings.Contains(msg, want) || !strings.Contains(msg, "set "+m[2]+" too") {
		t.Errorf("SCHEMA.md's %s is refused with\n%s\nwhich does not ask for %s", m[1], msg, m[2])
	}
}
