package lab

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

// At --scale 0.3 the table's mode names and faults are the reference's
// ("timeout 500 ms") while its latencies and breaker times are the wall's
// (a 2 s latency shows as 600ms): the table says which is which. At scale
// 1 the two are one, and it says nothing.
func TestTableLabelsWallTimesWhenScaled(t *testing.T) {
	table := func(scale float64) string {
		c := DefaultConfig(Protected)
		c.Scale = scale
		r := Result{Config: c, Variant: "protected", From: time.Second, To: 2 * time.Second,
			Transitions: []breaker.Transition{{At: 460 * time.Millisecond, From: breaker.Closed, To: breaker.Open, Cause: breaker.CauseFailureRate, Wait: time.Second}}}
		var b strings.Builder
		if err := WriteTable(&b, []Result{r}); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	scaled := table(0.3)
	for _, want := range []string{"breaker times below are wall times (divide by 0.3 for the reference's)", "protected: the payment breaker (wall time)"} {
		if !strings.Contains(scaled, want) {
			t.Errorf("at scale 0.3 the table lacks %q:\n%s", want, scaled)
		}
	}
	for i, l := range strings.Split(scaled, "\n") {
		if len([]rune(l)) > 80 {
			t.Errorf("line %d is %d columns: %q", i+1, len([]rune(l)), l)
		}
	}
	if plain := table(1); strings.Contains(plain, "breaker (wall time)") || strings.Contains(plain, "divide by") {
		t.Errorf("at scale 1 the table labels wall times:\n%s", plain)
	}
}

// POST /admin/fault with {"kind":"slow"} said "slow fault needs a
// positive latency, got 0s", a value the user never sent: the refusal
// names the field the body lacks, as an error fault's names probability.
func TestFaultRequestNamesTheMissingField(t *testing.T) {
	for body, want := range map[string]string{
		`{"kind":"slow"}`:                  "a slow fault needs latency_ms",
		`{"kind":"slow","latency_ms":0}`:   "a slow fault needs latency_ms",
		`{"kind":"error"}`:                 "an error fault needs probability",
		`{"kind":"error","probability":2}`: "at most 1, got 2",
	} {
		_, err := decodeFaultRequest([]byte(body), 0)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "got 0s") {
			t.Errorf("%s: %v, want a refusal saying %q", body, err, want)
		}
	}
	if f, err := decodeFaultRequest([]byte(`{"kind":"slow","latency_ms":10000}`), 0); err != nil || len(f) != 1 || f[0].Latency != 10*time.Second {
		t.Errorf("a slow fault with latency_ms: %v, %v", f, err)
	}
}
