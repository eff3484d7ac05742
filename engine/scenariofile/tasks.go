package scenariofile

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/engine"
)

// A tasks server and its pools in a file (issue 23):
//
//	[system]                          # no workers, no queue
//	[system.tasks]
//	threads = 1                       # 1: an event loop; a Go server: GOMAXPROCS
//	memory = { limit = "512MiB", base = "64MiB", per_task = "64KiB", restart = "5s" }
//	pauses = [{ from = "20s", to = "20.3s" }]
//	[[system.pools]]
//	name = "http"
//	kind = "client"                   # or "database"
//	size = 100                        # 0: no cap over all hosts
//	per_host = 10                     # 0: no cap per host
//	idle_per_host = 2                 # kept idle a host (Go's MaxIdleConnsPerHost); 0: every one
//	wait = "250ms"                    # how long to wait for one; 0: as the timeout allows
//	dial = "2ms"
//	dial_timeout = "1s"
//	abandoned_dial = "finish"         # a given-up dial runs on (Go's); "cancel" (the default): it ends
//	[[system.endpoints]]              # ... cpu = "200us", blocking = { latency }
//	[[system.dependencies]]           # ... pool = "http"
//	[variants.tasks]                  # replaces [system.tasks] whole
//	[variants.pools.http]             # size, per_host, idle_per_host, wait, dial, dial_timeout, abandoned_dial

// poolKeys are the keys of a pool a variant may change.
var poolKeys = []string{"size", "per_host", "idle_per_host", "wait", "dial", "dial_timeout", "abandoned_dial"}

// tasksSystem reads [system.tasks] and [[system.pools]].
func (c *conv) tasksSystem(t table, s *system) error {
	if t.has("tasks") {
		if t.has("workers") || t.has("queue") {
			k := "workers"
			if !t.has(k) {
				k = "queue"
			}
			return t.errorf(k, "a tasks server ([system.tasks]) has no pool of workers and no accept queue: every request gets a task; remove %s", k)
		}
		ts, err := c.taskServer(t)
		if err != nil {
			return err
		}
		s.Tasks = ts
	}
	pts, _, err := t.tables("pools", func(i int, m map[string]any) string {
		if n, ok := m["name"].(string); ok {
			return fmt.Sprintf("pools %q", n)
		}
		return fmt.Sprintf("pool %d", i+1)
	})
	if err != nil {
		return err
	}
	if len(pts) > engine.MaxPools {
		return t.errorf("pools", "a system may have at most %d pools, got %d", engine.MaxPools, len(pts))
	}
	first := map[string][]string{}
	for i, pt := range pts {
		if err := c.checkKeys(pt, append([]string{"name", "kind"}, poolKeys...)...); err != nil {
			return err
		}
		n, err := name(pt, "pool", i)
		if err != nil {
			return err
		}
		if prev, dup := first[n]; dup {
			return pt.errorf("name", "the name is used twice (first on line %d): give each pool its own name", c.lineOf(prev))
		}
		first[n] = pt.at("name")
		p := engine.Pool{Name: n}
		if k, ok, err := pt.str("kind"); err != nil {
			return err
		} else if ok {
			kind, err := engine.ParsePoolKind(k)
			if err != nil {
				return wrapAt(pt.at("kind"), fmt.Errorf("%s: %w", pt.what, err))
			}
			p.Kind = kind
		}
		if err := c.poolFields(pt, &p); err != nil {
			return err
		}
		s.Pools = append(s.Pools, p)
		s.at[atKey("pool", n)] = pt.path
	}
	return nil
}

// taskServer reads a tasks table, [system.tasks] or [variants.tasks].
func (c *conv) taskServer(parent table) (*engine.TaskServer, error) {
	t, _, err := parent.sub("tasks", parent.what+" tasks")
	if err != nil {
		return nil, err
	}
	if err := c.checkKeys(t, "threads", "memory", "pauses"); err != nil {
		return nil, err
	}
	ts := &engine.TaskServer{Threads: 1}
	if n, ok, err := t.integer("threads"); err != nil {
		return nil, err
	} else if ok {
		if n < 1 || n > engine.MaxThreads {
			return nil, t.errorf("threads", "threads must be between 1 (an event loop) and %d (a Go server: GOMAXPROCS), got %d", engine.MaxThreads, n)
		}
		ts.Threads = n
	}
	if mt, ok, err := t.sub("memory", t.what+" memory"); err != nil {
		return nil, err
	} else if ok {
		if err := c.checkKeys(mt, "limit", "base", "per_task", "restart"); err != nil {
			return nil, err
		}
		for _, f := range []struct {
			key string
			to  *int64
		}{{"limit", &ts.Memory.Limit}, {"base", &ts.Memory.Base}, {"per_task", &ts.Memory.PerTask}} {
			if v, ok, err := mt.size(f.key); err != nil {
				return nil, err
			} else if ok {
				*f.to = v
			}
		}
		if d, ok, err := mt.duration("restart"); err != nil {
			return nil, err
		} else if ok {
			ts.Memory.Restart = d
		}
	}
	pts, _, err := t.tables("pauses", func(i int, _ map[string]any) string { return fmt.Sprintf("%s pause %d", t.what, i+1) })
	if err != nil {
		return nil, err
	}
	for _, pt := range pts {
		if err := c.checkKeys(pt, "from", "to"); err != nil {
			return nil, err
		}
		var p engine.Pause
		for _, f := range []struct {
			key string
			to  *time.Duration
		}{{"from", &p.From}, {"to", &p.To}} {
			d, ok, err := pt.duration(f.key)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, errorAt(pt.path, "%s needs from and to, such as { from = \"20s\", to = \"20.3s\" }", pt.what)
			}
			*f.to = d
		}
		if p.To <= p.From {
			return nil, pt.errorf("to", "a pause must end after it starts, got %s to %s", pt.said("from", p.From), pt.said("to", p.To))
		}
		ts.Pauses = append(ts.Pauses, p)
	}
	return ts, nil
}

// poolFields reads the keys of a pool a variant may change.
func (c *conv) poolFields(t table, p *engine.Pool) error {
	for _, f := range []struct {
		key, zero string
		to        *int
	}{{"size", "no cap", &p.Size}, {"per_host", "no cap", &p.PerHost}, {"idle_per_host", "keep every connection", &p.IdlePerHost}} {
		if n, ok, err := t.integer(f.key); err != nil {
			return err
		} else if ok {
			if n < 0 || n > engine.MaxWorkers {
				return t.errorf(f.key, "%s must be between 0 (%s) and %d, got %d", f.key, f.zero, engine.MaxWorkers, n)
			}
			*f.to = n
		}
	}
	for _, f := range []struct {
		key string
		to  *time.Duration
	}{{"wait", &p.Wait}, {"dial", &p.Dial}, {"dial_timeout", &p.DialTimeout}} {
		if d, ok, err := t.duration(f.key); err != nil {
			return err
		} else if ok {
			*f.to = d
		}
	}
	if v, ok, err := t.str("abandoned_dial"); err != nil {
		return err
	} else if ok {
		a, err := engine.ParseAbandonedDial(v)
		if err != nil {
			return t.errorf("abandoned_dial", "%v", err)
		}
		p.AbandonedDial = a
	}
	return nil
}

// variantTasks reads a variant's [variants.tasks] and [variants.pools.NAME].
func (c *conv) variantTasks(t table, s *system) error {
	if t.has("tasks") {
		if s.Tasks == nil {
			return t.errorf("tasks", "[system] is a thread pool (it has workers); a variant may change a tasks server's settings, not make one")
		}
		ts, err := c.taskServer(t)
		if err != nil {
			return err
		}
		s.Tasks = ts
	}
	pt, ok, err := t.sub("pools", t.what+" pools")
	if err != nil || !ok {
		return err
	}
	for _, pn := range c.keysInOrder(pt) {
		idx := -1
		for i := range s.Pools {
			if s.Pools[i].Name == pn {
				idx = i
			}
		}
		if idx < 0 {
			have := make([]string, len(s.Pools))
			for i := range s.Pools {
				have[i] = s.Pools[i].Name
			}
			return errorAt(pt.at(pn), "%s: there is no pool %q in [system] to change (have: %s)", t.what, pn, strings.Join(have, ", "))
		}
		ot, _, err := pt.sub(pn, fmt.Sprintf("%s: pools %q", t.what, pn))
		if err != nil {
			return err
		}
		if err := c.checkKeys(ot, poolKeys...); err != nil {
			return err
		}
		if err := c.poolFields(ot, &s.Pools[idx]); err != nil {
			return err
		}
	}
	return nil
}

// endpointTasks reads an endpoint's loop time: cpu and blocking.
func (c *conv) endpointTasks(t table, e *engine.Endpoint) error {
	if d, ok, err := t.duration("cpu"); err != nil {
		return err
	} else if ok {
		e.CPU = d
	}
	if lt, ok, err := t.sub("blocking", t.what+" blocking"); err != nil {
		return err
	} else if ok {
		if len(lt.m) == 0 {
			e.Blocking = engine.Latency{} // blocking = {}: none
			return nil
		}
		l, err := c.latency(lt)
		if err != nil {
			return err
		}
		e.Blocking = l
	}
	return nil
}

// dependencyPool reads a dependency's pool.
func dependencyPool(t table, d *engine.Dependency) error {
	p, ok, err := t.str("pool")
	if err != nil || !ok {
		return err
	}
	d.Pool = p
	return nil
}

// sizeUnits are the units of a memory size, largest first.
var sizeUnits = []struct {
	name string
	n    int64
}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"B", 1}}

// size reads an optional memory size: a string such as "64KiB" or
// "1.5GiB", or a whole number of bytes.
func (t table) size(key string) (int64, bool, error) {
	v, ok := t.m[key]
	if !ok {
		return 0, false, nil
	}
	const how = `a size such as "64KiB", "512MiB" or "2GiB" (units: B, KiB, MiB, GiB), or a whole number of bytes`
	if n, isInt := v.(int64); isInt {
		if n < 0 || n > engine.MaxMemory {
			return 0, true, t.errorf(key, "%s must be between 0 and 1TiB, got %d bytes", key, n)
		}
		return n, true, nil
	}
	s, isStr := v.(string)
	if !isStr {
		return 0, true, t.errorf(key, "%s must be %s, got %s", key, how, describe(v))
	}
	for _, u := range sizeUnits {
		num, found := strings.CutSuffix(s, u.name)
		if !found {
			continue
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
		if err != nil || !(x >= 0) || x*float64(u.n) > float64(engine.MaxMemory) {
			break
		}
		return int64(x * float64(u.n)), true, nil
	}
	return 0, true, t.errorf(key, "%s must be %s, at most 1TiB, got %q", key, how, s)
}

// formatSize writes a memory size in the largest unit that holds it whole.
func formatSize(n int64) string {
	for _, u := range sizeUnits {
		if n%u.n == 0 && n >= u.n {
			return quote(strconv.FormatInt(n/u.n, 10) + u.name)
		}
	}
	return "0"
}

// writeTasksSystem writes [system.tasks] and [[system.pools]].
func writeTasksSystem(w *writer, s *engine.System) {
	if s.Tasks != nil {
		w.header("[system.tasks]")
		writeTaskServer(w, s.Tasks)
	}
	for _, p := range s.Pools {
		w.header("[[system.pools]]")
		w.kv("name", quote(p.Name))
		w.kv("kind", quote(p.Kind.String()))
		writePoolFields(w, p, engine.Pool{})
	}
}

func writeTaskServer(w *writer, ts *engine.TaskServer) {
	w.kv("threads", strconv.Itoa(max(1, ts.Threads)))
	if m := ts.Memory; m != (engine.Memory{}) {
		parts := []string{"limit = " + formatSize(m.Limit), "base = " + formatSize(m.Base), "per_task = " + formatSize(m.PerTask)}
		if m.Restart > 0 {
			parts = append(parts, "restart = "+formatDuration(m.Restart))
		}
		w.kv("memory", "{ "+strings.Join(parts, ", ")+" }")
	}
	if len(ts.Pauses) > 0 {
		parts := make([]string, len(ts.Pauses))
		for i, p := range ts.Pauses {
			parts[i] = "{ from = " + formatDuration(p.From) + ", to = " + formatDuration(p.To) + " }"
		}
		w.kv("pauses", "["+strings.Join(parts, ", ")+"]")
	}
}

// writePoolFields writes the fields of p that differ from b.
func writePoolFields(w *writer, p, b engine.Pool) {
	if p.Size != b.Size {
		w.kv("size", strconv.Itoa(p.Size))
	}
	if p.PerHost != b.PerHost {
		w.kv("per_host", strconv.Itoa(p.PerHost))
	}
	if p.IdlePerHost != b.IdlePerHost {
		w.kv("idle_per_host", strconv.Itoa(p.IdlePerHost))
	}
	for _, f := range []struct {
		key  string
		d, b time.Duration
	}{{"wait", p.Wait, b.Wait}, {"dial", p.Dial, b.Dial}, {"dial_timeout", p.DialTimeout, b.DialTimeout}} {
		if f.d != f.b {
			w.kv(f.key, formatDuration(f.d))
		}
	}
	if p.AbandonedDial != b.AbandonedDial {
		w.kv("abandoned_dial", quote(p.AbandonedDial.String()))
	}
}

// writeEndpointTasks writes an endpoint's loop time where it differs from b's.
func writeEndpointTasks(w *writer, e, b engine.Endpoint) {
	if e.CPU != b.CPU {
		w.kv("cpu", formatDuration(e.CPU))
	}
	if e.Blocking != b.Blocking {
		if e.Blocking.Kind == 0 {
			w.kv("blocking", "{}")
		} else {
			w.kv("blocking", formatLatency(e.Blocking))
		}
	}
}

// writeVariantTasks writes what a variant changes in the tasks server and
// the pools.
func writeVariantTasks(w *writer, base, s *engine.System) {
	if s.Tasks != nil && !reflect.DeepEqual(s.Tasks, base.Tasks) {
		w.header("[variants.tasks]")
		writeTaskServer(w, s.Tasks)
	}
	for i, p := range s.Pools {
		if p != base.Pools[i] {
			w.header("[variants.pools." + key(p.Name) + "]")
			writePoolFields(w, p, base.Pools[i])
		}
	}
}

// checkTasksDumpable reports a variant whose kind of server or pools
// differ from the first variant's: a file changes a system, it does not
// swap its parts.
func checkTasksDumpable(variant string, s, base *engine.System) error {
	if (s.Tasks == nil) != (base.Tasks == nil) {
		return fmt.Errorf("variant %q is another kind of server (tasks or a thread pool) than the first variant; a file writes variants as changes to one system", variant)
	}
	if len(s.Pools) != len(base.Pools) {
		return fmt.Errorf("variant %q has other pools than the first variant; a file writes variants as changes to one system", variant)
	}
	for i, p := range s.Pools {
		if p.Name != base.Pools[i].Name || p.Kind != base.Pools[i].Kind {
			return fmt.Errorf("variant %q has pool %q (%v) where the first variant has %q (%v); a file writes variants as changes to one system", variant, p.Name, p.Kind, base.Pools[i].Name, base.Pools[i].Kind)
		}
		if !utf8.ValidString(p.Name) {
			return fmt.Errorf("the pool name %q is not valid UTF-8, which a TOML file cannot hold", p.Name)
		}
	}
	return nil
}
