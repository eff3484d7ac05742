package breaker_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

// An author writes a library's name as its docs do ("Resilience4J",
// "failsafe"); the refusal listed the six names and left the author to
// spot which one was meant and what differed. It names it, and still
// refuses: a file reads one way.
func TestUnknownPresetNamesTheOneMeant(t *testing.T) {
	for written, meant := range map[string]string{
		"Resilience4J": "resilience4j", "failsafe": "failsafe-go", "failsafe_go": "failsafe-go",
		"Hystrix 1.5": "hystrix", "hystrix2": "hystrix", "POLLY": "polly", "gobreaker-v2": "gobreaker",
	} {
		_, err := breaker.PresetNamed(written)
		if err == nil {
			t.Errorf("preset %q was taken: a file must write %q", written, meant)
			continue
		}
		if want := `; did you mean "` + meant + `"?`; !strings.HasSuffix(err.Error(), want) {
			t.Errorf("preset %q: %v\nwant it to end %q", written, err, want)
		}
	}
	// A name that is no spelling of one gets the list alone.
	for _, written := range []string{"resilience5j", "none", "pol", ""} {
		if _, err := breaker.PresetNamed(written); err == nil || strings.Contains(err.Error(), "did you mean") {
			t.Errorf("preset %q: %v", written, err)
		}
	}
}
