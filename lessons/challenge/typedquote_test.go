package challenge

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A duration knob's refusal quotes the text as it was typed: "2 minutes"
// was refused with got "2minutes", the space before the unit closed up as
// the field does to read "600 ms", a text the learner never typed.
func TestDurationRefusalQuotesWhatWasTyped(t *testing.T) {
	racefree.Only(t) // parsing alone: no goroutine
	c, err := Lookup("partner-limit")
	if err != nil {
		t.Fatal(err)
	}
	var k *Knob
	for i := range c.Knobs {
		if c.Knobs[i].Kind == KnobDuration {
			k = &c.Knobs[i]
		}
	}
	if k == nil {
		t.Fatal("partner-limit has no duration knob")
	}
	for _, typed := range []string{"2 minutes", "5 parsecs", "1e3 ms"} {
		_, err := k.Parse(typed)
		if err == nil {
			t.Errorf("%q was taken", typed)
			continue
		}
		if !strings.Contains(err.Error(), `got "`+typed+`"`) {
			t.Errorf("%q is refused with %q, which does not quote it as typed", typed, err)
		}
	}
	if v, err := k.Parse("500 ms"); err != nil || FormatValue(v) != "500ms" {
		t.Errorf(`"500 ms" reads as %v, %v; want 500ms`, v, err)
	}
}
