// Package userfile refuses a file a user named that cannot be the text
// file asked for, in words that say what was wrong and what is wanted: a
// folder, an empty file, a binary one. Without it each reader said it its
// own way or not at all: "read dir.toml: is a directory", an empty
// scenario file "needs a duration", a binary one "invalid character at
// start of key: U+0010".
package userfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"unicode/utf8"
)

// Folder is the refusal of path when it names a folder, nil otherwise
// (and when it cannot be read: the reader's own error says that). kind
// names the file wanted ("scenario file").
func Folder(path, kind string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s is a folder, not a %s: give the path of the file itself", path, kind)
	}
	return nil
}

// Text is the refusal of data, the contents of path, when they cannot be
// the text file wanted: nothing but white space, or bytes no text file
// holds (a NUL, or no valid UTF-8). kind names the file wanted ("scenario
// file"), want what it is ("TOML").
func Text(path string, data []byte, kind, want string) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return fmt.Errorf("%s is empty: a %s is %s", path, kind, want)
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return fmt.Errorf("%s is not a text file (byte %d is NUL): a %s is %s", path, i+1, kind, want)
	}
	if i := invalidUTF8(data); i >= 0 {
		line := 1 + bytes.Count(data[:i], []byte("\n"))
		return fmt.Errorf("%s:%d is not UTF-8 text (byte %d): a %s is %s, saved as UTF-8", path, line, i+1, kind, want)
	}
	return nil
}

// invalidUTF8 is the offset of the first byte of data that is not UTF-8,
// or -1.
func invalidUTF8(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}

// Read reads the text file at path, refusing a folder, a missing file,
// an empty or a binary one (Folder, Text), or one larger than limit bytes
// (limit 0: no limit).
func Read(path, kind, want string, limit int64) ([]byte, error) {
	if err := Folder(path, kind); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("the %s %s does not exist", kind, path)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot open the %s %s: %w", kind, path, err)
	}
	defer f.Close()
	var buf bytes.Buffer
	if limit > 0 {
		_, err = buf.ReadFrom(io.LimitReader(f, limit+1))
	} else {
		_, err = buf.ReadFrom(f)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the %s %s: %w", kind, path, err)
	}
	if limit > 0 && int64(buf.Len()) > limit {
		return nil, fmt.Errorf("the %s %s is larger than %s: a %s is %s", kind, path, size(limit), kind, want)
	}
	data := buf.Bytes()
	if err := Text(path, data, kind, want); err != nil {
		return nil, err
	}
	return data, nil
}

// size writes n bytes in the largest unit that keeps it whole.
func size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// WrongType words the TOML decoder's refusal of a value of the wrong type
// (msg, its error's text) as a file's author reads it: "must be a whole
// number, got a TOML string", where the decoder named Go's types
// ("cannot decode TOML string into struct field challenge.fileTOML.After
// of type int"). ok is false for any other error.
func WrongType(msg string) (words string, ok bool) {
	m := wrongType.FindStringSubmatch(msg)
	if m == nil {
		return "", false
	}
	want, known := tomlWords[m[2]]
	if !known {
		return fmt.Sprintf("cannot be a TOML %s here", m[1]), true
	}
	return fmt.Sprintf("must be %s, got a TOML %s", want, m[1]), true
}

// wrongType is the decoder's refusal of a value of the wrong type: the
// TOML type written and the Go type wanted.
var wrongType = regexp.MustCompile(`cannot decode TOML (\w+) into (?:struct field \S+ of type |a slice of type |a Go value of type )?(\S+)`)

// tomlWords says a Go type of the file formats as a file writes a value
// of it.
var tomlWords = map[string]string{
	"string":            "text in quotes",
	"[]string":          `a list of texts in quotes, such as ["a", "b"]`,
	"map[string]string": "a table of texts in quotes",
	"int":               "a whole number",
	"int64":             "a whole number",
	"[]int64":           "a list of whole numbers, such as [1, 2, 3]",
	"[]int":             "a list of whole numbers, such as [1, 2, 3]",
	"float64":           "a number",
	"bool":              "true or false",
}
