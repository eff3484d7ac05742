package report

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// event-loop-stall's blocking design makes the report query on the loop
// and calls no report-db: its table said "0 calls reached it, at most 0 in
// flight" and "at most 0 of 8 permits held" beside a report endpoint 100%
// ok, and "memory peak 0 MiB" for a scenario that models no memory. The
// dependency's line now says it was not called and why, its permits line
// is gone, and so is the memory line; the design that calls it keeps both.
func TestUncalledDependencySaysSo(t *testing.T) {
	sc := scenarios.EventLoopStall()
	snaps, text := tableOf(t, sc)
	parts := designSections(t, text, snaps)
	blocking, offLoop := parts[0], parts[1]
	if want := "  report-db          not called in this design: report makes a blocking call on the loop instead\n"; !strings.Contains(blocking, want) {
		t.Errorf("the blocking design lacks %q:\n%s", want, blocking)
	}
	for _, gone := range []string{"permits report-db", "0 calls reached it", "memory "} {
		if strings.Contains(blocking, gone) {
			t.Errorf("the blocking design still says %q:\n%s", gone, blocking)
		}
	}
	for _, kept := range []string{"report-db          125 calls reached it", "permits report-db  at most 4 of 8 permits held"} {
		if !strings.Contains(offLoop, kept) {
			t.Errorf("the design off the loop lacks %q:\n%s", kept, offLoop)
		}
	}
	if strings.Contains(offLoop, "memory ") || strings.Contains(offLoop, "not called") {
		t.Errorf("the design off the loop:\n%s", offLoop)
	}
	// The JSON is the contract: its permits for report-db stay.
	if _, ok := Build(sc, 5, snaps).Variants[0].Tasks.Permits["report-db"]; !ok {
		t.Error("the JSON lost the blocking design's report-db permits")
	}
}

// go-inventory's table printed "peak 160.063 MiB" beside "peak 63.25 MiB"
// and "peak 64 MiB", "killed 1 times", "on 4 thread(s)": its MiB figures
// now share one precision across the table, one decimal unless a peak
// needs more to read apart from its limit.
func TestTasksLinesReadAsSentences(t *testing.T) {
	const mib = 1 << 20
	design := func(name string, threads, kills int, peak, limit int64) engine.Snapshot {
		return engine.Snapshot{Variant: name, Endpoints: []engine.EndpointSnapshot{{Name: "page"}},
			Tasks: &engine.TasksSnapshot{Threads: threads, Kills: kills, MemoryPeak: peak, MemoryLimit: limit, LagMax: time.Millisecond}}
	}
	sc := &engine.Scenario{Name: "memory", MeasureTo: time.Minute}
	for _, tc := range []struct {
		snaps []engine.Snapshot
		want  []string
	}{
		{[]engine.Snapshot{
			design("killed", 4, 1, 256*mib+64<<10, 256*mib),
			design("held", 1, 3, 123*mib+704<<10, 256*mib),
			design("at ease", 4, 0, 63*mib+256<<10, 0),
		}, []string{
			"on 4 threads,", "on 1 thread,",
			"peak 256.1 MiB of a 256.0 MiB limit; killed once (",
			"peak 123.7 MiB of a 256.0 MiB limit; killed 3 times (",
			"peak 63.3 MiB\n",
		}},
		// 256.02 MiB reads "256.0" at one decimal, as its limit does:
		// every MiB figure of the table takes two.
		{[]engine.Snapshot{
			design("just over", 1, 1, 256*mib+20<<10, 256*mib),
			design("below", 1, 0, 123*mib+704<<10, 256*mib),
		}, []string{
			"peak 256.02 MiB of a 256.00 MiB limit; killed once",
			"peak 123.69 MiB of a 256.00 MiB limit\n",
		}},
	} {
		var buf bytes.Buffer
		if err := WriteTable(&buf, sc, 1, tc.snaps); err != nil {
			t.Fatal(err)
		}
		for _, want := range tc.want {
			if !strings.Contains(buf.String(), want) {
				t.Errorf("no %q in\n%s", want, buf.String())
			}
		}
	}
}

// tableOf runs sc's variants on seed 5 and writes run's table of them (the
// external tests' runTable, for this package's own).
func tableOf(t *testing.T, sc *engine.Scenario) ([]engine.Snapshot, string) {
	t.Helper()
	snaps, err := engine.RunAll(sc, 5)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteTable(&buf, sc, 5, snaps); err != nil {
		t.Fatal(err)
	}
	return snaps, buf.String()
}
