package grade

import (
	"errors"
	"go/build"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
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
			msg = syntaxPrefix + msg
		}
		out = append(out, BuildError{File: pe.Pos.Filename, Line: pe.Pos.Line, Col: pe.Pos.Column, Message: msg})
	}
	return out
}

// syntaxPrefix starts the compiler's every syntax error ("syntax error:
// unexpected newline in composite literal; …"), in a file that is not a
// test file. The words after it are go/parser's, as the go command, gofmt,
// vet and editors say them ("missing ',' before newline in composite
// literal"): the compiler's own parser is not a package a program can
// import.
const syntaxPrefix = "syntax error: "

// syntaxReport is the Report of a package whose files do not parse, in the
// form of the build's (collector.report): no go command ran.
func syntaxReport(errs []BuildError) Report {
	r := Report{Status: BuildFailed, BuildErrors: errs}
	for _, e := range errs {
		r.BuildOutput = append(r.BuildOutput, "./"+e.String())
	}
	r.Summary = compileSummary(errs, nil)
	return r
}
