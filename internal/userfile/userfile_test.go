package userfile

import (
	"os"
	"path/filepath"
	"testing"
)

// Each file that cannot be the text file wanted is refused in words that
// say why and what is wanted; a text file is read whole.
func TestRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	folder := filepath.Join(dir, "sub")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path string
		want string // the error, "" for none
	}{
		{write("ok.toml", "a = 1\n"), ""},
		{write("utf8.toml", "name = \"café\"\n"), ""},
		{write("empty.toml", ""), dir + "/empty.toml is empty: a scenario file is TOML"},
		{write("blank.toml", " \n\t\n"), dir + "/blank.toml is empty: a scenario file is TOML"},
		{write("nul.toml", "a = 1\n\x00"), dir + "/nul.toml is not a text file (byte 7 is NUL): a scenario file is TOML"},
		{write("latin1.toml", "a = 1\nb = \"caf\xe9\"\n"), dir + "/latin1.toml:2 is not UTF-8 text (byte 15): a scenario file is TOML, saved as UTF-8"},
		{write("big.toml", "a = \"0123456789\"\n"), "the scenario file " + dir + "/big.toml is larger than 10 bytes: a scenario file is TOML"},
		{folder, folder + " is a folder, not a scenario file: give the path of the file itself"},
		{filepath.Join(dir, "missing.toml"), "the scenario file " + dir + "/missing.toml does not exist"},
	} {
		limit := int64(0)
		if filepath.Base(c.path) == "big.toml" {
			limit = 10
		}
		data, err := Read(c.path, "scenario file", "TOML", limit)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.path, err)
		case c.want == "" && len(data) == 0:
			t.Errorf("%s: read nothing", c.path)
		case c.want != "" && (err == nil || !hasPrefix(err.Error(), c.want)):
			t.Errorf("%s: got %v, want %q", c.path, err, c.want)
		}
	}
}

func hasPrefix(s, p string) bool { return len(s) >= len(p) && s[:len(p)] == p }

// The decoder's refusal of a value of the wrong type is said in TOML's
// words; any other error is not this one.
func TestWrongType(t *testing.T) {
	for _, c := range []struct {
		msg, want string
	}{
		{"toml: cannot decode TOML string into struct field challenge.fileTOML.After of type int", "must be a whole number, got a TOML string"},
		{"toml: cannot decode TOML integer into struct field drill.promptTOML.ID of type string", "must be text in quotes, got a TOML integer"},
		{"toml: cannot decode TOML string into a slice of type []string", `must be a list of texts in quotes, such as ["a", "b"], got a TOML string`},
		{"toml: cannot decode TOML boolean into struct field x.y.Z of type time.Duration", "cannot be a TOML boolean here"},
		{"toml: basic strings cannot have new lines", ""},
	} {
		got, ok := WrongType(c.msg)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("%q: got %q, %v; want %q", c.msg, got, ok, c.want)
		}
	}
}
