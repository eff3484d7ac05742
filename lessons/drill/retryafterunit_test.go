package drill

import (
	"regexp"
	"testing"
)

// Retry-After holds a whole number of seconds (or a date), and the drill's
// fallback card had an open breaker's 503 say "Retry-After 401.8 ms": an
// answer repeated word for word in an interview would put milliseconds in
// a header that has none. A card may quote the engine's open time left,
// but not as the header's value.
func TestRetryAfterIsNotQuotedInMilliseconds(t *testing.T) {
	asHeader := regexp.MustCompile(`Retry-After:? \{\{retry-after-at [^}|]*\}\}`)
	for where, text := range handCardTexts(t) {
		if m := asHeader.FindString(text); m != "" {
			t.Errorf("%s gives the header the engine's open time left, a duration in ms, where Retry-After holds whole seconds: %q", where, m)
		}
	}
}
