package engine

// SetCostStrict makes EstimateCost count every retry layer's attempts in
// full (for the tests that compare the bounds); it returns the old value.
func SetCostStrict(on bool) bool {
	old := costStrict
	costStrict = on
	return old
}
