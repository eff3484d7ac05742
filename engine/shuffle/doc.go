// Package shuffle owns breakerlab's shuffle-sharding lab: the exact odds that
// two customers' shards overlap, the strategies that hand each customer its
// workers (plain, shuffle, hash-derived and overlap-limited), the static count
// of who loses service when one customer's requests crash every worker they
// reach, a step-by-step timeline of the same failure for the animated view,
// and the built-in `shuffle` scenario's report.
//
// It imports the standard library and engine/report (one way to write a
// share: report.Percent1), which therefore never imports it. Odds are computed with math/big so
// that they stay exact for fleets of up to 100,000 workers. Everything random
// comes from math/rand/v2 sources seeded with the run's seed, and Assign is
// the one place a seed becomes shards, so the report, the timeline and every
// view built on them agree on who goes down. Time is virtual, so a run is a
// plain value that gives the same result bit for bit.
package shuffle
