package lessons

import (
	"fmt"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// The knobs of a tasks server and its pools (issue 23): POOL.size,
// POOL.per_host, POOL.wait, POOL.dial, POOL.dial_timeout of each of
// System.Pools; tasks.threads, tasks.memory.limit_mib,
// tasks.memory.per_task_kib of a tasks server, and each endpoint's cpu.

const (
	poolKnobKeys = "size, per_host, wait, dial, dial_timeout"
	tasksKnobs   = "tasks.threads, tasks.memory.limit_mib, tasks.memory.per_task_kib"
)

// tasksKnobPaths adds sys's tasks and pool knobs to out.
func tasksKnobPaths(out []string, sys *engine.System, split func(string) []string) []string {
	for _, p := range sys.Pools {
		for _, k := range split(poolKnobKeys) {
			out = append(out, p.Name+"."+k)
		}
	}
	if sys.Tasks != nil {
		out = append(out, split(tasksKnobs)...)
		for _, e := range sys.Endpoints {
			out = append(out, e.Name+".cpu")
		}
	}
	return out
}

// tasksKnob finds what path names: a pool's field, a tasks server's, or an
// endpoint's cpu; nil when it names none of them.
func tasksKnob(sys *engine.System, path string) (pool *engine.Pool, key string, ep *engine.Endpoint) {
	for i := range sys.Pools {
		if rest, ok := cutName(path, sys.Pools[i].Name); ok && keyIn(poolKnobKeys, rest) {
			return &sys.Pools[i], rest, nil
		}
	}
	if sys.Tasks == nil {
		return nil, "", nil
	}
	if keyIn(tasksKnobs, path) {
		return nil, path, nil
	}
	for i := range sys.Endpoints {
		if rest, ok := cutName(path, sys.Endpoints[i].Name); ok && rest == "cpu" {
			return nil, rest, &sys.Endpoints[i]
		}
	}
	return nil, "", nil
}

func isTasksKnob(sys *engine.System, path string) bool {
	_, key, _ := tasksKnob(sys, path)
	return key != ""
}

// setTasksKnob sets a tasks or pool knob; handled is false for any other path.
func setTasksKnob(sys *engine.System, path string, val any) (handled bool, err error) {
	pool, key, ep := tasksKnob(sys, path)
	if key == "" {
		return false, nil
	}
	setInt := func(to *int) error {
		n, err := asInt(val)
		*to = n
		return err
	}
	setDur := func(to *time.Duration) error {
		d, err := asDuration(val)
		*to = d
		return err
	}
	setBytes := func(to *int64, unit int64) error {
		n, err := asInt(val)
		*to = int64(n) * unit
		return err
	}
	switch {
	case ep != nil:
		return true, setDur(&ep.CPU)
	case pool != nil:
		switch key {
		case "size":
			return true, setInt(&pool.Size)
		case "per_host":
			return true, setInt(&pool.PerHost)
		case "wait":
			return true, setDur(&pool.Wait)
		case "dial":
			return true, setDur(&pool.Dial)
		}
		return true, setDur(&pool.DialTimeout)
	}
	// The server is the variant's own: a copy, so a knob set on one
	// variant leaves the others that shared it as they were.
	ts := *sys.Tasks
	ts.Pauses = append([]engine.Pause(nil), ts.Pauses...)
	sys.Tasks = &ts
	switch key {
	case "tasks.threads":
		return true, setInt(&ts.Threads)
	case "tasks.memory.limit_mib":
		return true, setBytes(&ts.Memory.Limit, 1<<20)
	case "tasks.memory.per_task_kib":
		return true, setBytes(&ts.Memory.PerTask, 1<<10)
	}
	return true, fmt.Errorf("unknown tasks knob %q", key)
}

// tasksValue reads a tasks or pool knob; handled is false for any other path.
func tasksValue(sys *engine.System, path string) (val any, ok, handled bool) {
	pool, key, ep := tasksKnob(sys, path)
	if key == "" {
		return nil, false, false
	}
	dur := func(d time.Duration) (any, bool, bool) { return d.String(), true, true }
	whole := func(n int64) (any, bool, bool) { return n, true, true }
	switch {
	case ep != nil:
		return dur(ep.CPU)
	case pool != nil:
		switch key {
		case "size":
			return whole(int64(pool.Size))
		case "per_host":
			return whole(int64(pool.PerHost))
		case "wait":
			return dur(pool.Wait)
		case "dial":
			return dur(pool.Dial)
		}
		return dur(pool.DialTimeout)
	}
	m := sys.Tasks.Memory
	switch key {
	case "tasks.threads":
		return whole(int64(max(1, sys.Tasks.Threads)))
	case "tasks.memory.limit_mib":
		// A size that is not whole units has no value in these terms.
		if m.Limit%(1<<20) != 0 {
			return nil, false, true
		}
		return whole(m.Limit >> 20)
	}
	if m.PerTask%(1<<10) != 0 {
		return nil, false, true
	}
	return whole(m.PerTask >> 10)
}
