package scenariofile

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// sharesDoc is a file with every share written as the knob form shows it,
// percentages, or as numbers (pct false).
func sharesDoc(pct bool) string {
	v := func(percent, share string) string {
		if pct {
			return `"` + percent + `"`
		}
		return share
	}
	return `name = "shares"
duration = "10s"

[system]
workers = 8
queue = 4
tenants = ["acme", "globex"]

[[system.endpoints]]
name = "checkout"
rate = 20
calls = "payment"
tenants = { acme = ` + v("70%", "0.7") + `, globex = ` + v("30%", "0.3") + ` }

[[system.dependencies]]
name = "payment"
latency = { kind = "exponential", mean = "50ms" }
faults = [{ kind = "error", from = "2s", to = "4s", probability = ` + v("25%", "0.25") + ` }]

[system.dependencies.policy]
timeout = "1s"

[system.dependencies.policy.breaker]
window_size = 10
failure_rate = ` + v("50%", "0.5") + `
slow_call_rate = ` + v("12.3456%", "0.123456") + `
slow_call_duration = "500ms"
open_jitter = ` + v(" 10 %", "0.1") + `
open_for = "1s"
half_open_trials = 2
`
}

// A share may be written as a percentage in quotes, as the sandbox's knob
// form shows it ("50% or 0.5") and --vary takes it: failure_rate = "50%"
// was refused as "must be a number". It reads as the same number as the
// share written out (12.3456% is 0.123456 exactly), and the file w
// writes, with numbers, loads back the same.
func TestSharesTakePercentages(t *testing.T) {
	fromPct, err := Parse("shares.toml", []byte(sharesDoc(true)))
	if err != nil {
		t.Fatal(err)
	}
	fromShare, err := Parse("shares.toml", []byte(sharesDoc(false)))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fromPct, fromShare) {
		t.Errorf("percentages and shares read differently:\n%+v\n%+v", fromPct.Variants[0].System, fromShare.Variants[0].System)
	}
	if b := fromPct.Variants[0].System.Dependencies[0].Policy.Breaker; b.FailureRate != 0.5 || b.SlowCallRate != 0.123456 || b.OpenJitter != 0.1 {
		t.Errorf("breaker shares: %v %v %v", b.FailureRate, b.SlowCallRate, b.OpenJitter)
	}
	written, err := Dump(fromPct)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse("shares.toml", written)
	if err != nil {
		t.Fatalf("the written file does not load: %v\n%s", err, written)
	}
	if !reflect.DeepEqual(back, fromPct) {
		t.Errorf("the written file loads differently:\n%s", written)
	}
	if again, _ := Dump(back); !bytes.Equal(again, written) {
		t.Errorf("written twice, the files differ:\n%s\n%s", written, again)
	}
}

// A share written another way is refused saying both forms, with an
// example of each.
func TestShareRefusalsSayWhatIsAllowed(t *testing.T) {
	for _, tc := range []struct{ from, to, want string }{
		{`failure_rate = 0.5`, `failure_rate = "half"`, `failure_rate must be a share from 0 to 1 such as 0.5, or a percentage in quotes such as "50%", got the string "half"`},
		{`failure_rate = 0.5`, `failure_rate = "0.5"`, `a percentage in quotes such as "50%", got the string "0.5"`},
		{`failure_rate = 0.5`, `failure_rate = "150%"`, `failure_rate must be from 0% to 100%, got "150%"`},
		{`probability = 0.25`, `probability = true`, `probability must be a share from 0 to 1 such as 0.5`},
	} {
		doc := strings.Replace(sharesDoc(false), tc.from, tc.to, 1)
		if _, err := Parse("shares.toml", []byte(doc)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.to, err, tc.want)
		}
	}
}
