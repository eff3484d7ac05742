package grade

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The calls that end a test binary without a stack are found in the
// learner's own files whatever the import is named, test files left out
// (a TestMain's os.Exit(m.Run()) is how tests are meant to end).
func TestLearnerExits(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"a.go":      "package p\n\nimport quit \"os\"\n\nfunc A() {\n\tquit.Exit(3)\n}\n",
		"b.go":      "package p\n\nimport \"log\"\n\nfunc B() { log.Printf(\"x\"); log.Fatalf(\"y\") }\n",
		"c.go":      "package p\n\nimport \"os\"\n\nfunc C() string { return os.Getenv(\"X\") }\n",
		"p_test.go": "package p\n\nimport (\n\t\"os\"\n\t\"testing\"\n)\n\nfunc TestMain(m *testing.M) { os.Exit(m.Run()) }\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	calls, files := learnerExits(dir)
	want := []exitCall{{fn: "os.Exit", place: "a.go:6"}, {fn: "log.Fatalf", place: "b.go:5"}}
	if !reflect.DeepEqual(calls, want) {
		t.Errorf("calls = %+v, want %+v", calls, want)
	}
	if !reflect.DeepEqual(files, []string{"a.go", "b.go", "c.go"}) {
		t.Errorf("files = %q, want the three non-test files", files)
	}
}

// With no exit call in the learner's files the summary still names the
// test that was running and the files it looked in, and says what to do.
func TestExitTextWithoutACall(t *testing.T) {
	s := exitText("TestQuit", "after 1 of 2 tests passed", nil, []string{"pool.go"})
	for _, want := range []string{"exited during TestQuit", "after 1 of 2 tests passed", "os.Exit", "pool.go has none", "return an error"} {
		if !strings.Contains(s, want) {
			t.Errorf("%q does not say %q", s, want)
		}
	}
}
