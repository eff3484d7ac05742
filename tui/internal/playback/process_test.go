package playback

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// TestRunEventsStopAtTheOOMKills: go-server's first design is killed at
// its memory limit twice (`breakerlab run go-server`: "killed 2 times"),
// and go-inventory's once; ] stops at each kill and at each comeback,
// where it went from "payments: hang starts" to "hang ends" past them.
// Each kill lies in a stretch the engine says the process was down
// (UpAt), found here by a look at every 10 ms of the run.
func TestRunEventsStopAtTheOOMKills(t *testing.T) {
	for _, c := range []struct {
		name  string
		kills int
	}{{"go-server", 2}, {"go-inventory", 1}} {
		b, ok := scenarios.Lookup(c.name)
		if !ok {
			t.Fatalf("no scenario %s", c.name)
		}
		sc := b.Build()
		evs, err := RunEvents(sc, 0, 5)
		if err != nil {
			t.Fatal(err)
		}
		var kills, backs []time.Duration
		for _, e := range evs {
			switch {
			case strings.HasPrefix(e.What, "process killed at its memory limit"):
				kills = append(kills, e.At)
			case strings.HasPrefix(e.What, "process back up after"):
				backs = append(backs, e.At)
			}
		}
		if len(kills) != c.kills || len(backs) != c.kills {
			t.Fatalf("%s: kills at %v, comebacks at %v; want %d of each:\n%+v", c.name, kills, backs, c.kills, evs)
		}
		restart := sc.Variants[0].System.Tasks.Memory.Restart
		r, err := engine.New(sc, 0, 5)
		if err != nil {
			t.Fatal(err)
		}
		var ups []time.Duration
		for at := time.Duration(0); at <= sc.Duration; at += 10 * time.Millisecond {
			r.AdvanceTo(at)
			if ts := r.Snapshot().Tasks; ts.Down && (len(ups) == 0 || ups[len(ups)-1] != ts.UpAt) {
				ups = append(ups, ts.UpAt)
			}
		}
		for i, up := range ups {
			if i >= len(kills) || kills[i] != up-restart || backs[i] != up {
				t.Errorf("%s: down until %v (killed at %v); the events have kills at %v, comebacks at %v", c.name, up, up-restart, kills, backs)
			}
		}
		if got, err := ProcessEvents(sc, 0, 5); err != nil || len(got) != 2*c.kills {
			t.Errorf("%s: ProcessEvents = %+v, %v", c.name, got, err)
		}
		if got, err := ProcessEvents(sc, 1, 5); err != nil || got == nil || len(got) != 0 {
			t.Errorf("%s: the design never killed has process events %#v, %v; want an empty list", c.name, got, err)
		}
	}
}

// TestInstanceFaultEvents: an instance that restarts or goes down says
// so once, "provider restarts" and "provider back up after its restart"
// (fleet-probes), where it said "provider: restarts starts".
func TestInstanceFaultEvents(t *testing.T) {
	b, ok := scenarios.Lookup("fleet-probes")
	if !ok {
		t.Fatal("no scenario fleet-probes")
	}
	evs := FaultEvents(b.Build(), 0)
	var what []string
	for _, e := range evs {
		what = append(what, e.What)
	}
	got := strings.Join(what, "; ")
	if !strings.Contains(got, "provider restarts") || !strings.Contains(got, "provider back up after its restart") || strings.Contains(got, "restarts starts") {
		t.Errorf("fleet-probes' faults read %q", got)
	}
	sc := &engine.Scenario{Duration: time.Minute, Variants: []engine.Variant{{System: engine.System{
		Services: []engine.Service{{Name: "api", Faults: []engine.ServiceFault{{Kind: engine.InstanceDown, Instance: 3, From: 20 * time.Second, To: 35 * time.Second}}}},
	}}}}
	evs = FaultEvents(sc, 0)
	if len(evs) != 2 || evs[0].What != "api#3 goes down" || evs[1].What != "api#3 back up" {
		t.Errorf("an instance down from 20 s to 35 s: %+v", evs)
	}
}

// A ProcessWatch played a slice at a time, the slices ending anywhere
// (between two looks, on one, past the end), finds what ProcessEvents
// finds playing the run at once, bit for bit; and no slice plays the run
// past where it was told. ProcessEvents played a 24-hour scenario file's
// run in one call, some 10 s, which a screen could not cut short.
func TestProcessWatchInSlicesIsProcessEvents(t *testing.T) {
	for _, name := range []string{"go-server", "go-inventory"} {
		b, ok := scenarios.Lookup(name)
		if !ok {
			t.Fatalf("no scenario %s", name)
		}
		sc := b.Build()
		for v := range sc.Variants {
			want, err := ProcessEvents(sc, v, 5)
			if err != nil {
				t.Fatal(err)
			}
			for _, slice := range []time.Duration{730 * time.Millisecond, 5 * time.Second, 41 * time.Second} {
				w, err := NewProcessWatch(sc, v, 5)
				if err != nil {
					t.Fatal(err)
				}
				for at := time.Duration(0); !w.Done(); at += slice {
					if at > 2*sc.Duration {
						t.Fatalf("%s variant %d: the watch never ends", name, v)
					}
					w.AdvanceTo(at)
					if !w.Done() && w.Now() > at {
						t.Fatalf("%s variant %d: told to %v, the watch played to %v", name, v, at, w.Now())
					}
				}
				if got := w.Events(); !reflect.DeepEqual(got, want) {
					t.Errorf("%s variant %d in slices of %v: %+v\nat once: %+v", name, v, slice, got, want)
				}
				if w.Now() != sc.Duration {
					t.Errorf("%s variant %d: done at %v, not the end of the traffic", name, v, w.Now())
				}
			}
		}
	}
}
