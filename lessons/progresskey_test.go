package lessons

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// teachersLesson writes a small lesson file of a teacher's as name in dir
// and loads it as `breakerlab lesson FILE` does.
func teachersLesson(t *testing.T, dir, name string) *Lesson {
	t.Helper()
	text := predictHead + "+++ step\ntitle = \"first\"\n+++\nOne.\n\n+++ step\ntitle = \"second\"\n+++\nTwo.\n"
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// A teacher's lesson file keeps its progress under its own key, never a
// built-in lesson's: a copy saved as 03-bulkheads.md (the built-in lesson
// 3's file name) neither reads nor writes lesson 3's progress, and two
// files of one name in two folders keep theirs apart.
func TestATeachersLessonKeepsItsProgressApart(t *testing.T) {
	mine := teachersLesson(t, t.TempDir(), "03-bulkheads.md")
	builtin, err := Lookup("3")
	if err != nil {
		t.Fatal(err)
	}
	if mine.ID != builtin.ID {
		t.Fatalf("the copy's ID is %q, lesson 3's %q: the case this test is about", mine.ID, builtin.ID)
	}
	if mine.ProgressKey() == builtin.ProgressKey() || !strings.HasPrefix(mine.ProgressKey(), "file:") || builtin.ProgressKey() != builtin.ID {
		t.Fatalf("keys: the file's %q, the built-in's %q", mine.ProgressKey(), builtin.ProgressKey())
	}
	other := teachersLesson(t, t.TempDir(), "03-bulkheads.md")
	if other.ProgressKey() == mine.ProgressKey() {
		t.Fatalf("two folders' files share the key %q", mine.ProgressKey())
	}

	path := filepath.Join(t.TempDir(), "lessons.json")
	s, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	// Lesson 3 started: its first two steps seen.
	b := s.GetLesson(builtin)
	b.SawStep(0)
	b.SawStep(1)
	s.Set(builtin.ProgressKey(), b)
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	// The teacher's copy opens afresh, and its progress goes to its key.
	if got := s.GetLesson(mine); len(got.Seen) != 0 {
		t.Fatalf("the teacher's 03-bulkheads.md opens with lesson 3's progress: %+v", got)
	}
	p := s.GetLesson(mine)
	p.SawStep(0)
	p.SawStep(1)
	p.UpdateDone(mine)
	s.Set(mine.ProgressKey(), p)
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	again, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := again.GetLesson(builtin); got.Done || len(got.Seen) != 2 {
		t.Errorf("lesson 3's progress after the copy was done: %+v", got)
	}
	if got := again.GetLesson(mine); !got.Done {
		t.Errorf("the copy's progress was not kept: %+v", got)
	}
	if got := again.GetLesson(other); len(got.Seen) != 0 {
		t.Errorf("a file of the same name elsewhere has the copy's progress: %+v", got)
	}
}

// A progress file an earlier breakerlab wrote keeps loading: a teacher's
// file whose progress was kept under its ID reads it (and keeps it under
// its key from then on), unless the ID is a built-in lesson's, whose
// record is that lesson's.
func TestATeachersOldProgressStillLoads(t *testing.T) {
	dir := t.TempDir()
	mine := teachersLesson(t, dir, "07-mine.md")
	copyOf3 := teachersLesson(t, dir, "03-bulkheads.md")
	path := filepath.Join(t.TempDir(), "lessons.json")
	old := `{"version": 1, "lessons": {"07-mine": {"step": 1, "seen": [0, 1], "done": true}, "03-bulkheads": {"step": 0, "seen": [0]}}}`
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.GetLesson(mine); !got.Done || got.Step != 1 {
		t.Errorf("07-mine.md's old progress did not load: %+v", got)
	}
	if got := s.GetLesson(copyOf3); len(got.Seen) != 0 {
		t.Errorf("a copy named like lesson 3 read lesson 3's progress: %+v", got)
	}
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	again, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := again.Get(mine.ProgressKey()); !got.Done {
		t.Errorf("after a save, 07-mine.md's progress is not under its key: %+v", got)
	}
	if got := again.Get("03-bulkheads"); len(got.Seen) != 1 {
		t.Errorf("lesson 3's old record changed: %+v", got)
	}
}
