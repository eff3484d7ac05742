package exercises

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"strings"
)

// sameTestCode reports whether two versions of a bundled test file grade
// alike: equal but for line endings, or but for comments and layout. A
// newer breakerlab that only rewords a test's comments (as 01's were) has
// not changed what the tests check, and saying "the bundled tests were
// updated, so this check cannot pass" would fail a learner's working code
// for it; nor does a note the learner writes in the file change a grade.
//
// The comments the go command reads are not dropped: build constraints
// and other //go: directives, //line directives, and cgo's //export. A
// file with an example test (whose // Output: comment is what it checks)
// or a cgo preamble (import "C") is compared as text, as is one the
// scanner cannot read.
func sameTestCode(a, b []byte) bool {
	a, b = bytes.ReplaceAll(a, []byte("\r\n"), []byte("\n")), bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
	if bytes.Equal(a, b) {
		return true
	}
	ta, ok := gradedTokens(a)
	if !ok {
		return false
	}
	tb, ok := gradedTokens(b)
	return ok && ta == tb
}

// gradedTokens is src's tokens, one a line, less the comments that do not
// count (sameTestCode); ok is false when src must be compared as text.
func gradedTokens(src []byte) (tokens string, ok bool) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil {
		return "", false
	}
	for _, im := range f.Imports {
		if im.Path.Value == `"C"` {
			return "", false // the comment above the import is C code
		}
	}
	for _, d := range f.Decls {
		if fn, isFunc := d.(*ast.FuncDecl); isFunc && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Example") {
			return "", false // its // Output: comment is what it checks
		}
	}
	var s scanner.Scanner
	s.Init(fset.AddFile("", fset.Base(), len(src)), src, nil, scanner.ScanComments)
	var out strings.Builder
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.COMMENT && !goReads(lit) {
			continue
		}
		if tok == token.SEMICOLON {
			lit = "" // written ";" or put in at a line's end, it is the same
		}
		// IDENT, INT, STRING and the like are followed by their text;
		// keywords and operators are their text.
		out.WriteString(tok.String())
		if lit != "" {
			out.WriteString(" " + lit)
		}
		out.WriteByte('\n')
	}
	return out.String(), true
}

// goReads reports whether the go command or the compiler reads a comment:
// a directive, which can change what builds.
func goReads(comment string) bool {
	for _, p := range []string{"//go:", "//line ", "/*line ", "// +build", "//export ", "//extern "} {
		if strings.HasPrefix(comment, p) {
			return true
		}
	}
	return false
}
