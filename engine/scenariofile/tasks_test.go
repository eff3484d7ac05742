package scenariofile

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// tasksFields are the fields only a tasks server has: kitchenSink, a
// thread pool, leaves them to tasksKitchenSink.
var tasksFields = map[string]bool{
	"engine.System.Tasks": true, "engine.System.Pools": true,
	"engine.Endpoint.CPU": true, "engine.Endpoint.Blocking": true, "engine.Dependency.Pool": true,
}

// tasksKitchenSink sets every field of a tasks server and its pools,
// somewhere, the variants changing each.
func tasksKitchenSink() *engine.Scenario {
	ms := time.Millisecond
	base := engine.System{
		Tasks: &engine.TaskServer{Threads: 2, Pauses: []engine.Pause{{From: time.Second, To: 1300 * ms}},
			Memory: engine.Memory{Limit: 512 << 20, Base: 64 << 20, PerTask: 96 << 10, Restart: 5 * time.Second}},
		Pools: []engine.Pool{
			{Name: "http", Kind: engine.ClientPool, Size: 100, PerHost: 10, IdlePerHost: 2, Wait: 250 * ms, Dial: 2 * ms, DialTimeout: time.Second, AbandonedDial: engine.DialRunsOn},
			{Name: "db", Kind: engine.DatabasePool, Size: 20, Dial: 3 * ms},
		},
		Endpoints: []engine.Endpoint{
			{Name: "search", Rate: 50, Calls: "search-api", CPU: 200 * time.Microsecond},
			{Name: "orders", Rate: 20, Calls: "orders-db", Blocking: engine.Latency{Kind: engine.Constant, Value: 5 * ms}},
		},
		Dependencies: []engine.Dependency{
			{Name: "search-api", Latency: engine.Latency{Kind: engine.Exponential, Mean: 20 * ms}, Pool: "http",
				Policy: engine.Policy{Timeout: 100 * ms, Bulkhead: 150, BulkheadWait: 100 * ms}},
			{Name: "orders-db", Latency: engine.Latency{Kind: engine.Constant, Value: 4 * ms}, Pool: "db"},
		},
	}
	changed := base
	changed.Tasks = &engine.TaskServer{Threads: 1, Memory: engine.Memory{Limit: 1 << 30, Base: 1 << 20, PerTask: 1000, Restart: time.Second}}
	changed.Pools = []engine.Pool{base.Pools[0], base.Pools[1]}
	changed.Pools[0].Size, changed.Pools[0].PerHost, changed.Pools[0].Wait, changed.Pools[0].IdlePerHost = 0, 0, 0, 0
	changed.Pools[0].AbandonedDial = engine.DialCancelled
	changed.Endpoints = []engine.Endpoint{base.Endpoints[0], base.Endpoints[1]}
	changed.Endpoints[0].CPU = time.Millisecond
	changed.Endpoints[1].Blocking = engine.Latency{}
	changed.Dependencies = []engine.Dependency{base.Dependencies[0], base.Dependencies[1]}
	changed.Dependencies[0].Pool = ""
	return &engine.Scenario{Name: "tasks-sink", Duration: 3 * time.Second, MeasureTo: 3 * time.Second,
		Variants: []engine.Variant{{Name: "base", System: base}, {Name: "changed", System: changed}}}
}

func TestTasksDumpRoundTrip(t *testing.T) {
	sc := tasksKitchenSink()
	set := map[string]bool{}
	markSet(reflect.ValueOf(sc).Elem(), set)
	for _, typ := range []reflect.Type{reflect.TypeFor[engine.TaskServer](), reflect.TypeFor[engine.Pause](),
		reflect.TypeFor[engine.Memory](), reflect.TypeFor[engine.Pool]()} {
		for f := range typ.Fields() {
			if !set[typ.String()+"."+f.Name] {
				t.Errorf("%s.%s is set nowhere in tasksKitchenSink", typ, f.Name)
			}
		}
	}
	for k := range tasksFields {
		if !set[k] {
			t.Errorf("%s is set nowhere in tasksKitchenSink", k)
		}
	}
	checkRoundTrip(t, sc)
	sc.Variants[1].System.Pools = sc.Variants[1].System.Pools[:1]
	sc.Variants[1].System.Dependencies[1].Pool = ""
	if _, err := Dump(sc); err == nil || !strings.Contains(err.Error(), "other pools") {
		t.Errorf("variants with other pools: got %v", err)
	}
}

func TestTasksParseErrors(t *testing.T) {
	const head = "name = \"t\"\nduration = \"5s\"\n"
	const tail = "\n[[system.endpoints]]\nname = \"a\"\nrate = 10\ncalls = \"d\"\n[[system.dependencies]]\nname = \"d\"\nlatency = { kind = \"constant\", value = \"1ms\" }\npool = \"http\"\n"
	cases := []struct{ name, system, want string }{
		{"workers and tasks", "[system]\nworkers = 4\n[system.tasks]\nthreads = 1\n[[system.pools]]\nname = \"http\"\nsize = 1",
			`t.toml:4: [system]: a tasks server ([system.tasks]) has no pool of workers and no accept queue: every request gets a task; remove workers`},
		{"no workers, no tasks", "[system]\n[[system.pools]]\nname = \"http\"\nsize = 1",
			"[system] needs workers: the size of the server's pool, such as workers = 16 (or a [system.tasks] section for a server without one)"},
		{"threads", "[system]\n[system.tasks]\nthreads = 0\n[[system.pools]]\nname = \"http\"",
			"t.toml:5: [system] tasks: threads must be between 1 (an event loop) and 256 (a Go server: GOMAXPROCS), got 0"},
		{"size", "[system]\n[system.tasks]\nmemory = { limit = \"2 TB\", base = \"1MiB\", per_task = \"1KiB\", restart = \"1s\" }\n[[system.pools]]\nname = \"http\"",
			`limit must be a size such as "64KiB", "512MiB" or "2GiB" (units: B, KiB, MiB, GiB), or a whole number of bytes, at most 1TiB, got "2 TB"`},
		{"memory rule", "[system]\n[system.tasks]\nmemory = { limit = \"1MiB\", base = \"2MiB\", per_task = \"1KiB\", restart = \"1s\" }\n[[system.pools]]\nname = \"http\"",
			"tasks: memory base (2 MiB) must be below the limit (1 MiB): the process could not start; the limit must be above 2 MiB, or 0 for none"},
		{"pause", "[system]\n[system.tasks]\npauses = [{ from = \"2s\", to = \"1s\" }]\n[[system.pools]]\nname = \"http\"",
			"a pause must end after it starts, got 2s to 1s"},
		{"pool kind", "[system]\n[system.tasks]\n[[system.pools]]\nname = \"http\"\nkind = \"redis\"",
			`t.toml:7: pools "http": unknown pool kind "redis" (allowed: client, database)`},
		{"pool key", "[system]\n[system.tasks]\n[[system.pools]]\nname = \"http\"\nmax_conns = 3",
			`unknown key "max_conns" in pools "http"`},
		{"pool idle", "[system]\n[system.tasks]\n[[system.pools]]\nname = \"http\"\nidle_per_host = -1",
			`t.toml:7: pools "http": idle_per_host must be between 0 (keep every connection) and 100000, got -1`},
		{"abandoned dial", "[system]\n[system.tasks]\n[[system.pools]]\nname = \"http\"\nabandoned_dial = \"keep\"",
			`t.toml:7: pools "http": unknown abandoned_dial "keep" (allowed: cancel, as aiohttp does; finish, as Go's http.Transport does)`},
		{"pool twice", "[system]\n[system.tasks]\n[[system.pools]]\nname = \"http\"\n[[system.pools]]\nname = \"http\"",
			"the name is used twice (first on line 6): give each pool its own name"},
		{"no pool", "[system]\n[system.tasks]\n[[system.pools]]\nname = \"db\"\nkind = \"database\"",
			`dependency "d": pool "http" is not one of the system's pools (have: [db])`},
		{"cpu on a thread pool", "[system]\nworkers = 4\n[[system.pools]]\nname = \"http\"\n[[system.endpoints]]\nname = \"b\"\nrate = 1\ncpu = \"1ms\"",
			`endpoint "b": cpu and blocking are a tasks server's`},
	}
	for _, c := range cases {
		_, err := Parse("t.toml", []byte(head+c.system+tail))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
}

// checkRoundTrip checks that sc dumps, parses back to sc and dumps again
// to the same text, and returns the parsed scenario.
func checkRoundTrip(t *testing.T, sc *engine.Scenario) *engine.Scenario {
	t.Helper()
	text, err := Dump(sc)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse("sink.toml", text)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if !reflect.DeepEqual(sc, back) {
		t.Errorf("Parse(Dump(sc)) differs from sc:\n got %+v\nwant %+v\n%s", back, sc, text)
	}
	if again, _ := Dump(back); !bytes.Equal(text, again) {
		t.Errorf("the dump is not stable:\n%s\n---\n%s", text, again)
	}
	return back
}

// The tasks example of SCHEMA.md is a system that parses.
func TestTasksSchemaExample(t *testing.T) {
	doc, err := os.ReadFile("SCHEMA.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(doc), "```toml\n[system]\n[system.tasks]\n")
	if !ok {
		t.Fatal("SCHEMA.md has no tasks example")
	}
	block, _, _ := strings.Cut(after, "```")
	file := "name = \"x\"\nduration = \"10s\"\n[system]\n[system.tasks]\n" + block
	if _, err := Parse("example.toml", []byte(file)); err != nil {
		t.Errorf("%v\n%s", err, file)
	}
}
