package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

type doc struct {
	Version int            `json:"version"`
	Items   map[string]int `json:"items"`
}

var when = time.Date(2026, 11, 30, 14, 0, 0, 0, time.FixedZone("CET", 3600))

func progressFile(dir string) File {
	return File{Path: filepath.Join(dir, "sub", "doc.json"), Name: "test progress file", Afresh: "progress starts afresh"}
}

func load(t *testing.T, f File) (doc, bool, string) {
	t.Helper()
	var d doc
	loaded, notice, err := f.Load(&d, func() error { return Version(d.Version, 1) }, when)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return d, loaded, notice
}

func save(t *testing.T, f File, d doc) {
	t.Helper()
	b, err := Encode(d)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Write(b); err != nil {
		t.Fatalf("Write: %v", err)
	}
}

// names lists a folder's entries, to see what a load or a save left there.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func TestMissingFileIsEmptyAndNotAnError(t *testing.T) {
	f := progressFile(t.TempDir())
	_, loaded, notice := load(t, f)
	if loaded || notice != "" {
		t.Fatalf("a missing file: loaded %v, notice %q", loaded, notice)
	}
	if _, err := os.Stat(filepath.Dir(f.Path)); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("loading created the folder: %v", err)
	}
	if err := Read(f.Path, &doc{}); !errors.Is(err, fs.ErrNotExist) || errors.Is(err, ErrCorrupt) {
		t.Fatalf("Read of a missing file = %v, want fs.ErrNotExist", err)
	}
}

func TestSaveCreatesTheFolderAndLoadsBack(t *testing.T) {
	f := progressFile(t.TempDir())
	save(t, f, doc{Version: 1, Items: map[string]int{"a": 2}})
	d, loaded, notice := load(t, f)
	if !loaded || notice != "" || d.Items["a"] != 2 {
		t.Fatalf("read back %+v, loaded %v, notice %q", d, loaded, notice)
	}
	b, _ := os.ReadFile(f.Path)
	if want := "{\n  \"version\": 1,\n  \"items\": {\n    \"a\": 2\n  }\n}\n"; string(b) != want {
		t.Fatalf("the file holds %q, want %q", b, want)
	}
	if got := names(t, filepath.Dir(f.Path)); len(got) != 1 || got[0] != "doc.json" {
		t.Fatalf("the folder holds %v: a temporary file was left behind", got)
	}
	if st, _ := os.Stat(filepath.Dir(f.Path)); st.Mode().Perm() != 0o755 {
		t.Errorf("the folder's mode is %v, want 0755", st.Mode().Perm())
	}
}

func TestModes(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		perm, want fs.FileMode
	}{{0, 0o600}, {0o644, 0o644}, {0o640, 0o640}} {
		f := File{Path: filepath.Join(dir, fmt.Sprintf("%o.json", c.perm)), Perm: c.perm}
		if err := f.Write([]byte("{}\n")); err != nil {
			t.Fatal(err)
		}
		st, err := os.Stat(f.Path)
		if err != nil || st.Mode().Perm() != c.want {
			t.Errorf("Perm %o: the file's mode is %v (%v), want %o", c.perm, st.Mode().Perm(), err, c.want)
		}
	}
}

func TestCorruptFileIsSetAside(t *testing.T) {
	for name, content := range map[string]string{
		"not json":      `{"version": 1, "items": {`,
		"wrong shape":   `{"version": 1, "items": [1, 2]}`,
		"wrong version": `{"version": 7, "items": {}}`,
		"empty":         ``,
	} {
		t.Run(name, func(t *testing.T) {
			f := progressFile(t.TempDir())
			os.MkdirAll(filepath.Dir(f.Path), 0o755)
			if err := os.WriteFile(f.Path, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			other := filepath.Join(filepath.Dir(f.Path), "other.json")
			os.WriteFile(other, []byte("keep"), 0o644)
			_, loaded, notice := load(t, f)
			aside := f.Path + ".corrupt-20261130T130000Z" // the time in UTC
			if loaded {
				t.Fatal("a corrupt file was loaded")
			}
			if !strings.HasPrefix(notice, "The test progress file was unreadable (") ||
				!strings.HasSuffix(notice, "; it was moved to "+aside+" and progress starts afresh.") {
				t.Fatalf("notice %q does not say where the file went", notice)
			}
			if b, err := os.ReadFile(aside); err != nil || string(b) != content {
				t.Fatalf("the file set aside holds %q (%v), want %q", b, err, content)
			}
			if _, err := os.Stat(f.Path); !errors.Is(err, fs.ErrNotExist) {
				t.Fatalf("the corrupt file is still in place: %v", err)
			}
			if b, _ := os.ReadFile(other); string(b) != "keep" {
				t.Fatal("another file in the folder changed")
			}
			// The next load is of a missing file: quiet.
			if _, loaded, notice := load(t, f); loaded || notice != "" {
				t.Fatalf("after setting aside: loaded %v, notice %q", loaded, notice)
			}
		})
	}
}

func TestWrongVersionNamesBothVersions(t *testing.T) {
	f := progressFile(t.TempDir())
	save(t, f, doc{Version: 7})
	_, _, notice := load(t, f)
	if !strings.Contains(notice, "(it has version 7, and this program reads version 1)") {
		t.Fatalf("notice %q", notice)
	}
	if Version(3, 3) != nil {
		t.Fatal("the same version is an error")
	}
}

// A second corrupt file set aside in the same second takes the next free
// name, so the first one set aside is not replaced.
func TestCorruptFilesOfOneSecondKeepEach(t *testing.T) {
	f := progressFile(t.TempDir())
	os.MkdirAll(filepath.Dir(f.Path), 0o755)
	base := f.Path + ".corrupt-20261130T130000Z"
	for k, content := range []string{"{first", "{second", "{third"} {
		os.WriteFile(f.Path, []byte(content), 0o644)
		_, loaded, notice := load(t, f)
		want := base
		if k > 0 {
			want = fmt.Sprintf("%s-%d", base, k+1)
		}
		if loaded || !strings.Contains(notice, "it was moved to "+want+" and") {
			t.Fatalf("load %d: loaded %v, notice %q; want it moved to %s", k+1, loaded, notice, want)
		}
	}
	for k, content := range []string{"{first", "{second", "{third"} {
		name := base
		if k > 0 {
			name = fmt.Sprintf("%s-%d", base, k+1)
		}
		if b, err := os.ReadFile(name); err != nil || string(b) != content {
			t.Errorf("%s holds %q (%v), want %q", name, b, err, content)
		}
	}
}

// A corrupt file that cannot be renamed (every name it could take is taken)
// stays in place, and the notice says so.
func TestCorruptFileThatCannotMove(t *testing.T) {
	f := progressFile(t.TempDir())
	base := f.Path + ".corrupt-20261130T130000Z"
	os.MkdirAll(base, 0o755)
	for k := 2; k <= asideTries; k++ {
		os.MkdirAll(fmt.Sprintf("%s-%d", base, k), 0o755)
	}
	os.WriteFile(f.Path, []byte("{not json"), 0o644)
	_, loaded, notice := load(t, f)
	if loaded || !strings.HasPrefix(notice, "The test progress file "+f.Path+" is unreadable (") ||
		!strings.Contains(notice, ") and could not be moved aside ("+base+" and the names "+base+"-2 to -9 are all taken)") || !strings.HasSuffix(notice, "; progress starts afresh.") {
		t.Fatalf("loaded %v, notice %q", loaded, notice)
	}
	if b, _ := os.ReadFile(f.Path); string(b) != "{not json" {
		t.Fatalf("the file in place holds %q", b)
	}
}

// A file that exists but cannot be read is an error, not a corrupt file:
// it is left where it is.
func TestUnreadableFileIsAnError(t *testing.T) {
	f := progressFile(t.TempDir())
	os.MkdirAll(f.Path, 0o755) // a folder where the file should be
	var d doc
	loaded, notice, err := f.Load(&d, nil, when)
	if loaded || notice != "" || err == nil || !strings.HasPrefix(err.Error(), "reading the test progress file: ") {
		t.Fatalf("loaded %v, notice %q, err %v", loaded, notice, err)
	}
	if errors.Is(err, ErrCorrupt) {
		t.Fatal("a read error matches ErrCorrupt")
	}
	if st, serr := os.Stat(f.Path); serr != nil || !st.IsDir() {
		t.Fatal("the unreadable path was moved")
	}
}

func TestReadTellsCorruptFromMissing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.json")
	os.WriteFile(path, []byte("{not json"), 0o644)
	err := Read(path, &doc{})
	var syntax *json.SyntaxError
	if !errors.Is(err, ErrCorrupt) || errors.Is(err, fs.ErrNotExist) || !errors.As(err, &syntax) {
		t.Fatalf("Read = %v, want ErrCorrupt wrapping the decoder's error", err)
	}
	if err.Error() != syntax.Error() {
		t.Fatalf("the message %q is not the decoder's %q", err, syntax)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal("Read moved the file")
	}
}

// A write that fails part-way (a full disk, say) leaves the old file whole
// and no temporary file behind.
func TestFailedWriteLeavesTheOldFileWhole(t *testing.T) {
	f := progressFile(t.TempDir())
	save(t, f, doc{Version: 1, Items: map[string]int{"old": 1}})
	before, _ := os.ReadFile(f.Path)

	full := errors.New("no space left on device")
	var wrote int
	f.write = func(tmp *os.File, data []byte) (int, error) {
		n, _ := tmp.Write(data[:len(data)/2])
		wrote = n
		return n, full
	}
	b, _ := Encode(doc{Version: 1, Items: map[string]int{"new": 2, "more": 3}})
	if err := f.Write(b); !errors.Is(err, full) {
		t.Fatalf("Write = %v, want the write's error", err)
	}
	if wrote == 0 {
		t.Fatal("the failing writer wrote nothing: the test proves nothing")
	}
	after, _ := os.ReadFile(f.Path)
	if string(after) != string(before) {
		t.Fatalf("the file changed to %q", after)
	}
	if got := names(t, filepath.Dir(f.Path)); len(got) != 1 {
		t.Fatalf("the folder holds %v: the temporary file was left behind", got)
	}
}

// A folder where nothing can be created: the write fails with the
// system's error and the old file stays.
func TestWriteIntoAFileFails(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "plain"), []byte("x"), 0o644)
	f := File{Path: filepath.Join(dir, "plain", "doc.json")}
	err := f.Write([]byte("{}\n"))
	var pe *fs.PathError
	if err == nil || !errors.As(err, &pe) {
		t.Fatalf("Write under a plain file = %v, want a *fs.PathError", err)
	}
}

func TestTempPattern(t *testing.T) {
	dir := t.TempDir()
	var seen []string
	for _, c := range []struct{ temp, glob string }{{"", ".doc.json.tmp-*"}, {".lessons-*.json", ".lessons-*.json"}} {
		f := File{Path: filepath.Join(dir, "doc.json"), Temp: c.temp}
		f.write = func(tmp *os.File, data []byte) (int, error) {
			seen = append(seen, filepath.Base(tmp.Name()))
			return tmp.Write(data)
		}
		if err := f.Write([]byte("{}\n")); err != nil {
			t.Fatal(err)
		}
		if ok, _ := filepath.Match(c.glob, seen[len(seen)-1]); !ok {
			t.Errorf("Temp %q: the temporary file was %s, want %s", c.temp, seen[len(seen)-1], c.glob)
		}
	}
}

// Saves from many goroutines (two sessions of one student share a store)
// each replace the file whole: it always decodes, ends as one of them, and
// no temporary file is left.
func TestConcurrentWrites(t *testing.T) {
	f := progressFile(t.TempDir())
	const n = 16
	var wg sync.WaitGroup
	errs := make(chan error, 2*n)
	for i := range n {
		wg.Go(func() {
			items := map[string]int{}
			for k := range 200 {
				items[fmt.Sprint("k", k)] = i
			}
			b, _ := Encode(doc{Version: 1, Items: items})
			errs <- f.Write(b)
			var d doc
			if loaded, notice, err := f.Load(&d, nil, when); !loaded || notice != "" || err != nil {
				errs <- fmt.Errorf("a reader saw a broken file: %q, %v", notice, err)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	d, loaded, _ := load(t, f)
	first := d.Items["k0"]
	for k, v := range d.Items {
		if v != first {
			t.Fatalf("the file mixes two saves: %s is %d, k0 is %d", k, v, first)
		}
	}
	if !loaded || len(d.Items) != 200 {
		t.Fatalf("loaded %v with %d items", loaded, len(d.Items))
	}
	if got := names(t, filepath.Dir(f.Path)); len(got) != 1 {
		t.Fatalf("the folder holds %v", got)
	}
}

func TestConfigPath(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the config directory is read from XDG_CONFIG_HOME and HOME on Linux only")
	}
	t.Setenv("XDG_CONFIG_HOME", "/cfg")
	if got, err := ConfigPath("lessons.json", "progress file"); err != nil || got != "/cfg/breakerlab/lessons.json" {
		t.Fatalf("ConfigPath = %q, %v", got, err)
	}
	// With neither XDG_CONFIG_HOME nor HOME, os.UserConfigDir has no answer
	// (os/file.go, UserConfigDir).
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("HOME", "")
	_, err := ConfigPath("challenges.json", "challenge progress file")
	if err == nil || !strings.HasPrefix(err.Error(), "finding the config directory for the challenge progress file: ") {
		t.Fatalf("ConfigPath without a home = %v", err)
	}
}

// A ReadOnly file (a command that only shows it) that is bad stays where it
// is, byte for byte, and the notice names it and says what is wrong; a
// write to it is refused; the next Load that may write sets it aside.
func TestReadOnlyLeavesABadFileInPlace(t *testing.T) {
	for name, content := range map[string]string{
		"not json":      `{"version": 1, "items": {`,
		"wrong version": `{"version": 7, "items": {}}`,
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			f := progressFile(dir)
			f.ReadOnly = true
			os.MkdirAll(filepath.Dir(f.Path), 0o755)
			if err := os.WriteFile(f.Path, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			before, _ := os.Stat(f.Path)
			_, loaded, notice := load(t, f)
			if loaded {
				t.Fatal("a bad file was loaded")
			}
			if !strings.HasPrefix(notice, "The test progress file "+f.Path+" is unreadable (") ||
				!strings.Contains(notice, "It was left as it is") || strings.Contains(notice, "moved to") {
				t.Fatalf("notice %q does not name the file, say what is wrong and that it stays", notice)
			}
			if got := names(t, filepath.Dir(f.Path)); len(got) != 1 || got[0] != "doc.json" {
				t.Fatalf("the folder holds %v, want doc.json alone", got)
			}
			after, _ := os.Stat(f.Path)
			if b, _ := os.ReadFile(f.Path); string(b) != content || !after.ModTime().Equal(before.ModTime()) {
				t.Fatalf("the file changed: %q", b)
			}
			if err := f.Write([]byte("{}\n")); !errors.Is(err, ErrReadOnly) || err.Error() != "the test progress file was opened to read only" {
				t.Fatalf("Write to a read-only file = %v, want ErrReadOnly naming the file", err)
			}
			if _, _, err := Save(f, doc{Version: 1}, mergeDocs, validDoc, when); !errors.Is(err, ErrReadOnly) {
				t.Fatalf("Save to a read-only file = %v, want ErrReadOnly", err)
			}
			if b, _ := os.ReadFile(f.Path); string(b) != content {
				t.Fatalf("a refused write changed the file: %q", b)
			}
			// A writer's Load sets it aside as ever.
			f.ReadOnly = false
			if _, loaded, notice := load(t, f); loaded || !strings.Contains(notice, "it was moved to "+f.Path+".corrupt-") {
				t.Fatalf("a writer's load: loaded %v, notice %q", loaded, notice)
			}
		})
	}
}

// A ReadOnly file that is good loads as any other.
func TestReadOnlyLoadsAGoodFile(t *testing.T) {
	f := progressFile(t.TempDir())
	save(t, f, doc{Version: 1, Items: map[string]int{"a": 2}})
	f.ReadOnly = true
	if d, loaded, notice := load(t, f); !loaded || notice != "" || d.Items["a"] != 2 {
		t.Fatalf("read back %+v, loaded %v, notice %q", d, loaded, notice)
	}
}
