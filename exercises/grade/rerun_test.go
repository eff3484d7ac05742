package grade

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A pass is never taken from go's test cache: a racy solution passes or
// fails by the interleavings that happen, and one that passed once by luck
// must be able to fail when it is checked again. The test here passes the
// first time it runs and fails every time after, which it tells by a file
// it makes through syscall.Open: the os package would tell the test cache
// of the file, which would then see it change and run the test again
// anyway, as it never does for a race.
func TestASecondRunRunsTheTestsAgain(t *testing.T) {
	needGo(t)
	// TestMain adds -count=1 to GOFLAGS for the other tests; this one is
	// about what the grader does without it.
	var flags []string
	for _, f := range strings.Fields(os.Getenv("GOFLAGS")) {
		if f != "-count=1" {
			flags = append(flags, f)
		}
	}
	t.Setenv("GOFLAGS", strings.Join(flags, " "))
	marker := filepath.Join(t.TempDir(), "ran")
	dir := module(t, map[string]string{
		"p.go": code,
		"p_test.go": "package p\n\nimport (\n\t\"syscall\"\n\t\"testing\"\n)\n\n" +
			"func TestFirstRunOnly(t *testing.T) {\n" +
			"\tif _, err := syscall.Open(" + strconv.Quote(marker) + ", syscall.O_CREAT|syscall.O_EXCL|syscall.O_WRONLY, 0o644); err != nil {\n" +
			"\t\tt.Fatal(\"ran before\")\n\t}\n}\n",
	})
	if r := Run(context.Background(), Options{Dir: dir}); r.Status != Passed {
		t.Fatalf("the first run: %v %q\n%s", r.Status, r.Summary, r.Text())
	}
	if r := Run(context.Background(), Options{Dir: dir}); r.Status != Failed {
		t.Fatalf("the second run: %v %q, want failed: it was answered from the test cache, not run\n%s", r.Status, r.Summary, r.Text())
	}
}
