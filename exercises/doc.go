// Package exercises owns the exercise catalog and the learner's workbook.
//
// The catalog (stubs, bundled tests, READMEs, hints and solutions for each
// exercise) is embedded from testdata/catalog, where the go tool does not
// compile it: the stubs fail their tests on purpose. A workbook is a Go
// module written from the catalog into a folder of the learner's choice,
// one folder per exercise, plus a small progress file that can always be
// rebuilt by checking again. Checking runs the bundled tests through
// package grade.
//
// The package's own tests check the catalog the way rustlings checks its
// own: every stub compiles and fails, every solution passes. They also run
// the mutants in testdata/mutants (patches that put one known mistake each
// into a solution, applied by exercises/internal/unidiff; not embedded),
// which the bundled tests must reject. The check grades the stubs, the
// solutions, and the mutants (all in one module), each with one go command
// per race setting, and keeps the test binaries in the workbooks' state
// folders, so that a run links only what changed.
//
// This package imports only the standard library, exercises/grade and
// lessons/store (the atomic write of the progress file and the files it
// writes into a workbook); its tests also read lessons/facts and, from an
// external test package (lessons imports this one), the lessons' metrics,
// to check the figures an exercise's README quotes against the engine. It
// knows nothing about terminals: the runner UI lives in tui/exercisesui and
// the command line in cmd/breakerlab.
package exercises
