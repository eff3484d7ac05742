package lessonui

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// The player keeps a teacher's lesson file's progress under the file's own
// key, where it reads it back: a copy saved as 03-bulkheads.md (the
// built-in lesson 3's name) neither writes lesson 3's record nor loses
// its own when opened again.
func TestATeachersLessonSavesUnderItsOwnKey(t *testing.T) {
	dir := t.TempDir()
	text := "+++\ntitle = \"Mine\"\nsummary = \"S\"\n+++\n\n+++ step\ntitle = \"first\"\n+++\nOne.\n\n+++ step\ntitle = \"second\"\n+++\nTwo.\n"
	file := filepath.Join(dir, "03-bulkheads.md")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := lessons.LoadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p, err := lessons.Prepare(l, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "lessons.json")
	store, err := lessons.OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	m := open(t, p, 0, 100, 30, Options{Store: store})
	_, cmd := m.Update(keys("n")[0]) // on to step 2: saved
	if cmd == nil {
		t.Fatal("no save after moving")
	}
	for _, msg := range flatten(cmd) {
		if s, ok := msg.(savedMsg); ok && s.err != nil {
			t.Fatal(s.err)
		}
	}
	again, err := lessons.OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := again.Get("03-bulkheads"); len(got.Seen) != 0 {
		t.Errorf("the teacher's file wrote the built-in lesson 3's record: %+v", got)
	}
	if m2 := open(t, p, -1, 100, 30, Options{Store: again}); m2.Step() != 1 {
		t.Errorf("opened again, the teacher's file is on step %d, not where it was left (2)", m2.Step()+1)
	}
}
