package exercises

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strings"
	"testing"
)

// shortDecl matches a hint's code span that declares with :=, and takes
// the names it declares: "n, failed, slow := b.win.counts()".
var shortDecl = regexp.MustCompile("`((?:\\w+\\s*,\\s*)*\\w+)\\s*:=[^`]*`")

// A hint's `a, b := ...` is written to be pasted into a function of the
// file the learner edits. Where it declares a name that file gives one of
// its functions' results, pasting it there assigns to that result
// instead: 03's hint `n, failed, slow := b.win.counts()`, put in Rates
// (whose results are failure and slow, float64), stopped the build with
// "cannot use b.win.counts() (value of type int) as float64 value in
// assignment"; 15's `n, ok := Caps[tenant]`, put in TryAcquire (whose
// results are release and ok), compiles and sets ok to true for a tenant
// named in Caps, which a bare return then reports as admitted.
func TestHintsDeclareNoResultName(t *testing.T) {
	for _, e := range catalog {
		results := map[string]string{} // a named result -> its function
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, e.MainFile(), e.StubFiles()[e.MainFile()], 0)
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Type.Results == nil {
				continue
			}
			for _, field := range fn.Type.Results.List {
				for _, id := range field.Names {
					results[id.Name] = fn.Name.Name
				}
			}
		}
		for i, h := range e.Hints() {
			for _, m := range shortDecl.FindAllStringSubmatch(h, -1) {
				for _, name := range strings.Split(m[1], ",") {
					if fn, ok := results[strings.TrimSpace(name)]; ok {
						t.Errorf("%s, hint %d: %s declares %s, a result of %s in %s: pasted there, it assigns to that result instead",
							e.Name, i+1, m[0], strings.TrimSpace(name), fn, e.MainFile())
					}
				}
			}
		}
	}
}
