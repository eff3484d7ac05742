package subjects_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// spacedPercent is a number written apart from its percent sign, "50 %":
// the project writes "50%" (as the panes, the sandbox and most lessons
// always did), on every screen and in every output.
var spacedPercent = regexp.MustCompile(`[0-9] %`)

// TestPercentIsWrittenOneWay scans what the program shows, the texts it
// teaches with and the recorded screens and outputs (every golden file),
// for "50 %".
func TestPercentIsWrittenOneWay(t *testing.T) {
	texts, _ := gather(t)
	for _, x := range texts {
		if loc := spacedPercent.FindStringIndex(x.body); loc != nil {
			t.Errorf("%s writes %q: write 50%%, not 50 %%", x.where, around(x.body, loc[0]))
		}
	}
	root := filepath.Join("..", "..")
	var outputs []string
	for _, glob := range []string{"tui/*/testdata/*.golden", "tui/*/testdata/*/*.golden", "cmd/breakerlab/testdata/*", "lessons/drill/testdata/*.golden"} {
		m, err := filepath.Glob(filepath.Join(root, glob))
		if err != nil {
			t.Fatal(err)
		}
		outputs = append(outputs, m...)
	}
	if len(outputs) < 20 {
		t.Fatalf("found %d recorded outputs: the scan reads too little", len(outputs))
	}
	for _, p := range outputs {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		if loc := spacedPercent.FindStringIndex(s); loc != nil {
			t.Errorf("%s shows %q: write 50%%, not 50 %%", p, around(s, loc[0]))
		}
	}
}

// around is the line of s at i.
func around(s string, i int) string {
	a := strings.LastIndexByte(s[:i], '\n') + 1
	b := strings.IndexByte(s[i:], '\n')
	if b < 0 {
		b = len(s) - i
	}
	return strings.TrimSpace(s[a : i+b])
}
