package sandbox

import (
	"os"
	"strings"
	"testing"
)

// The README's text capture of the sandbox is the screen the golden
// screen-breaker-26s-80x24 holds, line for line (trailing spaces aside): it
// had kept a breaker time and an Outcomes band the sandbox no longer
// draws. Rewrite the README's block from the golden when it changes.
func TestTheREADMEsCaptureIsTheSandbox(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	const intro = "26 s into its protected design:\n\n```\n"
	s := string(readme)
	i := strings.Index(s, intro)
	if i < 0 {
		t.Fatalf("the README no longer introduces its sandbox capture with %q", intro)
	}
	block, _, ok := strings.Cut(s[i+len(intro):], "```")
	if !ok {
		t.Fatal("the README's sandbox capture has no closing fence")
	}
	golden, err := os.ReadFile("testdata/screen-breaker-26s-80x24.golden")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimRight(string(golden), "\n"), "\n")
	got := strings.Split(strings.TrimRight(block, "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("the README's capture has %d lines, the sandbox draws %d; %s", len(got), len(want), readmeCaptureHow)
	}
	for n := range want {
		if g, w := strings.TrimRight(got[n], " "), strings.TrimRight(want[n], " "); g != w {
			t.Errorf("README capture line %d:\n got %q\nwant %q", n+1, g, w)
		}
	}
	if t.Failed() {
		// Whoever changed the screen reads here what to do, not only
		// which lines differ.
		t.Log(readmeCaptureHow)
	}
}

// readmeCaptureHow says how the README's capture is brought up to date.
const readmeCaptureHow = "to update the README's capture: go test ./tui/sandbox -run TestScreenGolden -update rewrites testdata/screen-breaker-26s-80x24.golden from the sandbox; read its diff, then copy it, trailing spaces trimmed, between the README's fences after \"26 s into its protected design:\""
