package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The commands read and write progress under the config directory: point
// it at a temporary one.
func tempConfig(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("HOME", dir)
	return dir
}

func TestLessonsListsOnePerLine(t *testing.T) {
	tempConfig(t)
	out, errOut, code := run(t, "lessons")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 9 {
		t.Fatalf("%d lines, want one per lesson:\n%s", len(lines), out)
	}
	for _, l := range lines {
		id, title, ok := strings.Cut(l, "  ")
		if !ok || !strings.Contains(id, "-") || strings.TrimSpace(title) == "" {
			t.Errorf("line %q is not ID, two spaces, title", l)
		}
	}
	if !strings.HasPrefix(lines[0], "01-one-slow-dependency") {
		t.Errorf("first line %q", lines[0])
	}
	if _, _, code := run(t, "lessons", "extra"); code != exitUsage {
		t.Errorf("lessons with an argument: exit %d, want %d", code, exitUsage)
	}
}

func TestLessonsShowsProgressAndSurvivesACorruptFile(t *testing.T) {
	dir := tempConfig(t)
	path := filepath.Join(dir, "breakerlab", "lessons.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	good := `{"version": 1, "lessons": {"02-timeouts": {"step": 2, "seen": [0, 1, 2]}}}`
	if err := os.WriteFile(path, []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := run(t, "lessons")
	if code != 0 || !strings.Contains(out, "02-timeouts") || !strings.Contains(out, "(seen 3 of") {
		t.Errorf("exit %d, no progress shown:\n%s", code, out)
	}
	if err := os.WriteFile(path, []byte("{{{"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := run(t, "lessons")
	if code != 0 || strings.Contains(out, "seen") || !strings.Contains(errOut, "moved to") {
		t.Errorf("a corrupt progress file: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
}

func TestLessonCheckPrintsEveryNumber(t *testing.T) {
	tempConfig(t)
	out, errOut, code := run(t, "lesson", "4", "--check")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"== step 2/", "**24 s**", "64 calls reached the dependency", "56", "pauses at 39s"} {
		if !strings.Contains(out, want) {
			t.Errorf("--check output lacks %q", want)
		}
	}
	if strings.Contains(out, "{{") {
		t.Error("--check output has an unfilled placeholder")
	}
}

func TestLessonBadInputIsAUsageError(t *testing.T) {
	dir := tempConfig(t)
	bad := filepath.Join(dir, "mine.md")
	src := "+++\ntitle = \"Mine\"\nsummary = \"S\"\n+++\n\n+++ step\ntitle = \"One\"\nscenario = \"cascade\"\npause = \"whenever\"\n+++\ntext\n"
	if err := os.WriteFile(bad, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	false_ := filepath.Join(dir, "claims.md")
	src = "+++\ntitle = \"Mine\"\nsummary = \"S\"\n+++\n\n+++ step\ntitle = \"One\"\nscenario = \"breaker-timeline\"\nexpect = [\"opens step == 30s\"]\n+++\ntext\n"
	if err := os.WriteFile(false_, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"lesson", "99"}, "unknown lesson \"99\""},
		{[]string{"lesson", bad}, "mine.md:9: pause:"},
		{[]string{"lesson", false_}, "claims.md:9: expect:"},
		{[]string{"lesson", filepath.Join(dir, "missing.md")}, "reading the lesson file"},
		{[]string{"lesson", "1", "2"}, "one lesson"},
		{[]string{"lesson", "1", "--step", "99"}, "--step must be between 1 and"},
		{[]string{"lesson", "--check"}, "need a lesson"},
		{[]string{"lesson", "1", "--speed", "3"}, "flags of lesson"},
	}
	for _, c := range cases {
		_, errOut, code := run(t, c.args...)
		if code != exitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errOut, exitUsage, c.want)
		}
	}
}

func TestLessonWithAGoodFileNeedsATerminal(t *testing.T) {
	tempConfig(t)
	_, errOut, code := run(t, "lesson", "1")
	if code != exitUsage || !strings.Contains(errOut, "needs a terminal") {
		t.Errorf("exit %d, %q", code, errOut)
	}
}
