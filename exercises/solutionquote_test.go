package exercises

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"
)

// A failing test tells the learner what was wrong, not the line that
// fixes it: the hints hand out code a step at a time, when asked, and a
// message that quotes the solution skips them. 12's size test once ended
// "forgive that noise before rounding up, say math.Ceil(need - 1e-9)",
// the solution's line, before the learner had asked for any hint.
func TestTestMessagesQuoteNoSolutionLine(t *testing.T) {
	for _, e := range catalog {
		var code []string // the solution's lines that are code, not files given done
		stubs := e.StubFiles()
		for name, src := range e.SolutionFiles() {
			if string(stubs[name]) == string(src) {
				continue // a file the learner is given done, quoted freely
			}
			for _, l := range strings.Split(string(src), "\n") {
				l = strings.TrimSpace(l)
				if len(l) < 12 || strings.HasPrefix(l, "//") || strings.HasPrefix(l, "func ") || strings.HasPrefix(l, "type ") {
					continue // too short to give anything away, a comment, or a signature the README shows
				}
				if strings.Contains(string(stubs[name]), l) {
					continue
				}
				// The line, and what an assignment in it computes: a
				// message may quote the expression without its variable.
				for _, c := range []string{l, afterAssign(l)} {
					// A call or an index is code; "return ErrFull" is also
					// the words of the rule it keeps.
					if len(c) >= 12 && strings.ContainsAny(c, "([") {
						code = append(code, c)
					}
				}
			}
		}
		for name, src := range e.TestFiles() {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, name, src, 0)
			if err != nil {
				t.Fatalf("%s/%s: %v", e.Name, name, err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil {
					return true
				}
				for _, l := range code {
					if strings.Contains(s, l) {
						t.Errorf("%s/%s:%d: a test's message quotes the solution's line %q; say what is wrong and leave the fix to the hints",
							e.Name, name, fset.Position(lit.Pos()).Line, l)
					}
				}
				return true
			})
		}
	}
}

// afterAssign is what the assignment in l assigns ("math.Ceil(need -
// 1e-9)" of "size := math.Ceil(need - 1e-9)"), or "" if l assigns nothing.
func afterAssign(l string) string {
	for _, op := range []string{" := ", " = "} {
		if _, rhs, ok := strings.Cut(l, op); ok {
			return rhs
		}
	}
	return ""
}
