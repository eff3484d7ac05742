package grade

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// brokenCode misses a comma in a composite literal, at 4:17: the
// compiler's "syntax error: unexpected newline in composite literal".
const brokenCode = `package p

func F() int {
	x := []int{1, 2
	}
	return x[0]
}
`

// A file that does not parse needs no build: the first build on an empty Go
// cache compiles the standard library first (with -race, all of it again),
// and a learner waited a minute and a half for a missing comma. Run says it
// at once, in the build's form, and starts no go command.
func TestSyntaxErrorIsSaidWithoutGo(t *testing.T) {
	racefree.Only(t) // no goroutine: the file is parsed, no go command starts
	dir := module(t, map[string]string{"p.go": brokenCode, "p_test.go": "package p\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) { F() }\n"})
	ran := filepath.Join(t.TempDir(), "go-ran")
	goCmd := fakeGo(t, "touch '"+ran+"'\n"+fakePass)
	for _, race := range []bool{false, true} {
		r := Run(context.Background(), Options{Dir: dir, Go: goCmd, Race: race})
		if _, err := os.Stat(ran); err == nil {
			t.Fatalf("race %v: the go command ran for a file that does not parse", race)
		}
		if r.Status != BuildFailed || len(r.BuildErrors) != 1 {
			t.Fatalf("race %v: %v %q %v, want one build error", race, r.Status, r.Summary, r.BuildErrors)
		}
		want := BuildError{File: "p.go", Line: 4, Col: 17, Message: "syntax error: unexpected newline in composite literal; possibly missing comma or }"}
		if r.BuildErrors[0] != want {
			t.Errorf("race %v: %+v, want %+v", race, r.BuildErrors[0], want)
		}
		if s := "does not compile: " + want.String(); r.Summary != s {
			t.Errorf("race %v: summary %q, want %q", race, r.Summary, s)
		}
	}
	// Several packages at once leave the one that does not parse out of
	// the go command, and say it as Run does.
	var ended []int
	rs := RunPackages(context.Background(), Options{Dir: dir, Go: goCmd, OnPackage: func(i int, p Progress) {
		if p.Phase == Ended {
			ended = append(ended, i)
		}
	}}, []string{"."})
	if _, err := os.Stat(ran); err == nil {
		t.Fatal("RunPackages ran the go command for a file that does not parse")
	}
	if rs[0].Status != BuildFailed || len(rs[0].BuildErrors) != 1 || rs[0].BuildErrors[0].Line != 4 {
		t.Errorf("RunPackages: %v %q %v, want p.go:4's syntax error", rs[0].Status, rs[0].Summary, rs[0].BuildErrors)
	}
	if len(ended) != 1 || ended[0] != 0 {
		t.Errorf("RunPackages told OnPackage of its end %v, want [0]", ended)
	}
}

// The parse says a syntax error where the build says it, in its form. In a
// file that is not a test file the compiler says it: the place agrees, and
// both begin "syntax error: ". The go command parses a test file itself,
// with go/parser, and its words are the parse's to the letter. A file the
// build leaves out (a build constraint, a name starting with _) is not
// parsed.
func TestSyntaxErrorIsWhereTheBuildSaysIt(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		files map[string]string
		exact bool
	}{
		{"the code", map[string]string{"p.go": brokenCode, "p_test.go": "package p\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) { F() }\n"}, true},
		// The compiler's words, not go/parser's, for the faults a learner
		// makes most: a missing ), a missing comma in a call.
		{"a missing )", map[string]string{"p.go": "package p\n\nfunc F(a int) int {\n\treturn (a + 1\n}\n"}, true},
		{"a missing comma", map[string]string{"p.go": "package p\n\nimport \"time\"\n\nfunc F(a int) int {\n\treturn G(a time.Second)\n}\n\nfunc G(a, b int) int { return a }\n"}, true},
		{"a missing } at the end", map[string]string{"p.go": "package p\n\nfunc F(a int) int {\n\tif a > 0 {\n\t\treturn 1\n\treturn 0\n}\n"}, true},
		{"a call's ) left off at a line's end", map[string]string{"p.go": "package p\n\nimport \"fmt\"\n\nfunc F(a int) string {\n\treturn fmt.Sprint(int(a)\n}\n"}, true},
		{"a keyword out of place", map[string]string{"p.go": "package p\n\nfunc F(a int) int {\n\tx := if\n\treturn a\n}\n"}, true},
		// Where the compiler says more than the parser ("expected {
		// after for clause"), the place and "syntax error: " agree.
		{"a for without its brace", map[string]string{"p.go": "package p\n\nfunc F(a int) int {\n\tfor a := range 3\n\t\treturn a\n\t}\n\treturn 0\n}\n"}, false},
		{"a test file", map[string]string{
			"p.go":       "package p\n\nfunc F() int { return 1 }\n",
			"p_test.go":  "package p\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) {\n\tif F() != 1 {\n\t\tt.Fatal(F()\n\t}\n}\n",
			"off.go":     "//go:build never\n\npackage p\n\nfunc {\n",
			"_hidden.go": "package p\n\nfunc {\n",
		}, true},
	} {
		dir := module(t, c.files)
		parsed := syntaxErrors(dir, false)
		if len(parsed) != 1 {
			t.Fatalf("%s: parsed %v, want one error", c.name, parsed)
		}
		built, _ := runGo(context.Background(), Options{}.withDefaults(), dir, []target{{dir: dir, pattern: "."}}, "")
		if built[0].Status != BuildFailed || len(built[0].BuildErrors) == 0 {
			t.Fatalf("%s: the build: %v %q, want a build failure", c.name, built[0].Status, built[0].Summary)
		}
		b, p := built[0].BuildErrors[0], parsed[0]
		switch {
		case c.exact && b != p:
			t.Errorf("%s: the build says %s, the parse %s", c.name, b, p)
		case b.File != p.File || b.Line != p.Line || b.Col != p.Col:
			t.Errorf("%s: the build says %s, the parse %s: not the same place", c.name, b, p)
		case !c.exact && (!strings.HasPrefix(b.Message, syntaxPrefix) || !strings.HasPrefix(p.Message, syntaxPrefix)):
			t.Errorf("%s: the build says %s, the parse %s: both should begin %q", c.name, b, p, syntaxPrefix)
		}
	}
}

// The compiler names a token by its kind: a name, a literal, a keyword, a
// comma; go/parser quotes it or says it bare. The cases the build tests
// above do not reach, worded as the compiler words them.
func TestSyntaxErrorNamesTokensAsTheCompilerDoes(t *testing.T) {
	racefree.Only(t) // no goroutine: words in, words out
	for _, c := range []struct{ msg, at, want string }{
		{"expected ')', found 5", "5}", "unexpected literal 5, expected )"},
		{"expected ';', found ','", ", b", "unexpected comma, expected ;"},
		{"expected '}', found 'EOF'", "", "unexpected EOF, expected }"},
		{"missing ',' in argument list", `"x")`, `unexpected literal "x" in argument list; possibly missing comma or )`},
		{"missing ',' in parameter list", "b int)", "unexpected name b in parameter list; possibly missing comma or )"},
		{"missing ',' in composite literal", "go}", "unexpected keyword go in composite literal; possibly missing comma or }"},
		{"missing ',' before newline in parameter list", "\n", "unexpected newline in parameter list; possibly missing comma or )"},
		// Words the compiler has its own of are left as the parser's.
		{"expected declaration, found x", "x", "expected declaration, found x"},
	} {
		if got := compilerWords(c.msg, []byte(c.at)); got != c.want {
			t.Errorf("%q at %q: %q, want %q", c.msg, c.at, got, c.want)
		}
	}
}
