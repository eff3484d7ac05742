package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// An -o in a folder that does not exist, or under a file, names the folder
// and says what to give instead: "no such file or directory" alone read as
// if the picture itself were missing.
func TestPictureOutputFolderMissing(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	dir := t.TempDir()
	file := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		out  string
		want string
	}{
		{[]string{"run", "checkout"}, filepath.Join(dir, "no", "such", "c.svg"), "the folder " + filepath.Join(dir, "no", "such") + " does not exist; create it first, or give -o a file in a folder that exists"},
		{[]string{"sweep", "cascade", "--vary", "workers=100..200:2", "--measure", "search.ok", "--seeds", "1"}, filepath.Join(dir, "gone", "s.png"), "the folder " + filepath.Join(dir, "gone") + " does not exist"},
		{[]string{"run", "checkout"}, filepath.Join(file, "c.png"), "part of the folder " + file + " is a file, not a folder"},
	} {
		_, stderr, code := run(t, append(c.args, "-o", c.out)...)
		if code != 2 || !strings.Contains(stderr, "cannot write "+c.out+": "+c.want) {
			t.Errorf("%q -o %s: exit %d, %s; want exit 2 and %q", c.args, c.out, code, stderr, c.want)
		}
	}
}
