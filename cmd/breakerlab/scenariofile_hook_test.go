package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func isUsage(err error) bool {
	var u usageError
	return errors.As(err, &u)
}

// TestDumpScenarioRunsLikeTheBuiltin dumps every built-in through the hook,
// loads the file through the hook, and compares the runs.
func TestDumpScenarioRunsLikeTheBuiltin(t *testing.T) {
	racefree.Only(t)
	for _, b := range scenarios.All() {
		var buf bytes.Buffer
		if err := dumpScenario(b.Name, &buf); err != nil {
			t.Fatalf("%s: %v", b.Name, err)
		}
		sc, err := loadScenarioFile(writeTemp(t, b.Name+".toml", buf.String()), runUse)
		if err != nil {
			t.Fatalf("%s: %v\n%s", b.Name, err, buf.String())
		}
		want, err := engine.RunAll(b.Build(), 5)
		if err != nil {
			t.Fatal(err)
		}
		got, err := engine.RunAll(sc, 5)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(want, got) {
			t.Errorf("%s: the dumped file runs to other results than the built-in", b.Name)
		}
	}
}

func TestDumpScenarioUnknown(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	for _, name := range []string{"cascad", shuffleScenario.Name} {
		var buf bytes.Buffer
		err := dumpScenario(name, &buf)
		if err == nil || !isUsage(err) || !strings.Contains(err.Error(), "cascade") || buf.Len() != 0 {
			t.Errorf("%s: want a usage error listing the built-ins, got %v (wrote %q)", name, err, buf.String())
		}
	}
}

func TestLoadScenarioFileErrors(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	dir := t.TempDir()
	bad := writeTemp(t, "mine.toml", "name = \"mine\"\nduration = \"10s\"\n[system]\nwokers = 3\n")
	cases := []struct {
		name, path string
		want       []string
	}{
		{"missing", filepath.Join(dir, "nope.toml"), []string{"nope.toml does not exist (give a built-in scenario, one of ", "cascade", ".toml scenario file)"}},
		{"a mistyped built-in name", "cascad", []string{`no built-in scenario or scenario file is called "cascad": did you mean cascade? (built in: `, "cascade"}},
		{"a directory", dir, []string{dir + " is a folder, not a scenario file: give the path of the file itself"}},
		{"invalid", bad, []string{bad + `:4: unknown key "wokers" in [system] (allowed: workers, queue, tenants, shed, endpoints, dependencies, services, tasks, pools)`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc, err := loadScenarioFile(c.path, runUse)
			if err == nil || sc != nil {
				t.Fatalf("want an error, got %v, %v", sc, err)
			}
			if !isUsage(err) {
				t.Errorf("not a usage error (exit code 2): %T %v", err, err)
			}
			for _, w := range c.want {
				if !strings.Contains(flat(err.Error()), w) {
					t.Errorf("%q does not contain %q", err, w)
				}
			}
		})
	}
	for _, p := range []string{filepath.Join(dir, "nope.toml"), "cascad"} {
		_, err := loadScenarioFile(p, runUse)
		if !errors.Is(err, os.ErrNotExist) {
			t.Errorf("a missing file's error should wrap fs.ErrNotExist: %v", err)
		}
		if strings.Contains(err.Error(), "no such file") {
			t.Errorf("the message repeats the system's words: %v", err)
		}
	}
}

func TestLoadScenarioFileExample(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	sc, err := loadScenarioFile(filepath.Join("..", "..", "engine", "scenariofile", "testdata", "examples", "retry-storm.toml"), runUse)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Name != "retry-storm" || len(sc.Variants) != 4 {
		t.Errorf("got %s with %d variants", sc.Name, len(sc.Variants))
	}
}
