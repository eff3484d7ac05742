package lab

import (
	"testing"
	"time"
)

// Faults given out of time order but one after the other are the engine's
// timeline sorted: the simulation beside the run took them as listed and
// refused "fault 2 starts at 500ms, before fault 1 ends". Faults on at
// once are refused by the lab's own check, naming both.
func TestFaultsInAnyOrderOneAtATime(t *testing.T) {
	s := time.Second
	later := Fault{Kind: Error, Probability: 0.5, From: 2 * s, To: 3 * s}
	first := Fault{Kind: Slow, Latency: 10 * s, From: s / 2, To: 2 * s}
	for _, server := range []Server{Threads, Go} {
		cfg := DefaultConfig(Protected)
		if server == Go {
			cfg = DefaultGoConfig(Protected)
		}
		cfg.Faults = []Fault{later, first}
		if err := cfg.Validate(); err != nil {
			t.Errorf("%v: faults one after the other, listed out of order: %v", server, err)
		}
		if _, _, err := SimScenario(cfg); err != nil {
			t.Errorf("%v: the simulation refuses faults one after the other, listed out of order: %v", server, err)
		}
		for _, over := range [][]Fault{
			{first, {Kind: Hang, From: s, To: 3 * s}},
			{{Kind: Close, From: s}, later},
			{later, {Kind: Garbage, From: 0}},
		} {
			cfg.Faults = over
			if err := cfg.Validate(); err == nil {
				t.Errorf("%v: faults on at once (%v, %v) accepted", server, over[0], over[1])
			}
		}
	}
}
