package main

import (
	"encoding/json"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// jsonTransitions are the breaker transitions of each variant of a run's
// JSON, split at a moment: those before it and those from it on.
func jsonTransitions(t *testing.T, out string, atMs float64) (before, after [][]map[string]any) {
	t.Helper()
	var rep struct {
		Variants []struct {
			Transitions []map[string]any `json:"transitions"`
		} `json:"variants"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	for _, v := range rep.Variants {
		var b, a []map[string]any
		for _, tr := range v.Transitions {
			if tr["at_ms"].(float64) < atMs {
				b = append(b, tr)
			} else {
				a = append(a, tr)
			}
		}
		before, after = append(before, b), append(after, a)
	}
	return before, after
}

func TestRunFaultChangesTheRunFromItsMoment(t *testing.T) {
	// Four runs in the test's process, whose goroutines (the watches for
	// SIGTERM and ctrl+c) TestRunTimelineGolden runs under -race.
	racefree.Only(t)
	plain, errOut, code := run(t, "run", "multi-hop", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	faulted, errOut, code := run(t, "run", "multi-hop", "--fault", "25s inventory hang for 10s", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if plain == faulted {
		t.Error("multi-hop with inventory hanging from 25s prints what it prints without")
	}
	// cascade's breaker opens after the scripted hang at 10s; ending the
	// hang at 20s leaves what came before as it was.
	plain, _, _ = run(t, "run", "cascade", "--format", "json")
	faulted, errOut, code = run(t, "run", "cascade", "--fault", "20s recommendations recover", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	pb, pa := jsonTransitions(t, plain, 20000)
	fb, fa := jsonTransitions(t, faulted, 20000)
	if !reflect.DeepEqual(pb, fb) {
		t.Errorf("transitions before 20s changed: %v, was %v", fb, pb)
	}
	if reflect.DeepEqual(pa, fa) {
		t.Errorf("transitions from 20s on are the same with the dependency back: %v", fa)
	}
}

func TestFaultFlagRefusals(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"run", "multi-hop", "--fault", "25s nowhere hang"}, "targets: dependencies inventory/database"},
		{[]string{"run", "multi-hop", "--fault", "25s inventory surge x2"}, "service inventory takes slow LATENCY, hang, errors PERCENT, down, restart, recover, not surge"},
		{[]string{"run", "noisy-tenant", "--fault", "25s acme slow 2s"}, "tenant acme takes surge xFACTOR, recover, not slow"},
		{[]string{"run", "multi-hop", "--fault", "25s inventory melt"}, "unknown kind \"melt\""},
		{[]string{"run", "shuffle", "--fault", "25s inventory hang"}, "shuffle has its own engine"},
		{[]string{"sandbox", "multi-hop", "--fault", "25s nowhere hang"}, "multi-hop has no part called \"nowhere\""},
		{[]string{"record", "multi-hop", "-o", "-", "--fault", "25s nowhere hang"}, "multi-hop has no part called \"nowhere\""},
		{[]string{"sweep", "multi-hop", "--vary", "inventory.workers=8..32:4", "--measure", "home.ok", "--fault", "25s nowhere hang"}, "has no part called"},
	} {
		_, errOut, code := run(t, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.says) {
			t.Errorf("%q: exit %d, %q; want exit 2 saying %q", tc.args, code, errOut, tc.says)
		}
	}
}

func TestRecordTakesFaults(t *testing.T) {
	racefree.Only(t) // no goroutine: tui/record draws the frames on this one
	out, errOut, code := run(t, "record", "multi-hop", "-o", "-", "--max", "1s", "--fault", "0.5s inventory hang for 10s")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	head, _, _ := strings.Cut(out, "\n")
	if !strings.Contains(head, `"command":"breakerlab sandbox multi-hop --speed 5 --play --fault '500ms inventory hang for 10s'"`) {
		t.Errorf("the recording's header does not say how to play it again: %s", head)
	}
}

func TestSweepTakesFaults(t *testing.T) {
	racefree.Only(t) // its sweep's workers and progress are TestSweepCSVMatchesRuns's, which runs under -race
	args := []string{"sweep", "cascade", "--vary", "recommendations.bulkhead=10..20:2", "--measure", "recommendations.ok", "--seeds", "1", "--format", "csv", "--variant", "2"}
	plain, errOut, code := run(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	faulted, errOut, code := run(t, append(args, "--fault", "12s recommendations recover")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if plain == faulted {
		t.Errorf("a sweep with the hang ended at 12s measures what it measures without:\n%s", plain)
	}
}

func TestCompleteFault(t *testing.T) {
	racefree.Only(t) // no goroutine: completion runs nothing
	for _, c := range []struct {
		args []string
		want []string
		not  []string
	}{
		{[]string{"run", "multi-hop", "--fault", "25s "}, []string{"25s inventory", "25s inventory/database", "25s home"}, nil},
		{[]string{"run", "multi-hop", "--fault", "25s inv"}, []string{"25s inventory", "25s inventory/database"}, []string{"25s orders"}},
		{[]string{"run", "multi-hop", "--fault", "25s inventory "}, []string{"25s inventory slow", "25s inventory errors", "25s inventory hang", "25s inventory down", "25s inventory restart"}, []string{"25s inventory surge"}},
		{[]string{"run", "noisy-tenant", "--fault", "25s acme "}, []string{"25s acme surge", "25s acme recover"}, []string{"25s acme slow", "25s acme hang"}},
		{[]string{"sandbox", "noisy-tenant", "--fault", "10s acme s"}, []string{"10s acme surge"}, nil},
		{[]string{"sweep", "fleet-probes", "--fault", "10s api#1"}, []string{"10s api#1", "10s api#19"}, nil},
	} {
		got := completions(t, c.args...)
		offered := func(w string) bool { return slices.Contains(got, w) }
		if lacks := slices.DeleteFunc(slices.Clone(c.want), offered); len(lacks) > 0 {
			t.Errorf("__complete %q = %q, lacks %q", c.args, got, lacks)
		}
		if extra := slices.DeleteFunc(slices.Clone(c.not), func(w string) bool { return !offered(w) }); len(extra) > 0 {
			t.Errorf("__complete %q = %q, should not hold %q", c.args, got, extra)
		}
	}
}

// A part whose name holds a space (a scenario file may name one so) is
// named in double quotes, as a knob path names it: the spec was cut at
// every space, so '2s "orders db" hang' read "db\"" as the kind. The
// unknown target's list writes such a name quoted, and completion offers
// it so.
func TestFaultNamesAPartWithASpaceInQuotes(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	path := filepath.Join(t.TempDir(), "spaced.toml")
	file := `duration = "10s"
[system]
workers = 10
[[system.endpoints]]
name = "web"
rate = 20
calls = "orders db"
[[system.dependencies]]
name = "orders db"
latency = { kind = "constant", value = "10ms" }
policy = { timeout = "1s" }
`
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	plain, errOut, code := run(t, "run", path, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	faulted, errOut, code := run(t, "run", path, "--format", "json", "--fault", `2s "orders db" hang for 3s`)
	if code != 0 {
		t.Fatalf("a quoted target: exit %d: %s", code, errOut)
	}
	if plain == faulted {
		t.Error("the hang of \"orders db\" changed nothing")
	}
	_, errOut, code = run(t, "run", path, "--fault", "2s orders hang")
	if want := `targets: dependencies "orders db" (`; code != 2 || !strings.Contains(errOut, want) {
		t.Errorf("an unknown target: exit %d, %q; want exit 2 and %q", code, errOut, want)
	}
	// A recording's header says how to play it again, the quotes kept.
	out, errOut, code := run(t, "record", path, "-o", "-", "--max", "1s", "--fault", `2s "orders db" hang for 3s`)
	head, _, _ := strings.Cut(out, "\n")
	if code != 0 || !strings.Contains(head, `--fault '2s \"orders db\" hang for 3s'"`) {
		t.Errorf("record: exit %d, %s; the header %s does not say how to play it again", code, errOut, head)
	}
	got := completions(t, "run", path, "--fault", "2s ")
	if !slices.Contains(got, `2s "orders db"`) {
		t.Errorf("completions %q lack the quoted name", got)
	}
	got = completions(t, "run", path, "--fault", `2s "orders db" `)
	if !slices.Contains(got, `2s "orders db" hang`) {
		t.Errorf("completions after the quoted name %q lack its faults", got)
	}
}
