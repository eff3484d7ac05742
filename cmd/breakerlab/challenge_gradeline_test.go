package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The grading command that `challenge X --start` prints (in its header,
// and in a shuffle design's own comment) runs, pasted as it stands from
// the folder --start ran in, and grades the design against the challenge
// it came from. A teacher's file named like a built-in level
// (bulkhead-20.toml) was named by its ID, which grades against the
// built-in level instead; a title of the teacher's own tells them apart.
func TestChallengeStartPrintsAGradeCommandThatRuns(t *testing.T) {
	racefree.Only(t)
	tempConfig(t)
	home := t.TempDir()
	lessonsDir := filepath.Join(home, "my lessons") // a path a shell must quote
	if err := os.Mkdir(lessonsDir, 0o755); err != nil {
		t.Fatal(err)
	}
	content := filepath.Join("..", "..", "lessons", "challenge", "content")
	copyRetitled := func(from, to, title string) {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(content, from))
		if err != nil {
			t.Fatal(err)
		}
		text, _, ok := strings.Cut(string(data), "\n")
		if title != "" {
			if !ok || !strings.HasPrefix(text, "title = ") {
				t.Fatalf("%s does not start with its title: %q", from, text)
			}
			data = []byte(`title = "` + title + `"` + strings.TrimPrefix(string(data), text))
		}
		if err := os.WriteFile(filepath.Join(lessonsDir, to), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyRetitled("02-bulkhead-20.toml", "bulkhead-20.toml", "A teacher's bulkhead")
	copyRetitled("bulkhead.scenario.toml", "bulkhead.scenario.toml", "")
	copyRetitled("08-shuffle-shards.toml", "shards.toml", "A teacher's shards")
	t.Chdir(home)

	for _, tc := range []struct {
		arg, title string
		// lines is how many lines of the output name a grading
		// command: the header's, and a shuffle design's own.
		lines int
	}{
		{"3", "bulkhead-40: Size a bulkhead at 40/s", 1},
		{"my lessons/bulkhead-20.toml", "bulkhead-20: A teacher's bulkhead", 1},
		{"my lessons/shards.toml", "shards: A teacher's shards", 2},
	} {
		out, errOut, code := run(t, "challenge", tc.arg, "--start")
		if code != 0 {
			t.Fatalf("challenge %q --start: exit %d: %s", tc.arg, code, errOut)
		}
		design := filepath.Join(home, "design.toml")
		if err := os.WriteFile(design, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		var commands []string
		for _, line := range strings.Split(out, "\n") {
			if c, ok := strings.CutPrefix(line, "# Grade it: "); ok {
				commands = append(commands, strings.Replace(c, " --check FILE", " --check design.toml", 1))
			}
			if strings.HasPrefix(line, "# breakerlab challenge ") {
				commands = append(commands, strings.Replace(strings.TrimPrefix(line, "# "), " --check THIS-FILE", " --check design.toml", 1))
			}
		}
		if len(commands) != tc.lines {
			t.Fatalf("challenge %q --start names %d grading commands, want %d:\n%s", tc.arg, len(commands), tc.lines, out)
		}
		for _, c := range commands {
			words, err := shellWords(c)
			if err != nil || len(words) < 2 || words[0] != "breakerlab" {
				t.Fatalf("%q is not a breakerlab command line: %v", c, err)
			}
			got, errOut, code := run(t, words[1:]...)
			// The start falls short (exit 1) or passes (0); a command the
			// CLI cannot take, or a file it cannot open, exits 2.
			if code == exitUsage || !strings.HasPrefix(got, tc.title+"\n") {
				t.Errorf("challenge %q --start prints %q, which exits %d grading against:\n%s%s\nwant %q", tc.arg, c, code, got, errOut, tc.title)
			}
		}
	}
}

// shellWords splits a command line as a POSIX shell does the words
// GradeCommand writes: plain words, and single-quoted parts, in which a
// quote is written by closing the part, an escaped quote, and opening
// another.
func shellWords(s string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted && c == '\'':
			quoted = false
		case quoted:
			word.WriteByte(c)
		case c == '\'':
			quoted, inWord = true, true
		case c == '\\' && i+1 < len(s):
			i++
			word.WriteByte(s[i])
			inWord = true
		case c == ' ':
			if inWord {
				words = append(words, word.String())
				word.Reset()
			}
			inWord = false
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	if quoted {
		return nil, os.ErrInvalid
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}
