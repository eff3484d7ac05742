// Package challenge owns breakerlab's challenge levels: a scenario, the
// knobs a learner may turn (each with its range), goals stated on the
// engine's results, and a par. It holds the challenge file format
// (FORMAT.md), its loader, the grader that runs the engine over several
// seeds (a goal must hold on every one of them, so a lucky seed does not
// pass), the check of a learner's scenario file against a challenge, the
// claims a brief makes of its start (checked by the engine), the stars
// kept in the learner's progress file (none for a reference solution once
// shown), and the built-in challenges with their reference solutions,
// embedded from content/ and solutions/.
//
// Knob paths are the ones a lesson's [set] table takes (lessons.SetKnob, the
// one parser of them); goals use the lesson metrics' names without the run
// argument (the run is the challenge's own scenario); shares are counted by
// engine/report's Tally, as `breakerlab run` counts them.
//
// Nothing here draws on a terminal: tui/challengeui shows a challenge. It
// may import the standard library, engine and its sub-packages, lessons (for
// SetKnob, Value and the transition helpers), lessons/store (the progress
// file) and go-toml. It must not import
// tui/ or cmd/.
package challenge
