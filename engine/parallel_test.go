package engine_test

// The longest tests of the engine call t.Parallel, so that they share two
// cores when both are free: a top-level parallel test starts only after
// every test that is not parallel has returned, and then runs beside the
// other parallel ones alone.
//
// So a test may call t.Parallel only if nothing it calls writes a package
// variable that other runs read: the switches the tests turn (waitLaneOff,
// laneRoom, soonOff, queueEveryTaskStep, SetDeferTimeouts, SetCostStrict,
// and the helpers that turn them, laneAndQueue and waitsAndQueue) would
// change a run of a parallel test started meanwhile. Nor may a test that
// counts the process's allocations (testing.AllocsPerRun, bytesAllocated)
// call it: those count every goroutine's. Each of those stays sequential,
// and so never runs beside a parallel test.
