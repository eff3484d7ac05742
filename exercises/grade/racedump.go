package grade

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// raceDump condenses the race detector's reports in one test's output as
// panics are: the detector prints, for each report, both accesses with
// every frame (the runtime's and the testing package's among them), where
// each goroutine was started, and memory addresses; and it reports one
// race again each time it happens, often the other way round. A learner
// needs the two accesses in their own files, once. So each report keeps
// its two accesses, "read by goroutine 32:" and "previous write by
// goroutine 30:", each with the frames in the package's folder; the
// goroutines' starts are left out, and a report of two places already
// reported, in this test or an earlier one (collector.racesFound), becomes
// one line saying so.
type raceDump struct {
	in       bool      // inside a report, from its WARNING line to the rule that closes it
	access   int       // 1 in the report's access, 2 in the previous one, 3 past them
	framed   [2]bool   // whether each access kept a frame
	lastFunc string    // the function line before a frame's file line
	lines    []string  // the report as kept so far
	places   [2]string // each access's first frame in the package's folder: which race it is
}

// raceAccess is an access's header in a report, "Previous write at
// 0x00c00001a3e0 by goroutine 30:": the address says nothing to a learner.
var raceAccess = regexp.MustCompile(`^(Previous )?(.*) at 0x[0-9a-f]+ by (.+):$`)

// raceDumpLine takes a line of t's output, trimmed, into its race reports;
// it reports whether the line belonged to one (and is then not to be kept
// as it is).
func (c *collector) raceDumpLine(t *testState, l string) bool {
	d := &t.raceDump
	switch {
	case l == raceRule:
		// Printed above and below each report.
		c.endRaceReport(t)
		return true
	case strings.HasPrefix(l, "WARNING: DATA RACE"):
		c.endRaceReport(t)
		*d = raceDump{in: true, lines: []string{l}}
		return true
	case !d.in:
		return false
	}
	if l == "" {
		return true
	}
	if m := raceAccess.FindStringSubmatch(l); m != nil && d.access < 2 {
		d.endAccess()
		d.access++
		what := strings.ToLower(m[2][:1]) + m[2][1:]
		if m[1] != "" {
			what = "previous " + what
		}
		d.lines = append(d.lines, fmt.Sprintf("%s by %s:", what, m[3]))
		d.lastFunc = ""
		return true
	}
	if strings.HasPrefix(l, "Goroutine ") || d.access == 0 {
		// Where the goroutines were started, or what the detector says
		// of the memory ("Location is heap block"): left out.
		d.endAccess()
		d.access = 3
		return true
	}
	if d.access == 3 {
		return true
	}
	if d.lastFunc == "" {
		d.lastFunc = l
		return true
	}
	fn, _ := frameFunc(d.lastFunc)
	d.lastFunc = ""
	loc := l
	if i := strings.LastIndex(loc, " +0x"); i >= 0 {
		loc = loc[:i]
	}
	rel, ours := strings.CutPrefix(loc, c.dir+string(filepath.Separator))
	if c.dir == "" || !ours {
		return true
	}
	if d.places[d.access-1] == "" {
		d.places[d.access-1] = rel
	}
	d.framed[d.access-1] = true
	d.lines = append(d.lines, fmt.Sprintf("  at %s (%s)", fn, rel))
	return true
}

// endAccess notes, under the access just read, that none of its frames
// was in the learner's files, if so: a header with nothing under it would
// look cut off.
func (d *raceDump) endAccess() {
	if d.access == 1 || d.access == 2 {
		if !d.framed[d.access-1] {
			d.lines = append(d.lines, "  (none of its frames is in your files)")
		}
	}
}

// endRaceReport keeps the report just read, if one was: whole the first
// time its two places are seen in the run, as one line after that. The
// detector leaves out a repeat of the same two accesses, but not the same
// race met the other way round (the read first, then the write), which it
// prints in full again, in the same test or a later one: a learner reading
// the second failing test's output would take it for a second race to fix.
func (c *collector) endRaceReport(t *testState) {
	d := &t.raceDump
	if !d.in {
		return
	}
	d.endAccess()
	d.in, d.access = false, 3
	race := d.places
	slices.Sort(race[:]) // reported again the other way round, it is the same race
	if race != [2]string{} {
		if first, ok := c.racesFound[race]; ok {
			where := "as above"
			if first != t.Name {
				where = first + " found"
			}
			c.keepOwn(t, fmt.Sprintf("WARNING: DATA RACE again %s (the same race %s; not shown)", racePlaces(race), where))
			return
		}
		if c.racesFound == nil {
			c.racesFound = map[[2]string]string{}
		}
		c.racesFound[race] = t.Name
	}
	for _, l := range d.lines {
		c.keepOwn(t, l)
	}
}

// racePlaces names a race's places, sorted, as a repeat's line says them:
// "between pool.go:54 and pool.go:75", or "at pool.go:54" when both
// accesses were there or only one was in the learner's files.
func racePlaces(race [2]string) string {
	switch {
	case race[0] == "":
		return "at " + race[1]
	case race[0] == race[1]:
		return "at " + race[0]
	}
	return "between " + race[0] + " and " + race[1]
}
