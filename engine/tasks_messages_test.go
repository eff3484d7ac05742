package engine

import (
	"strings"
	"testing"
	"time"
)

// A refusal of a tasks server's settings names sizes in the units a
// scenario file and the knob form write them (MiB, not bytes) and
// counts with their digits grouped, as the rate's refusal does; and a
// tasks server, which has no pool of workers, is never told of workers.
// The memory rule read "memory base (50331648 bytes) must be below the
// limit (10485760 bytes)", the pool's "between 0 (no cap) and 100000",
// and a Go server's bulkhead "between 0 (none) and the pool's 100000
// workers".
func TestTasksRefusalsSayUnitsAndGroupDigits(t *testing.T) {
	const mib = 1 << 20
	cases := []struct {
		name    string
		change  func(sys *System)
		want    []string
		mustNot string
	}{
		{"memory base", func(s *System) {
			s.Tasks.Memory = Memory{Limit: 10 * mib, Base: 48 * mib, PerTask: 64 << 10, Restart: time.Second}
		}, []string{"memory base (48 MiB) must be below the limit (10 MiB)", "the limit must be above 48 MiB, or 0 for none"}, "bytes"},
		{"memory range", func(s *System) {
			s.Tasks.Memory = Memory{Limit: -mib, Base: 48 * mib, PerTask: 64 << 10, Restart: time.Second}
		}, []string{"between 0 and 1 TiB, got -1 MiB, 48 MiB and 64 KiB"}, "1099511627776"},
		{"pool size", func(s *System) { s.Pools[0].Size = -1 }, []string{"between 0 (no cap) and 100,000, got -1 and 4"}, "100000"},
		{"bulkhead", func(s *System) { s.Dependencies[0].Policy.Bulkhead = MaxWorkers + 1 }, []string{"bulkhead must be between 0 (none) and 100,000, got 100,001"}, "workers"},
	}
	for _, c := range cases {
		sc := tasksScenario()
		c.change(&sc.Variants[0].System)
		err := sc.Validate()
		if err == nil {
			t.Errorf("%s: taken", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: got %q, want it to contain %q", c.name, err, w)
			}
		}
		if strings.Contains(err.Error(), c.mustNot) {
			t.Errorf("%s: got %q, which says %q", c.name, err, c.mustNot)
		}
	}
	// A pool of workers is still named as one.
	sc := tasksScenario()
	sys := &sc.Variants[0].System
	sys.Tasks, sys.Pools, sys.Workers = nil, nil, 200_000
	for i := range sys.Endpoints {
		sys.Endpoints[i].CPU = 0
	}
	for i := range sys.Dependencies {
		sys.Dependencies[i].Pool = ""
	}
	if err := sc.Validate(); err == nil || !strings.Contains(err.Error(), "workers must be between 1 and 100,000, got 200,000") {
		t.Errorf("a pool of 200,000 workers: got %v", err)
	}
}
