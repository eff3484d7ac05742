package exercises

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Outside any workbook, FindRemembered's error names the one remembered,
// and says when it is no longer there; Find's names none.
func TestFindRememberedNamesTheWorkbookElsewhere(t *testing.T) {
	w := newWorkbook(t)
	memory := filepath.Join(t.TempDir(), "cfg", "breakerlab", "workbook.json")
	elsewhere := t.TempDir()

	var nf *NotFoundError
	if _, err := FindRemembered(elsewhere, memory); !errors.As(err, &nf) || nf.Remembered != "" || !errors.Is(err, ErrNotWorkbook) {
		t.Fatalf("nothing remembered: %v", err)
	}
	if err := Remember(memory, w.Dir); err != nil {
		t.Fatal(err)
	}
	_, err := FindRemembered(elsewhere, memory)
	if !errors.As(err, &nf) || nf.Remembered != w.Dir || nf.Gone || !errors.Is(err, ErrNotWorkbook) {
		t.Fatalf("remembered %s: %#v", w.Dir, err)
	}
	if !strings.Contains(err.Error(), "your workbook is in "+w.Dir) {
		t.Errorf("the error does not say where the workbook is: %v", err)
	}
	if _, err := Find(elsewhere); !errors.As(err, &nf) || nf.Remembered != "" {
		t.Errorf("Find reads the memory: %v", err)
	}
	// Inside a workbook, that one, whatever is remembered.
	if got, err := FindRemembered(w.Dir, memory); err != nil || got.Dir != w.Dir {
		t.Fatalf("inside the workbook: %v, %v", got, err)
	}

	moved := w.Dir + "-moved"
	if err := os.Rename(w.Dir, moved); err != nil {
		t.Fatal(err)
	}
	_, err = FindRemembered(elsewhere, memory)
	if !errors.As(err, &nf) || nf.Remembered != w.Dir || !nf.Gone || !strings.Contains(err.Error(), "no longer there") {
		t.Fatalf("the remembered workbook moved away: %v", err)
	}
}

// A learner who ran `breakerlab exercises init` and then the runner in the
// same folder, without cd-ing into ./breakerlab-workbook, was told to
// create a workbook with init, which refuses that folder (it holds one),
// when the config folder remembered no workbook or one since moved. The
// error names ./breakerlab-workbook, where the home screen finds it too.
func TestFindRememberedNamesTheWorkbookInitWroteHere(t *testing.T) {
	here := t.TempDir()
	w, err := Init(filepath.Join(here, DefaultDir))
	if err != nil {
		t.Fatal(err)
	}
	memory := filepath.Join(t.TempDir(), "cfg", "breakerlab", "workbook.json")
	var nf *NotFoundError
	_, err = FindRemembered(here, memory)
	if !errors.As(err, &nf) || nf.Remembered != w.Dir || nf.Gone || !strings.Contains(err.Error(), "your workbook is in "+w.Dir+": run this there") {
		t.Fatalf("nothing remembered, a workbook in ./%s: %v", DefaultDir, err)
	}
	// Remembered, but moved away: the one here is named, not the gone one.
	if err := Remember(memory, filepath.Join(t.TempDir(), "gone")); err != nil {
		t.Fatal(err)
	}
	if _, err = FindRemembered(here, memory); !errors.As(err, &nf) || nf.Remembered != w.Dir || nf.Gone {
		t.Fatalf("a remembered workbook gone, one in ./%s: %v", DefaultDir, err)
	}
	// A workbook remembered and still there is named first: init wrote it last.
	other := newWorkbook(t)
	if err := Remember(memory, other.Dir); err != nil {
		t.Fatal(err)
	}
	if _, err = FindRemembered(here, memory); !errors.As(err, &nf) || nf.Remembered != other.Dir {
		t.Fatalf("a remembered workbook and one in ./%s: %v", DefaultDir, err)
	}
}
