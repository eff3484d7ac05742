package scenariofile

import (
	"errors"
	"strings"
	"testing"
)

// TestSyntaxHints: a TOML complaint that lands away from its cause, or
// that cannot say the file is in another format, is told what the decoder
// could not see.
func TestSyntaxHints(t *testing.T) {
	// Two variants under a misspelt header: the first [variant.…] table
	// is then a plain table, and the clash is reported lines later, at
	// the second variant's policy (line 25), never naming the header.
	variants := `
[[variant]]
name = "a"
[variants.dependencies.payment]
policy = { timeout = "2s" }

[[variant]]
name = "b"
[variants.dependencies.payment.policy]
timeout = "3s"
`
	cases := []struct {
		name, file, doc string
		line            int
		want            []string
	}{
		{"a misspelt [[variants]] header", "mine.toml", base + variants, 18,
			[]string{`mine.toml:18: [[variant]] is not a section of a scenario file: did you mean [[variants]]? As written, it makes the file not valid TOML at line 25, column 2: key policy should be a table, not a value`}},
		// Respelt, the file still fails (line 27), so the header cannot be
		// blamed: the decoder's complaint stands, with the header as a hint.
		{"a misspelt header beside another mistake", "mine.toml", base + variants + "workers 3\n", 25,
			[]string{`mine.toml:25: not valid TOML (column 2): key policy should be a table, not a value; line 18's [[variant]] is not a section of a scenario file: did you mean [[variants]]?`}},
		{"JSON, such as run --format json's output", "run.json", `{"scenario": "cascade", "seed": 5}`, 1,
			[]string{`not valid TOML (column 1)`, `this looks like JSON, but scenario files are TOML`, `"breakerlab scenarios --dump NAME" writes a built-in scenario as a file to start from`}},
		{"JSON in a .toml file", "mine.toml", "\n{\n  \"name\": \"x\"\n}\n", 2,
			[]string{`this looks like JSON, but scenario files are TOML`}},
		{"YAML in a .toml file", "mine.toml", "name: mine\nduration: 10s\nsystem:\n  workers: 8\n", 1,
			[]string{`this looks like YAML, but scenario files are TOML`, `scenarios --dump NAME`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(c.file, []byte(c.doc))
			var fe *Error
			if !errors.As(err, &fe) {
				t.Fatalf("want an *Error, got %v", err)
			}
			if fe.Line != c.line || !errors.Is(err, ErrInvalid) {
				t.Errorf("got line %d (want %d), ErrInvalid %v: %v", fe.Line, c.line, errors.Is(err, ErrInvalid), err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\ndoes not contain %q", err, w)
				}
			}
		})
	}
}
