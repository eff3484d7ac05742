package chaos

import (
	"reflect"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
)

// TestInjectedFaultsSurviveAFile: every kind of injected fault is written
// by scenariofile.Dump as ordinary faults and bursts that read back to the
// same scenario and run to the same results (what the sandbox's w and
// `breakerlab run FILE` rely on).
func TestInjectedFaultsSurviveAFile(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		specs    []string
	}{
		{"multi-hop", []string{"25s inventory hang for 10s", "22s database errors 25%", "30s orders restart", "50s inventory down", "5s home surge x1.5 for 5s", "40s inventory slow 1.5s for 5s", "42s orders errors 40% for 3s", "10s database down for 2s"}},
		{"cascade", []string{"20s recommendations recover", "25s profile-db slow 800ms for 2s"}},
		{"noisy-tenant", []string{"32s globex surge x4 for 5s", "20s acme recover", "5s export surge x0.5 for 20s"}},
		{"fleet-probes", []string{"10s api#3 down for 15s", "12s api restart for 2s", "30s api#1 slow 500ms for 5s", "40s api errors 20% for 3s"}},
	} {
		sc := mustApply(t, build(t, tc.scenario), tc.specs...)
		data, err := scenariofile.Dump(sc)
		if err != nil {
			t.Fatalf("%s %q: Dump: %v", tc.scenario, tc.specs, err)
		}
		back, err := scenariofile.Parse(tc.scenario+".toml", data)
		if err != nil {
			t.Fatalf("%s %q: Parse: %v\n%s", tc.scenario, tc.specs, err, data)
		}
		for v := range sc.Variants {
			a, b := sc.Variants[v].System, back.Variants[v].System
			for i := range a.Services {
				if !reflect.DeepEqual(a.Services[i].Faults, b.Services[i].Faults) {
					t.Errorf("%s: service %s's faults read back as %+v, were %+v", tc.scenario, a.Services[i].Name, b.Services[i].Faults, a.Services[i].Faults)
				}
			}
			for i := range a.Endpoints {
				if !reflect.DeepEqual(a.Endpoints[i].Bursts, b.Endpoints[i].Bursts) {
					t.Errorf("%s: %s's bursts read back as %+v, were %+v", tc.scenario, a.Endpoints[i].Name, b.Endpoints[i].Bursts, a.Endpoints[i].Bursts)
				}
			}
		}
		if tc.scenario == "fleet-probes" {
			continue // the slowest to run; its faults read back equal
		}
		x, err := engine.RunAll(sc, 5)
		if err != nil {
			t.Fatal(err)
		}
		y, err := engine.RunAll(back, 5)
		if err != nil {
			t.Fatal(err)
		}
		for v := range x {
			x[v].Scenario, y[v].Scenario = "", ""
		}
		if !reflect.DeepEqual(x, y) {
			t.Errorf("%s %q: the file runs to other results", tc.scenario, tc.specs)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"12s inventory slow 2s for 10s", "20s api#3 down for 15s", "30s db errors 50%", "1 a surge x3", "0 x recover", "9 x slow -1s for"} {
		f.Add(s)
	}
	targets := TargetsOf(build(f, "multi-hop"))
	sc := build(f, "multi-hop")
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := Parse(s)
		if err != nil {
			return
		}
		again, err := Parse(sp.String())
		if err != nil || again != sp {
			t.Fatalf("%q parses to %+v, whose String %q parses to %+v, %v", s, sp, sp.String(), again, err)
		}
		if _, ok := Find(targets, sp.Target); ok {
			_, _ = Apply(sc, []Spec{sp}) // never panics
		}
	})
}
