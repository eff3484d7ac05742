// Package drill owns breakerlab's interview preparation that does not depend
// on a terminal: the deck of cards (every lesson question, every self-check
// and interview question of the reference documents with a model answer,
// concept cards and numbers cards), the generated problems with fresh
// numbers for each seed, the spaced-repetition schedule (SM-2, and the
// interval each grade would give, which the grade keys show), the sessions
// and their counts, the file that keeps the schedule with its review log
// and the retention read from it, the mock interview prompts and their
// rubric, and the cheat sheet.
//
// Every number a card or a problem quotes is computed: the hand-written
// cards (cards.toml: the references' questions and the concept cards) are
// written with placeholders and claims and filled by the lessons package,
// and Check (`breakerlab drill --check`) holds them to that; lesson
// questions and numbers cards are filled by the lessons package (which runs
// the engine),
// and generated problems use the formulas the lessons teach (Little's law,
// engine/shuffle's odds, engine/retry's token bucket); where a formula is an
// approximation, the tests run the engine on the problem's own numbers over
// many seeds. The cheat sheet's breaker defaults come from engine/breaker's
// presets, never typed here.
//
// It may import the standard library, go-toml (cards.toml), lessons,
// lessons/store (the schedule's file and saved interviews), engine and its
// sub-packages.
// It must not import tui/ or cmd/. It reads no clock: callers pass the time.
package drill
