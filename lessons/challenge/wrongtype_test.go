package challenge

import (
	"strings"
	"testing"
)

// A challenge file's value of the wrong type is named in TOML's words,
// with its line and key; the decoder's words named Go's types ("struct
// field challenge.fileTOML.After of type int") under "not valid TOML",
// of a file that was valid TOML.
func TestWrongTypeIsSaidInTOMLsWords(t *testing.T) {
	open := func(string) ([]byte, error) { return nil, nil }
	for _, c := range []struct {
		file, want string
	}{
		{"title = \"T\"\nafter = \"two\"\n", `mine.toml:2: after: must be a whole number, got a TOML string`},
		{"title = \"T\"\nseeds = \"1\"\n", `mine.toml:2: seeds: must be a list of whole numbers, such as [1, 2, 3], got a TOML string`},
		{"title = 5\n", `mine.toml:1: title: must be text in quotes, got a TOML integer`},
		{"title = \"T\n", `mine.toml:1: not valid TOML (column 11): basic strings cannot have new lines`},
	} {
		_, err := parse("mine.toml", []byte(c.file), open, 0, false)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.file, err, c.want)
		}
	}
}
