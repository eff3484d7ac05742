package sandbox

// The longest of the tests make test runs without -race (those that call
// racefree.Only) call t.Parallel after it, so that they share two cores
// when both are free: a top-level parallel test starts only after every
// test that is not parallel has returned, and then runs beside the other
// parallel ones alone. Under -race they have skipped before t.Parallel.
//
// A test may call t.Parallel if it writes nothing another test reads:
// each builds its own scenarios (tuitest.Scenario and a builder's Build
// make a new one on each call) and its own models, the package keeps no
// state of its own but an atomic counter (sweepIDs) and the layout's
// profiles (profiles.go: behind a mutex, and a profile is the same
// whichever test worked it out, being its run's; a test that needs a
// long run's profile played on opening gives the run a name of its own,
// unprofiled in work_test.go), and the test sets no
// environment (t.Setenv refuses a parallel test), swaps no package
// variable and changes no working folder. A test that counts the
// process's allocations or reads its heap (TestKeptBytesCountWhatTheyHold,
// TestCompareLogsLearnARunWithoutTransitionsOnce) stays sequential: it
// counts every goroutine's, and a parallel test never runs beside a
// sequential one.
