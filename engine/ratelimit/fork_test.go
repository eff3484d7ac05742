package ratelimit

import (
	"math/rand/v2"
	"testing"
	"time"
)

// forkTimes draws n call times from rng: calls a few milliseconds apart,
// with quiet spells and bursts, so that limits are reached now and then.
func forkTimes(rng *rand.Rand, n int) []time.Duration {
	at := make([]time.Duration, n)
	now := time.Duration(0)
	for i := range at {
		switch rng.IntN(10) {
		case 0:
			now += time.Duration(rng.IntN(400)) * time.Millisecond
		case 1, 2:
			// a burst: the same instant or nearly
		default:
			now += time.Duration(rng.IntN(40)) * time.Millisecond
		}
		at[i] = now
	}
	return at
}

// A limiter forked with settings Unused accepts is, field for field, the
// limiter of those settings asked at the same moments from the start, and
// goes on answering as it does; across random settings and calls both
// answers come up, and a fork Unused refuses, taken anyway, differs often
// (so a looser rule would be caught).
func TestForkLimitersUnusedIsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 2))
	type answer struct {
		wait time.Duration
		ok   bool
	}
	accepted, caught := [2]int{}, [2]int{}
	for i := range 6000 {
		times := forkTimes(rng, 200)
		cut := rng.IntN(len(times))
		var b, fork Limiter
		kind := i % 2
		var ok bool
		if kind == 0 {
			oc := PeriodConfig{LimitForPeriod: 1 + rng.IntN(12), LimitRefreshPeriod: []time.Duration{50 * time.Millisecond, 100 * time.Millisecond, 250 * time.Millisecond}[rng.IntN(3)],
				TimeoutDuration: []time.Duration{0, 0, 30 * time.Millisecond}[rng.IntN(3)]}
			nc := oc
			switch rng.IntN(4) {
			case 0, 1:
				nc.LimitForPeriod = 1 + rng.IntN(12)
			case 2:
				nc.TimeoutDuration = []time.Duration{0, 30 * time.Millisecond, time.Second}[rng.IntN(3)]
			case 3:
				nc.LimitRefreshPeriod = []time.Duration{50 * time.Millisecond, 100 * time.Millisecond}[rng.IntN(2)]
			}
			pa, _ := NewPeriod(oc)
			pb, _ := NewPeriod(nc)
			b = pb
			for _, at := range times[:cut] {
				pa.Acquire(at)
				pb.Acquire(at)
			}
			ok = pa.Unused(nc)
			pf := *pa
			pf.Rebase(nc)
			fork = &pf
			if ok && pf != *pb {
				t.Fatalf("case %d: period %+v forked to %+v after %d calls: %+v, want %+v", i, oc, nc, cut, pf, *pb)
			}
		} else {
			oc := BucketConfig{Rate: 1 + rng.IntN(50), Per: time.Second, Burst: 1 + rng.IntN(12), MaxWait: []time.Duration{0, 0, 40 * time.Millisecond}[rng.IntN(3)]}
			nc := oc
			switch rng.IntN(4) {
			case 0, 1:
				nc.Burst = 1 + rng.IntN(12)
			case 2:
				nc.MaxWait = []time.Duration{0, 40 * time.Millisecond, time.Second}[rng.IntN(3)]
			case 3:
				nc.Rate = 1 + rng.IntN(50)
			}
			ba, _ := NewBucket(oc)
			bb, _ := NewBucket(nc)
			b = bb
			for _, at := range times[:cut] {
				ba.Acquire(at)
				bb.Acquire(at)
			}
			ok = ba.Unused(nc)
			bf := *ba
			bf.Rebase(nc)
			fork = &bf
			if ok && bf != *bb {
				t.Fatalf("case %d: bucket %+v forked to %+v after %d calls: %+v, want %+v", i, oc, nc, cut, bf, *bb)
			}
		}
		same := true
		for _, at := range times[cut:] {
			wf, okf := fork.Acquire(at)
			wb, okb := b.Acquire(at)
			if (answer{wf, okf}) != (answer{wb, okb}) {
				same = false
				break
			}
		}
		if ok && !same {
			t.Fatalf("case %d: a fork Unused accepted answers otherwise than a new limiter", i)
		}
		if ok {
			accepted[kind]++
		} else if !same {
			caught[kind]++
		}
	}
	t.Logf("period: accepted %d, refused and differing %d; bucket: %d, %d", accepted[0], caught[0], accepted[1], caught[1])
	for k := range 2 {
		if accepted[k] < 200 || caught[k] < 200 {
			t.Fatalf("limiter %d: accepted %d, refused and shown to differ %d: want both often", k, accepted[k], caught[k])
		}
	}
}
