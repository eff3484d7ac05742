package chart

import (
	"time"

	"github.com/breakerlab/breakerlab/engine/report"
)

// SpanUnit is the unit the time axes read a run span long in: a second,
// a minute past half an hour, an hour past three (axisLabel). It is
// report.SpanUnit, the unit `breakerlab run` writes a long run's times in
// too, so that the axes, the sandbox's status line and notes above them,
// and run's text cannot come apart.
func SpanUnit(span time.Duration) time.Duration { return report.SpanUnit(span) }
