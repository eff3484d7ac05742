package exercises

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/breakerlab/breakerlab/lessons/store"
)

// A workbook is found from the folder a command runs in, upwards. A learner
// who ran `breakerlab exercises init` in one folder and `breakerlab` in
// another would be told they have none, and offered a second one with
// fresh progress; so the folder init wrote is kept in a small file beside
// the lessons' progress (os.UserConfigDir()/breakerlab), and a search that
// finds nothing names it. The file is the caller's to choose, as the
// lessons' is: tests and other programs that write workbooks never touch
// the learner's.

// rememberedVersion is the format of the file Remember writes.
const rememberedVersion = 1

// rememberedFile is what Remember writes.
type rememberedFile struct {
	Version int `json:"version"`
	// Dir is the folder of the workbook written last, absolute.
	Dir string `json:"dir"`
}

// RememberedPath is os.UserConfigDir()/breakerlab/workbook.json, where the
// program keeps the folder of the workbook init wrote last.
func RememberedPath() (string, error) {
	return store.ConfigPath("workbook.json", "record of your workbook's folder")
}

// Remember records in the file at path that the workbook in dir is the
// learner's, replacing the folder recorded before.
func Remember(path, dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return fmt.Errorf("cannot resolve %q: %w", dir, err)
	}
	b, err := store.Encode(rememberedFile{Version: rememberedVersion, Dir: abs})
	if err != nil {
		return err
	}
	if err := (store.File{Path: path, Perm: 0o644}).Write(b); err != nil {
		return fmt.Errorf("cannot remember where your workbook is (%s): %w", path, err)
	}
	return nil
}

// Remembered returns the folder recorded in the file at path, "" when
// nothing is (no file, or one this program cannot read: it only says
// where a workbook may be, so it is not worth an error).
func Remembered(path string) string {
	var f rememberedFile
	if path == "" || store.Read(path, &f) != nil || f.Version != rememberedVersion || !filepath.IsAbs(f.Dir) {
		return ""
	}
	return f.Dir
}

// NotFoundError is Find's error when no folder from Here upwards is a
// workbook. It wraps ErrNotWorkbook. FindRemembered fills in the workbook
// the learner wrote elsewhere.
type NotFoundError struct {
	// Here is the folder searched from, absolute.
	Here string
	// Remembered is the folder of the workbook init wrote last, "" when
	// none is remembered; where none is, or it is gone, the workbook in
	// Here's ./breakerlab-workbook, if there is one.
	Remembered string
	// Gone is set when Remembered holds no workbook any more: moved or
	// deleted.
	Gone bool
}

func (e *NotFoundError) Error() string {
	msg := fmt.Sprintf("%v: no go.mod declaring module %s in %s or above it", ErrNotWorkbook, ModulePath, e.Here)
	switch {
	case e.Remembered != "" && !e.Gone:
		return msg + fmt.Sprintf("; your workbook is in %s: run this there (cd %s)", e.Remembered, e.Remembered)
	case e.Remembered != "":
		return msg + fmt.Sprintf("; the workbook `breakerlab exercises init` wrote to %s is no longer there (moved or deleted?): "+
			"run this inside it where it is now, or create another with `breakerlab exercises init`", e.Remembered)
	}
	return msg + "; create one with `breakerlab exercises init` and run this inside it"
}

func (e *NotFoundError) Unwrap() error { return ErrNotWorkbook }

// FindRemembered is Find, and when dir is in no workbook, its
// *NotFoundError names the workbook remembered in the file at memory
// (Remember; "" remembers none) and says whether it is still there.
func FindRemembered(dir, memory string) (*Workbook, error) {
	w, err := Find(dir)
	var nf *NotFoundError
	if !errors.As(err, &nf) {
		return w, err
	}
	if rem := Remembered(memory); rem != "" {
		nf.Remembered, nf.Gone = rem, !isWorkbook(rem)
	}
	// The folder init writes to when given none, right here: a learner
	// who ran `breakerlab exercises init` and then the runner without
	// cd-ing into it was told to create one, which init then refuses
	// (the folder holds a workbook), when the config folder remembered
	// none, or one since gone. The home screen opens this one already.
	if nf.Remembered == "" || nf.Gone {
		if def := filepath.Join(nf.Here, DefaultDir); isWorkbook(def) {
			nf.Remembered, nf.Gone = def, false
		}
	}
	return nil, nf
}
