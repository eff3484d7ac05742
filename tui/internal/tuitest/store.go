package tuitest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// LearnerStore is a lesson progress store in a file of its own whose
// learner is learner (the name a choice's order is drawn for): written
// once, its learner replaced, and read again, as a learner's file is read.
func LearnerStore(t *testing.T, learner string) *lessons.Store {
	t.Helper()
	path := filepath.Join(t.TempDir(), "lessons.json")
	st, err := lessons.OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Save(); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]any
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	f["learner"] = learner
	if raw, err = json.Marshal(f); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	if st, err = lessons.OpenStore(path); err != nil || st.Learner() != learner {
		t.Fatalf("store: learner %q, err %v", st.Learner(), err)
	}
	return st
}
