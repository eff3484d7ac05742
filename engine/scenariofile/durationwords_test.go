package scenariofile

import (
	"strings"
	"testing"
)

// A refusal writes a duration as the file writes one: the file's own text
// where the value came from it ("60s" stays 60s, not 1m0s), and a limit
// without the zero units of Go's own form (24h, not 24h0m0s).
func TestDurationRefusalsWriteDurationsAsAFileDoes(t *testing.T) {
	withHeader := func(header string) string {
		return strings.Replace(base, `duration = "10s"`, header, 1)
	}
	for _, c := range []struct {
		doc, want string
	}{
		{withHeader(`duration = "300h"`), `duration must be above 0 and at most 24h, got 300h`},
		{withHeader("duration = \"30s\"\nmeasure_to = \"60s\""), `measure_to must be at most the duration 30s, got 60s`},
		{withHeader("duration = \"90s\"\nmeasure_from = \"90s\""), `measure_from must be before the end of the run (duration 90s), got 90s`},
		{withHeader(`duration = "2m"`) + "faults = [{ kind = \"hang\", from = \"150s\" }]\n", `a fault must start before the run ends (duration 2m), got from 150s`},
	} {
		_, err := Parse("mine.toml", []byte(c.doc))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v; want %q", err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "0m0s") {
			t.Errorf("%v: Go's zero units", err)
		}
	}
}

// A duration written as a bare number is told the unit it lacks, with
// the number in both likely units; other misspellings, and numbers no
// unit would make right, are not.
func TestABareNumberIsToldItsUnit(t *testing.T) {
	for _, c := range []struct {
		timeout string
		hint    bool
	}{
		{`"500"`, true},
		{`500`, true},
		{`"1.5"`, true},
		{`"20 ms"`, false},
		{`"500sec"`, false},
		{`"nan"`, false},
		{`"-5"`, false},
	} {
		doc := strings.Replace(base, `policy = { timeout = "1s" }`, "policy = { timeout = "+c.timeout+" }", 1)
		_, err := Parse("mine.toml", []byte(doc))
		if err == nil {
			t.Fatalf("timeout = %s: no error", c.timeout)
		}
		n := strings.Trim(c.timeout, `"`)
		want := `: a number needs its unit, such as "` + n + `ms" or "` + n + `s"`
		if got := strings.HasSuffix(err.Error(), want); got != c.hint {
			t.Errorf("timeout = %s: %v; want the hint %q: %v", c.timeout, err, want, c.hint)
		}
		if !c.hint && strings.Contains(err.Error(), "needs its unit") {
			t.Errorf("timeout = %s: %v: a hint for what is no bare number", c.timeout, err)
		}
	}
}
