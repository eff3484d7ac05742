package lessons

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// The knobs of a tasks server and its pools (issue 23): POOL.size,
// POOL.per_host, POOL.idle_per_host, POOL.wait, POOL.dial, POOL.dial_timeout,
// POOL.abandoned_dial (a word: cancel or finish) of each of
// System.Pools; tasks.threads, tasks.memory.limit_mib,
// tasks.memory.per_task_kib of a tasks server, and each endpoint's cpu.

const (
	poolKnobKeys = "size, per_host, idle_per_host, wait, dial, dial_timeout, abandoned_dial"
	tasksKnobs   = "tasks.threads, tasks.memory.limit_mib, tasks.memory.per_task_kib"
)

// tasksKnobPaths adds sys's tasks and pool knobs to out; path writes a
// part's key (knobs' own).
func tasksKnobPaths(out []string, sys *engine.System, split func(string) []string, path func(knobAt, string) string) []string {
	for i := range sys.Pools {
		at := knobAt{part: poolPart, pool: &sys.Pools[i]}
		for _, k := range split(poolKnobKeys) {
			out = append(out, path(at, k))
		}
	}
	if sys.Tasks != nil {
		out = append(out, split(tasksKnobs)...)
		for i := range sys.Endpoints {
			out = append(out, path(knobAt{part: endpointPart, ep: &sys.Endpoints[i]}, "cpu"))
		}
	}
	return out
}

// tasksKnobWords are the labels of the tasks and pool knobs in a mark's
// words (overridewords.go), those of the sandbox's form: "transport's per
// host 10", "the server's memory limit 512 MiB", never the path's
// "tasks memory limit mib".
var tasksKnobWords = map[string]knobWord{
	"size":                      {"size", nil},
	"per_host":                  {"per host", nil},
	"idle_per_host":             {"idle per host", nil},
	"wait":                      {"wait", durationWords},
	"dial":                      {"dial", durationWords},
	"dial_timeout":              {"dial timeout", durationWords},
	"abandoned_dial":            {"dial runs on", abandonedDialWords},
	"cpu":                       {"cpu", durationWords},
	"tasks.threads":             {"loop threads", nil},
	"tasks.memory.limit_mib":    {"memory limit", sizeWords("MiB", "0 MiB (none)")},
	"tasks.memory.per_task_kib": {"memory per task", sizeWords("KiB", "0 KiB")},
}

// sizeWords says a size knob's value with its unit ("512 MiB"), and 0 as
// zero says it (a limit of 0 is none).
func sizeWords(unit, zero string) func(any) string {
	return func(v any) string {
		if text, ok := v.(string); ok {
			// A form's field text, as the sandbox's mark passes it.
			if n, err := strconv.Atoi(strings.TrimSpace(text)); err == nil {
				v = n
			}
		}
		n, err := asInt(v)
		switch {
		case err != nil:
			return fmt.Sprint(v)
		case n == 0:
			return zero
		}
		return fmt.Sprintf("%d %s", n, unit)
	}
}

// abandonedDialWords says a pool's abandoned_dial as the sandbox's field
// does: whether a dial its caller gave up on runs on (finish, Go's).
func abandonedDialWords(v any) string {
	switch v {
	case engine.DialRunsOn.String():
		return "yes"
	case engine.DialCancelled.String():
		return "no"
	}
	return fmt.Sprint(v)
}

// setDur and setInt set a knob's field, to the zero value when the value
// is refused, as every knob of this file always has.
func setDur(to *time.Duration, val any) error {
	d, err := asDuration(val)
	*to = d
	return err
}

func setInt(to *int, val any) error {
	n, err := asInt(val)
	*to = n
	return err
}

// setPool sets one of poolKnobKeys on p.
func setPool(p *engine.Pool, key string, val any) error {
	switch key {
	case "size":
		return setInt(&p.Size, val)
	case "per_host":
		return setInt(&p.PerHost, val)
	case "idle_per_host":
		return setInt(&p.IdlePerHost, val)
	case "wait":
		return setDur(&p.Wait, val)
	case "dial":
		return setDur(&p.Dial, val)
	case "abandoned_dial":
		s, err := asString(val)
		if err == nil {
			p.AbandonedDial, err = engine.ParseAbandonedDial(s)
		}
		return err
	}
	return setDur(&p.DialTimeout, val)
}

// setTasks sets one of tasksKnobs on sys's tasks server.
func setTasks(sys *engine.System, key string, val any) error {
	setBytes := func(to *int64, unit int64) error {
		n, err := asInt(val)
		*to = int64(n) * unit
		return err
	}
	// The server is the variant's own: a copy, so a knob set on one
	// variant leaves the others that shared it as they were.
	ts := *sys.Tasks
	ts.Pauses = append([]engine.Pause(nil), ts.Pauses...)
	sys.Tasks = &ts
	switch key {
	case "tasks.threads":
		return setInt(&ts.Threads, val)
	case "tasks.memory.limit_mib":
		err := setBytes(&ts.Memory.Limit, 1<<20)
		if ts.Memory.Limit == 0 {
			// No limit: nothing is killed, so nothing restarts, and the
			// engine refuses a restart time without a limit. A limit set
			// again on a server with no restart time is refused for it,
			// in the engine's words.
			ts.Memory.Restart = 0
		}
		return err
	case "tasks.memory.per_task_kib":
		return setBytes(&ts.Memory.PerTask, 1<<10)
	}
	return fmt.Errorf("unknown tasks knob %q", key)
}

// poolValue reads one of poolKnobKeys of p.
func poolValue(p *engine.Pool, key string) (any, bool) {
	switch key {
	case "size":
		return int64(p.Size), true
	case "per_host":
		return int64(p.PerHost), true
	case "idle_per_host":
		return int64(p.IdlePerHost), true
	case "wait":
		return p.Wait.String(), true
	case "dial":
		return p.Dial.String(), true
	case "abandoned_dial":
		return p.AbandonedDial.String(), true
	}
	return p.DialTimeout.String(), true
}

// tasksValue reads a tasks or pool knob at path (param's reader,
// expr_tasks.go); handled is false for any other path.
func tasksValue(sys *engine.System, path string) (val any, ok, handled bool) {
	at, found, err := findKnob(sys, path)
	if !found || err != nil {
		return nil, false, false
	}
	switch {
	case at.part == poolPart:
		val, ok = poolValue(at.pool, at.key)
	case at.part == serverPart && keyIn(tasksKnobs, at.key):
		val, ok = tasksServerValue(sys, at.key)
	case at.part == endpointPart && at.key == "cpu":
		val, ok = at.ep.CPU.String(), true
	default:
		return nil, false, false
	}
	return val, ok, true
}

// tasksServerValue reads one of tasksKnobs of sys's tasks server.
func tasksServerValue(sys *engine.System, key string) (any, bool) {
	m := sys.Tasks.Memory
	switch key {
	case "tasks.threads":
		return int64(max(1, sys.Tasks.Threads)), true
	case "tasks.memory.limit_mib":
		// A size that is not whole units has no value in these terms.
		if m.Limit%(1<<20) != 0 {
			return nil, false
		}
		return m.Limit >> 20, true
	}
	if m.PerTask%(1<<10) != 0 {
		return nil, false
	}
	return m.PerTask >> 10, true
}
