package unidiff

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const base = `package p

func a() int {
	return 1
}

func b() int {
	return 2
}

func c() int {
	return 3
}
`

// What `diff -U1` writes for changing b to return 20 and adding a line to c.
const twoHunks = `Mutant: b and c are wrong.

--- a/p.go	2026-01-01 00:00:00.000000000 +0000
+++ b/p.go	2026-01-01 00:00:00.000000000 +0000
@@ -7,3 +7,3 @@
 func b() int {
-	return 2
+	return 20
 }
@@ -11,2 +11,3 @@
 func c() int {
+	println("c")
 	return 3
`

// The same change as `diff -u` writes it: one hunk, with blank context
// lines.
const oneHunk = `--- a/p.go
+++ b/p.go
@@ -5,9 +5,10 @@
 }
 
 func b() int {
-	return 2
+	return 20
 }
 
 func c() int {
+	println("c")
 	return 3
 }
`

const want = `package p

func a() int {
	return 1
}

func b() int {
	return 20
}

func c() int {
	println("c")
	return 3
}
`

func mustParse(t *testing.T, s string) *Patch {
	t.Helper()
	p, err := Parse([]byte(s))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return p
}

func TestParseAndApply(t *testing.T) {
	p := mustParse(t, twoHunks)
	if p.Preamble != "Mutant: b and c are wrong.\n\n" {
		t.Errorf("preamble %q", p.Preamble)
	}
	if len(p.Files) != 1 || p.Files[0].Name != "p.go" || len(p.Files[0].Hunks) != 2 {
		t.Fatalf("parsed %+v, want one file p.go with two hunks", p.Files)
	}
	h := p.Files[0].Hunks[1]
	if h.OldStart != 11 || h.OldLines != 2 || h.NewStart != 11 || h.NewLines != 3 || h.At != 10 {
		t.Errorf("second hunk %+v", h)
	}
	got, err := p.Apply(map[string][]byte{"p.go": []byte(base), "other.go": []byte("x\n")})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || string(got["p.go"]) != want {
		t.Errorf("Apply gave %v files; p.go:\n%s\nwant:\n%s", len(got), got["p.go"], want)
	}
	if !p.Touches() {
		t.Error("Touches = false for a patch that changes lines")
	}
}

// A hunk placed by its content when the file grew above it, and an
// editor's trimmed blank context line.
func TestApplyAfterDrift(t *testing.T) {
	grown := strings.Replace(base, "package p\n", "package p\n\n// A comment added later.\n// Two lines of it.\n", 1)
	trimmed := strings.ReplaceAll(oneHunk, "\n \n", "\n\n")
	if trimmed == oneHunk {
		t.Fatal("no blank context line to trim")
	}
	got, err := mustParse(t, trimmed).Apply(map[string][]byte{"p.go": []byte(grown)})
	if err != nil {
		t.Fatal(err)
	}
	wantGrown := strings.Replace(want, "package p\n", "package p\n\n// A comment added later.\n// Two lines of it.\n", 1)
	if string(got["p.go"]) != wantGrown {
		t.Errorf("got:\n%s\nwant:\n%s", got["p.go"], wantGrown)
	}
}

func TestApplyErrors(t *testing.T) {
	changed := strings.Replace(base, "return 2", "return two", 1)
	_, err := mustParse(t, twoHunks).Apply(map[string][]byte{"p.go": []byte(changed)})
	var he *HunkError
	if !errors.As(err, &he) || he.Index != 1 || he.File != "p.go" {
		t.Fatalf("err = %v, want a HunkError for hunk 1 of p.go", err)
	}
	for _, part := range []string{"p.go: hunk 1 (@@ -7,3 +7,3 @@, patch line 5)", `expects "\treturn 2" at line 8`, `the file has "\treturn two"`} {
		if !strings.Contains(err.Error(), part) {
			t.Errorf("error %q does not say %q", err, part)
		}
	}

	_, err = mustParse(t, twoHunks).Apply(map[string][]byte{"q.go": []byte(base)})
	if err == nil || !strings.Contains(err.Error(), "p.go: no such file") {
		t.Errorf("missing file: err = %v", err)
	}

	// Lines that stand in two places, neither of them the stated one.
	twice := "x\ny\nz\nx\ny\nz\n"
	p := mustParse(t, "--- a/t\n+++ b/t\n@@ -9,2 +9,2 @@\n x\n-y\n+Y\n")
	if _, err := p.Files[0].Apply([]byte(twice)); err == nil || !strings.Contains(err.Error(), "at lines [1 4]") {
		t.Errorf("ambiguous hunk: err = %v", err)
	}
	// At the stated place, the stated one wins.
	p = mustParse(t, "--- a/t\n+++ b/t\n@@ -4,2 +4,2 @@\n x\n-y\n+Y\n")
	if got, err := p.Files[0].Apply([]byte(twice)); err != nil || string(got) != "x\ny\nz\nx\nY\nz\n" {
		t.Errorf("stated place: %q, %v", got, err)
	}
	// Past the end.
	p = mustParse(t, "--- a/t\n+++ b/t\n@@ -7,1 +7,1 @@\n-w\n+W\n")
	if _, err := p.Files[0].Apply([]byte(twice)); err == nil || !strings.Contains(err.Error(), "past the end") {
		t.Errorf("past the end: err = %v", err)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ name, patch, want string }{
		{"no files", "just words\n", "no file header"},
		{"header only", "--- a/x\n+++ b/x\n", "no hunk"},
		{"short hunk", "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n", "has 2 old and 2 new lines where its header says 3 and 3"},
		{"bad header", "--- a/x\n+++ b/x\n@@ -1,a +1 @@\n a\n", "not a hunk header"},
		{"stray line", "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\nnonsense\n", `"nonsense" is neither`},
		{"cut hunk", "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n+b\n*c\n", "ends after 1 of its 2 old"},
		{"creates", "--- /dev/null\n+++ b/x\n@@ -0,0 +1 @@\n+a\n", "creates x"},
		{"deletes", "--- a/x\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n", "deletes x"},
	} {
		_, err := Parse([]byte(tc.patch))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}

// An insertion (old count 0), a change at the last line without a newline,
// several files, and git's own header lines.
func TestApplyEdges(t *testing.T) {
	p := mustParse(t, `diff --git a/one b/one
index 1111111..2222222 100644
--- a/one
+++ b/one
@@ -1,0 +2 @@
+inserted
diff --git a/two b/two
--- a/two
+++ b/two
@@ -1,2 +1,2 @@
 first
-last
\ No newline at end of file
+LAST
\ No newline at end of file
`)
	got, err := p.Apply(map[string][]byte{"one": []byte("a\nb\n"), "two": []byte("first\nlast")})
	if err != nil {
		t.Fatal(err)
	}
	if string(got["one"]) != "a\ninserted\nb\n" || string(got["two"]) != "first\nLAST" {
		t.Errorf("got one %q, two %q", got["one"], got["two"])
	}
	if mustParse(t, "--- a/t\n+++ b/t\n@@ -1 +1 @@\n a\n").Touches() {
		t.Error("Touches = true for a patch of context only")
	}
}

// The format is the standard one: GNU patch, given the same patch, makes
// the same file.
func TestSameAsGNUPatch(t *testing.T) {
	bin, err := exec.LookPath("patch")
	if err != nil {
		t.Skip("no patch command on PATH")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(base), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-p1", "--quiet", "--batch")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(twoHunks)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("patch: %v\n%s", err, out)
	}
	gnu, err := os.ReadFile(filepath.Join(dir, "p.go"))
	if err != nil {
		t.Fatal(err)
	}
	ours, err := mustParse(t, twoHunks).Apply(map[string][]byte{"p.go": []byte(base)})
	if err != nil {
		t.Fatal(err)
	}
	if string(gnu) != string(ours["p.go"]) {
		t.Errorf("GNU patch made:\n%s\nwe made:\n%s", gnu, ours["p.go"])
	}
}
