// Package lessons owns breakerlab's step-through lessons: the lesson format
// (Markdown files with TOML front matter, described in FORMAT.md), the nine
// built-in lessons embedded from content/, the loader for a teacher's own
// file (and the scenario files it names, read by Parse from the lesson
// file's folder), the placeholders and claims that tie every quoted number to a run of
// the engine, and the learner's progress file.
//
// Nothing here draws on a terminal: the player screen lives in tui/lessonui
// and only reads what this package prepares. A lesson is checked when it is
// prepared: every placeholder is filled by running the engine (engine.New,
// engine.RunAll and engine/shuffle) with the step's seed and overrides, and
// every claim a step makes (its `expect` lines) is evaluated, so a lesson
// cannot drift away from what the simulation shows. A step's [predict] is
// prepared the same way (its answer computed by the engine) and judged by
// closeness, not right or wrong; Outline describes a prepared lesson for
// `lesson ID --check --format json`. The progress file keeps, per learner,
// the steps seen, each question's first try (the score), its attempts
// (which, with ChoiceOrder, decide the order of its choices) and the
// predictions made.
//
// It may import the standard library, engine and its sub-packages,
// exercises (for the catalog's names only), lessons/store (which reads and
// writes the progress file) and go-toml. It must not import
// tui/ or cmd/.
package lessons
