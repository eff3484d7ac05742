// Package grade runs `go test -json` on one package of a learner's workbook
// (or on several with one go command, RunPackages) and turns the event
// stream into a Report per package: which tests passed, which failed and
// why, compile errors with file:line, and a one-line verdict. It runs the
// tests every time, never taking a pass from go's test cache (a racy pass
// is luck), and can keep the test binary, so that grading unchanged code
// again skips the link.
//
// It owns the process side of grading: the timeout, killing the whole
// process group when the time is up, a stack limit far below the
// runtime's (so that a recursion without end overflows in a second and
// is named, rather than running into the timeout), and capping how much output is kept per
// test (what the code printed apart from the test's own lines, so that a
// learner's prints never hide why a test failed). It knows nothing about the exercise catalog or the terminal UI, and
// imports only the standard library and internal/spell (the edit distance
// behind "the nearest name it defines", which every "did you mean" shares).
package grade
