package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// An -o whose name is a picture or a document the command cannot write is
// refused, naming the files it writes, and nothing is written: run wrote
// its table into slide.jpg and exited 0, while slide.png drew a picture.
// A text name still takes the table.
func TestOutputNameOfAFileTypeNotWrittenIsRefused(t *testing.T) {
	racefree.Only(t) // no goroutine: refusals, and a run, which starts none
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		file string
		want string
	}{
		{[]string{"run", "cascade"}, "slide.jpg", "a .jpg file is a picture, which run cannot write: it writes .json, .csv, .svg and .png files"},
		{[]string{"run", "cascade", "--format", "csv"}, "RESULTS.XLSX", "a .xlsx file is a spreadsheet, which run cannot write"},
		{[]string{"sweep", "cascade", "--vary", "workers=100..200:2", "--measure", "search.ok", "--seeds", "1"}, "s.pdf", "a .pdf file is a document, which sweep cannot write: it writes .csv, .json, .svg and .png files"},
	} {
		path := filepath.Join(dir, c.file)
		_, stderr, code := run(t, append(c.args, "-o", path)...)
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("%q -o %s: exit %d, %q; want exit %d and %q", c.args, c.file, code, stderr, exitUsage, c.want)
		}
		if _, err := os.Stat(path); err == nil {
			t.Errorf("%q -o %s wrote the file", c.args, c.file)
		}
	}
	path := filepath.Join(dir, "results.txt")
	if _, stderr, code := run(t, "run", "breaker-timeline", "-o", path); code != 0 {
		t.Fatalf("-o results.txt: exit %d: %s", code, stderr)
	}
}
