package exercises

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
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

// stateDir holds the progress file, the record of the tests written
// (tests.json) and reset backups. Its leading dot keeps
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

	testsMu sync.Mutex // guards the record of the tests written (testsrecord.go)

	// beforeReplace, if set, is called as a reset or a restore of the
	// tests is about to replace each file (replaceFiles): tests land a
	// learner's save there.
	beforeReplace func(path string)
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
	rec, err := newTestsRecord()
	if err != nil {
		return fmt.Errorf("cannot encode the record of the tests: %w", err)
	}
	files[testsRecordFile] = rec
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
	b.WriteString("    breakerlab exercises hint 1     a hint about a test that failed at your last check\n")
	b.WriteString("    go test ./01-consecutive-breaker/   plain go works too\n\n")
	b.WriteString("Your progress is kept in .breakerlab/progress.json; if it is lost, checking again\n")
	b.WriteString("rebuilds it. Solutions are written to solutions/ only when you ask for them.\n\n")
	for _, e := range catalog {
		fmt.Fprintf(&b, "- `%s`: %s\n", e.Name, e.Title)
	}
	return b.String()
}

// Find returns the workbook that holds dir: dir itself or the nearest
// folder above it whose go.mod declares module breakerlab-workbook. When
// there is none, the error is a *NotFoundError.
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
	return nil, &NotFoundError{Here: abs}
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

// Backup says where a command that replaced files in the workbook put
// copies of them.
type Backup struct {
	Dir   string   // the folder of the copies; "" when nothing needed saving
	Files []string // the names of the files copied into Dir, sorted
	// Moved names the Go files the learner added that a reset moved out
	// of the exercise's folder into Dir, sorted.
	Moved []string
	// Updated names the files of Files that are bundled tests as the
	// workbook wrote them, older than this breakerlab's (markUpdated): the
	// learner never changed them, so the note does not call them theirs.
	// Sorted.
	Updated []string
}

// Note says where the learner's files went, in the words `breakerlab
// exercises reset` prints and the runner shows, without a full stop: "Your
// previous breaker.go is in DIR", then for bundled tests the learner never
// changed, replaced by newer ones (Updated), "; the bundled
// breaker_test.go was updated since your workbook got it; the old copy is
// kept there too", then for files moved "; helpers.go, a file you added,
// was moved there too" (or alone, "helpers.go, a file you added, was moved
// to DIR"); "" when nothing was copied or moved. DIR is
// shown relative to base (the workbook's folder) when it is under it, and
// whole when base is "".
func (b Backup) Note(base string) string {
	if b.Dir == "" {
		return ""
	}
	var parts []string
	where := "to " + b.shown(base)
	var yours []string
	for _, name := range b.Files {
		if !slices.Contains(b.Updated, name) {
			yours = append(yours, name)
		}
	}
	if len(yours) > 0 {
		parts = append(parts, fmt.Sprintf("Your previous %s %s", listFiles(yours), b.shown(base)))
		where = "there too"
	}
	if len(b.Updated) > 0 {
		// The learner never changed these: what happened is that this
		// breakerlab bundles newer tests than the workbook was given.
		the, old, in := "The", "the old copy is kept in "+b.shown(base), "was"
		if len(yours) > 0 {
			the, old = "the", "the old copy is kept there too"
		}
		if len(b.Updated) > 1 {
			old, in = strings.Replace(old, "copy is", "copies are", 1), "were"
		}
		parts = append(parts, fmt.Sprintf("%s bundled %s %s updated since your workbook got it; %s", the, joinNames(b.Updated), in, old))
		where = "there too"
	}
	switch n := len(b.Moved); {
	case n == 1:
		parts = append(parts, fmt.Sprintf("%s, a file you added, was moved %s", b.Moved[0], where))
	case n > 1:
		parts = append(parts, fmt.Sprintf("%s, files you added, were moved %s", joinNames(b.Moved), where))
	}
	return strings.Join(parts, "; ")
}

// joinNames is "a.go", "a.go and b.go", "a.go, b.go and c.go".
func joinNames(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// SolutionNote is Note for a solution written over a copy of it the
// learner changed: "The solution replaced your changed copy of breaker.go;
// it is kept in DIR".
func (b Backup) SolutionNote(base string) string {
	if b.Dir == "" {
		return ""
	}
	return fmt.Sprintf("The solution replaced your changed copy of %s; it is kept in %s", strings.Join(b.Files, ", "), b.shown(base))
}

// shown is Dir relative to base when it is under it.
func (b Backup) shown(base string) string {
	if base != "" {
		if rel, ok := strings.CutPrefix(b.Dir, base+string(os.PathSeparator)); ok {
			return rel
		}
	}
	return b.Dir
}

// listFiles is "a.go", "a.go and b.go", "a.go, b.go and c.md", followed by
// "is in" or "are in".
func listFiles(names []string) string {
	switch len(names) {
	case 0:
		return "files are in"
	case 1:
		return names[0] + " is in"
	}
	return joinNames(names) + " are in"
}

// Reset puts the exercise's stub back, with its bundled tests and README.
// Every file it replaces that holds something else (the learner's code, a
// test or a note they added to the test file or README) is first copied
// to a backup folder, whose path Reset returns ("" if nothing needed
// saving); nothing is lost. The Go files the learner added (a helpers.go,
// tests of their own) are moved into the same folder: left in place, they
// are compiled with the stub, and a helper that defines what the stub
// defines, or declares another package, keeps the exercise that was to
// start over from compiling. Other files (notes) are left alone.
func (w *Workbook) Reset(e Exercise) (backup string, err error) {
	b, err := w.ResetWithBackup(e)
	return b.Dir, err
}

// ResetWithBackup is Reset, saying which files it copied.
func (w *Workbook) ResetWithBackup(e Exercise) (Backup, error) {
	dir := w.ExerciseDir(e)
	files := e.StubFiles()
	for name, b := range e.TestFiles() {
		files[name] = b
	}
	files["README.md"] = []byte(e.README())
	root := filepath.Join(w.Dir, BackupFolder(e))
	b, err := w.backUp(root, dir, files)
	if err != nil {
		return Backup{}, fmt.Errorf("%w, so nothing was reset", err)
	}
	w.markUpdated(e, &b)
	if err := moveAdded(root, dir, files, &b); err != nil {
		return Backup{}, fmt.Errorf("%w, so nothing was reset", err)
	}
	if err := replaceFiles(root, dir, files, &b, w.beforeReplace); err != nil {
		return b, err
	}
	if err := w.recordTests(e, e.TestFiles()); err != nil {
		return b, err
	}
	w.forget(e) // starting over: it is pending again
	return b, nil
}

// backUp copies each of the files in dir that would change if files were
// written over them into a new folder under root (named after the time),
// and says which it copied. Files that do not exist, or already hold what
// would be written, need no copy.
func (w *Workbook) backUp(root, dir string, files map[string][]byte) (Backup, error) {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	var b Backup
	for _, name := range names {
		old, err := os.ReadFile(filepath.Join(dir, name))
		if errors.Is(err, fs.ErrNotExist) || (err == nil && bytes.Equal(old, files[name])) {
			continue
		}
		if err != nil {
			return Backup{}, fmt.Errorf("cannot read %s to back it up: %w", name, err)
		}
		if b.Dir == "" {
			if b.Dir, err = newBackupDir(root); err != nil {
				return Backup{}, err
			}
		}
		if err := os.WriteFile(filepath.Join(b.Dir, name), old, 0o644); err != nil {
			return Backup{}, fmt.Errorf("cannot back up %s: %w", name, err)
		}
		b.Files = append(b.Files, name)
	}
	return b, nil
}

// moveAdded moves the Go files in dir that are not among files (the ones
// the learner added) into the backup folder b, creating it under root if
// there is none yet, and adds their names to b.Moved. If one cannot be
// moved, those moved already go back, and the error says which failed.
func moveAdded(root, dir string, files map[string][]byte, b *Backup) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil // a missing folder holds nothing to move
		}
		return fmt.Errorf("cannot list %s: %w", dir, err)
	}
	var added []string
	for _, ent := range entries { // ReadDir sorts by name
		if _, ours := files[ent.Name()]; !ours && ent.Type().IsRegular() && strings.HasSuffix(ent.Name(), ".go") {
			added = append(added, ent.Name())
		}
	}
	if len(added) == 0 {
		return nil
	}
	if b.Dir == "" {
		if b.Dir, err = newBackupDir(root); err != nil {
			return err
		}
	}
	for i, name := range added {
		if err := os.Rename(filepath.Join(dir, name), filepath.Join(b.Dir, name)); err != nil {
			for _, back := range added[:i] {
				os.Rename(filepath.Join(b.Dir, back), filepath.Join(dir, back))
			}
			return fmt.Errorf("cannot move %s, a file you added, into the backup folder: %w", name, err)
		}
	}
	b.Moved = added
	return nil
}

// newBackupDir creates a new folder under root named after the time, with
// a suffix if a backup made in the same millisecond took that name.
func newBackupDir(root string) (string, error) {
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", fmt.Errorf("cannot create the backup folder: %w", err)
	}
	base := filepath.Join(root, time.Now().Format("20060102-150405.000"))
	for i := 1; ; i++ {
		d := base
		if i > 1 {
			d = fmt.Sprintf("%s-%d", base, i)
		}
		err := os.Mkdir(d, 0o755)
		if err == nil {
			return d, nil
		}
		if !errors.Is(err, fs.ErrExist) || i >= 100 {
			return "", fmt.Errorf("cannot create the backup folder: %w", err)
		}
	}
}

// EditedTests returns the bundled test files that are in the exercise's
// folder but differ from the bundled ones in what they check
// (sameTestCode). Line endings do not count: an editor on Windows may
// write CRLF; nor do comments and layout.
func (w *Workbook) EditedTests(e Exercise) []string {
	var edited []string
	for name, want := range e.TestFiles() {
		got, err := os.ReadFile(filepath.Join(w.ExerciseDir(e), name))
		if err != nil {
			continue // missing: MissingTests says so
		}
		if !sameTestCode(got, want) {
			edited = append(edited, name)
		}
	}
	sort.Strings(edited)
	return edited
}

// RestoreTests writes the bundled test files back, leaving the learner's
// code alone, and any file the workbook gave to build on that is missing
// (MissingGivenFiles). A test file the learner changed is copied to a
// backup folder first.
func (w *Workbook) RestoreTests(e Exercise) error {
	_, err := w.RestoreTestsWithBackup(e)
	return err
}

// RestoreTestsWithBackup is RestoreTests, saying which files it copied. It
// refuses when the exercise's folder is missing: writing the tests alone
// into a new folder would leave the learner's code, perhaps in a folder
// they renamed, behind.
func (w *Workbook) RestoreTestsWithBackup(e Exercise) (Backup, error) {
	if msg, missing := w.missingFolder(e); missing {
		return Backup{}, errors.New(msg)
	}
	dir := w.ExerciseDir(e)
	files := e.TestFiles()
	root := filepath.Join(w.Dir, BackupFolder(e))
	b, err := w.backUp(root, dir, files)
	if err != nil {
		return Backup{}, fmt.Errorf("%w, so no test was restored", err)
	}
	w.markUpdated(e, &b)
	// A file the workbook gave to build on, lost, is put back too: like
	// the tests it holds nothing of the learner's, and it is missing only,
	// so nothing is overwritten.
	given := map[string][]byte{}
	for _, name := range w.MissingGivenFiles(e) {
		given[name] = e.StubFiles()[name]
	}
	if err := replaceFiles(root, dir, given, &b, w.beforeReplace); err != nil {
		return b, err
	}
	if err := replaceFiles(root, dir, files, &b, w.beforeReplace); err != nil {
		return b, err
	}
	return b, w.recordTests(e, files)
}

// WriteSolution writes the solution into the workbook's solutions folder
// (never over the learner's files) and returns the folder. A solution file
// the learner changed there (notes of their own, say) is copied to a
// backup folder first.
func (w *Workbook) WriteSolution(e Exercise) (string, error) {
	dir, _, err := w.WriteSolutionWithBackup(e)
	return dir, err
}

// WriteSolutionWithBackup is WriteSolution, saying which files it copied.
func (w *Workbook) WriteSolutionWithBackup(e Exercise) (string, Backup, error) {
	dir := w.SolutionDir(e)
	files := e.SolutionFiles()
	b, err := w.backUp(filepath.Join(w.Dir, stateDir, "backup", "solutions", e.Name), dir, files)
	if err != nil {
		return dir, Backup{}, fmt.Errorf("%w, so the solution was not written", err)
	}
	return dir, b, writeFiles(dir, files)
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
