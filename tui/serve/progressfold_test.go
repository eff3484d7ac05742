package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/breakerlab/breakerlab/lessons"
)

// caseFoldNames differ from one another only by case, in ASCII, in other
// scripts and in Turkish (dotted and dotless i), or by a sign that Unicode
// folds to a letter (the Kelvin sign to k).
var caseFoldNames = []string{
	"alice", "Alice", "ALICE", "aLiCe",
	"änne", "ÄNNE", "Änne",
	"irmak", "IRMAK", "ırmak", "İrmak", "Irmak",
	"kate", "Kate", "\u212Aate",
	"ada.lovelace", "Ada.Lovelace", "ada_L-1",
}

// Every student's folder is theirs alone on a file system that ignores
// case (macOS's and Windows's): names that differ only by case, in any
// script, get folders that no case folding makes one (ASCII lower case
// only, and different), and a plain name stays readable in the listing.
func TestStudentFoldersStayApartWhenCaseIsIgnored(t *testing.T) {
	t.Parallel()
	ids := map[string]string{} // the folder as a case-ignoring file system finds it → the name
	for _, name := range caseFoldNames {
		id := studentID(nil, name)
		if i := strings.IndexFunc(id, func(r rune) bool { return r > unicode.MaxASCII || unicode.IsUpper(r) }); i >= 0 {
			t.Errorf("studentID(%q) = %q holds %q: a file system that ignores case would fold it", name, id, id[i:i+1])
		}
		for _, fold := range []func(string) string{strings.ToLower, strings.ToUpper, turkishUpper, turkishLower} {
			key := fold(id)
			if other, ok := ids[key]; ok && other != name {
				t.Errorf("%q and %q share the folder %q once case is ignored", other, name, key)
			}
			ids[key] = name
		}
	}
	for name, want := range map[string]string{"alice": "user-alice", "Alice": "user-+alice", "ALICE": "user-+a+l+i+c+e", "Ada.Lovelace": "user-+ada.+lovelace"} {
		if got := studentID(nil, name); got != want {
			t.Errorf("studentID(%q) = %q, want %q", name, got, want)
		}
	}
}

// A name holding a path's characters never leaves the data directory nor
// names a folder other than the student's: the rule hashes whatever is not
// a plain name.
func TestStudentFolderFromAPathLikeName(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"..", ".", "../../etc", "a/b", `a\b`, "a/../b", "/etc/passwd", "C:", `C:\x`, "a\x00b", "", ".hidden", "~root", "ÄNNE/..", "+alice"} {
		id := studentID(nil, name)
		if !filepath.IsLocal(id) || filepath.Base(id) != id || strings.ContainsAny(id, `/\:`) || strings.Contains(id, "..") {
			t.Errorf("studentID(%q) = %q: not one folder inside the data directory", name, id)
		}
		if id == studentID(nil, "alice") || id == studentID(nil, "Alice") {
			t.Errorf("studentID(%q) = %q, a plain name's folder", name, id)
		}
	}
}

// A student whose name has upper case, coming back to a data directory the
// rule before wrote ("user-Alice"), finds their progress: the folder is
// moved to the one the rule names now, whole (the drill's and the
// challenges' files with it).
func TestAFolderOfTheRuleBeforeIsMoved(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	old := filepath.Join(dir, "user-Alice")
	saveProgress(t, filepath.Join(old, "lessons.json"), 3)
	if err := os.WriteFile(filepath.Join(old, challengeStars), []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	ss := newStores(dir)
	id := studentID(nil, "Alice")
	s, notice := ss.acquire(id)
	if s == nil || notice != "" {
		t.Fatalf("acquire(%q): store %v, notice %q", id, s, notice)
	}
	if p := s.Get("timeouts"); p.Step != 3 {
		t.Errorf("Alice's progress after the move: %+v, want step 3", p)
	}
	if err := ss.release(id); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Errorf("the old folder %s is still there (%v)", old, err)
	}
	if _, err := os.Stat(filepath.Join(dir, id, challengeStars)); err != nil {
		t.Errorf("the challenges' file did not move with the folder: %v", err)
	}
}

// The folder of a student whose name is all lower case is not taken by a
// classmate whose name differs from it only by case, and a folder under
// the new rule is never replaced by one of the old.
func TestAMoveTakesNoOtherStudentsFolder(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	saveProgress(t, filepath.Join(dir, "user-alice", "lessons.json"), 5)
	ss := newStores(dir)
	id := studentID(nil, "Alice")
	s, _ := ss.acquire(id)
	if s == nil {
		t.Fatal("no store")
	}
	if p := s.Get("timeouts"); p.Step != 0 {
		t.Errorf("Alice read alice's progress: %+v", p)
	}
	_ = ss.release(id)
	if _, err := os.Stat(filepath.Join(dir, "user-alice", "lessons.json")); err != nil {
		t.Errorf("alice's folder: %v", err)
	}

	saveProgress(t, filepath.Join(dir, "user-Bob", "lessons.json"), 1)
	saveProgress(t, filepath.Join(dir, studentID(nil, "Bob"), "lessons.json"), 7)
	bob := studentID(nil, "Bob")
	s, _ = ss.acquire(bob)
	if p := s.Get("timeouts"); p.Step != 7 {
		t.Errorf("Bob's progress under the new rule was replaced by the old: %+v", p)
	}
	_ = ss.release(bob)
}

func turkishUpper(s string) string { return strings.ToUpperSpecial(unicode.TurkishCase, s) }
func turkishLower(s string) string { return strings.ToLowerSpecial(unicode.TurkishCase, s) }

// saveProgress writes a progress file at path whose timeouts lesson is at
// step.
func saveProgress(t *testing.T, path string, step int) {
	t.Helper()
	s, err := lessons.OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	s.Set("timeouts", lessons.Progress{Step: step, Seen: []int{step}})
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
}
