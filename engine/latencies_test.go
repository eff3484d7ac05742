package engine

import (
	"slices"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

// Every answer's latency is recorded once, in the order of the series'
// outcome counts: sample k's answers are the next sum(Outcomes) entries,
// and none of them can be older than the run at the sample's end.
func TestLatenciesFollowTheSeries(t *testing.T) {
	sc := cascadeLike()
	for v := range sc.Variants {
		r, err := New(sc, v, 5)
		if err != nil {
			t.Fatal(err)
		}
		r.Run()
		s := r.Snapshot()
		for _, e := range s.Endpoints {
			var total uint64
			for _, n := range e.Total {
				total += n
			}
			if uint64(len(e.Latencies)) != total {
				t.Fatalf("variant %d %s: %d latencies for %d answers", v, e.Name, len(e.Latencies), total)
			}
			at := 0
			for k, smp := range e.Series {
				n := 0
				for _, c := range smp.Outcomes {
					n += int(c)
				}
				end := time.Duration(k+1) * s.SampleEvery
				for _, us := range e.Latencies[at : at+n] {
					if time.Duration(us)*time.Microsecond > end {
						t.Fatalf("variant %d %s: sample %d holds a latency of %d µs, longer than the run at its end", v, e.Name, k, us)
					}
				}
				at += n
			}
			if at > len(e.Latencies) {
				t.Fatalf("variant %d %s: the series count %d answers, %d latencies recorded", v, e.Name, at, len(e.Latencies))
			}
		}
	}
}

// With a constant latency of 50 ms and no fault, every ok answer takes
// exactly 50 ms.
func TestLatenciesAreWhatTheClientSaw(t *testing.T) {
	s := runToEnd(t, oneDep(50, 20, Dependency{Name: "d", Latency: Latency{Kind: Constant, Value: 50 * time.Millisecond}}))
	e := s.Endpoints[0]
	if len(e.Latencies) == 0 {
		t.Fatal("no latencies recorded")
	}
	for _, us := range e.Latencies {
		if us != 50000 {
			t.Fatalf("a latency of %d µs, want 50000", us)
		}
	}
}

// A sample's breaker counts are the breaker's own at the sample's end: a
// snapshot taken just before the boundary (no event in between) reads the
// same window.
func TestBreakerCountsPerSample(t *testing.T) {
	sc := cascadeLike()
	v := len(sc.Variants) - 1
	r, err := New(sc, v, 5)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for k := 1; k <= 300; k += 7 {
		end := time.Duration(k) * r.every
		r.AdvanceTo(end - 1)
		before := r.Snapshot()
		r.AdvanceTo(end)
		after := r.Snapshot()
		for i, d := range after.Dependencies {
			b := before.Dependencies[i].Breaker
			if b == nil || before.Dependencies[i].Breaker.Config.Window != breaker.CountWindow {
				continue
			}
			smp := d.Series[k-1]
			if smp.Calls != int32(b.Calls) || smp.Failures != int32(b.Failures) || smp.Consecutive != int32(b.Consecutive) {
				t.Fatalf("%s at %v: sample says %d/%d (%d in a row), the breaker %d/%d (%d)", d.Name, end,
					smp.Failures, smp.Calls, smp.Consecutive, b.Failures, b.Calls, b.Consecutive)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no breaker sample was checked")
	}
	// Without a breaker the counts stay zero.
	r, _ = New(sc, 0, 5)
	r.Run()
	for _, d := range r.Snapshot().Dependencies {
		if slices.ContainsFunc(d.Series, func(s DependencySample) bool { return s.Calls != 0 || s.Failures != 0 }) {
			t.Fatalf("%s has breaker counts without a breaker", d.Name)
		}
	}
}

func TestMicros(t *testing.T) {
	for _, c := range []struct {
		in   time.Duration
		want uint32
	}{{-time.Second, 0}, {0, 0}, {999 * time.Nanosecond, 0}, {1500 * time.Microsecond, 1500}, {100 * time.Hour, 1<<32 - 1}} {
		if got := micros(c.in); got != c.want {
			t.Errorf("micros(%v) = %d, want %d", c.in, got, c.want)
		}
	}
}
