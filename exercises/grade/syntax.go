package grade

import (
	"bytes"
	"errors"
	"go/build"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// syntaxErrors parses the Go files in dir that a build with these options
// would compile, and returns their syntax errors as the build would report
// them: the file relative to dir, line, column and Go's words. A syntax
// error needs no build, and the first build on an empty Go cache, the race
// detector's most of all, compiles the standard library first: a learner
// waited a minute and a half to see a missing brace. Run reports these at
// once and starts no go command.
//
// It parses only. A type check (go/types) would catch more before the
// build, but not cheaply or exactly: it needs the imported packages' types,
// from export data the go command builds (the same wait) or from their
// source (seconds for testing and its imports), and the build words a name
// the tests use and the learner has not written its own way
// (explainUndefined).
func syntaxErrors(dir string, race bool) []BuildError {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil // the go command says what is wrong with the folder
	}
	ctx := build.Default
	if race {
		ctx.BuildTags = append(slices.Clone(ctx.BuildTags), "race")
	}
	fset := token.NewFileSet()
	var out []BuildError
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") {
			continue
		}
		// A file the build leaves out (a build constraint, a name
		// starting with _ or .) is not the learner's error. A header that
		// does not parse is read as matching, so that its error is said.
		if ok, err := ctx.MatchFile(dir, name); err == nil && !ok {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			continue // the go command says why it cannot read it
		}
		// The file's name as the build names it, relative to dir.
		_, err = parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		var list scanner.ErrorList
		if !errors.As(err, &list) || len(list) == 0 {
			continue
		}
		// The first error of a file only: its place is the compiler's,
		// and the ones after it are often the parser losing its way after
		// it ("expected ';', found 'if'" a function later, where a brace
		// is missing above). A save that fixes it shows the next at once.
		list.Sort()
		pe := list[0]
		msg := pe.Msg
		if !strings.HasSuffix(name, "_test.go") {
			// The go command parses test files itself, with go/parser, to
			// find their tests, and says its words as they are ("setup
			// failed"); the other files only the compiler parses.
			msg = syntaxPrefix + compilerWords(msg, src[min(pe.Pos.Offset, len(src)):])
		}
		line, col := pe.Pos.Line, pe.Pos.Column
		if pe.Pos.Offset >= len(src) {
			// At the end of the file go/parser counts the last line's
			// newline into that line (7:3 after a last line "}"), where
			// the compiler is on the line after it (8:1), as an editor
			// puts the cursor.
			line, col = 1+bytes.Count(src, []byte("\n")), len(src)-bytes.LastIndexByte(src, '\n')
		}
		out = append(out, BuildError{File: pe.Pos.Filename, Line: line, Col: col, Message: msg})
	}
	return out
}

// compilerWords says go/parser's msg, about the token that at starts with,
// in the compiler's words where the two say the same fault their own ways:
// a missing ) or }, a token where another was due, a missing comma. These
// are most of a learner's syntax errors, and the compiler's words are the
// ones `go build` and `go test` print: a learner who runs them sees the
// same line twice, not two wordings of one fault to reconcile. The
// compiler's parser is not importable, so its words are written out here;
// the faults they do not cover keep the parser's words, which say the same
// in a wording of their own ("expected declaration, found x").
func compilerWords(msg string, at []byte) string {
	// "expected ')', found newline": the compiler's "unexpected newline,
	// expected )"; what the parser calls an operand the compiler calls
	// an expression.
	if want, found, ok := strings.Cut(msg, ", found "); ok {
		if want == "expected operand" {
			return "unexpected " + compilerToken(found) + ", expected expression"
		}
		if strings.HasPrefix(want, "expected '") && strings.HasSuffix(want, "'") {
			return "unexpected " + compilerToken(found) + ", expected " + strings.Trim(strings.TrimPrefix(want, "expected "), "'")
		}
	}
	// "missing ',' in argument list": the compiler names the token that
	// stood where the comma was due, which the parser's words do not, and
	// what else could have ended the list.
	// Before a newline ("missing ',' before newline in argument list"),
	// the compiler names the newline: a call's ) left off at a line's end.
	place, ok := strings.CutPrefix(msg, "missing ',' in ")
	tok := ""
	if ok {
		tok = scannedToken(at)
	} else if place, ok = strings.CutPrefix(msg, "missing ',' before newline in "); ok {
		tok = "newline"
	}
	closer := map[string]string{"composite literal": "}", "argument list": ")", "parameter list": ")"}[place]
	if !ok || closer == "" {
		return msg
	}
	return "unexpected " + tok + " in " + place + "; possibly missing comma or " + closer
}

// compilerToken is a token as go/parser's "found …" says it ("newline",
// "'EOF'", "'if'", "')'", a name or literal bare) in the compiler's words:
// "newline", "EOF", "keyword if", ")", "name time", "literal 5".
func compilerToken(found string) string {
	if tok, ok := strings.CutPrefix(found, "'"); ok {
		tok = strings.TrimSuffix(tok, "'")
		switch t := token.Lookup(tok); {
		case t.IsKeyword():
			return "keyword " + tok
		case tok == ",":
			return "comma"
		case tok == ";":
			return "semicolon"
		}
		return tok
	}
	if found == "newline" {
		return found
	}
	if r, _ := utf8.DecodeRuneInString(found); r == '_' || unicode.IsLetter(r) {
		return "name " + found
	}
	return "literal " + found
}

// scannedToken is the token src starts with, in the compiler's words.
func scannedToken(src []byte) string {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", -1, len(src)), src, nil, 0)
	_, tok, lit := s.Scan()
	switch {
	case tok == token.EOF:
		return "EOF"
	case tok == token.IDENT:
		return "name " + lit
	case tok.IsLiteral():
		return "literal " + lit
	}
	return compilerToken("'" + tok.String() + "'")
}

// syntaxPrefix starts the compiler's every syntax error ("syntax error:
// unexpected newline in composite literal; …"), in a file that is not a
// test file. The words after it are the compiler's where compilerWords
// knows them, else go/parser's, as gofmt, vet and editors say them.
const syntaxPrefix = "syntax error: "

// syntaxReport is the Report of a package whose files do not parse, in the
// form of the build's (collector.report): no go command ran.
func syntaxReport(errs []BuildError) Report {
	r := Report{Status: BuildFailed, BuildErrors: errs}
	for _, e := range errs {
		r.BuildOutput = append(r.BuildOutput, "./"+e.String())
	}
	r.Summary = compileSummary(errs, nil, false)
	return r
}
