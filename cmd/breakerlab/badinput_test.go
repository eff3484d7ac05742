package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A file a user names that cannot be what the command reads (empty,
// binary, a folder, missing) and a flag's 0 where 0 stands for "not
// given" are refused with a message that names what was wrong and what
// is wanted, exit 2, for every command that reads one. Before: an empty
// scenario file "needs a duration", a binary one had "invalid character
// at start of key: U+0010", a folder "read dir.toml: is a directory",
// --variant 0 showed every variant and --width 0 never wrapped.
func TestBadInputIsNamed(t *testing.T) {
	racefree.Only(t) // no goroutine: each command refuses before it runs the engine
	tempConfig(t)
	empty := writeTemp(t, "empty.toml", " \n\n")
	binary := writeTemp(t, "binary.toml", "\x00\x10\xffabc")
	latin1 := writeTemp(t, "latin1.md", "+++\ntitle = \"caf\xe9\"\n+++\n")
	dir := t.TempDir()
	folder := filepath.Join(dir, "folder.toml")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.toml")
	for _, c := range []struct {
		args []string
		want string // in stderr, its words read without its line breaks
	}{
		{[]string{"run", empty}, empty + " is empty: a scenario file is TOML; `breakerlab scenarios --dump NAME` writes a built-in one to start from"},
		{[]string{"run", binary}, binary + " is not a text file (byte 1 is NUL): a scenario file is TOML"},
		{[]string{"run", folder}, folder + " is a folder, not a scenario file: give the path of the file itself"},
		{[]string{"sandbox", folder}, folder + " is a folder, not a scenario file"},
		{[]string{"sweep", empty, "--measure", "search.ok", "--vary", "search.timeout=1s..2s"}, empty + " is empty: a scenario file is TOML"},
		{[]string{"challenge", "1", "--check", empty}, empty + " is empty: a design is a scenario file of one variant (TOML); `breakerlab challenge timeout-pool --start` writes one to start from"},
		{[]string{"challenge", "1", "--check", binary}, binary + " is not a text file (byte 1 is NUL): a design is"},
		{[]string{"challenge", "1", "--check", folder}, folder + " is a folder, not a design"},
		{[]string{"challenge", "1", "--check", missing}, "the design " + missing + " does not exist"},
		{[]string{"challenges", "--check", empty}, empty + " is empty: a challenge file is TOML with a title, a brief and a scenario"},
		{[]string{"challenges", "--check", folder}, folder + " is a folder, not a challenge file"},
		{[]string{"challenge", binary}, binary + " is not a text file (byte 1 is NUL): a challenge file is"},
		{[]string{"interview", "--check", empty}, empty + " is empty: a prompts file is TOML of [[prompts]]"},
		{[]string{"interview", "--check", folder}, folder + " is a folder, not a prompts file"},
		{[]string{"interview", "--check", missing}, "the prompts file " + missing + " does not exist"},
		{[]string{"lesson", folder, "--check"}, folder + " is a folder, not a lesson file"},
		{[]string{"lesson", latin1, "--check"}, latin1 + ":2 is not UTF-8 text (byte 17): a lesson file is Markdown that starts with its front matter between two lines of \"+++\", saved as UTF-8"},
		{[]string{"lesson", filepath.Join(dir, "missing.md"), "--check"}, "the lesson file " + filepath.Join(dir, "missing.md") + " does not exist"},
		{[]string{"run", "cascade", "--variant", "0"}, "--variant must be between 1 and 3 for cascade (1 one shared pool of 200 threads, 2 bulkhead: recommendations <= 20, 3 bulkhead and circuit breaker), got 0; leave it out to show every variant"},
		{[]string{"run", "shuffle", "--variant", "0"}, "--variant: shuffle's strategies run together on one fleet"},
		{[]string{"run", "cascade", "--width", "0"}, "--width must be at least 40 columns, got 0; --wide never wraps"},
		{[]string{"lessons", "--width", "0"}, "--width must be at least 40 columns, got 0"},
		{[]string{"presets", "--width", "0", "--wide"}, "--wide and --width both say how wide the output is: give one"},
	} {
		_, stderr, code := run(t, c.args...)
		said := strings.Join(strings.Fields(stderr), " ")
		if code != 2 || !strings.Contains(said, c.want) {
			t.Errorf("%v: exit %d, said\n%s\nwant it to say\n%s", c.args, code, stderr, c.want)
		}
	}
}
