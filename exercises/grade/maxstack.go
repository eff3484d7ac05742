package grade

import (
	"encoding/json"
	"fmt"
	"go/build"
	"os"
	"path/filepath"
)

// DefaultMaxStack is the most a goroutine's stack may grow to in graded
// tests (Options.MaxStack). The runtime's own limit, 1 GB, lets a
// recursion without end run for 4 to 12 s before it overflows, copying
// its stack at every doubling: close to the check's time limit, so that a
// slower machine calls it a timeout and no line is named. 64 MB overflows
// in under a second, and is still a hundred thousand frames and more of
// deep but finite work, which no solution comes near.
const DefaultMaxStack = 64 << 20

// maxStackFile is the test file the grader adds to each graded package
// (through go test -overlay, never on disk) to lower the stack limit
// before any test runs. A file init is the one hook that a package's own
// TestMain, if it declares one, leaves free.
const maxStackFile = "zz_breakerlab_maxstack_test.go"

// stackOverlay writes, into a new temporary folder, the files that have go
// test build every package in dirs with a stack limit of max bytes: a
// test file setting it for each, and the overlay that adds them. It
// returns go test's -overlay argument and a func that removes the folder,
// or no argument if there is nothing to add (max is negative, or no
// package with tests could be read: go test then says why it does not
// build, or that there are no tests).
func stackOverlay(dirs []string, max int) (args []string, cleanup func(), err error) {
	cleanup = func() {}
	if max < 0 {
		return nil, cleanup, nil
	}
	replace := map[string]string{}
	tmp := ""
	for i, dir := range dirs {
		name := packageName(dir)
		target := filepath.Join(dir, maxStackFile)
		if name == "" {
			continue
		}
		if _, err := os.Lstat(target); err == nil {
			continue // the learner's own file of that name is never hidden
		}
		if tmp == "" {
			if tmp, err = os.MkdirTemp("", "breakerlab-grade-"); err != nil {
				return nil, cleanup, fmt.Errorf("cannot write the file that limits the tests' stack: %w", err)
			}
			cleanup = func() { os.RemoveAll(tmp) }
		}
		// The import is renamed: a package that declares its own
		// "debug" would clash with a file's plain import of it.
		src := fmt.Sprintf("// Added by the grader for the run of the tests only.\n\npackage %s\n\n"+
			"import breakerlabgradedebug \"runtime/debug\"\n\n"+
			"func init() { breakerlabgradedebug.SetMaxStack(%d) }\n", name, max)
		file := filepath.Join(tmp, fmt.Sprintf("%d.go", i))
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			cleanup()
			return nil, func() {}, fmt.Errorf("cannot write the file that limits the tests' stack: %w", err)
		}
		replace[target] = file
	}
	if len(replace) == 0 {
		return nil, cleanup, nil
	}
	b, err := json.Marshal(struct{ Replace map[string]string }{replace})
	if err == nil {
		err = os.WriteFile(filepath.Join(tmp, "overlay.json"), b, 0o644)
	}
	if err != nil {
		cleanup()
		return nil, func() {}, fmt.Errorf("cannot write the file that limits the tests' stack: %w", err)
	}
	return []string{"-overlay=" + filepath.Join(tmp, "overlay.json")}, cleanup, nil
}

// packageName is the name of the package in dir as its files declare it
// (an external test package's without "_test"), "" if they cannot be read
// or disagree, or if the package has no test files: one more would hide
// go test's "no test files", which the report says as a deleted test file.
func packageName(dir string) string {
	pkg, err := build.ImportDir(dir, build.ImportComment)
	if err != nil || pkg == nil || len(pkg.TestGoFiles)+len(pkg.XTestGoFiles) == 0 {
		return ""
	}
	return pkg.Name
}

// stackLimitText says a stack limit in bytes as a learner reads it:
// "64 MB".
func stackLimitText(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d bytes", n)
	}
	return fmt.Sprintf("%d MB", (n+1<<19)>>20)
}
