package challenge

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// teachersFile writes a small challenge of a teacher's, and its scenario,
// as name in dir, and loads it as `breakerlab challenge FILE` does.
func teachersFile(t *testing.T, dir, name string) *Challenge {
	t.Helper()
	scenario := "duration = \"10s\"\n[system]\nworkers = 10\n[[system.endpoints]]\nname = \"web\"\nrate = 10\ncalls = \"db\"\n[[system.dependencies]]\nname = \"db\"\nlatency = { kind = \"constant\", value = \"10ms\" }\npolicy = { timeout = \"1s\" }\n"
	text := "title = \"T\"\nscenario = \"s.toml\"\n\n[[knobs]]\npath = \"db.timeout\"\nmin = \"100ms\"\nmax = \"5s\"\nstep = \"100ms\"\n\n[[goals]]\nexpect = \"share web ok >= 99%\"\n\n[par]\nchanges = 1\n"
	if err := os.WriteFile(filepath.Join(dir, "s.toml"), []byte(scenario), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := LoadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A teacher's file named like a built-in level (bulkhead-20.toml) keeps
// its stars, its design and its tries under its own key: the built-in
// level's record is untouched, and so is another folder's file of the
// same name. Before, both wrote "bulkhead-20".
func TestATeachersFileNeverWritesABuiltInsRecord(t *testing.T) {
	mine := teachersFile(t, t.TempDir(), "bulkhead-20.toml")
	builtin, err := Lookup("bulkhead-20")
	if err != nil {
		t.Fatal(err)
	}
	if mine.ID != builtin.ID {
		t.Fatalf("the file's ID is %q: the case this test is about is a file with the built-in's", mine.ID)
	}
	if k := mine.ProgressKey(); k == builtin.ID || !strings.HasPrefix(k, "file:") || !strings.HasSuffix(k, "bulkhead-20.toml") {
		t.Fatalf("the file's progress key is %q", k)
	}
	other := teachersFile(t, t.TempDir(), "bulkhead-20.toml")
	path := filepath.Join(t.TempDir(), "challenges.json")
	p, err := OpenProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	s := Setting{"db.timeout": "2s"}
	if up, err := p.Earn(mine, 2, s); !up || err != nil {
		t.Fatalf("Earn: %v %v", up, err)
	}
	if err := p.Leave(mine, s, 4); err != nil {
		t.Fatal(err)
	}
	if err := p.Reveal(mine); err != nil {
		t.Fatal(err)
	}
	again, err := OpenProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	if r := again.Get("bulkhead-20"); r.Stars != 0 || r.Best != nil || r.Last != nil || r.Fails != 0 || r.Revealed {
		t.Errorf("the built-in level's record: %+v", r)
	}
	if r := again.Record(builtin); r.Stars != 0 {
		t.Errorf("the built-in level reads %d stars", r.Stars)
	}
	if r := again.Record(mine); r.Stars != 2 || r.Best["db.timeout"] != "2s" || r.Last["db.timeout"] != "2s" || r.Fails != 4 || !r.Revealed {
		t.Errorf("the file's record: %+v", r)
	}
	if r := again.Record(other); r.Stars != 0 {
		t.Errorf("a file of the same name in another folder reads %d stars", r.Stars)
	}
	// The built-in's own stars go where they always did.
	if _, err := again.Earn(builtin, 1, builtin.Start()); err != nil {
		t.Fatal(err)
	}
	if again.Get("bulkhead-20").Stars != 1 || again.Record(mine).Stars != 2 {
		t.Errorf("after the built-in earned a star: built-in %d, file %d", again.Get("bulkhead-20").Stars, again.Record(mine).Stars)
	}
}

// challenges.json written by an earlier breakerlab keeps loading: a
// teacher's file whose stars were kept under its ID reads them (and keeps
// them under its key once it saves), except under a built-in level's ID,
// which is that level's record.
func TestOldProgressOfATeachersFileStillLoads(t *testing.T) {
	dir := t.TempDir()
	paywall := teachersFile(t, dir, "paywall.toml")
	copyOf2 := teachersFile(t, dir, "bulkhead-20.toml")
	path := filepath.Join(t.TempDir(), "challenges.json")
	old := `{"version": 1, "challenges": {"paywall": {"stars": 2, "best": {"db.timeout": "3s"}}, "bulkhead-20": {"stars": 1}}}`
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := OpenProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	if r := p.Record(paywall); r.Stars != 2 || r.Best["db.timeout"] != "3s" {
		t.Errorf("paywall.toml's old stars: %+v", r)
	}
	if r := p.Record(copyOf2); r.Stars != 0 {
		t.Errorf("a file named like level 2 reads level 2's record: %+v", r)
	}
	if err := p.Leave(paywall, Setting{"db.timeout": "1s"}, 1); err != nil {
		t.Fatal(err)
	}
	again, err := OpenProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	if r := again.Get(paywall.ProgressKey()); r.Stars != 2 || r.Last["db.timeout"] != "1s" {
		t.Errorf("after leaving, paywall.toml's record under its key: %+v", r)
	}
	if r := again.Get("bulkhead-20"); r.Stars != 1 {
		t.Errorf("level 2's record: %+v", r)
	}
}
