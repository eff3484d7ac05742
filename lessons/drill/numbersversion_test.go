package drill

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/lessons"
)

// A numbers card that asks for a library's default ("How many calls does
// Resilience4j's default breaker need?") is memorised as it is asked: its
// question names the library with the version whose default it is, as
// "Polly v8's default breaker" did, so that the figure is not carried
// over to a version that changed it.
func TestNumbersDefaultsNameTheVersion(t *testing.T) {
	l, err := lessons.Parse("lessons/drill/numbers.md", numbersLesson)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]breaker.Preset{}
	for _, p := range breaker.Presets() {
		byName[p.Name] = p
	}
	asked := 0
	for _, s := range l.Steps {
		q := s.Question
		if q == nil {
			continue
		}
		f := strings.Fields(q.Answer)
		if len(f) < 2 || f[0] != "preset" {
			continue
		}
		p, ok := byName[f[1]]
		if !ok {
			t.Fatalf("step %q: no preset %q", s.Title, f[1])
		}
		asked++
		if !strings.Contains(q.Prompt, presetVersion(p)) {
			t.Errorf("step %q asks %q without %q, the library and version of the default", s.Title, q.Prompt, presetVersion(p))
		}
	}
	if asked == 0 {
		t.Fatal("numbers.md asks for no library's default: the test checks nothing")
	}
}
