package challenge

import (
	"fmt"
	"testing"
)

// The level on an async server's permits (issue 23): its naive designs and
// reference solution, kept in this file and added to the tables of
// naive_test.go and solutions_test.go.

// The knobs of budget-permits.
const (
	searchPermits, profilePermits, catalogPermits = "search-api.bulkhead", "profile-api.bulkhead", "catalog-api.bulkhead"
	searchWait, profileWait, catalogWait          = "search-api.bulkhead_wait", "profile-api.bulkhead_wait", "catalog-api.bulkhead_wait"
)

// permitsDesign is a design of budget-permits: each upstream's permits,
// and one acquisition timeout for the three.
func permitsDesign(search, profile, catalog int64, wait string) Setting {
	return Setting{searchPermits: search, profilePermits: profile, catalogPermits: catalog,
		searchWait: wait, profileWait: wait, catalogWait: wait}
}

func init() {
	// Little's law at each upstream's peak rate and p99 (the hint's
	// figures), and the asyncio guide's queue_timeout of 250 ms.
	referenceSettings["budget-permits"] = permitsDesign(10, 12, 8, "250ms")
	naiveDesigns["budget-permits"] = []struct {
		name string
		s    Setting
	}{
		{"the start: every semaphore the size of the pool, waiting as long as the client", Setting{}},
		{"the start's permits, a short wait", permitsDesign(30, 30, 30, "250ms")},
		{"the pool split evenly", permitsDesign(10, 10, 10, "250ms")},
		{"Little's law on the mean latency", permitsDesign(8, 10, 7, "250ms")},
		{"Little's law with half again as headroom", permitsDesign(15, 18, 12, "250ms")},
		{"one permit over Little's law each", permitsDesign(11, 13, 9, "250ms")},
		{"Little's law, refused at once", permitsDesign(10, 12, 8, "0s")},
		{"Little's law, waiting as long as the client", permitsDesign(10, 12, 8, "5s")},
		{"Little's law, a wait too short for a burst", permitsDesign(10, 12, 8, "50ms")},
	}
}

// TestPermitsRangeIsNarrow holds budget-permits to its idea. With the
// other knobs at the reference solution's, the permit counts that meet the
// goals are Little's law's for search, and it or one below for profile and
// catalog, whose latencies vary more; one permit past Little's law, or the
// first count below the range, fails a goal on every graded seed, not only
// on an unlucky one. So does an acquisition timeout of none, or of the
// client's whole patience.
func TestPermitsRangeIsNarrow(t *testing.T) {
	c, err := Lookup("budget-permits")
	if err != nil {
		t.Fatal(err)
	}
	grade := func(knob string, v any) *Result {
		t.Helper()
		s := Setting{}
		for k, x := range referenceSettings["budget-permits"] {
			s[k] = x
		}
		s[knob] = v
		r, err := gradeOnce(c, s)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	failsEverySeed := func(knob string, v any, r *Result) {
		t.Helper()
		for i, seed := range c.Seeds {
			failed := false
			for _, g := range r.Goals {
				failed = failed || !g.Measures[i].OK
			}
			if !failed {
				t.Errorf("%s = %s meets every goal on seed %d", knob, FormatValue(v), seed)
			}
		}
	}
	for _, tc := range []struct {
		knob           string
		low, high      int64 // each fails on every seed
		between, wants string
	}{
		{searchPermits, 7, 11, "[9 10]", "[10]"},
		{profilePermits, 9, 13, "[10 11 12]", "[11 12]"},
		{catalogPermits, 6, 9, "[7 8]", "[7 8]"},
	} {
		var passed []int64
		for n := tc.low; n <= tc.high; n++ {
			r := grade(tc.knob, n)
			if n == tc.low || n == tc.high {
				failsEverySeed(tc.knob, n, r)
				continue
			}
			if r.Pass {
				passed = append(passed, n)
			}
		}
		if got := fmt.Sprint(passed); got != tc.wants {
			t.Errorf("%s: of %s, %s meet the goals, want %s", tc.knob, tc.between, got, tc.wants)
		}
	}
	for _, wait := range []string{"0s", "5s"} {
		failsEverySeed(searchWait, wait, grade(searchWait, wait))
	}
}

// TestPermitsParFollowsTheWait: with Little's law's permits, the stars step
// with the acquisition timeout: the guide's range earns three, a wait of
// seconds one, the client's whole patience none (the process is killed).
// The reference solution waits 250 ms, so it earns the third star.
func TestPermitsParFollowsTheWait(t *testing.T) {
	c, err := Lookup("budget-permits")
	if err != nil {
		t.Fatal(err)
	}
	for wait, want := range map[string]int{"100ms": 3, "250ms": 3, "500ms": 3, "2s": 1, "5s": 0} {
		r, err := gradeOnce(c, permitsDesign(10, 12, 8, wait))
		if err != nil {
			t.Fatal(err)
		}
		if r.Stars != want {
			t.Errorf("a permit wait of %s earns %s, want %s", wait, StarsText(r.Stars), StarsText(want))
		}
	}
}
