package exercises

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"

	"github.com/breakerlab/breakerlab/lessons/store"
)

// testsRecordVersion is the format of the record of the bundled tests a
// workbook wrote; a file of another version counts as no record.
const testsRecordVersion = 1

// testsRecord is .breakerlab/tests.json: what the workbook last wrote of
// each bundled test file (at init, reset and reset --tests), so that a test
// file that differs from the bundled one can be told apart: the learner
// edited it, or the catalog's tests changed since the workbook wrote it.
type testsRecord struct {
	Version int `json:"version"`
	// Written maps "exercise/file" (01-consecutive-breaker/breaker_test.go)
	// to the hash of what the workbook wrote there, line endings as LF.
	Written map[string]string `json:"written"`
}

func (w *Workbook) testsRecordPath() string { return filepath.Join(w.Dir, stateDir, "tests.json") }

// testsRecordFile is the record file's name in the workbook, for Init.
var testsRecordFile = filepath.Join(stateDir, "tests.json")

// testHash is the hash a record keeps of a test file; line endings do not
// count, as in EditedTests.
func testHash(b []byte) string { return hashHex(bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))) }

func testKey(e Exercise, name string) string { return path.Join(e.Name, name) }

// loadTestsRecord reads the record; a missing, unreadable or foreign one is
// an empty record: nothing known of what was written.
func loadTestsRecord(p string) testsRecord {
	var r testsRecord
	if err := store.Read(p, &r); err != nil || r.Version != testsRecordVersion || r.Written == nil {
		return testsRecord{Version: testsRecordVersion, Written: map[string]string{}}
	}
	return r
}

// newTestsRecord is the record of a new workbook: every bundled test.
func newTestsRecord() ([]byte, error) {
	r := testsRecord{Version: testsRecordVersion, Written: map[string]string{}}
	for _, e := range catalog {
		for name, b := range e.TestFiles() {
			r.Written[testKey(e, name)] = testHash(b)
		}
	}
	return store.Encode(r)
}

// recordTests notes that the bundled tests of e, files, were just written.
// A workbook made before the record existed starts one here.
func (w *Workbook) recordTests(e Exercise, files map[string][]byte) error {
	w.testsMu.Lock()
	defer w.testsMu.Unlock()
	r := loadTestsRecord(w.testsRecordPath())
	for name, b := range files {
		r.Written[testKey(e, name)] = testHash(b)
	}
	b, err := store.Encode(r)
	if err != nil {
		return fmt.Errorf("cannot encode the record of the tests: %w", err)
	}
	if err := writeAtomic(w.testsRecordPath(), b); err != nil {
		return fmt.Errorf("cannot save the record of the tests: %w", err)
	}
	return nil
}

// TestChanges sorts the bundled test files of an exercise that differ from
// the bundled ones by why, as far as the workbook knows.
type TestChanges struct {
	// Updated are as the workbook wrote them: the bundled tests changed
	// since (a newer breakerlab), and the learner did not touch them.
	Updated []string
	// Edited differ from what the workbook wrote: the learner changed them.
	Edited []string
	// Unknown differ, and the workbook has no record of what it wrote (it
	// was made before it kept one): either could be the case.
	Unknown []string
}

// Any reports whether any test file differs from the bundled one.
func (c TestChanges) Any() bool { return len(c.Updated)+len(c.Edited)+len(c.Unknown) > 0 }

// Learners are the files that may hold changes of the learner's: Edited
// and Unknown, sorted.
func (c TestChanges) Learners() []string {
	out := append(append([]string(nil), c.Edited...), c.Unknown...)
	sort.Strings(out)
	return out
}

// ChangedTests is EditedTests, each file sorted by why it differs.
func (w *Workbook) ChangedTests(e Exercise) TestChanges {
	var c TestChanges
	edited := w.EditedTests(e)
	if len(edited) == 0 {
		return c
	}
	w.testsMu.Lock()
	r := loadTestsRecord(w.testsRecordPath())
	w.testsMu.Unlock()
	for _, name := range edited {
		want, ok := r.Written[testKey(e, name)]
		got, err := os.ReadFile(filepath.Join(w.ExerciseDir(e), name))
		switch {
		case !ok || err != nil:
			c.Unknown = append(c.Unknown, name)
		case testHash(got) == want:
			c.Updated = append(c.Updated, name)
		default:
			c.Edited = append(c.Edited, name)
		}
	}
	return c
}

// markUpdated puts in b.Updated the bundled tests of e that b copied as the
// workbook wrote them, by the record: the catalog's tests changed since,
// and the learner did not touch the copy. It reads the copies themselves,
// so a file that differs from the bundled one only in comments (which
// EditedTests, and so ChangedTests, overlook) is told apart too.
func (w *Workbook) markUpdated(e Exercise, b *Backup) {
	w.testsMu.Lock()
	r := loadTestsRecord(w.testsRecordPath())
	w.testsMu.Unlock()
	tests := e.TestFiles()
	for _, name := range b.Files {
		want, ok := r.Written[testKey(e, name)]
		if _, bundled := tests[name]; !bundled || !ok {
			continue
		}
		if got, err := os.ReadFile(filepath.Join(b.Dir, name)); err == nil && testHash(got) == want {
			b.Updated = append(b.Updated, name)
		}
	}
}
