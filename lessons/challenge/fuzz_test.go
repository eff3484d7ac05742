package challenge

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
)

// fuzzBudget bounds the simulated requests the runs a challenge file's
// loading makes may cost, so that every fuzz input stays fast; a file over
// it is refused like any other.
const fuzzBudget = 200_000

// FuzzParse feeds the challenge parser any bytes, seeded with the built-in
// challenges, whose scenario files it can open. A teacher's file must never
// make it panic; a rejected one gets a message.
func FuzzParse(f *testing.F) {
	names, err := fs.Glob(content, "content/*.toml")
	if err != nil || len(names) == 0 {
		f.Fatalf("no built-in challenges: %v", err)
	}
	for _, n := range names {
		data, err := content.ReadFile(n)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("title = 3\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		open := func(rel string) ([]byte, error) {
			if strings.Contains(rel, "..") {
				return nil, fs.ErrNotExist
			}
			return content.ReadFile("content/" + rel)
		}
		c, err := parseBudget("01-fuzz.toml", data, open, fuzzBudget)
		if err != nil {
			var ce *Error
			if err.Error() == "" || (errors.As(err, &ce) && ce.File != "01-fuzz.toml") {
				t.Fatalf("Parse error without a message or naming another file: %#v", err)
			}
			return
		}
		if c == nil {
			t.Fatal("Parse accepted the file and gave no challenge")
		}
	})
}
