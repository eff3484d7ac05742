package grade

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
)

// checkStuckLine checks the line a dump gives for the learner's stuck
// goroutine against the function it names, in the learner's file. A loop
// the compiler reduced to a jump to itself (`for i < 10 { i *= 2 }` with i
// 0) keeps no line of its own: the binary maps its one instruction, a jump
// to itself, to line 1 of the file (a comment, or the package clause),
// which the traceback then gives, and holds no better line to look up
// (the frame of an inlined function has no pc either). Such a line is
// dropped (stack.stuckLost): the function is all that is known. If the
// function has one loop, it is named as the likely place
// (stack.stuckLoop). The file is read only when a dump found the
// learner's code stuck, and a line is kept as it is if the file or the
// function cannot be found.
func (c *collector) checkStuckLine(st *stack) {
	if st.stuckAt == "" || c.dir == "" {
		return
	}
	file, lineText, _ := strings.Cut(st.stuckAt, ":")
	line, err := strconv.Atoi(lineText)
	if err != nil {
		return
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.Join(c.dir, file), nil, parser.SkipObjectResolution)
	if err != nil {
		return
	}
	fd := findFunc(f, st.stuckIn)
	if fd == nil || fd.Body == nil {
		// Not found by its name (a name frameFunc gives in a form not
		// foreseen): a line at or above the package clause is still in
		// no function.
		st.stuckLost = line <= fset.Position(f.Name.Pos()).Line
		return
	}
	if line >= fset.Position(fd.Pos()).Line && line <= fset.Position(fd.End()).Line {
		return
	}
	st.stuckLost = true
	var loops []ast.Node
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			loops = append(loops, n)
		}
		return true
	})
	if len(loops) == 1 {
		st.stuckLoop = file + ":" + strconv.Itoa(fset.Position(loops[0].Pos()).Line)
	}
}

// findFunc finds the declaration of a function as frameFunc names it,
// "p.(*Breaker).FailureRate", "p.New" or a closure in one,
// "p.(*Bulkhead).Acquire.func1" (whose lines are inside Acquire's); nil
// if f declares no such function.
func findFunc(f *ast.File, frame string) *ast.FuncDecl {
	name := shortFunc(frame)
	recv := ""
	if rest, ok := strings.CutPrefix(name, "("); ok {
		// A method of a pointer receiver: "(*Breaker).FailureRate".
		r, after, ok := strings.Cut(rest, ").")
		if !ok {
			return nil
		}
		recv, name = strings.TrimPrefix(r, "*"), after
	} else if r, after, ok := strings.Cut(name, "."); ok && !isClosureName(after) {
		// A method of a value receiver, "Breaker.State", not the closure
		// of a function, "Call.func2".
		recv, name = r, after
	}
	recv, _, _ = strings.Cut(recv, "[") // a generic type's "Cache[...]"
	name, _, _ = strings.Cut(name, ".") // a closure's ".func1" is inside the function
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != name {
			continue
		}
		if recv == "" && fd.Recv == nil || recv != "" && fd.Recv != nil && len(fd.Recv.List) == 1 && receiverName(fd.Recv.List[0].Type) == recv {
			return fd
		}
	}
	return nil
}

// isClosureName reports whether what follows a function's name in a frame
// is one of its closures, "func1", "gowrap2" or "deferwrap1", or a closure
// inside one, "func1.2".
func isClosureName(s string) bool {
	first, _, _ := strings.Cut(s, ".")
	for _, p := range []string{"func", "gowrap", "deferwrap"} {
		if n, ok := strings.CutPrefix(first, p); ok {
			if _, err := strconv.Atoi(n); err == nil {
				return true
			}
		}
	}
	return false
}

// receiverName is the name of a method's receiver type: Breaker of
// *Breaker, Cache of *Cache[K, V].
func receiverName(x ast.Expr) string {
	for {
		switch t := x.(type) {
		case *ast.StarExpr:
			x = t.X
		case *ast.ParenExpr:
			x = t.X
		case *ast.IndexExpr:
			x = t.X
		case *ast.IndexListExpr:
			x = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}
