package sweep

import (
	"math"
	"reflect"
	"testing"
)

// A grid's cells share with its first cell what their knobs left equal to
// its: the check that a cell may fork from a run (engine's CanFork) then
// compares the same memory, not two copies, yet each cell holds the
// system it was built as, its knobs' values its own.
func TestCellsShareWhatTheirKnobsLeftAlone(t *testing.T) {
	p := goServerPlan(t, 1, "payments.bulkhead=8..40:3", "tasks.memory.limit_mib=256..1024:3")
	nx, ny := p.Size()
	first := &p.cells[0].Variants[p.Variant].System
	for j := range ny {
		for i := range nx {
			c := j*nx + i
			fresh, err := p.build(i, j)
			if err != nil {
				t.Fatal(err)
			}
			sys := &p.cells[c].Variants[p.Variant].System
			if !reflect.DeepEqual(p.cells[c], fresh) {
				t.Fatalf("cell %d, %d differs from the scenario it was built as", i, j)
			}
			if c == 0 {
				continue
			}
			// Its endpoints and its tasks server's pools no knob touched.
			if &sys.Endpoints[0] != &first.Endpoints[0] {
				t.Errorf("cell %d, %d holds endpoints of its own, equal to the first cell's", i, j)
			}
			// Its dependencies hold payments' bulkhead, which differs
			// along x: the array is the cell's own, the parts of it no
			// knob changed are the first cell's.
			if i > 0 && &sys.Dependencies[0] == &first.Dependencies[0] {
				t.Errorf("cell %d, %d shares the dependencies whose bulkhead it changed", i, j)
			}
			if sys.Dependencies[0].Name != first.Dependencies[0].Name || len(sys.Dependencies[0].Faults) > 0 && &sys.Dependencies[0].Faults[0] != &first.Dependencies[0].Faults[0] {
				t.Errorf("cell %d, %d: payments' faults are a copy of the first cell's, not its", i, j)
			}
		}
	}
}

// shareEqual shares only what is equal, and says so as reflect.DeepEqual
// would.
func TestShareEqualSharesOnlyWhatIsEqual(t *testing.T) {
	type inner struct {
		N  []int
		F  float64
		s  int // unexported: read, never set
		At *int
	}
	type outer struct {
		In  []inner
		Tag string
		M   map[string]int
	}
	one, two := 1, 1
	mk := func(f float64, n2 int, at *int) outer {
		return outer{In: []inner{{N: []int{1, 2}, F: f, s: 3, At: at}, {N: []int{4, n2}, F: 1}}, Tag: "x", M: map[string]int{"a": 1}}
	}
	for _, c := range []struct {
		name     string
		a, first outer
		eq       bool
	}{
		{"equal", mk(0.5, 5, &one), mk(0.5, 5, &two), true},
		{"one element differs", mk(0.5, 6, &one), mk(0.5, 5, &two), false},
		{"NaN", mk(math.NaN(), 5, &one), mk(math.NaN(), 5, &two), false},
	} {
		want := reflect.DeepEqual(c.a, c.first)
		if want != c.eq {
			t.Fatalf("%s: the case is wrong", c.name)
		}
		a := c.a
		if got := shareEqual(reflect.ValueOf(&a).Elem(), reflect.ValueOf(&c.first).Elem()); got != want {
			t.Errorf("%s: shareEqual says %v, reflect.DeepEqual %v", c.name, got, want)
		}
		if !reflect.DeepEqual(a, c.a) && !math.IsNaN(a.In[0].F) {
			t.Errorf("%s: sharing changed a value", c.name)
		}
		if shared := &a.In[0] == &c.first.In[0]; shared != want {
			t.Errorf("%s: the slice shared: %v, equal: %v", c.name, shared, want)
		}
		if &a.In[0].N[0] != &c.first.In[0].N[0] { // {1, 2} in every case
			t.Errorf("%s: an equal inner slice is not shared", c.name)
		}
		if a.In[0].At != c.first.In[0].At {
			t.Errorf("%s: an equal pointer's target is not shared", c.name)
		}
	}
}
