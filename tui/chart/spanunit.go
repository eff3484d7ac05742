package chart

import "time"

// SpanUnit is the unit the time axes read a run span long in: a second,
// a minute past half an hour, an hour past three (axisLabel). A screen
// that writes the time of such a run elsewhere (the sandbox's status
// line) reads it in the same unit as the axes under it; the unit is the
// one axisLabel writes, so the two cannot come apart.
func SpanUnit(span time.Duration) time.Duration {
	label := axisLabel(span.Seconds())(0)
	switch label[len(label)-1] {
	case 'h':
		return time.Hour
	case 'm':
		return time.Minute
	}
	return time.Second
}
