package sweep

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// someScenarios are the built-in scenarios and the example files.
func someScenarios(t *testing.T) []*engine.Scenario {
	t.Helper()
	var out []*engine.Scenario
	for _, b := range scenarios.All() {
		out = append(out, b.Build())
	}
	files, _ := filepath.Glob("../scenariofile/testdata/examples/*.toml")
	if len(files) == 0 {
		t.Fatal("no example scenario files")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := scenariofile.Parse(f, data)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sc)
	}
	return out
}

// shared lists the places where a and b, equal values, point at the same
// memory: a pointer, a slice's array or a map.
func shared(a, b reflect.Value, at string, out *[]string) {
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() {
			return
		}
		if a.Pointer() == b.Pointer() {
			*out = append(*out, at)
		}
		shared(a.Elem(), b.Elem(), at, out)
	case reflect.Slice:
		if a.Cap() > 0 && a.Pointer() == b.Pointer() {
			*out = append(*out, at)
		}
		for i := range a.Len() {
			shared(a.Index(i), b.Index(i), at+"[]", out)
		}
	case reflect.Map:
		if !a.IsNil() && a.Pointer() == b.Pointer() {
			*out = append(*out, at)
		}
		for it := a.MapRange(); it.Next(); {
			shared(it.Value(), b.MapIndex(it.Key()), at+"{}", out)
		}
	case reflect.Array:
		for i := range a.Len() {
			shared(a.Index(i), b.Index(i), at+"[]", out)
		}
	case reflect.Struct:
		for i := range a.NumField() {
			shared(a.Field(i), b.Field(i), at+"."+a.Type().Field(i).Name, out)
		}
	}
}

// A copy equals its scenario and shares no memory with it, so a knob set
// on one cell's copy cannot reach another's.
func TestCopiesAreDeep(t *testing.T) {
	racefree.Only(t) // one goroutine: copying scenarios alone
	for _, sc := range someScenarios(t) {
		build, err := Copies(sc)
		if err != nil {
			t.Fatalf("%s: %v", sc.Name, err)
		}
		c := build()
		if !reflect.DeepEqual(c, sc) {
			t.Errorf("%s: the copy differs from the scenario", sc.Name)
		}
		var at []string
		shared(reflect.ValueOf(sc), reflect.ValueOf(c), "scenario", &at)
		if len(at) > 0 {
			t.Errorf("%s: the copy shares %s with the scenario", sc.Name, strings.Join(at, ", "))
		}
	}
}

// A plan copies the kinds no scenario holds today but a field added later
// may: a recursive type, arrays of pointers, maps whose values hold
// references, an unexported field that points at nothing. The copy equals
// its source and shares nothing with it.
func TestPlansCopyEveryKind(t *testing.T) {
	racefree.Only(t) // one goroutine: copying values alone
	type node struct {
		Name  string
		Next  *node
		Pair  [2]*int
		Lists map[string][]int
		Keyed map[[2]int]*node
		Empty []int
		Nil   []int
		count int
	}
	one, two := 1, 2
	leaf := &node{Name: "leaf", Pair: [2]*int{&two, nil}, count: 3}
	src := &node{
		Name:  "root",
		Next:  &node{Name: "next", Next: leaf, Lists: map[string][]int{"a": {1, 2}, "b": nil}},
		Pair:  [2]*int{&one, &two},
		Keyed: map[[2]int]*node{{1, 2}: leaf},
		Empty: []int{},
		count: 7,
	}
	c := copier{plans: map[reflect.Type]*plan{}}
	typ := reflect.TypeOf(src)
	if err := c.copyable(typ, "x", map[reflect.Type]bool{}); err != nil {
		t.Fatal(err)
	}
	cp := c.plans[typ].deepCopy(reflect.ValueOf(src)).Interface().(*node)
	if !reflect.DeepEqual(cp, src) {
		t.Errorf("the copy differs from its source:\n%+v\n%+v", cp, src)
	}
	var at []string
	shared(reflect.ValueOf(src), reflect.ValueOf(cp), "x", &at)
	if len(at) > 0 {
		t.Errorf("the copy shares %s with its source", strings.Join(at, ", "))
	}
	if cp.Empty == nil || cp.Nil != nil {
		t.Errorf("an empty slice copied as %#v and a nil one as %#v", cp.Empty, cp.Nil)
	}
}

// Copies refuses what it cannot copy, naming it.
func TestCopyableRefuses(t *testing.T) {
	type hidden struct{ p *int }
	type withFunc struct{ F func() }
	type fine struct {
		A []int
		m map[string]int // unexported and a map: refused
	}
	for _, tc := range []struct {
		v    any
		want string
	}{
		{hidden{p: new(int)}, "x.p: an unexported field"},
		{withFunc{}, "x.F: a func"},
		{fine{m: map[string]int{}}, "x.m: an unexported field"},
	} {
		c := copier{plans: map[reflect.Type]*plan{}}
		err := c.copyable(reflect.TypeOf(tc.v), "x", map[reflect.Type]bool{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%T: error %v, want one saying %q", tc.v, err, tc.want)
		}
	}
}

// A sweep whose cells are copies measures what one whose cells are built
// afresh measures, with a setter that writes through the breaker's
// pointer: had the copies shared the breaker, every cell would have the
// last cell's failure rate.
func TestSweepOfCopies(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	base := shortCascade()
	copies, err := Copies(base)
	if err != nil {
		t.Fatal(err)
	}
	set := func(sc *engine.Scenario, v int, path string, val any) error {
		if path == "recommendations.breaker.failure_rate" {
			sc.Variants[v].System.Dependencies[2].Policy.Breaker.FailureRate = val.(float64)
			return nil
		}
		return testSet(sc, v, path, val)
	}
	fr, _ := ParseVary("recommendations.breaker.failure_rate=0.1..0.9:3")
	bh, _ := ParseVary("recommendations.bulkhead=5..20:2")
	m, _ := ParseMetric("recommendations.first_open", base, 2)
	fresh := &Plan{Build: shortCascade, Variant: 2, Axes: []Axis{fr, bh}, Seeds: []uint64{3}, Measure: m, Set: set}
	copied := &Plan{Build: copies, Variant: 2, Axes: []Axis{fr, bh}, Seeds: []uint64{3}, Measure: m, Set: set}
	for _, p := range []*Plan{fresh, copied} {
		if err := p.Prepare(); err != nil {
			t.Fatal(err)
		}
	}
	distinct := map[float64]bool{}
	for _, job := range fresh.Jobs() {
		a, b := runBoth(t, fresh, copied, job)
		if !sameSample(b, a.Value, a.GoalValue) {
			t.Errorf("job %+v: copies measured %v, fresh scenarios %v", job, b.Value, a.Value)
		}
		distinct[a.Value] = true
	}
	if len(distinct) < 2 {
		t.Errorf("every cell measured the same, %v: the test cannot tell shared breakers apart", distinct)
	}
	if base.Variants[2].System.Dependencies[2].Policy.Breaker.FailureRate != 0.5 {
		t.Error("setting the copies' knobs changed the scenario they were copied from")
	}
}

// BenchmarkCopies is a Plan.Build made and used once, as the sandbox's
// cloneScenario does for every knob it sets (the knob form, a sweep's axis):
// on cascade, on the built-in with the most to copy (rate-limit-vs-bulkhead:
// eight variants, each with services) and on the one with tenants.
func BenchmarkCopies(b *testing.B) {
	for _, build := range []func() *engine.Scenario{scenarios.Cascade, scenarios.RateLimitVsBulkhead, scenarios.NoisyTenant} {
		sc := build()
		b.Run(sc.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				build, err := Copies(sc)
				if err != nil {
					b.Fatal(err)
				}
				_ = build()
			}
		})
	}
}
