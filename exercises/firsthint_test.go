package exercises

import (
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strings"
	"testing"
)

// A learner runs the stub's tests, reads the first failure, and asks for
// a hint: where the first test calls String() alone, the first hint is
// about String(). 01's first failure is String() (the states' names),
// while its first hint was about the breaker's fields, which no test
// reaches until String() passes. (A first test of the exercise's own work,
// 11's Shards or 12's InFlight, has a first hint about that work in its
// own words, which this cannot judge.)
func TestFirstHintMeetsAFirstTestOfString(t *testing.T) {
	for _, e := range catalog {
		fset := token.NewFileSet()
		stub, err := parser.ParseFile(fset, e.MainFile(), e.StubFiles()[e.MainFile()], 0)
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		methods, funcs := map[string]bool{}, map[string]bool{}
		for _, d := range stub.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv != nil {
				methods[fn.Name.Name] = true
			} else if ok {
				funcs[fn.Name.Name] = true
			}
		}
		first := firstTest(t, e)
		if first == nil {
			t.Fatalf("%s: no test function in its tests", e.Name)
		}
		called := map[string]bool{}
		ast.Inspect(first.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				switch f := c.Fun.(type) {
				case *ast.SelectorExpr: // the tests are in the stub's package: a method
					if methods[f.Sel.Name] {
						called[f.Sel.Name] = true
					}
				case *ast.Ident: // a function, not a conversion such as State(42)
					if funcs[f.Name] {
						called[f.Name] = true
					}
				}
			}
			return true
		})
		if len(called) != 1 || !called["String"] {
			continue
		}
		if h := e.Hints(); len(h) > 0 && !strings.Contains(h[0], "String()") {
			t.Errorf("%s: the first test, %s, calls String() alone, but the first hint does not name it:\n%s", e.Name, first.Name.Name, h[0])
		}
	}
}

// firstTest is the test go test runs first in e's tests: the first Test
// function of the first file, the files in the order of their names.
func firstTest(t *testing.T, e Exercise) *ast.FuncDecl {
	t.Helper()
	files := e.TestFiles()
	names := make([]string, 0, len(files))
	for n := range files {
		if strings.HasSuffix(n, "_test.go") {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		f, err := parser.ParseFile(token.NewFileSet(), n, files[n], 0)
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Test") {
				return fn
			}
		}
	}
	return nil
}
