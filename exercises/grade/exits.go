package grade

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
)

// exitCall is a call in the learner's code that ends the process on the
// spot: os.Exit, or log.Fatal and its kin, which call os.Exit(1).
type exitCall struct {
	fn    string // as written with its package's import path: "os.Exit", "log.Fatalf"
	place string // file:line in the package's folder
}

// exitFuncs are the calls exitCalls looks for, by import path, then name.
var exitFuncs = map[string]map[string]bool{
	"os":  {"Exit": true},
	"log": {"Fatal": true, "Fatalf": true, "Fatalln": true},
}

// learnerExits finds the calls that end the process in the package's own
// (non-test) files in dir, in the order of the files and their lines, and
// names those files. A test binary that exits through os.Exit prints no
// stack and go test -json no exit status, so the source is the only place
// that can say which line ended the run. Files that do not parse are left
// out (a run that got to its tests compiled them).
func learnerExits(dir string) (calls []exitCall, files []string) {
	pkg, err := build.ImportDir(dir, build.ImportComment)
	if err != nil && pkg == nil {
		return nil, nil
	}
	fset := token.NewFileSet()
	for _, name := range pkg.GoFiles {
		files = append(files, name)
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		// The names the file gives the packages that hold an exit
		// call: "os", or whatever an import renamed it to.
		local := map[string]string{}
		for _, imp := range f.Imports {
			path, err := strconv.Unquote(imp.Path.Value)
			if err != nil || exitFuncs[path] == nil {
				continue
			}
			as := path
			if imp.Name != nil {
				as = imp.Name.Name
			}
			local[as] = path
		}
		if len(local) == 0 {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			x, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			if path, ok := local[x.Name]; ok && exitFuncs[path][sel.Sel.Name] {
				calls = append(calls, exitCall{fn: path + "." + sel.Sel.Name, place: fmt.Sprintf("%s:%d", name, fset.Position(call.Pos()).Line)})
			}
			return true
		})
	}
	return calls, files
}

// exitText says why a test binary ended during running (the tests that
// had started and not ended, innermost first) with no panic to show:
// the learner's call that ended it if the source has one, else what can.
// counts is "after 3 of 9 tests passed".
func exitText(running, counts string, calls []exitCall, files []string) string {
	if len(calls) > 0 {
		c := calls[0]
		also := ""
		if n := len(calls) - 1; n == 1 {
			also = " (and 1 more call)"
		} else if n > 1 {
			also = fmt.Sprintf(" (and %d more calls)", n)
		}
		return fmt.Sprintf("the test process exited during %s, %s: your code calls %s at %s%s, which ends the whole process at once, with no stack and no result for that test or any after it; return an error (or a value the test can check) instead",
			running, counts, c.fn, c.place, also)
	}
	where := "your code"
	if len(files) > 0 {
		where = strings.Join(files, ", ")
	}
	return fmt.Sprintf("the test process exited during %s, %s, without a panic or a stack: something it called ended the process (os.Exit or log.Fatal; %s has none, so look at what it calls), or it was killed from outside; return an error instead of exiting",
		running, counts, where)
}
