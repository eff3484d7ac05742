package engine_test

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// DependencyAt finds a dependency by the path knobs and metrics name it
// by: the front's by its name, a service's call as SERVICE/DEPENDENCY
// (the sandbox's sweep ranges and the challenges' goals both read it).
func TestDependencyAtFindsFrontAndServiceDependencies(t *testing.T) {
	sc := scenarios.GoInventory()
	r, err := engine.New(sc, 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(sc.Duration / 2)
	s := r.Snapshot()
	if len(s.Services) == 0 || len(s.Services[0].Dependencies) == 0 || len(s.Dependencies) == 0 {
		t.Fatal("go-inventory's snapshot has no service calling a dependency, or no front dependency: the case shows nothing")
	}
	svc := &s.Services[0]
	for _, c := range []struct {
		path string
		want *engine.DependencySnapshot
	}{
		{s.Dependencies[0].Name, &s.Dependencies[0]},
		{svc.Name + "/" + svc.Dependencies[0].Name, &svc.Dependencies[0]},
		{svc.Dependencies[0].Name + "x", nil},
		{svc.Name + "/none", nil},
		{"none/" + svc.Dependencies[0].Name, nil},
	} {
		got, ok := s.DependencyAt(c.path)
		if got != c.want || ok != (c.want != nil) {
			t.Errorf("DependencyAt(%q) = %p, %v; want %p", c.path, got, ok, c.want)
		}
	}
}
