package lessons

// A scenario's variants are its designs. The lesson format and placeholders
// count them from 0 (variant = 4, rate-limit-vs-bulkhead/4), as the JSON of
// `breakerlab run` does; the player counts them from 1, in its header
// ("design 5/8") and when v moves between them. A lesson's text speaks to
// the learner, so it numbers designs as the player does, and quotes the
// number with {{design RUN}} rather than typing it: a text that typed the
// index sent learners one design off.

// DesignNumber is how the player numbers variant v of a scenario: from 1.
func DesignNumber(v int) int { return v + 1 }

func evalDesign(c *evalCtx, a []string) (Value, error) {
	spec, err := c.spec(a[0])
	if err != nil {
		return Value{}, err
	}
	return count(uint64(DesignNumber(spec.Variant))), nil
}
