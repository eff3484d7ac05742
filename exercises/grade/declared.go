package grade

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"
)

// declaredTests names the top-level tests the package in dir declares, in
// the test files go test would build there (build constraints applied),
// in the order of the files and their declarations. A crash ends a test
// run before most tests have started, and go test's events name only
// those that did; this says how many there are in all. nil if the folder
// cannot be read: the counts then cover the tests that started, as
// before.
func declaredTests(dir string) []string {
	var names []string
	seen := map[string]bool{}
	for _, fn := range testFuncs(dir) {
		if !isTestName(fn.Name.Name) || fn.Name.Name == "TestMain" || seen[fn.Name.Name] {
			continue
		}
		seen[fn.Name.Name] = true
		names = append(names, fn.Name.Name)
	}
	return names
}

// declaresTestMain reports whether the test files in dir declare a
// TestMain: then the tests run only if it calls m.Run, and a run in which
// none did says so.
func declaresTestMain(dir string) bool {
	for _, fn := range testFuncs(dir) {
		if fn.Name.Name == "TestMain" {
			return true
		}
	}
	return false
}

// testFuncs returns the top-level functions of one parameter declared in
// the test files go test would build in dir, in the order of the files and
// their declarations; a file that does not parse is left out (go test
// will say why it does not compile).
func testFuncs(dir string) []*ast.FuncDecl {
	pkg, err := build.ImportDir(dir, build.ImportComment)
	if err != nil && pkg == nil {
		return nil
	}
	fset := token.NewFileSet()
	var out []*ast.FuncDecl
	for _, name := range append(append([]string(nil), pkg.TestGoFiles...), pkg.XTestGoFiles...) {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil {
				continue
			}
			if p := fn.Type.Params; p == nil || len(p.List) != 1 || len(p.List[0].Names) > 1 {
				continue
			}
			out = append(out, fn)
		}
	}
	return out
}

// isTestName reports whether go test runs a function of this name as a
// test: Test, or Test followed by anything but a lower-case letter.
func isTestName(name string) bool {
	rest, ok := strings.CutPrefix(name, "Test")
	if !ok {
		return false
	}
	if rest == "" {
		return true
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return !unicode.IsLower(r)
}
