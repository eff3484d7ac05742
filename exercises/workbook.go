package exercises

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/breakerlab/breakerlab/lessons/store"
)

// ModulePath is the module path written into every workbook's go.mod; it is
// also how a folder is recognised as a workbook.
const ModulePath = "breakerlab-workbook"

// GoVersion is the go line of a workbook's go.mod: the tests use
// testing/synctest, which needs Go 1.25.
const GoVersion = "1.25"

// DefaultDir is where `breakerlab exercises init` writes when given no
// folder.
const DefaultDir = "breakerlab-workbook"

// stateDir holds the progress file and reset backups. Its leading dot keeps
// the go tool out of it.
const stateDir = ".breakerlab"

// Errors that callers may want to tell apart.
var (
	ErrNotWorkbook = errors.New("not inside a breakerlab workbook")
	ErrExists      = errors.New("the folder is not empty")
)

// Workbook is a learner's module of exercises on disk. Its methods are safe
// for concurrent use.
type Workbook struct {
	Dir string // absolute

	mu       sync.Mutex
	progress Progress
	loadErr  error // why the progress file could not be read, if it could not
}

// Init writes a new workbook into dir and returns it. It never overwrites
// anything: if dir exists and holds any file, Init writes nothing and
// returns an error wrapping ErrExists.
func Init(dir string) (*Workbook, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("cannot resolve %q: %w", dir, err)
	}
	switch entries, err := os.ReadDir(abs); {
	case err == nil && len(entries) > 0:
		what := "files"
		if isWorkbook(abs) {
			what = "a workbook"
		}
		return nil, fmt.Errorf("%w: %s already holds %s, and a workbook never overwrites anything; "+
			"choose a new folder, or remove this one to start over", ErrExists, abs, what)
	case err == nil:
		// An empty folder: write straight into it, each file created
		// exclusively.
		if err := writeWorkbook(abs); err != nil {
			return nil, err
		}
	case errors.Is(err, fs.ErrNotExist):
		// Build it next to where it goes, then move it into place in one
		// step, so that a failure halfway leaves nothing behind.
		parent := filepath.Dir(abs)
		if err := os.MkdirAll(parent, 0o755); err != nil {
			return nil, fmt.Errorf("cannot create %s: %w", parent, err)
		}
		tmp, err := os.MkdirTemp(parent, "."+filepath.Base(abs)+".tmp-")
		if err != nil {
			return nil, fmt.Errorf("cannot write in %s: %w", parent, err)
		}
		if err := writeWorkbook(tmp); err != nil {
			os.RemoveAll(tmp)
			return nil, err
		}
		if err := os.Chmod(tmp, 0o755); err != nil {
			os.RemoveAll(tmp)
			return nil, fmt.Errorf("cannot set permissions on %s: %w", tmp, err)
		}
		if err := os.Rename(tmp, abs); err != nil {
			os.RemoveAll(tmp)
			return nil, fmt.Errorf("cannot move the new workbook into %s: %w", abs, err)
		}
	default:
		return nil, fmt.Errorf("cannot use %s: %w", abs, err)
	}
	w, err := Open(abs)
	if err != nil {
		return nil, err
	}
	// A new workbook starts with a progress file, so that nothing looks
	// lost: nothing is done yet.
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.saveLocked(); err != nil {
		return nil, err
	}
	return w, nil
}

func writeWorkbook(dir string) error {
	files := map[string][]byte{
		"go.mod":    []byte("module " + ModulePath + "\n\ngo " + GoVersion + "\n"),
		"README.md": []byte(workbookREADME()),
	}
	for _, e := range catalog {
		for name, b := range e.StubFiles() {
			files[filepath.Join(e.Name, name)] = b
		}
		for name, b := range e.TestFiles() {
			files[filepath.Join(e.Name, name)] = b
		}
		files[filepath.Join(e.Name, "README.md")] = []byte(e.README())
	}
	for name, b := range files {
		if err := createNew(filepath.Join(dir, name), b); err != nil {
			return err
		}
	}
	return nil
}

// createNew writes a file that must not exist yet.
func createNew(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("cannot create %s: %w", filepath.Dir(path), err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("cannot create %s: %w", path, err)
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	return nil
}

func workbookREADME() string {
	var b strings.Builder
	b.WriteString("# breakerlab workbook\n\n")
	b.WriteString("One folder per exercise. In each: a README with the task, a stub with `// TODO`s,\n")
	b.WriteString("and the tests that grade it. Edit the stub until its tests pass.\n\n")
	b.WriteString("    breakerlab exercises            the runner: re-tests on every save (h hint, n next, l list)\n")
	b.WriteString("    breakerlab exercises list       where you are\n")
	b.WriteString("    breakerlab exercises check 1    grade one exercise (or all, without an ID)\n")
	b.WriteString("    breakerlab exercises hint 1     a hint\n")
	b.WriteString("    go test ./01-consecutive-breaker/   plain go works too\n\n")
	b.WriteString("Your progress is kept in .breakerlab/progress.json; if it is lost, checking again\n")
	b.WriteString("rebuilds it. Solutions are written to solutions/ only when you ask for them.\n\n")
	for _, e := range catalog {
		fmt.Fprintf(&b, "- `%s`: %s\n", e.Name, e.Title)
	}
	return b.String()
}

// Find returns the workbook that holds dir: dir itself or the nearest
// folder above it whose go.mod declares module breakerlab-workbook.
func Find(dir string) (*Workbook, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("cannot resolve %q: %w", dir, err)
	}
	for d := abs; ; d = filepath.Dir(d) {
		if isWorkbook(d) {
			return Open(d)
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return nil, fmt.Errorf("%w: no go.mod declaring module %s in %s or above it; create one with `breakerlab exercises init` and run this inside it",
		ErrNotWorkbook, ModulePath, abs)
}

func isWorkbook(dir string) bool {
	f, err := os.Open(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 2 && fields[0] == "module" {
			return strings.Trim(fields[1], `"`) == ModulePath
		}
	}
	return false
}

// Open returns the workbook in dir and reads its progress. A missing or
// unreadable progress file is not an error here: ProgressLost reports it,
// and checking again rebuilds it.
func Open(dir string) (*Workbook, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("cannot resolve %q: %w", dir, err)
	}
	if !isWorkbook(abs) {
		return nil, fmt.Errorf("%w: %s has no go.mod declaring module %s", ErrNotWorkbook, abs, ModulePath)
	}
	w := &Workbook{Dir: abs}
	w.progress, w.loadErr = loadProgress(w.progressPath())
	return w, nil
}

// ExerciseDir returns the folder of an exercise in the workbook.
func (w *Workbook) ExerciseDir(e Exercise) string { return filepath.Join(w.Dir, e.Name) }

// SolutionDir returns where WriteSolution puts an exercise's solution.
func (w *Workbook) SolutionDir(e Exercise) string { return filepath.Join(w.Dir, "solutions", e.Name) }

// MainFile returns the path of the file the learner edits for e.
func (w *Workbook) MainFile(e Exercise) string { return filepath.Join(w.ExerciseDir(e), e.MainFile()) }

// MissingTests returns the bundled test files that are not in the
// exercise's folder.
func (w *Workbook) MissingTests(e Exercise) []string {
	var missing []string
	for name := range e.TestFiles() {
		if _, err := os.Stat(filepath.Join(w.ExerciseDir(e), name)); err != nil {
			missing = append(missing, name)
		}
	}
	sort.Strings(missing)
	return missing
}

// Reset puts the exercise's stub back. The learner's current files are
// first copied to a backup folder, whose path Reset returns; nothing is
// lost. Files the learner added are left alone.
func (w *Workbook) Reset(e Exercise) (backup string, err error) {
	dir := w.ExerciseDir(e)
	backup = filepath.Join(w.Dir, stateDir, "backup", e.Name, time.Now().Format("20060102-150405.000"))
	saved := 0
	for name := range e.StubFiles() {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("cannot read %s to back it up, so nothing was reset: %w", name, err)
		}
		if err := os.MkdirAll(backup, 0o755); err != nil {
			return "", fmt.Errorf("cannot create the backup folder, so nothing was reset: %w", err)
		}
		if err := os.WriteFile(filepath.Join(backup, name), b, 0o644); err != nil {
			return "", fmt.Errorf("cannot back up %s, so nothing was reset: %w", name, err)
		}
		saved++
	}
	if saved == 0 {
		backup = ""
	}
	files := e.StubFiles()
	for name, b := range e.TestFiles() {
		files[name] = b
	}
	files["README.md"] = []byte(e.README())
	if err := writeFiles(dir, files); err != nil {
		return backup, err
	}
	w.setDone(e, false, "")
	return backup, nil
}

// RestoreTests writes the bundled test files back, leaving the learner's
// code alone.
func (w *Workbook) RestoreTests(e Exercise) error {
	return writeFiles(w.ExerciseDir(e), e.TestFiles())
}

// WriteSolution writes the solution into the workbook's solutions folder
// (never over the learner's files) and returns the folder.
func (w *Workbook) WriteSolution(e Exercise) (string, error) {
	dir := w.SolutionDir(e)
	return dir, writeFiles(dir, e.SolutionFiles())
}

// writeFiles writes each file atomically, creating dir if needed.
func writeFiles(dir string, files map[string][]byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot create %s: %w", dir, err)
	}
	for name, b := range files {
		if err := writeAtomic(filepath.Join(dir, name), b); err != nil {
			return err
		}
	}
	return nil
}

// writeAtomic replaces path with b, mode 0o644: it writes a temporary file
// in the same folder and renames it over path (lessons/store), so readers
// see the old or the new content, never half of it.
func writeAtomic(path string, b []byte) error {
	if err := (store.File{Path: path, Perm: 0o644}).Write(b); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	return nil
}

// fingerprint identifies the content of the exercise's Go files, so that a
// recorded pass counts only while the code is unchanged.
func (w *Workbook) fingerprint(e Exercise) string {
	dir := w.ExerciseDir(e)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	var buf bytes.Buffer
	for _, ent := range entries { // ReadDir sorts by name
		if ent.IsDir() || !strings.HasSuffix(ent.Name(), ".go") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, ent.Name()))
		if err != nil {
			continue
		}
		fmt.Fprintf(&buf, "%s\x00%d\x00", ent.Name(), len(b))
		buf.Write(b)
	}
	return hashHex(buf.Bytes())
}
