package lessons

import (
	"errors"
	"strconv"
	"testing"
)

// freshFiles lists the built-in lesson files again, none of them parsed.
func freshFiles(t testing.TB) []*builtinFile {
	t.Helper()
	files, err := builtinFiles()
	if err != nil {
		t.Fatal(err)
	}
	out := make([]*builtinFile, len(files))
	for i, f := range files {
		out[i] = &builtinFile{name: f.name, id: f.id, number: f.number}
	}
	return out
}

// `breakerlab lesson 4` must not wait for the other lessons (three of
// them plan [sweep] tables, most of the 30 to 60 ms all nine take).
func TestLookupParsesOnlyTheLessonItFinds(t *testing.T) {
	for _, id := range []string{"4", "04", "04-breaker-states", "breaker-states"} {
		files := freshFiles(t)
		l, err := lookupIn(files, id)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if l.Number != 4 || l.ID != "04-breaker-states" {
			t.Fatalf("%s found %s (number %d)", id, l.ID, l.Number)
		}
		for _, f := range files {
			if f.lesson != nil && f.id != l.ID {
				t.Errorf("looking up %s parsed %s as well", id, f.id)
			}
		}
	}
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	l, err := Lookup("4")
	if err != nil {
		t.Fatal(err)
	}
	if l != all[3] {
		t.Error("Lookup and All give two copies of lesson 4; a lesson is parsed once")
	}
}

func TestLookupUnknownNamesTheRange(t *testing.T) {
	files := freshFiles(t)
	_, err := lookupIn(files, "42")
	if !errors.Is(err, ErrUnknownLesson) {
		t.Fatalf("got %v", err)
	}
	// The lessons are numbered 1 to N without gaps (TestEveryLessonLoads).
	want := `unknown lesson "42": give a number from 1 to ` + strconv.Itoa(files[len(files)-1].number) + `, an ID such as 01-one-slow-dependency (` + "`breakerlab lessons`" + ` lists them), or the path of a lesson file`
	if err.Error() != want {
		t.Errorf("got  %s\nwant %s", err, want)
	}
}

// BenchmarkParseAll is the work the home screen and `breakerlab lesson N`
// no longer do before their first frame: parsing all the built-in lessons.
func BenchmarkParseAll(b *testing.B) {
	for b.Loop() {
		for _, f := range freshFiles(b) {
			if _, err := f.parse(); err != nil {
				b.Fatal(err)
			}
		}
	}
}
