package lessons

import (
	"strings"
	"testing"
	"time"
)

// ParseDuration is the one reading of a typed duration: Go's syntax, as a
// scenario file takes it, "1m30s" included; 0 without a unit; any other
// bare number, a negative time or no duration at all refused, with what
// the field takes.
func TestParseDuration(t *testing.T) {
	for text, want := range map[string]time.Duration{
		"250ms":   250 * time.Millisecond,
		"1.5s":    1500 * time.Millisecond,
		"2m":      2 * time.Minute,
		"1m30s":   90 * time.Second,
		"1h2m3s":  time.Hour + 2*time.Minute + 3*time.Second,
		"1s500ms": 1500 * time.Millisecond,
		" 5s ":    5 * time.Second,
		"0":       0,
		"0.0":     0,
		"0s":      0,
	} {
		if d, err := ParseDuration(text); err != nil || d != want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", text, d, err, want)
		}
	}
	for text, why := range map[string]string{
		"200":   "200s or 200ms, not 200 alone",
		"1.5":   "not 1.5 alone",
		"1e3":   `such as 500ms, 2s or 1m30s; got "1e3"`,
		"-5":    `got "-5"`,
		"-1s":   "0 or more, got -1s",
		"1 s":   `got "1 s"`,
		"soon":  `got "soon"`,
		"":      "such as 500ms, 2s or 1m30s",
		"5 sec": `got "5 sec"`,
	} {
		if d, err := ParseDuration(text); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("ParseDuration(%q) = %v, %v; want a refusal saying %q", text, d, err, why)
		}
	}
}

// Whatever ParseDuration takes, time.ParseDuration reads the same, or it
// is a zero; a bare number other than zero is never taken.
func FuzzParseDuration(f *testing.F) {
	for _, s := range []string{"1m30s", "200", "0", "-1s", "1e3", ".5s", "4s2s"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDuration(s)
		if err != nil {
			return
		}
		if d < 0 {
			t.Fatalf("%q read as %v, a negative time", s, d)
		}
		if g, gerr := time.ParseDuration(strings.TrimSpace(s)); gerr == nil {
			if g != d {
				t.Fatalf("%q read as %v, time.ParseDuration says %v", s, d, g)
			}
		} else if d != 0 {
			t.Fatalf("%q read as %v, which Go's parser refuses", s, d)
		}
		if UnitlessDuration(s) != nil {
			t.Fatalf("%q taken though UnitlessDuration refuses it", s)
		}
	})
}
