package lessonui

// The longest tests of the player call t.Parallel, so that they share two
// cores when both are free: a top-level parallel test starts only after
// every test that is not parallel has returned, and then runs beside the
// other parallel ones alone.
//
// They share the prepared lessons (allLessons), which a player only reads
// (lessons.PreparedStep: the player must not change them), as a classroom
// server's sessions share them; the package's own caches (sentences) are
// locked for those sessions. So a test may call t.Parallel if it writes
// nothing another test reads: a lesson it changes is its own copy
// (shareread_test.go), its store is in its own t.TempDir, it sets no
// environment (t.Setenv refuses a parallel test) and swaps no package
// variable (TestPresentedFigureIsTheLessons swaps stepAnswer,
// which every player reads, so it stays sequential). A test that counts
// the process's allocations stays sequential too: it counts every
// goroutine's.
