package challenge

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A teacher's file whose brief claims what the engine does not do is
// refused when it is opened (LoadFile, as `breakerlab challenge FILE`,
// its --start and --check, and `challenges --check FILE` open it),
// naming the claim on its line, the seed and the engine's value. Before,
// only the tests ran CheckClaims, so such a file opened and taught what
// the engine does not do.
func TestATeachersFalseClaimIsRefusedOnLoad(t *testing.T) {
	dir := t.TempDir()
	scenario := "duration = \"10s\"\n[system]\nworkers = 10\n[[system.endpoints]]\nname = \"web\"\nrate = 10\ncalls = \"db\"\n[[system.dependencies]]\nname = \"db\"\nlatency = { kind = \"constant\", value = \"10ms\" }\npolicy = { timeout = \"1s\" }\n"
	text := `title = "T"
scenario = "s.toml"
seeds = [1, 2]

[[knobs]]
path = "db.timeout"
min = "100ms"
max = "5s"
step = "100ms"

[[goals]]
expect = "share web ok >= 99%"

[par]
changes = 1

[[claims]]
expect = "share web ok >= 99%"

[[claims]]
expect = "share web failed >= 50%"
from = "2s"
to = "8s"
`
	if err := os.WriteFile(filepath.Join(dir, "s.toml"), []byte(scenario), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "mine.toml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadFile(path)
	if err == nil {
		t.Fatal("a file with a false claim loaded")
	}
	var fe *Error
	if !errors.As(err, &fe) || !errors.Is(err, ErrInvalid) {
		t.Errorf("%v: want an *Error about the file's content", err)
	}
	for _, want := range []string{path + ":21: claims[2].expect: the brief claims \"share web failed >= 50%\" (2–8 s) of the start, but on seed 1 the engine gives 0.0%", "every seed (1, 2)"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%v\ndoes not say %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "claims[1]") {
		t.Errorf("a claim that holds is reported: %v", err)
	}
	// Without the false claim the file opens, and Open reads it the same.
	fixed := text[:strings.LastIndex(text, "[[claims]]")]
	if err := os.WriteFile(path, []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Open(path)
	if err != nil {
		t.Fatalf("the file with a true claim: %v", err)
	}
	if len(c.Claims) != 1 {
		t.Errorf("%d claims, want 1", len(c.Claims))
	}
}

// The built-ins are parsed without running their claims at every start
// of the program (TestBriefClaimsHold holds them); each, copied out with
// its scenario file, loads as a teacher's file, claims checked.
func TestEveryBuiltInLoadsAsATeachersFile(t *testing.T) {
	dir := t.TempDir()
	entries, err := content.ReadDir("content")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := content.ReadFile("content/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	loaded := 0
	for _, e := range entries {
		c, err := Lookup(idOf(e.Name()))
		if err != nil || !strings.HasPrefix(e.Name(), fmt.Sprintf("%02d-", c.Number)) {
			continue // a scenario file
		}
		if _, err := LoadFile(filepath.Join(dir, e.Name())); err != nil {
			t.Errorf("%s as a teacher's file: %v", c.ID, err)
		}
		loaded++
	}
	if loaded != len(all) {
		t.Errorf("%d of the %d built-ins loaded as files", loaded, len(all))
	}
}
