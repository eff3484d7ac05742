package breaker

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Each preset's caveat is a claim about its library (presets.go cites the
// source of each): here each is checked against the preset's model, so
// that a caveat and the model cannot drift apart. A new preset needs a
// check here.
func TestPresetCaveatsMatchTheirModels(t *testing.T) {
	checks := map[string]func(p Preset) string{
		"resilience4j": func(p Preset) string {
			if p.Config.HalfOpenOnTimer {
				return "half-opens on a timer, but the caveat says only at a call"
			}
			return ""
		},
		"polly": func(p Preset) string {
			if p.Config.OpenFor < PollyMinDuration || p.Config.WindowSpan < PollyMinDuration {
				return "its defaults are under the minimum the caveat states"
			}
			if !strings.HasSuffix(p.Caveat, Words(PollyMinDuration)) {
				return "the caveat should state Polly's minimum, " + Words(PollyMinDuration)
			}
			return ""
		},
		"gobreaker": func(p Preset) string {
			if p.Config.interval() != 0 || p.Config.rolling() {
				return "clears its counts while closed, but the caveat says Interval 0 never does"
			}
			for _, s := range p.Config.Describe() {
				if s.Name == "counts reset" && s.Value != none {
					return "the table says its counts reset: " + s.Value
				}
			}
			return ""
		},
		"hystrix": func(p Preset) string {
			c := p.Config
			if c.WindowSpan/time.Duration(c.WindowBuckets) != hystrixSnapshot {
				return "its buckets are not the snapshot interval the caveat states"
			}
			if c.RecordsRefusals != AllRefusals {
				return "does not count refusals, but the caveat says pool rejections are errors"
			}
			// The caveat says the model judges after each call: the model
			// must (TestHystrixRowAndNoteAgree checks the rest).
			if c.JudgeOnFailure {
				return "judges only on a failure, but the caveat says the model judges after each call"
			}
			return ""
		},
		"failsafe-go": func(p Preset) string {
			if p.Config.HalfOpenSuccesses != 0 {
				return "has a success threshold"
			}
			// Built with a failure threshold and no success one, half-open
			// judges its trials by the failure threshold.
			if c := FailsafeWith(FailsafeFailureThreshold(5)); c.HalfOpenSuccesses != 0 || !c.RollingTrials {
				return "with no success threshold, half-open does not judge by the failure one"
			}
			if FailsafeWith(FailsafeSuccessThreshold(3)).HalfOpenSuccesses != 3 {
				return "a success threshold set is not the one half-open judges by"
			}
			return ""
		},
		"opossum": func(p Preset) string {
			if !p.Config.CountAtStart || !p.Config.HalfOpenOnTimer {
				return "does not count a call when fired, or half-open on a timer"
			}
			return ""
		},
	}
	for _, p := range Presets() {
		check, ok := checks[p.Name]
		if !ok {
			t.Errorf("%s: no check of its caveat %q", p.Name, p.Caveat)
			continue
		}
		if msg := check(p); msg != "" {
			t.Errorf("%s (%q): %s", p.Name, p.Caveat, msg)
		}
	}
}

// Hystrix's row said it is "judged after each 500 ms" and its note "the
// model judges each call": read side by side, a contradiction. The row is
// what Hystrix does, the note what the model does instead and what that
// changes, both with the snapshot's interval taken from the preset's
// buckets, and the model does what the note says: it opens at the call
// that crosses the threshold, in the middle of a bucket, where Hystrix
// waits for the bucket's end.
func TestHystrixRowAndNoteAgree(t *testing.T) {
	h := Hystrix()
	snapshot := h.WindowSpan / time.Duration(h.WindowBuckets)
	if snapshot != hystrixSnapshot {
		t.Fatalf("Hystrix's buckets are %v wide, its snapshot interval %v", snapshot, hystrixSnapshot)
	}
	p, err := PresetNamed("hystrix")
	if err != nil {
		t.Fatal(err)
	}
	row := ""
	for _, s := range p.Config.Describe() {
		if s.Name == judgedAfter {
			row = s.Value
		}
	}
	every := Words(snapshot)
	if row != "each "+every {
		t.Errorf("the row says Hystrix is judged after %q, want each %s, its snapshot", row, every)
	}
	for _, want := range []string{"Hystrix judges a health snapshot every " + every + ";", "the model judges after each call", "opens up to " + every + " sooner", "pool rejections are errors"} {
		if !strings.Contains(p.Caveat, want) {
			t.Errorf("the note %q lacks %q", p.Caveat, want)
		}
	}
	// The interval is the preset's, not typed: other buckets, other words.
	if got := hystrixCaveat(Config{WindowSpan: 10 * time.Second, WindowBuckets: 10}); !strings.Contains(got, "every 1 s;") || !strings.Contains(got, "up to 1 s sooner") {
		t.Errorf("with 1 s buckets the note reads %q", got)
	}
	if got := hystrixJudged(Config{WindowSpan: 10 * time.Second, WindowBuckets: 10}); got != "each 1 s" {
		t.Errorf("with 1 s buckets the row reads %q", got)
	}

	// 10 failures and 9 successes, below the volume threshold, then a
	// 20th call half way through a bucket, a success that makes 50 %: the
	// model judges after it, a success too, and opens at that call, before
	// the snapshot at the bucket's end.
	sc := newScript(t, h)
	sc.fail(snapshot/4, h.MinimumCalls/2).succeed(snapshot/4, h.MinimumCalls/2-1).want(Closed)
	sc.succeed(snapshot/2, 1).want(Open)
	if at := sc.last().At; at != snapshot/2 || at%snapshot == 0 {
		t.Errorf("opened at %v, want %v, between two snapshots", at, snapshot/2)
	}
}

// duration is a number and a unit as Words writes them.
var duration = regexp.MustCompile(`\b\d+(\.\d+)? (ms|s|min|h)\b`)

// A preset's source or note that gives a duration gives one of its table's
// values, written as the table writes it: failsafe-go's source said
// "1 min" over a column whose "open for" says "60 s". Polly's note gives a
// limit of the library, not a default, so it is none of its values.
func TestPresetTextsGiveTheTablesNumbers(t *testing.T) {
	limits := map[string][]string{"polly": {Words(PollyMinDuration)}}
	for _, p := range Presets() {
		var values []string
		for _, s := range p.Config.Describe() {
			values = append(values, s.Value)
		}
		values = append(values, limits[p.Name]...)
		for _, text := range []string{p.Source, p.Caveat} {
			for _, d := range duration.FindAllString(text, -1) {
				if !slicesContainsPart(values, d) {
					t.Errorf("%s: %q gives %s, which no row of its column (%q) does", p.Name, text, d, values)
				}
			}
		}
	}
	g, f := Gobreaker(), Failsafe()
	byName := map[string]Preset{}
	for _, p := range Presets() {
		byName[p.Name] = p
	}
	if want := "ConsecutiveFailures > " + strconv.Itoa(g.MaxConsecutiveFailures); !strings.HasSuffix(byName["gobreaker"].Source, want) {
		t.Errorf("gobreaker's source %q should end %q, the table's consecutive row", byName["gobreaker"].Source, want)
	}
	if want := "1 failure of 1"; failsafeThreshold(f) != want || !strings.Contains(byName["failsafe-go"].Source, want) || !strings.Contains(byName["failsafe-go"].Caveat, want) {
		t.Errorf("failsafe-go's threshold is %q: its source %q and note %q should give %q", failsafeThreshold(f), byName["failsafe-go"].Source, byName["failsafe-go"].Caveat, want)
	}
	if got := failsafeThreshold(Config{WindowSize: 10, FailureRate: 0.5}); got != "5 failures of 10" {
		t.Errorf("a threshold of 50%% of 10 reads %q", got)
	}
}

// slicesContainsPart says whether a value of values holds part as whole
// words.
func slicesContainsPart(values []string, part string) bool {
	for _, v := range values {
		if v == part || strings.HasPrefix(v, part+" ") || strings.HasSuffix(v, " "+part) || strings.Contains(v, " "+part+" ") {
			return true
		}
	}
	return false
}
