package lessons

import (
	"strings"
	"testing"
)

// A breaker's key in [set] on a call the variant gives no breaker builds
// the breaker from the keys given, as lesson 5 gives checkout's payment
// one. When those leave it unable to run, the step is refused as that:
// the call has no breaker in this variant, the keys the built one lacks,
// the variants that have one. It was refused with a window or a failure
// rate of 0 the author never wrote.
func TestSetExplainsABreakerBuiltWhereThereWasNone(t *testing.T) {
	step := func(variant, set string) string {
		return predictHead + "+++ step\ntitle = \"a\"\nscenario = \"cascade\"\nvariant = " + variant + "\npause = \"12s\"\n[set]\n" + set + "+++\nbody\n"
	}
	cases := []struct {
		name, body string
		want       []string // nil for a file that prepares
	}{
		{"a knob alone", step("0", "recommendations.breaker.window = 10\n"), []string{
			"mine.md:12: set.recommendations.breaker.window: variant 0 of cascade (one shared pool of 200 threads) has no breaker on recommendations",
			"it lacks recommendations.breaker.failure_rate (or slow_rate or consecutive), recommendations.breaker.open and recommendations.breaker.trials",
			`set recommendations.breaker.preset first ("resilience4j"`,
			"Variant 2 has one (variant = 2)",
		}},
		{"a call no variant breaks", step("2", "search-index.breaker.failure_rate = 0.5\n"), []string{
			"has no breaker on search-index", "it lacks search-index.breaker.window,", "No variant of cascade has one there",
		}},
		// The preset's 100 minimum calls do not fit the window written
		// after it: the refusal names the key to set (breaker.min_calls),
		// not the engine's words for it ("minimum calls"), which the
		// author never wrote.
		{"a preset that does not fit the key after it", step("0", "recommendations.breaker.preset = \"resilience4j\"\nrecommendations.breaker.window = 10\n"), []string{
			"has no breaker on recommendations",
			`it is not valid: recommendations.breaker.min_calls must be between 0 and recommendations.breaker.window (10), got 100 from preset "resilience4j": set recommendations.breaker.min_calls too. Variant 2 has one`,
		}},
		// It points at the window, which no longer fits the preset's
		// minimum calls, as a scenario file points at window_size.
		{"a preset on a breaker the variant has that does not fit the key after it", step("2", "recommendations.breaker.preset = \"resilience4j\"\nrecommendations.breaker.window = 10\n"), []string{
			`mine.md:13: set.recommendations.breaker.window: with these overrides the breaker on recommendations is not valid: recommendations.breaker.min_calls must be between 0 and recommendations.breaker.window (10), got 100 from preset "resilience4j": set recommendations.breaker.min_calls too`,
		}},
		{"minimum calls written above the window", step("2", "recommendations.breaker.min_calls = 2000\n"), []string{
			"mine.md:12: set.recommendations.breaker.min_calls: with these overrides the breaker on recommendations is not valid: recommendations.breaker.min_calls must be between 0 and recommendations.breaker.window (20), got 2000",
		}},
		{"every key a breaker needs", step("0", "recommendations.breaker.window = 10\nrecommendations.breaker.failure_rate = 0.5\nrecommendations.breaker.open = \"1s\"\nrecommendations.breaker.trials = 3\n"), nil},
		{"a preset first", step("0", "recommendations.breaker.preset = \"resilience4j\"\nrecommendations.breaker.open = \"2s\"\n"), nil},
		{"a knob of a breaker the variant has", step("2", "recommendations.breaker.window = 10\n"), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := loadAndPrepare(t, "mine.md", c.body)
			if c.want == nil {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("prepared")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error lacks %q:\n%v", w, err)
				}
			}
			if strings.Contains(err.Error(), "minimum calls") {
				t.Errorf("error names a setting by the engine's words, not the key the author writes:\n%v", err)
			}
			if strings.Contains(err.Error(), "got 0") || strings.Contains(err.Error(), "not valid: variant") {
				t.Errorf("error speaks of a setting the author never wrote:\n%v", err)
			}
		})
	}
}
