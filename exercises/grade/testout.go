package grade

import (
	"fmt"
	"regexp"
	"strings"
)

// What of a test's output is kept. A test's output mixes two kinds of
// line. The test's own lines say why it failed: what t.Log and t.Error
// printed (with the lines that continue a message of several lines), a
// panic and the learner's frames under it, a report of the race detector.
// The other lines are what the code under test printed: a learner's debug
// prints, which can run to thousands in a loop. Keeping a test's first
// lines, whatever they were, let a learner's 40 prints push out the one
// line that said what was wrong; so the two are capped apart:
//
//   - the test's own lines are all kept, up to twice Options.MaxLines (a
//     cap only a test that logs in a loop reaches);
//   - of the printed lines, the first are kept; past them, only the last
//     few before the test's next own line (what the code printed just
//     before the test complained), until MaxLines printed lines are kept
//     in all. Each run of printed lines left out becomes a Gap in its
//     place, which Shown turns into a note.

// logLine matches a line t.Log or t.Error printed once the test's
// indentation is taken off: "breaker_test.go:42: message". A print
// without a newline just before it can come first, so the place may
// also follow four spaces.
var logLine = regexp.MustCompile(`(^|    )[^\s:]+\.go:\d+:( |$)`)

// raceRule is the line the race detector prints above and below each
// report.
const raceRule = "=================="

// testCap is what the collector tracks to cap one test's output.
type testCap struct {
	printed int      // printed lines kept
	own     int      // the test's own lines kept
	skipped int      // printed lines left out since the last line kept
	tail    []string // the last of those, shown if room remains
	inLog   bool     // the last line was a log line: an indented line continues it
	full    bool     // the test's own lines reached their cap: all the rest is left out
	rest    int      // lines left out since full
}

// tailLines is how many of the printed lines left out are shown before the
// test's next own line, at most.
func (c *collector) tailLines() int { return min(5, c.maxLines/4) }

// isOwn reports whether l, a line of the test's output with the test's
// indentation taken off, is one of the test's own lines, following log
// messages across lines. Race reports are taken before (racedump.go).
func (tc *testCap) isOwn(l string) bool {
	trimmed := strings.TrimSpace(l)
	wasLog := tc.inLog
	tc.inLog = false
	switch {
	case logLine.MatchString(l):
		tc.inLog = true
		return true
	case wasLog && strings.HasPrefix(l, "    ") && trimmed != "":
		tc.inLog = true // a message of several lines goes on
		return true
	case strings.HasPrefix(trimmed, "fatal error: "):
		return true // the runtime stopping the process (concurrent map writes)
	}
	return false
}

// keepLine keeps l, a line of t's output that is not part of a panic, as
// the test's own line or as a printed one.
func (c *collector) keepLine(t *testState, l string) {
	if t.cap.isOwn(l) {
		c.keepOwn(t, l)
		return
	}
	tc := &t.cap
	switch {
	case tc.full:
		tc.rest++
	case tc.printed < c.maxLines-c.tailLines():
		tc.printed++
		t.Output = append(t.Output, c.clip(l))
	default:
		tc.skipped++
		if n := c.tailLines(); n > 0 {
			if len(tc.tail) == n {
				copy(tc.tail, tc.tail[1:])
				tc.tail = tc.tail[:n-1]
			}
			tc.tail = append(tc.tail, c.clip(l))
		}
	}
}

// keepOwn keeps l as one of the test's own lines, after the printed lines
// left out before it have been noted.
func (c *collector) keepOwn(t *testState, l string) {
	c.notePrinted(t)
	tc := &t.cap
	if tc.full || tc.own >= 2*c.maxLines {
		tc.full = true
		tc.rest++
		return
	}
	tc.own++
	t.Output = append(t.Output, c.clip(l))
}

// notePrinted ends a run of printed lines left out: a gap for them, then
// the last few, as many as the printed lines' cap leaves room for.
func (c *collector) notePrinted(t *testState) {
	tc := &t.cap
	if tc.skipped == 0 {
		return
	}
	tail := tc.tail[max(len(tc.tail)-(c.maxLines-tc.printed), 0):]
	if n := tc.skipped - len(tail); n > 0 {
		t.Gaps = append(t.Gaps, Gap{At: len(t.Output), Lines: n, Printed: true})
	}
	t.Output = append(t.Output, tail...)
	tc.printed += len(tail)
	tc.skipped, tc.tail = 0, tc.tail[:0]
}

// endOutput notes what was left out at the end of t's output, and counts
// all that was left out in t.Cut. It may be called again when more lines
// came since.
func (c *collector) endOutput(t *testState) {
	c.notePrinted(t)
	if t.cap.rest > 0 {
		t.Gaps = append(t.Gaps, Gap{At: len(t.Output), Lines: t.cap.rest})
		t.cap.rest = 0
	}
	t.Cut = 0
	for _, g := range t.Gaps {
		t.Cut += g.Lines
	}
}

// Gap is a run of a test's output lines left out of TestResult.Output.
type Gap struct {
	// At is where the lines were: just before Output[At], or after the
	// last line when At is len(Output).
	At int
	// Lines is how many lines were left out.
	Lines int
	// Printed is true when the code under test printed all of them (a
	// learner's debug prints), none being the test's own.
	Printed bool
}

// Note says what the gap left out: "… 12 lines your code printed are not
// shown", "… 3 more lines not shown".
func (g Gap) Note() string {
	switch {
	case g.Printed && g.Lines == 1:
		return "… 1 line your code printed is not shown"
	case g.Printed:
		return fmt.Sprintf("… %d lines your code printed are not shown", g.Lines)
	case g.Lines == 1:
		return "… 1 more line not shown"
	}
	return fmt.Sprintf("… %d more lines not shown", g.Lines)
}

// OutputLine is a line of a test's output as shown: one the test printed,
// or a note in the place of lines left out.
type OutputLine struct {
	Text string
	Note bool
}

// Shown returns the test's output to show: Output, with each gap's note
// in its place.
func (t TestResult) Shown() []OutputLine {
	out := make([]OutputLine, 0, len(t.Output)+len(t.Gaps))
	g := 0
	for i := 0; i <= len(t.Output); i++ {
		for ; g < len(t.Gaps) && t.Gaps[g].At <= i; g++ {
			out = append(out, OutputLine{Text: t.Gaps[g].Note(), Note: true})
		}
		if i < len(t.Output) {
			out = append(out, OutputLine{Text: t.Output[i]})
		}
	}
	return out
}
