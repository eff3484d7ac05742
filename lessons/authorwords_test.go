package lessons

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// What a teacher's file is told quotes the file and the program's own
// words: a scenario file named as a run is told how its runs are quoted,
// a failed claim prints each number once where its print is alike, an
// unclosed placeholder is quoted without the }} it lacks, a duration in
// [set] is written as a file writes it, and an empty file names no line.
func TestAuthorMessagesQuoteTheFile(t *testing.T) {
	step := "+++ step\ntitle = \"a\"\nscenario = \"cascade\"\nvariant = 2\npause = \"12s\"\n"
	cases := []struct {
		name, text string
		want       []string
		not        []string
	}{
		{"a scenario file as a run", predictHead + step + "+++\nHome {{share mine.toml/2 home ok}}.\n",
			[]string{`mine.md:12: text: placeholder {{share mine.toml/2 home ok}}: share: "mine.toml/2" names a scenario file`, "write step (this step's simulation) or stepN (step N's)"},
			[]string{"no scenario is called"}},
		{"a failed claim of whole numbers", predictHead + step + "expect = [\"opened step recommendations == 4500\"]\n+++\nbody\n",
			[]string{"but the run gives ", " against 4,500"},
			[]string{"(4,500)", ") against"}},
		{"an unclosed placeholder", predictHead + step + "+++\nA pool of {{param step workers threads.\n",
			[]string{"mine.md:12: text: placeholder {{param step workers threads.: it is never closed with }}"},
			[]string{"threads.}}"}},
		{"a duration past a day", predictHead + step + "[set]\nduration = \"100h\"\n+++\nbody\n",
			[]string{"duration must be above 0 and at most 24h, got 100h"},
			[]string{"0m0s"}},
		{"an empty file", "", []string{"mine.md: the file is empty"}, []string{"mine.md:1", "mine.md:2"}},
		{"a file of blank lines", "\n\n  \n", []string{"mine.md: the file is empty"}, []string{"mine.md:4", "mine.md:5"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := loadPrepareAndVerify(t, "mine.md", c.text)
			if err == nil {
				t.Fatal("prepared")
			}
			msg := err.Error()
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error lacks %q:\n%s", w, msg)
				}
			}
			for _, n := range c.not {
				if strings.Contains(msg, n) {
					t.Errorf("error has %q:\n%s", n, msg)
				}
			}
		})
	}
}

// loadPrepareAndVerify is loadAndPrepare, then the check of the claims
// that `breakerlab lesson FILE --check` makes.
func loadPrepareAndVerify(t *testing.T, name, text string) error {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := LoadFile(path)
	if err != nil {
		return err
	}
	p, err := Prepare(l, testLab)
	if err != nil {
		return err
	}
	return p.Verify()
}
