package drill

import (
	"strings"
	"testing"
)

// A prompts file's mistakes are named with their line, their key and
// what the key's table takes: an unknown key read "strict mode: fields in
// the document are missing in the target struct", of no key and no line,
// and a value of the wrong type named Go's types.
func TestParsePromptsNamesTheKeyAndTheLine(t *testing.T) {
	const prompt = "[[prompts]]\nid = \"p\"\ntitle = \"T\"\n"
	for _, c := range []struct {
		file, want string
	}{
		{"bogus = 1\n" + prompt, `mine.toml:1: unknown key "bogus" at the top (allowed: common, prompts)`},
		{prompt + "bogus = 1\n", `mine.toml:4: unknown key "bogus" in [[prompts]] (allowed: id, title, scenario, plays, parts, source, text, expect, numbers, warn, points, adds)`},
		{prompt + "[[prompts.points]]\nid = \"a\"\nweight = 2\n", `mine.toml:6: unknown key "weight" in [[prompts.points]] (allowed: id, text, keywords, unless, expect)`},
		{prompt + "[prompts.warn]\nrates = \"x\"\n", `mine.toml:5: unknown key "rates" in [prompts.warn] (allowed: rate, workers, p99, charges)`},
		{"[[prompts]]\nid = 5\n", `mine.toml:2: prompts.id: must be text in quotes, got a TOML integer`},
		{prompt + "expect = \"one\"\n", `mine.toml:4: prompts.expect: must be a list of texts in quotes, such as ["a", "b"], got a TOML string`},
		{"[[prompts]]\nid = \"p\n", `mine.toml:2: not valid TOML (column 8): basic strings cannot have new lines`},
	} {
		_, err := ParsePrompts("mine.toml", []byte(c.file))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.file, err, c.want)
		}
	}
}
