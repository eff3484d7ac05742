package lab

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The table writes its times as the rest of the program does
// (report.Seconds): "from 0.5 s to 3.5 s", not "from 0.50s to 3.50s".
func TestTableWritesSecondsAsTheProgramDoes(t *testing.T) {
	racefree.Only(t) // no goroutine: it writes a table of results made here
	c := DefaultConfig(Protected)
	r := Result{Config: c, Variant: "protected", From: 500 * time.Millisecond, To: 3500 * time.Millisecond,
		Transitions: []breaker.Transition{{At: 1550 * time.Millisecond, From: breaker.Closed, To: breaker.Open, Cause: breaker.CauseFailureRate, Wait: time.Second}}}
	var b strings.Builder
	if err := WriteTable(&b, []Result{r}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"requests that arrived from 0.5 s to 3.5 s", "/health after 2 s, /checkout after 3 s", " 1.55 s "} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
	if old := regexp.MustCompile(`\d\.\d\ds|t=`).FindString(out); old != "" {
		t.Errorf("the table writes %q, not as the program writes seconds:\n%s", old, out)
	}
}
