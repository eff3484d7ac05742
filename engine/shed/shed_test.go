package shed

import (
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

const ms = time.Millisecond

func bounds(c, d, s time.Duration) [NumClasses]time.Duration {
	return [NumClasses]time.Duration{c, d, s}
}

func mustNew(t *testing.T, c Config) *Shedder {
	t.Helper()
	s, err := New(c)
	if err != nil {
		t.Fatalf("New(%+v): %v", c, err)
	}
	return s
}

func TestOldestAgeShedsPastTheBound(t *testing.T) {
	s := mustNew(t, Config{MaxWait: bounds(100*ms, 100*ms, 100*ms)})
	if !s.Admit(5*time.Second, Queue{}, Sheddable) {
		t.Fatal("an empty queue shed a request")
	}
	q := Queue{Len: 40, Oldest: 1000 * ms}
	if !s.Admit(1100*ms, q, Default) {
		t.Fatal("shed while the oldest request had waited exactly the bound (100 ms); only passing it sheds")
	}
	if s.Admit(1100*ms+1, q, Default) {
		t.Fatal("admitted while the oldest request had waited past the bound")
	}
	if got := s.Stats(Default); got != (ClassStats{Admitted: 1, Shed: 1}) {
		t.Fatalf("default stats %+v", got)
	}
}

// Between the two bounds, critical work is taken and sheddable work is
// refused; past both, both are refused.
func TestPriorityShedsSheddableFirst(t *testing.T) {
	s := mustNew(t, Config{MaxWait: bounds(500*ms, 200*ms, 50*ms)})
	cases := []struct {
		age                     time.Duration
		critical, normal, shedd bool
	}{
		{10 * ms, true, true, true},
		{100 * ms, true, true, false},
		{300 * ms, true, false, false},
		{600 * ms, false, false, false},
	}
	for _, c := range cases {
		q := Queue{Len: 1, Oldest: 0}
		got := [3]bool{s.Admit(c.age, q, Critical), s.Admit(c.age, q, Default), s.Admit(c.age, q, Sheddable)}
		if got != [3]bool{c.critical, c.normal, c.shedd} {
			t.Errorf("oldest waited %v: critical/default/sheddable admitted %v, want %v", c.age, got, [3]bool{c.critical, c.normal, c.shedd})
		}
	}
	if s.Admit(300*ms, Queue{Len: 1}, Class(9)) {
		t.Error("an unknown class was admitted where sheddable work is shed")
	}
}

func TestEstimatedWait(t *testing.T) {
	s := mustNew(t, Config{Signal: Estimated, MaxWait: bounds(time.Second, time.Second, time.Second), ServiceTime: 100 * ms, Workers: 4})
	// 40 waiting, 4 workers at 100 ms each: 1 s.
	if got := s.Wait(0, Queue{Len: 40, Oldest: -time.Hour}); got != time.Second {
		t.Fatalf("estimated wait %v, want 1s (the oldest request's age must be ignored)", got)
	}
	if !s.Admit(0, Queue{Len: 40}, Sheddable) || s.Admit(0, Queue{Len: 41}, Critical) {
		t.Fatal("40 waiting (1 s) must be taken and 41 (1.025 s) shed with a 1 s bound")
	}
	if got := s.Wait(0, Queue{Len: 1 << 60}); got <= time.Second {
		t.Fatalf("a huge queue's estimate overflowed to %v", got)
	}
}

func TestObserveMovesTheEstimate(t *testing.T) {
	s := mustNew(t, Config{Signal: Estimated, MaxWait: bounds(time.Second, time.Second, time.Second), ServiceTime: 100 * ms, Workers: 1})
	s.Observe(900 * ms)
	if got := s.ServiceTime(); got != 200*ms {
		t.Fatalf("after one 900 ms sample the estimate is %v, want 200ms (1/8 of the way)", got)
	}
	for range 200 {
		s.Observe(900 * ms)
	}
	if got := s.ServiceTime(); got < 899*ms || got > 900*ms {
		t.Fatalf("after many 900 ms samples the estimate is %v", got)
	}
	s.Observe(-time.Second)
	if got := s.ServiceTime(); got < 899*ms {
		t.Fatalf("a negative sample moved the estimate to %v", got)
	}
}

func TestValidation(t *testing.T) {
	ok := bounds(time.Second, 500*ms, 100*ms)
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{}, "bound for critical requests is 0s"},
		{Config{MaxWait: bounds(100*ms, 200*ms, 50*ms)}, "default requests (200ms) is longer than for critical"},
		{Config{MaxWait: ok, Signal: 7}, "signal 7 is unknown"},
		{Config{MaxWait: ok, Signal: Estimated, Workers: 1}, "service time"},
		{Config{MaxWait: ok, Signal: Estimated, ServiceTime: ms}, "at least 1 worker"},
	} {
		_, err := New(c.cfg)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("New(%+v) = %v, want an error containing %q", c.cfg, err, c.want)
		}
	}
	if _, err := ParseClass("bulk"); err == nil || !strings.Contains(err.Error(), "critical, default, sheddable") {
		t.Errorf("ParseClass(bulk) = %v", err)
	}
	for c := range NumClasses {
		if got, err := ParseClass(c.String()); err != nil || got != c {
			t.Errorf("ParseClass(%q) = %v, %v", c, got, err)
		}
	}
}

func TestNoAllocations(t *testing.T) {
	s := mustNew(t, Config{Signal: Estimated, MaxWait: bounds(time.Second, time.Second, time.Second), ServiceTime: 100 * ms, Workers: 4})
	n := 0
	if a := testing.AllocsPerRun(1000, func() {
		n++
		s.Admit(time.Duration(n)*ms, Queue{Len: n % 80}, Class(n%3))
		s.Observe(time.Duration(n%300) * ms)
	}); a != 0 {
		t.Fatalf("%v allocations per decision, want 0", a)
	}
}

// Whatever the queue, if a class is admitted then every more important
// class would be too, and a longer wait never turns a refusal into an
// admission.
func TestPropertyMonotone(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		crit := time.Duration(rapid.IntRange(1, 5000).Draw(t, "critMs")) * ms
		def := time.Duration(rapid.IntRange(1, int(crit/ms)).Draw(t, "defMs")) * ms
		shd := time.Duration(rapid.IntRange(1, int(def/ms)).Draw(t, "shedMs")) * ms
		cfg := Config{MaxWait: bounds(crit, def, shd)}
		if rapid.Bool().Draw(t, "estimated") {
			cfg.Signal = Estimated
			cfg.ServiceTime = time.Duration(rapid.IntRange(1, 500).Draw(t, "serviceMs")) * ms
			cfg.Workers = rapid.IntRange(1, 64).Draw(t, "workers")
		}
		s, err := New(cfg)
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		now := time.Duration(rapid.IntRange(0, 100000).Draw(t, "nowMs")) * ms
		q := Queue{Len: rapid.IntRange(0, 5000).Draw(t, "len"), Oldest: time.Duration(rapid.IntRange(0, 100000).Draw(t, "oldestMs")) * ms}
		longer := q
		longer.Len += rapid.IntRange(0, 100).Draw(t, "more")
		for c := Critical; c < NumClasses; c++ {
			a := s.Admit(now, q, c)
			if c > Critical && a && !s.Admit(now, q, c-1) {
				t.Fatalf("%s admitted but %s shed at the same queue", c, c-1)
			}
			if !a && s.Admit(now+time.Duration(rapid.IntRange(0, 1000).Draw(t, "later")), longer, c) {
				t.Fatalf("%s shed, then admitted with a longer queue", c)
			}
			if w := s.Wait(now, q); a != (w <= cfg.MaxWait[c]) {
				t.Fatalf("%s: wait %v bound %v admitted %v", c, w, cfg.MaxWait[c], a)
			}
		}
	})
}

// DecidedAlike holds for bounds that admit every wait admitted so far and
// shed every wait shed, per class, and for any bounds before a decision.
func TestDecidedAlike(t *testing.T) {
	s := mustNew(t, Config{MaxWait: bounds(500*ms, 200*ms, 50*ms)})
	if !s.DecidedAlike(bounds(1, 1, 1)) {
		t.Fatal("a shedder that has decided nothing refuses other bounds")
	}
	q := Queue{Len: 3, Oldest: 0}
	s.Admit(120*ms, q, Default)   // admitted at 120 ms
	s.Admit(80*ms, q, Sheddable)  // shed at 80 ms
	s.Admit(300*ms, q, Sheddable) // shed at 300 ms
	s.Admit(10*ms, Queue{}, Critical)
	cases := []struct {
		b    [NumClasses]time.Duration
		want bool
	}{
		{bounds(500*ms, 200*ms, 50*ms), true},
		{bounds(1*ms, 120*ms, 79*ms), true}, // critical admitted an empty queue: any bound
		{bounds(500*ms, 119*ms, 50*ms), false},
		{bounds(500*ms, 200*ms, 80*ms), false}, // 80 ms is within a bound of 80 ms
		{bounds(900*ms, 900*ms, 1), true},
	}
	for _, c := range cases {
		if got := s.DecidedAlike(c.b); got != c.want {
			t.Errorf("DecidedAlike(%v) = %v, want %v", c.b, got, c.want)
		}
	}
	// A reconfigured shedder keeps what its bounds decided.
	if err := s.Reconfigure(Config{MaxWait: bounds(time.Second, time.Second, time.Second)}); err != nil {
		t.Fatal(err)
	}
	if s.DecidedAlike(bounds(time.Second, time.Second, time.Second)) {
		t.Error("after Reconfigure, the sheds at 80 and 300 ms were forgotten")
	}
}
