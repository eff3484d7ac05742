package challenge

import (
	"path/filepath"
	"strings"
	"testing"
)

// A level opened before another window (or `challenge --check`) saved three
// stars for it: one star earned afterwards is not a new best, and the file
// keeps the three stars and the design that earned them.
func TestEarnJudgesAgainstTheFileAsSaved(t *testing.T) {
	c, err := Lookup("bulkhead-20")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "challenges.json")
	open, err := OpenProgress(path) // the level, opened first
	if err != nil {
		t.Fatal(err)
	}
	check, err := OpenProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	if up, err := check.Earn(c, 3, Setting{"recommendations.bulkhead": 22}); err != nil || !up {
		t.Fatalf("the check's three stars: improved %v, %v", up, err)
	}
	up, err := open.Earn(c, 1, Setting{"recommendations.bulkhead": 24})
	if err != nil {
		t.Fatal(err)
	}
	if up {
		t.Error("one star reported as beating the three saved by another window")
	}
	if r := open.Record(c); r.Stars != 3 || r.Best["recommendations.bulkhead"] != "22" {
		t.Errorf("the open level holds %+v, want the three stars saved", r)
	}
	if n := open.MergeNote(); !strings.Contains(n, "another breakerlab window") {
		t.Errorf("merge note %q", n)
	}
	if r := check.Record(c); r.Stars != 3 {
		t.Errorf("stars %d", r.Stars)
	}
	again, _ := OpenProgress(path)
	if r := again.Record(c); r.Stars != 3 || r.Best["recommendations.bulkhead"] != "22" {
		t.Errorf("the file holds %+v", r)
	}
	// Two stars still fall short of the three, now this window holds them.
	if up, _ := open.Earn(c, 2, Setting{"recommendations.bulkhead": 23}); up {
		t.Error("two stars reported as a new best over three")
	}
}
