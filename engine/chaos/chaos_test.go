package chaos

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

const s = time.Second

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Spec
		back string
	}{
		{"12s inventory slow 2s for 10s", Spec{At: 12 * s, Target: "inventory", Kind: Slow, Latency: 2 * s, For: 10 * s}, ""},
		{"20s api#3 down for 15s", Spec{At: 20 * s, Target: "api#3", Kind: Down, For: 15 * s}, ""},
		{"30s inventory hang for 10s", Spec{At: 30 * s, Target: "inventory", Kind: Hang, For: 10 * s}, ""},
		{"30s database errors 50%", Spec{At: 30 * s, Target: "database", Kind: Errors, Rate: 0.5}, ""},
		{"30 database error 0.25 for 1m30s", Spec{At: 30 * s, Target: "database", Kind: Errors, Rate: 0.25, For: 90 * s}, "30s database errors 25% for 1m30s"},
		{"10s acme surge x3 for 10s", Spec{At: 10 * s, Target: "acme", Kind: Surge, Factor: 3, For: 10 * s}, ""},
		{"10s acme surge ×1.5", Spec{At: 10 * s, Target: "acme", Kind: Surge, Factor: 1.5}, "10s acme surge x1.5"},
		{"40s inventory recover", Spec{At: 40 * s, Target: "inventory", Kind: Recover}, ""},
		{"2.5s api#0 restart", Spec{At: 2500 * time.Millisecond, Target: "api#0", Kind: Restart}, ""},
		{"500ms api restart for 3s", Spec{At: 500 * time.Millisecond, Target: "api", Kind: Restart, For: 3 * s}, ""},
	} {
		got, err := Parse(tc.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if got != tc.want {
			t.Errorf("Parse(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
		back := tc.back
		if back == "" {
			back = tc.in
		}
		if got.String() != back {
			t.Errorf("Parse(%q).String() = %q, want %q", tc.in, got.String(), back)
		}
		if again, err := Parse(got.String()); err != nil || again != got {
			t.Errorf("Parse(String()) of %q = %+v, %v; want the same spec", tc.in, again, err)
		}
	}
}

func TestParseRefuses(t *testing.T) {
	for _, tc := range []struct{ in, says string }{
		{"", "AT TARGET KIND"},
		{"12s inventory", "AT TARGET KIND"},
		{"soon inventory hang", "the time \"soon\""},
		{"-3s inventory hang", "the time"},
		{"12s inventory melt", "unknown kind \"melt\" (allowed: slow LATENCY, hang, unreachable, errors PERCENT, down, restart, surge xFACTOR, recover)"},
		{"12s inventory slow", "slow needs a latency"},
		{"12s inventory slow 0s", "positive latency"},
		{"12s inventory errors 150%", "up to 100%"},
		{"12s inventory errors", "needs a share"},
		{"12s acme surge", "needs a factor"},
		{"12s acme surge x0", "above 0"},
		{"12s inventory hang for", "want nothing or 'for DURATION'"},
		{"12s inventory hang for -1s", "positive duration"},
		{"12s inventory hang until 20s", "want nothing or 'for DURATION'"},
		{"12s inventory recover for 3s", "recover takes nothing"},
	} {
		_, err := Parse(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("Parse(%q) = %v, want an error saying %q", tc.in, err, tc.says)
		}
	}
}

func build(t testing.TB, name string) *engine.Scenario {
	t.Helper()
	b, ok := scenarios.Lookup(name)
	if !ok {
		t.Fatalf("no built-in %q", name)
	}
	return b.Build()
}

func mustApply(t *testing.T, sc *engine.Scenario, specs ...string) *engine.Scenario {
	t.Helper()
	var sps []Spec
	for _, in := range specs {
		sp, err := Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		sps = append(sps, sp)
	}
	out, err := Apply(sc, sps)
	if err != nil {
		t.Fatalf("Apply(%q): %v", specs, err)
	}
	return out
}

func TestTargetsOfMultiHop(t *testing.T) {
	got := Names(TargetsOf(build(t, "multi-hop")))
	want := []string{"orders", "inventory", "inventory/database", "home", "order-page"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("targets of multi-hop = %q, want %q", got, want)
	}
	tg, ok := Find(TargetsOf(build(t, "multi-hop")), "database")
	if !ok || tg.Name != "inventory/database" {
		t.Errorf("database resolves to %+v, %v; want inventory/database by its own name", tg, ok)
	}
}

func TestTargetsOfFleetAndTenants(t *testing.T) {
	fleet := TargetsOf(build(t, "fleet-probes"))
	if _, ok := Find(fleet, "api#3"); !ok {
		t.Errorf("fleet-probes has no target api#3: %q", Names(fleet))
	}
	tenants := TargetsOf(build(t, "noisy-tenant"))
	if tg, ok := Find(tenants, "acme"); !ok || tg.Part != TenantPart || !tg.Takes(Surge) || tg.Takes(Hang) {
		t.Errorf("noisy-tenant's acme = %+v, %v; want a tenant taking surge, not hang", tg, ok)
	}
}

func TestApplyRefusesWithTheTargets(t *testing.T) {
	sc := build(t, "multi-hop")
	for _, tc := range []struct{ in, says string }{
		{"12s nowhere hang", `multi-hop has no part called "nowhere"; targets: dependencies inventory/database (slow LATENCY, hang, errors PERCENT, down, unreachable, recover); services orders, inventory (slow LATENCY, hang, errors PERCENT, down, restart, recover); endpoints home, order-page (surge xFACTOR, recover)`},
		{"12s inventory surge x3", "service inventory takes slow LATENCY, hang, errors PERCENT, down, restart, recover, not surge"},
		{"12s database restart", "dependency inventory/database takes slow LATENCY, hang, errors PERCENT, down, unreachable, recover, not restart"},
		{"12s home hang", "endpoint home takes surge xFACTOR, recover, not hang"},
		{"65s inventory hang", "traffic, which runs from 0 to 1m;"},
		{"12s inventory recover", "no fault or surge in force at 12s"},
	} {
		sp, err := Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Apply(sc, []Spec{sp})
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("Apply(%q) = %v, want an error saying %q", tc.in, err, tc.says)
		}
	}
	// A health check, called at a fixed interval, is named as what it is,
	// not as a part the scenario does not have.
	sp, err := Parse("1s health down")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Apply(build(t, "checkout"), []Spec{sp})
	if want := "health is an endpoint called every 250ms, a fixed interval, which no fault can change"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Apply(1s health down) on checkout = %v, want an error saying %q", err, want)
	}
}

func TestApplyLeavesTheOriginal(t *testing.T) {
	sc := build(t, "multi-hop")
	before := build(t, "multi-hop")
	mustApply(t, sc, "25s inventory hang for 10s", "25s database errors 50% for 5s", "10s order-page surge x2 for 5s")
	if !reflect.DeepEqual(sc, before) {
		t.Error("Apply changed the scenario it was given")
	}
	if got, err := Apply(sc, nil); err != nil || got != sc {
		t.Errorf("Apply with no specs = %p, %v; want the scenario itself", got, err)
	}
}

func TestApplyCutsTheScript(t *testing.T) {
	sc := build(t, "multi-hop") // inventory/database is slow from 20 s to 40 s
	out := mustApply(t, sc, "25s database hang for 5s")
	got := out.Variants[0].System.Services[1].Dependencies[0].Faults
	want := []engine.Fault{
		{Kind: engine.Slow, From: 20 * s, To: 25 * s, Latency: 500 * time.Millisecond},
		{Kind: engine.Hang, From: 25 * s, To: 30 * s},
		{Kind: engine.Slow, From: 30 * s, To: 40 * s, Latency: 500 * time.Millisecond},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("faults = %+v, want %+v", got, want)
	}
	rec := mustApply(t, sc, "33s database recover")
	got = rec.Variants[2].System.Services[1].Dependencies[0].Faults
	want = []engine.Fault{{Kind: engine.Slow, From: 20 * s, To: 33 * s, Latency: 500 * time.Millisecond}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("after recover, faults = %+v, want %+v", got, want)
	}
}

func TestApplyInstanceSplitsAFleetFault(t *testing.T) {
	fleet := build(t, "fleet-probes")
	n := fleet.Variants[0].System.Services[0].Instances
	name := fleet.Variants[0].System.Services[0].Name
	out := mustApply(t, fleet, "10s "+name+" hang for 10s", "12s "+name+"#2 restart for 3s")
	faults := out.Variants[0].System.Services[0].Faults
	var hangs, restarts int
	for _, f := range faults {
		switch {
		case f.Kind == engine.InstanceHang && f.Instance != 2 && f.From == 10*s && f.To == 20*s:
			hangs++
		case f.Kind == engine.InstanceRestart && f.Instance == 2 && f.From == 12*s && f.To == 15*s:
			restarts++
		}
	}
	if hangs != n-1 || restarts != 1 {
		t.Errorf("faults = %+v; want the hang kept whole on the %d other instances and #2 restarting", faults, n-1)
	}
}

func TestTenantSurge(t *testing.T) {
	sc := build(t, "noisy-tenant") // acme bursts on search from 10 s to 30 s
	out := mustApply(t, sc, "32s globex surge x4 for 5s")
	for _, e := range out.Variants[0].System.Endpoints {
		last := e.Bursts[len(e.Bursts)-1]
		// globex has a third of each endpoint's traffic: x4 adds 3 thirds.
		if last.Tenant != "globex" || last.From != 32*s || last.To != 37*s || last.Rate != e.Rate*2 {
			t.Errorf("%s's bursts = %+v, want globex's at twice the rate from 32s to 37s", e.Name, e.Bursts)
		}
	}
	sp, _ := Parse("32s globex surge x0.5")
	if _, err := Apply(sc, []Spec{sp}); err == nil || !strings.Contains(err.Error(), "at least x1") {
		t.Errorf("a tenant's surge below x1 = %v, want a refusal", err)
	}
	// acme's own burst doubles with it: 1020/s on search, of which acme
	// sends a third of 120 and the 900 the burst adds.
	double := mustApply(t, sc, "15s acme surge x2 for 5s")
	var got []engine.Burst
	for _, b := range double.Variants[0].System.Endpoints[1].Bursts {
		if b.From >= 15*s && b.To <= 20*s {
			got = append(got, b)
		}
	}
	if len(got) != 1 || got[0].Tenant != "acme" || math.Abs(got[0].Rate-1960) > 1e-9 {
		t.Errorf("acme x2 during its burst on search = %+v, want 1960/s from 15s to 20s", got)
	}
	if b := double.Variants[0].System.Endpoints[0].Bursts; len(b) != 1 || math.Abs(b[0].Rate-80) > 1e-9 {
		t.Errorf("acme x2 on checkout = %+v, want 80/s (60 and acme's third again)", b)
	}
	sp, _ = Parse("15s globex surge x2 for 5s")
	if _, err := Apply(sc, []Spec{sp}); err == nil || !strings.Contains(err.Error(), "search carries tenant acme's burst from 10s to 30s") {
		t.Errorf("globex's surge during acme's burst = %v, want a refusal saying when", err)
	}
	rec := mustApply(t, sc, "20s acme recover")
	if b := rec.Variants[0].System.Endpoints[1].Bursts; len(b) != 1 || b[0].To != 20*s {
		t.Errorf("after acme recovers at 20s, search's bursts = %+v", b)
	}
}

// snapshotsAt runs variant v of sc on seed 5 and takes a snapshot at each
// of the times.
func snapshotsAt(t *testing.T, sc *engine.Scenario, v int, times []time.Duration) []engine.Snapshot {
	t.Helper()
	r, err := engine.New(sc, v, 5)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]engine.Snapshot, len(times))
	for i, at := range times {
		r.AdvanceTo(at)
		out[i] = r.Snapshot()
	}
	return out
}

// TestFaultChangesNothingBefore is the promise of an injected fault: the
// run is the same as without it, bit for bit, up to its moment, and not
// after it.
func TestFaultChangesNothingBefore(t *testing.T) {
	for _, tc := range []struct{ scenario, spec string }{
		{"multi-hop", "25s inventory hang for 10s"},
		{"multi-hop", "25s database errors 50% for 10s"},
		{"multi-hop", "25s order-page surge x3 for 5s"},
		{"multi-hop", "25s inventory slow 2s for 10s"},
		{"multi-hop", "25s orders errors 30% for 10s"},
		{"multi-hop", "25s database down for 5s"},
		{"noisy-tenant", "25s acme surge x2 for 5s"},
		{"cascade", "25s recommendations slow 3s for 5s"},
	} {
		plain := build(t, tc.scenario)
		faulted := mustApply(t, plain, tc.spec)
		var times []time.Duration
		for at := time.Duration(0); at <= 30*s; at += 500 * time.Millisecond {
			if at == 25*s {
				times = append(times, at-time.Millisecond) // the moment before
			}
			times = append(times, at)
		}
		for v := range plain.Variants {
			a := snapshotsAt(t, plain, v, times)
			b := snapshotsAt(t, faulted, v, times)
			firstDiff := time.Duration(-1)
			for i := range times {
				scriptOnly(&a[i])
				scriptOnly(&b[i])
				if !reflect.DeepEqual(a[i], b[i]) {
					firstDiff = times[i]
					break
				}
			}
			if firstDiff < 25*s || firstDiff > 27*s {
				t.Errorf("%s with %q, variant %d: first differs at %v, want from 25s", tc.scenario, tc.spec, v+1, firstDiff)
			}
			// The issue's own example: the instance is hung from 25 s on,
			// so the run differs at 25 s itself, and not a moment before.
			if tc.spec == "25s inventory hang for 10s" && firstDiff != 25*s {
				t.Errorf("%s with %q, variant %d: first differs at %v, want at 25s exactly", tc.scenario, tc.spec, v+1, firstDiff)
			}
		}
	}
}

// scriptOnly clears what a snapshot says about the script rather than the
// run: the end of the fault in force, which a later injected fault moves.
func scriptOnly(snap *engine.Snapshot) {
	clear := func(deps []engine.DependencySnapshot) {
		for i := range deps {
			if f := deps[i].Fault; f != nil {
				g := *f
				g.To = 0
				deps[i].Fault = &g
			}
		}
	}
	clear(snap.Dependencies)
	for i := range snap.Services {
		clear(snap.Services[i].Dependencies)
	}
}

// TestHangIntoAHangIsOneHang: a hang injected into a part already hanging
// leaves one hang, not the script's cut around it. A hang answers its
// calls when it ends, so cut in three it answered every call hung so far
// at the injected hang's start, and again at its end: on the cascade,
// "15s recommendations hang for 2s" took recommendations from 0 % ok to
// 19 % and search from 39 % to 48 %.
func TestHangIntoAHangIsOneHang(t *testing.T) {
	plain := build(t, "cascade") // recommendations hang from 10 s to the end
	want := plain.Variants[0].System.Dependencies[2].Faults
	same := mustApply(t, plain, "15s recommendations hang for 2s")
	for v := range plain.Variants {
		if got := same.Variants[v].System.Dependencies[2].Faults; !reflect.DeepEqual(got, want) {
			t.Errorf("variant %d: faults = %+v, want the script's own %+v", v, got, want)
		}
		a, b := runToEnd(t, plain, v), runToEnd(t, same, v)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("variant %d: a hang injected into the hang changed the run", v)
		}
	}
	// Begun before the script's, it is one hang from its start.
	early := mustApply(t, plain, "5s recommendations hang for 10s")
	if got := early.Variants[0].System.Dependencies[2].Faults; !reflect.DeepEqual(got, []engine.Fault{{Kind: engine.Hang, From: 5 * s}}) {
		t.Errorf("hang from 5s into the hang from 10s: faults = %+v, want one hang from 5s", got)
	}
	// After a slowness it still cuts: what differs is not joined.
	cut := mustApply(t, build(t, "multi-hop"), "25s database hang for 5s", "30s database hang for 5s")
	wantCut := []engine.Fault{
		{Kind: engine.Slow, From: 20 * s, To: 25 * s, Latency: 500 * time.Millisecond},
		{Kind: engine.Hang, From: 25 * s, To: 35 * s},
		{Kind: engine.Slow, From: 35 * s, To: 40 * s, Latency: 500 * time.Millisecond},
	}
	if got := cut.Variants[0].System.Services[1].Dependencies[0].Faults; !reflect.DeepEqual(got, wantCut) {
		t.Errorf("two hangs end to end in a slowness: faults = %+v, want %+v", got, wantCut)
	}
	// A fleet: the hang goes on for the instance hung again, and ends as
	// scripted for the others.
	fleet := build(t, "fleet-probes")
	name := fleet.Variants[0].System.Services[0].Name
	n := fleet.Variants[0].System.Services[0].Instances
	out := mustApply(t, fleet, "10s "+name+" hang for 10s", "15s "+name+"#2 hang for 10s")
	var long, short int
	for _, f := range out.Variants[0].System.Services[0].Faults {
		switch {
		case f.Kind == engine.InstanceHang && f.Instance == 2 && f.From == 10*s && f.To == 25*s:
			long++
		case f.Kind == engine.InstanceHang && f.Instance != 2 && f.From == 10*s && f.To == 20*s:
			short++
		case f.Kind == engine.InstanceHang:
			t.Errorf("a hang in pieces: %+v", f)
		}
	}
	if long != 1 || short != n-1 {
		t.Errorf("faults = %+v; want #2 hung from 10s to 25s in one piece and the %d others to 20s", out.Variants[0].System.Services[0].Faults, n-1)
	}
}

// A dependency can be made unreachable (its dials hang too, where a hung
// host's connect): the fault goes in as engine.Unreachable, two end to end
// are one (as hangs: the calls are answered when it ends), and a hang
// meeting it is not joined to it, a fault of another kind.
func TestUnreachableIsAFaultOfItsOwn(t *testing.T) {
	out := mustApply(t, build(t, "multi-hop"), "25s database unreachable for 5s", "30s database unreachable for 5s", "35s database hang for 2s")
	want := []engine.Fault{
		{Kind: engine.Slow, From: 20 * s, To: 25 * s, Latency: 500 * time.Millisecond},
		{Kind: engine.Unreachable, From: 25 * s, To: 35 * s},
		{Kind: engine.Hang, From: 35 * s, To: 37 * s},
		{Kind: engine.Slow, From: 37 * s, To: 40 * s, Latency: 500 * time.Millisecond},
	}
	if got := out.Variants[0].System.Services[1].Dependencies[0].Faults; !reflect.DeepEqual(got, want) {
		t.Errorf("faults = %+v, want %+v", got, want)
	}
	sp, err := Parse("12s inventory unreachable")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Apply(build(t, "multi-hop"), []Spec{sp}); err == nil || !strings.Contains(err.Error(), "not unreachable") {
		t.Errorf("a service made unreachable: %v, want it refused (a service takes down)", err)
	}
}

func runToEnd(t *testing.T, sc *engine.Scenario, v int) engine.Snapshot {
	t.Helper()
	r, err := engine.New(sc, v, 5)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	return r.Snapshot()
}

// TestRefusalsNameAPartOnce: a message names a part by its kind and its
// name, but a name that says its kind already is written alone: it read
// "endpoint endpoint:recommendations" and "dependency dependency".
func TestRefusalsNameAPartOnce(t *testing.T) {
	orphan := build(t, "noisy-tenant")
	for i := range orphan.Variants {
		// A tenant no endpoint sends for, sharing the dependency's name:
		// a surge of it has nowhere to go.
		sys := &orphan.Variants[i].System
		sys.Tenants = append(slices.Clone(sys.Tenants), sys.Dependencies[0].Name)
	}
	tenant := "tenant:" + orphan.Variants[0].System.Dependencies[0].Name
	for _, tc := range []struct {
		sc       *engine.Scenario
		in, says string
	}{
		{build(t, "cascade"), "5s endpoint:recommendations recover", `: endpoint:recommendations has no fault or surge in force at 5s`},
		{build(t, "cascade"), "5s endpoint:recommendations hang", `: endpoint:recommendations takes surge xFACTOR, recover, not hang;`},
		{build(t, "breaker-timeline"), "5s dependency recover", `: dependency has no fault or surge in force at 5s`},
		{build(t, "breaker-timeline"), "5s dependency surge x2", `: dependency takes slow LATENCY`},
		{orphan, "5s " + tenant + " surge x2", "no variant of noisy-tenant lets " + tenant + " surge"},
		// A name that does not say its kind is written with it.
		{build(t, "cascade"), "5s recommendations surge x2", `: dependency recommendations takes slow LATENCY`},
	} {
		sp, err := Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Apply(tc.sc, []Spec{sp})
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("Apply(%q) on %s = %v, want an error saying %q", tc.in, tc.sc.Name, err, tc.says)
		}
	}
}
