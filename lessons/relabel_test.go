package lessons

import "testing"

// A step's overrides rename the variant whose name quotes the numbers they
// change: `[set] workers = 100` on the shared pool makes it "one shared
// pool of 100 threads", wherever the player shows the design's name.
func TestOverridesRenameTheVariantTheyChange(t *testing.T) {
	for _, c := range []struct {
		spec SimSpec
		want string
	}{
		{SimSpec{Scenario: "cascade", Variant: 0, Set: []Override{{Key: "workers", Value: int64(100)}}}, "one shared pool of 100 threads"},
		{SimSpec{Scenario: "cascade", Variant: 1, Set: []Override{{Key: "recommendations.bulkhead", Value: int64(4)}}}, "bulkhead: recommendations <= 4"},
		{SimSpec{Scenario: "checkout", Variant: 1, Set: []Override{{Key: "payment.timeout", Value: "1s"}}}, "timeout 1 s"},
		{SimSpec{Scenario: "cascade", Variant: 2, Set: []Override{{Key: "workers", Value: int64(100)}}}, "bulkhead and circuit breaker"},
	} {
		sc, err := buildScenario(&c.spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := sc.Variants[c.spec.Variant].Name; got != c.want {
			t.Errorf("%s/%d with %v is called %q, want %q", c.spec.Scenario, c.spec.Variant, c.spec.Set, got, c.want)
		}
	}
}
