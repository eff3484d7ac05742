package engine

// Tests check that no event is ever scheduled into the past, which the
// timing wheel (queue.go) cannot hold in order: a bug of that kind shows
// as a panic naming the event instead of runs that quietly differ.
func init() { debugChecks = true }
