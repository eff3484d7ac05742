package sandbox

import (
	"bytes"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/shed"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// shared lists the places where a and b, a value and its copy, hold the
// same memory: a pointer to the same thing, a slice over the same array,
// the same map. An empty slice shares nothing.
func shared(a, b reflect.Value, at string) []string {
	var out []string
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return nil
		}
		if a.Pointer() == b.Pointer() {
			return []string{at}
		}
		return shared(a.Elem(), b.Elem(), at)
	case reflect.Slice:
		if a.Len() == 0 || b.Len() == 0 {
			return nil
		}
		if a.Pointer() == b.Pointer() {
			out = append(out, at)
		}
		for i := range min(a.Len(), b.Len()) {
			out = append(out, shared(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", at, i))...)
		}
	case reflect.Array:
		for i := range a.Len() {
			out = append(out, shared(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", at, i))...)
		}
	case reflect.Map:
		if !a.IsNil() && a.Pointer() == b.Pointer() {
			out = append(out, at)
		}
	case reflect.Struct:
		for i := range a.NumField() {
			out = append(out, shared(a.Field(i), b.Field(i), at+"."+a.Type().Field(i).Name)...)
		}
	}
	return out
}

// richScenario is multi-hop with every table a knob may reach filled in:
// shedding at the front and at a service, tenants with shares and a burst,
// a rate limiter, a per-tenant bulkhead, a retry, an order, a breaker.
func richScenario() *engine.Scenario {
	sc := scenarios.MultiHop()
	for v := range sc.Variants {
		sys := &sc.Variants[v].System
		sys.Tenants = []string{"acme", "globex"}
		sys.Shed = &engine.ShedPolicy{MaxWait: [shed.NumClasses]time.Duration{time.Second, time.Second, time.Second}}
		e := &sys.Endpoints[1]
		e.Tenants = []engine.TenantShare{{Tenant: "acme", Share: 0.5}, {Tenant: "globex", Share: 0.5}}
		e.Bursts = []engine.Burst{{From: 30 * time.Second, To: 35 * time.Second, Rate: 200, Tenant: "acme"}}
		p := &sys.Dependencies[0].Policy
		p.RateLimiter = &engine.RateLimiterPolicy{Kind: engine.TokenBucketLimiter, Bucket: ratelimit.BucketConfig{Rate: 500, Per: time.Second, Burst: 500}}
		p.TenantBulkhead = &engine.TenantBulkhead{Own: []engine.TenantSlots{{Tenant: "acme", Slots: 50}}, Default: 50, Shared: 20}
		p.Retry = &engine.RetryPolicy{Attempts: 2}
		p.Order = []engine.Layer{engine.LayerRetry, engine.LayerBreaker, engine.LayerTimeout, engine.LayerBulkhead, engine.LayerRateLimiter}
		sys.Services[1].Shed = &engine.ShedPolicy{MaxWait: [shed.NumClasses]time.Duration{time.Second, 500 * time.Millisecond, 100 * time.Millisecond}}
		sys.Services[1].Faults = []engine.ServiceFault{{Kind: engine.InstanceHang, Instance: engine.AllInstances, From: 50 * time.Second, To: 51 * time.Second}}
	}
	return sc
}

// The knob form works on a copy that shares no memory with the scenario it
// came from, so an edit never reaches the built-in scenario nor the
// original the form's reset goes back to: every built-in, and a scenario
// with every table a knob can reach. The hand-made fallback is held to the
// same.
func TestCloneScenarioIsDeep(t *testing.T) {
	all := []*engine.Scenario{richScenario()}
	for _, b := range scenarios.All() {
		all = append(all, b.Build())
	}
	if err := all[0].Validate(); err != nil {
		t.Fatalf("the rich scenario is not valid: %v", err)
	}
	for _, sc := range all {
		for name, clone := range map[string]func(*engine.Scenario) *engine.Scenario{"cloneScenario": cloneScenario, "cloneKnown": cloneKnown} {
			c := clone(sc)
			if !reflect.DeepEqual(c, sc) {
				t.Errorf("%s of %s is not equal to it", name, sc.Name)
			}
			if s := shared(reflect.ValueOf(sc), reflect.ValueOf(c), "scenario"); len(s) > 0 {
				t.Errorf("%s of %s shares memory with it at %v", name, sc.Name, s)
			}
		}
	}
}

// A service's knobs are listed under its name, its calls' under theirs,
// each field reads the value its [set] path holds, and applying the form
// changes the services of the run (the pool in every variant, a call's
// timeout in the variant shown) and never the scenario it started from.
func TestFormSetsServiceKnobs(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	m := newModel(t, 120, 40, Options{Scenario: scenarios.MultiHop(), Variant: 1})
	m = press(m, "e")
	if m.form == nil {
		t.Fatal("e opened no form")
	}
	f := m.form
	for _, title := range []string{"Service orders (every variant)", "Calls orders → inventory (this variant only)", "Service inventory (every variant)", "Calls inventory → database (this variant only)"} {
		if !strings.Contains(strings.Join(f.titles, "\n"), title) {
			t.Errorf("no section %q in %q", title, f.titles)
		}
	}
	field := func(path string) *knob {
		for i := range f.knobs {
			if f.knobs[i].path == path {
				f.focus = i
				return &f.knobs[i]
			}
		}
		t.Fatalf("no field for %s", path)
		return nil
	}
	for path, want := range map[string]string{"orders.workers": "200", "inventory.workers": "16", "inventory.queue": "200",
		"orders.work.value": "5ms", "orders/inventory.timeout": "1s", "inventory/database.fault.from": "20s", "inventory/database.fault.to": "40s"} {
		if got := field(path).input.Value(); got != want {
			t.Errorf("%s reads %q, want %q", path, got, want)
		}
	}
	field("inventory.workers").input.SetValue("40")
	field("orders/inventory.timeout").input.SetValue("300ms")
	m = press(m, "enter")
	if m.form != nil {
		t.Fatalf("the form was refused: %v", m.form.err)
	}
	for v, sys := range []engine.System{m.sim.sc.Variants[0].System, m.sim.sc.Variants[1].System, m.sim.sc.Variants[2].System} {
		if sys.Services[1].Workers != 40 {
			t.Errorf("variant %d: inventory has %d workers, want 40 in every variant", v+1, sys.Services[1].Workers)
		}
		want := map[int]time.Duration{0: 0, 1: 300 * time.Millisecond, 2: time.Second}[v]
		if got := sys.Services[0].Dependencies[0].Policy.Timeout; got != want {
			t.Errorf("variant %d: orders → inventory timeout %v, want %v (the variant shown only)", v+1, got, want)
		}
	}
	if got := m.sim.snap.Services[1].Workers; got != 40 {
		t.Errorf("the run shows inventory with %d workers", got)
	}
	if w := m.sim.original.Variants[0].System.Services[1].Workers; w != 16 {
		t.Errorf("the original the form resets to changed: %d workers", w)
	}
	// The variant's name quoted the timeout at each hop; it follows it.
	if got, want := m.sim.sc.Variants[1].Name, "timeouts 1 s, 300 ms, 1 s down the chain"; got != want {
		t.Errorf("variant 2 is called %q, want %q", got, want)
	}
	// The changes name the fields in a lesson header's words, not by
	// their [set] paths (inventory.workers, orders/inventory.timeout).
	m = press(m, "e")
	if got := strings.Join(m.form.changes(m.sim.original), ", "); !strings.Contains(got, "inventory's workers 40") || !strings.Contains(got, "inventory's timeout 300 ms") {
		t.Errorf("the changes read %q", got)
	}
}

// Every field of every built-in scenario's form sets, through its own
// setter, what lessons.SetKnob sets at its path: the form and a lesson's
// [set] table are one parser.
func TestFormFieldsAgreeWithSetKnob(t *testing.T) {
	racefree.Only(t)
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			f := newForm(tuitest.Plain(), sc, v)
			for _, k := range f.knobs {
				if k.path == "" {
					continue
				}
				val, err := parse(k.kind, k.input.Value())
				if err != nil {
					t.Fatal(err)
				}
				// A changed value, so that a setter that does nothing fails.
				val.n++
				val.d += time.Millisecond
				val.f /= 2
				byForm, bySetKnob := cloneScenario(sc), cloneScenario(sc)
				k.set(byForm, val)
				if err := lessons.SetKnob(bySetKnob, v, k.path, knobArg(k.kind, val)); err != nil {
					t.Fatalf("%s: %v", k.path, err)
				}
				if reflect.DeepEqual(byForm, sc) {
					t.Errorf("%s variant %d: the field %s changed nothing", b.Name, v+1, k.path)
				}
				if !reflect.DeepEqual(byForm.Variants[v], bySetKnob.Variants[v]) {
					t.Errorf("%s variant %d: the field %s and SetKnob disagree", b.Name, v+1, k.path)
				}
			}
		}
	}
}

// For every built-in scenario, each variant played to its end in the
// sandbox, stepping and rewinding as a learner does, gives `run`'s JSON to
// the byte: endpoints, dependencies, and services, instances, tenants and
// shedding where the scenario has them.
func TestSandboxEndIsRunsJSONForEveryScenario(t *testing.T) {
	racefree.Only(t)
	t.Parallel() // parallel_test.go says which tests may
	for _, b := range scenarios.All() {
		t.Run(b.Name, func(t *testing.T) {
			sc := b.Build()
			m := newModel(t, 120, 40, Options{Scenario: b.Build()})
			var mine []engine.Snapshot
			for v := range sc.Variants {
				m = press(m, fmt.Sprint(v+1))
				m = seekTo(t, m, sc.Duration/2)
				// A rewind on the way (seekTo only goes forward): half a
				// second back, which the sandbox replays from a copy.
				at := m.Now()
				m = press(m, "left", "left", "left", "left", "left")
				if m.Now() != at-500*time.Millisecond {
					t.Fatalf("variant %d: five steps back from %v went to %v", v+1, at, m.Now())
				}
				m = press(m, "G")
				if m.sim.final == nil {
					t.Fatalf("variant %d: no final snapshot at the end", v+1)
				}
				mine = append(mine, *m.sim.final)
			}
			runs := runBuiltin(t, b.Name)
			var a, z bytes.Buffer
			report.WriteJSON(&a, report.Build(sc, tuitest.Seed, runs))
			report.WriteJSON(&z, report.Build(sc, tuitest.Seed, mine))
			if a.String() != z.String() {
				t.Errorf("the sandbox's end differs from run's JSON:\nrun:     %s\nsandbox: %s", a.String(), z.String())
			}
			if len(sc.Variants[0].System.Services) > 0 && !strings.Contains(a.String(), `"services"`) {
				t.Error("run's JSON has no services for a scenario with services")
			}
		})
	}
}

// w writes a scenario with services, its knobs included, as a file that
// `run FILE` reproduces exactly.
func TestWriteReproducesAServicesRun(t *testing.T) {
	racefree.Only(t)
	m := newModel(t, 120, 40, Options{Scenario: richScenario(), Variant: 1})
	m = press(m, "e")
	for i := range m.form.knobs {
		switch m.form.knobs[i].path {
		case "inventory.workers":
			m.form.knobs[i].input.SetValue("24")
		case "orders/inventory.timeout":
			m.form.knobs[i].input.SetValue("400ms")
		}
	}
	m = press(m, "enter")
	if m.form != nil {
		t.Fatalf("the form was refused: %v", m.form.err)
	}
	data, err := m.dump()
	if err != nil {
		t.Fatal(err)
	}
	fileSc, err := scenariofile.Parse("edited.toml", data)
	if err != nil {
		t.Fatalf("the written file does not parse: %v\n%s", err, data)
	}
	if !reflect.DeepEqual(fileSc.Variants[1].System, m.sim.sc.Variants[1].System) {
		t.Errorf("the file's system differs from the sandbox's:\n%+v\n%+v", fileSc.Variants[1].System, m.sim.sc.Variants[1].System)
	}
	fileSnaps, err := engine.RunAll(fileSc, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	var mine []engine.Snapshot
	for v := range m.sim.sc.Variants {
		m = press(m, fmt.Sprint(v+1), "G")
		mine = append(mine, *m.sim.final)
	}
	var a, z bytes.Buffer
	report.WriteJSON(&a, report.Build(fileSc, tuitest.Seed, fileSnaps))
	report.WriteJSON(&z, report.Build(fileSc, tuitest.Seed, mine))
	if a.String() != z.String() {
		t.Errorf("run FILE differs from the sandbox:\n%s\n%s", a.String(), z.String())
	}
	for _, want := range []string{"workers = 24", "400ms", "per_tenant_bulkhead", "ratelimiter"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the file lacks %q:\n%s", want, data)
		}
	}
}

// The chain pane at the end of the traffic shows `run`'s numbers for the
// services: each service's answers as shares of run's JSON "answered"
// counts, and the footer's cancelled and abandoned work as the sums of
// run's per-service counts (cancelled: and its edges' to a database), and
// the timeouts at the propagated deadline as the sum of run's
// deadline_timeouts. Every built-in scenario with services, every
// variant.
func TestChainShowsRunsServiceNumbers(t *testing.T) {
	racefree.Only(t)
	t.Parallel() // parallel_test.go says which tests may
	checked := 0
	for _, b := range scenarios.All() {
		sc := b.Build()
		if len(sc.Variants[0].System.Services) == 0 {
			continue
		}
		runs := runBuiltin(t, b.Name)
		rep := report.Build(sc, tuitest.Seed, runs)
		m := newModel(t, 200, 60, Options{Scenario: b.Build()})
		for v := range sc.Variants {
			m = press(m, "G")
			for m.sim.variant != v {
				m = press(m, "tab", "G")
			}
			view := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
			var cancelled, abandoned, cut uint64
			// A database's cancelled queries are its edge's.
			for _, d := range rep.Variants[v].Dependencies {
				cancelled += d.Cancelled
				cut += d.DeadlineTimeouts
			}
			for name, s := range rep.Variants[v].Services {
				cancelled += s.Cancelled
				abandoned += s.AbandonedWork
				for _, d := range s.Dependencies {
					cancelled += d.Cancelled
					cut += d.DeadlineTimeouts
				}
				var total uint64
				for _, n := range s.Answered {
					total += n
				}
				if total == 0 || !strings.Contains(view, strings.TrimSpace(name)) {
					continue
				}
				// The run plays the last calls out; the chain at the end still
				// counts a few as waiting (at most 0.2 points here), and
				// never rounds them away: its share may read that much less.
				var parts []string
				for _, o := range engine.Outcomes {
					if n := s.Answered[o.String()]; n > 0 {
						share := float64(n) / float64(total)
						part := pane.Percent(share) + " " + o.String()
						for q := share; q >= share-0.002 && !strings.Contains(view, part); q -= 0.0001 {
							part = pane.Percent(q) + " " + o.String()
						}
						parts = append(parts, part)
					}
				}
				want := "calls " + strings.Join(parts, " · ")
				if !strings.Contains(view, want) {
					t.Errorf("%s variant %d: the chain should read run's %q for %s:\n%s", b.Name, v+1, want, name, view)
				}
				checked++
			}
			// The footer words "abandoned work" as "abandoned" where the
			// longer wording does not fit.
			want := regexp.MustCompile(regexp.QuoteMeta("cancelled "+pane.Count(cancelled)+" · abandoned") + "( work)? " + regexp.QuoteMeta(pane.Count(abandoned)) + "\\b")
			if !want.MatchString(view) {
				t.Errorf("%s variant %d: the chain's footer should read run's %q:\n%s", b.Name, v+1, want, view)
			}
			if want := "timed out at deadline " + pane.Count(cut); !strings.Contains(view, want) {
				t.Errorf("%s variant %d: the chain's footer should read run's %q:\n%s", b.Name, v+1, want, view)
			}
		}
	}
	if checked < 4 {
		t.Errorf("only %d services' answers were checked", checked)
	}
}

// A call with a per-tenant bulkhead shows its slots instead of a single
// cap: each field reads what its path holds and sets it on the variant
// shown only.
func TestFormShowsTenantSlots(t *testing.T) {
	sc := richScenario()
	f := newForm(tuitest.Plain(), sc, 1)
	var labels []string
	for i := range f.knobs {
		k := &f.knobs[i]
		labels = append(labels, k.label)
		if k.label == "bulkhead" && k.path == "" {
			t.Error("the front's call has a per-tenant bulkhead but the form offers a single cap")
		}
		if k.path == "" {
			continue
		}
		got, ok := lessons.KnobValue(sc, 1, k.path)
		want, err := parse(k.kind, k.input.Value())
		if err != nil || (ok && got != any(int64(want.n)) && got != any(want.d.String())) {
			t.Errorf("%s shows %q but reads %v", k.path, k.input.Value(), got)
		}
	}
	// Every tenant of the system has a field, globex's empty: it has the
	// default's slots, not its own.
	for _, want := range []string{"own slots: acme", "own slots: globex", "default slots", "shared slots", "shared per tenant"} {
		if !strings.Contains(strings.Join(labels, ","), want) {
			t.Errorf("no field %q in %v", want, labels)
		}
	}
	for i := range f.knobs {
		if f.knobs[i].path == "orders.per_tenant_bulkhead.own.acme" {
			f.knobs[i].input.SetValue("7")
		}
	}
	c := f.build(sc)
	if c == nil {
		t.Fatalf("refused: %s", f.err)
	}
	if got := c.Variants[1].System.Dependencies[0].Policy.TenantBulkhead.Own[0].Slots; got != 7 {
		t.Errorf("acme has %d slots, want 7", got)
	}
	if got := c.Variants[0].System.Dependencies[0].Policy.TenantBulkhead.Own[0].Slots; got != 50 {
		t.Errorf("variant 1's acme has %d slots; only the variant shown changes", got)
	}
	if got := sc.Variants[1].System.Dependencies[0].Policy.TenantBulkhead.Own[0].Slots; got != 50 {
		t.Errorf("the scenario the form came from changed: %d slots", got)
	}
}

// Shedding is one variant's design: its field changes the variant shown
// and never starts shedding in a variant that had none.
func TestShedFieldChangesItsVariantOnly(t *testing.T) {
	sc := richScenario()
	sc.Variants[0].System.Shed = nil
	f := newForm(tuitest.Plain(), sc, 1)
	found := false
	for i := range f.knobs {
		if f.knobs[i].path == "shed.max_wait" {
			f.knobs[i].input.SetValue("300ms")
			found = true
		}
	}
	if !found {
		t.Fatal("no field for the front's shedding")
	}
	c := f.build(sc)
	if c == nil {
		t.Fatalf("refused: %s", f.err)
	}
	if c.Variants[0].System.Shed != nil {
		t.Error("the field started shedding in a variant without it")
	}
	if got := c.Variants[1].System.Shed.MaxWait[shed.Critical]; got != 300*time.Millisecond {
		t.Errorf("the variant shown sheds past %v, want 300ms", got)
	}
}

// A client's patience is a field of the server's traffic, on every
// variant like its rate, named by its knob path for a sweep; a patience
// below zero is refused, with a word on the field itself.
func TestPatienceField(t *testing.T) {
	b, _ := scenarios.Lookup("api-gateway")
	sc := b.Build()
	f := newForm(tuitest.Plain(), sc, 1)
	at := -1
	for i := range f.knobs {
		if f.knobs[i].label == "search patience" {
			at = i
		}
	}
	if at < 0 {
		t.Fatal("no field for search's patience")
	}
	if p, ok := knobPath(sc, 1, &f.knobs[at]); !ok || p != "search.patience" {
		t.Errorf("the field's knob path is %q, %v; want search.patience", p, ok)
	}
	f.knobs[at].input.SetValue("3500ms")
	c := f.build(sc)
	if c == nil {
		t.Fatalf("refused: %s", f.err)
	}
	for v := range c.Variants {
		if got := c.Variants[v].System.Endpoints[0].Patience; got != 3500*time.Millisecond {
			t.Errorf("variant %d: search's patience is %v, want 3.5s", v+1, got)
		}
	}
	if got := sc.Variants[1].System.Endpoints[0].Patience; got != 2*time.Second {
		t.Errorf("the scenario the form came from changed: %v", got)
	}
	f.knobs[at].input.SetValue("-1s")
	if f.build(sc) != nil || f.knobs[at].err == "" {
		t.Errorf("a negative patience was taken, or refused with no word on its field: %q", f.knobs[at].err)
	}
}
