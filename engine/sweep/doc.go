// Package sweep owns parameter sweeps: one or two knobs of a scenario varied
// over a grid, every cell run on several seeds, and one measured quantity
// (an endpoint's outcome share or latency percentile, a dependency's
// in-flight maximum, the time its breaker first opens) kept per cell with
// its mean and spread, plus an optional goal whose boundary can be drawn.
//
// It is pure: a sweep is a list of jobs, each a value naming its cell and
// seed, and running one job is a plain function call, so a caller may run
// them in any order on any number of goroutines and get the same result.
// The jobs of one pass share what their runs leave (below), and a plan
// counts them down to know when it may let that go: Restart readies a
// prepared plan for another pass (the pool in tui/sweepui restarts the
// plan it is given).
// It has no goroutines, no terminal and no I/O; the worker pool and the
// drawing live in tui/sweepui. A worker runs its jobs through a Runner,
// which keeps one engine run's memory from job to job, so a sweep of a
// thousand runs does not allocate (and collect) a thousand runs' buffers;
// and the cells whose endpoints send the same requests replay one draw of
// them per seed (engine.Traffic), drawn by the first run that needs it.
// Runs are forked where that is exact (engine's Run.ForkInto): every cell
// of a seed goes on from one prefix run up to the first fault when its
// knobs have not mattered by then (or from a run of its column or row
// there, when the base's knobs had), a cell whose knobs never mattered in
// a finished run of its column or row is that run (it takes the sample
// measured on it, and hands the run on to its own column and row), and a
// cell whose knobs
// mattered in it goes on from a copy of that run taken at the last moment
// they had not (a run watches the next cells of its column and row). A run
// stops once what it measures can no longer change (the window's
// requests all answered, the breaker opened), which for most built-in
// scenarios is well before their end; in_flight_max runs to the end.
// Plan.Work tells what the jobs simulated after the moment each went on
// from, against what their whole runs would have (work.go).
//
// Knob paths are set through a Setter the caller hands in (the one parser
// of lesson [set] tables, lessons.SetKnob), so that a sweep accepts exactly
// the paths a lesson does. It may import the standard library and engine.
package sweep
