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
