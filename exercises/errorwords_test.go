package exercises

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// messageFuncs are the calls whose arguments end up in a failing test's
// message.
var messageFuncs = map[string]bool{"Error": true, "Errorf": true, "Fatal": true, "Fatalf": true, "Sprintf": true, "Sprint": true}

// errorsPrintedRaw returns, for a test file's source, each message call
// that hands an error variable (err, or a name ending in err or Err)
// straight to the message, where %v prints "<nil>" for no error and the
// bare text of one ("Submit = thread pool: all workers busy ..., want
// nil"), which reads as part of the sentence. The bundled tests pass it
// through said(err): "returned no error", or the text in quotes.
func errorsPrintedRaw(src []byte) ([]rawError, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x_test.go", src, 0)
	if err != nil {
		return nil, err
	}
	var found []rawError
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || !messageFuncs[sel.Sel.Name] {
			return true
		}
		for _, a := range call.Args {
			if id, ok := a.(*ast.Ident); ok && isErrorName(id.Name) {
				found = append(found, rawError{fset.Position(call.Pos()).Line, id.Name})
			}
		}
		return true
	})
	return found, nil
}

// rawError is an error handed raw to a message: the line, and the
// variable's name.
type rawError struct {
	line int
	name string
}

// isErrorName says whether a variable's name is one the bundled tests give
// an error: err, inner, or one ending in err or Err (gotErr).
func isErrorName(name string) bool {
	return name == "err" || name == "inner" || strings.HasSuffix(name, "Err")
}

func TestErrorsPrintedRaw(t *testing.T) {
	racefree.Only(t) // parses sources held here and embedded: no goroutine
	for _, tc := range []struct {
		src  string
		want int
	}{
		{`t.Fatalf("Submit = %v, want nil", err)`, 1},
		{`t.Fatal(err)`, 1},
		{`t.Errorf("Allow returned %v", gotErr)`, 1},
		{`t.Fatalf("Submit returned %s, want no error", said(err))`, 0},
		{`t.Fatalf("%d calls", n)`, 0},
		{`_ = fmt.Sprintf("%q", err.Error())`, 0},
	} {
		src := "package p\n\nfunc f() {\n\t" + tc.src + "\n}\n"
		got, err := errorsPrintedRaw([]byte(src))
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		if len(got) != tc.want {
			t.Errorf("errorsPrintedRaw(%s) found %d, want %d", tc.src, len(got), tc.want)
		}
	}
	for _, e := range catalog {
		files := e.TestFiles()
		for _, name := range slices.Sorted(maps.Keys(files)) {
			found, err := errorsPrintedRaw(files[name])
			if err != nil {
				t.Errorf("%s/test/%s: %v", e.Name, name, err)
				continue
			}
			for _, f := range found {
				t.Errorf("%s/test/%s:%d: a message prints the error %s as %%v would (\"<nil>\" for none); say what came back in words, said(%s)",
					e.Name, name, f.line, f.name, f.name)
			}
		}
	}
}
