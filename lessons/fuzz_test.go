package lessons

import (
	"errors"
	"io/fs"
	"regexp"
	"strings"
	"testing"
)

// builtinLessonFiles are the built-in lessons' bytes, the fuzz targets' seeds.
func builtinLessonFiles(f *testing.F) map[string][]byte {
	f.Helper()
	names, err := fs.Glob(content, "content/*.md")
	if err != nil || len(names) == 0 {
		f.Fatalf("no built-in lessons: %v", err)
	}
	files := map[string][]byte{}
	for _, n := range names {
		data, err := content.ReadFile(n)
		if err != nil {
			f.Fatal(err)
		}
		files[n] = data
	}
	return files
}

var (
	quotedClaim = regexp.MustCompile(`"([^"]+ (?:<|<=|>|>=|==|!=) [^"]+)"`)
	placeholder = regexp.MustCompile(`\{\{([^}]+)\}\}`)
)

// FuzzParse feeds the lesson parser any bytes: a teacher's file must never
// make it panic, and a rejected one gets a message that wraps ErrInvalid.
func FuzzParse(f *testing.F) {
	for _, data := range builtinLessonFiles(f) {
		f.Add(data)
	}
	f.Add([]byte("+++\ntitle = \"x\"\n+++\n"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Parse("fuzz.md", data)
		if err != nil {
			if err.Error() == "" || !errors.Is(err, ErrInvalid) {
				t.Fatalf("Parse error without a message or not ErrInvalid: %#v", err)
			}
			return
		}
		if l == nil || l.ID != "fuzz" {
			t.Fatalf("Parse accepted the file but gave %+v", l)
		}
	})
}

// FuzzParseExpr feeds the metric expression parser any text, seeded with
// the expressions and placeholders of the built-in lessons. An accepted
// expression parses again from its own text.
func FuzzParseExpr(f *testing.F) {
	for _, data := range builtinLessonFiles(f) {
		for _, m := range placeholder.FindAllSubmatch(data, -1) {
			f.Add(string(m[1]))
		}
		for _, m := range quotedClaim.FindAllSubmatch(data, -1) {
			f.Add(strings.Fields(string(m[1]))[0])
			if lhs, _, ok := strings.Cut(string(m[1]), " <"); ok {
				f.Add(lhs)
			}
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		e, err := ParseExpr(text)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("ParseExpr error without a message")
			}
			return
		}
		if _, err := ParseExpr(e.Text); err != nil {
			t.Fatalf("ParseExpr(%q) accepted, its text %q does not parse: %v", text, e.Text, err)
		}
	})
}

// FuzzParseClaim feeds the claim parser any text, seeded with the built-in
// lessons' claims. An accepted claim parses again from its own text.
func FuzzParseClaim(f *testing.F) {
	for _, data := range builtinLessonFiles(f) {
		for _, m := range quotedClaim.FindAllSubmatch(data, -1) {
			f.Add(string(m[1]))
		}
	}
	f.Add("a < b < c")
	f.Fuzz(func(t *testing.T, text string) {
		c, err := ParseClaim(text)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("ParseClaim error without a message")
			}
			return
		}
		if _, err := ParseClaim(c.Text); err != nil {
			t.Fatalf("ParseClaim(%q) accepted, its text %q does not parse: %v", text, c.Text, err)
		}
	})
}
