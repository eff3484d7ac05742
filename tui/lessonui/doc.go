// Package lessonui is the lesson player: a bubbletea screen that shows a
// prepared lesson one step at a time, the step's text on one side (Markdown
// parsed with goldmark and drawn by markdown.go, once per step and width) and the step's simulation
// on the other, playing, pausing on its own where the lesson says, and
// asking the step's question. A step's prediction holds the play back until
// the learner guesses (or skips with a second space); when the play stops,
// the guess stands beside the engine's value, right, close or off, never
// wrong, with the reveal (a number says how far off it was, and names the
// misconception the step defines for it). A step whose run a later step
// plays on after asking about it (lessons.Prepared.ContinuedBy) stops
// there, time keys included, until that prediction is made. A step whose prediction was
// revealed opens again where the reveal speaks of, the run at its pause,
// and says so when the panes are moved before it. Choices are shown in the order
// lessons.ChoiceOrder draws for the learner and the attempt; a question can
// be taken again; the last screen shows the recap, the score (first tries),
// a review of the missed questions and opens the next lesson. It also holds
// the lesson picker, a list of the lessons with their progress and score
// that opens the player, and on a tall window shows the steps of the
// lesson under the cursor under the list.
//
// It owns the player's model, key map, layout and the few panes no other
// package draws (the endpoints table, the breaker transitions, and the
// shuffle-sharding fleet, customers, odds, customer grid and chart over
// time); the worker pool, breaker and
// charts are tui/pane's and tui/chart's, fed with engine snapshots through
// the adapters in panes.go, so either side can change without the other.
//
// The outcome table counts with engine/report's Tally, the computation
// behind `breakerlab run`, and at the end of the traffic it counts the run
// played out through its drain, so its shares are run's to the decimal.
//
// It may import lessons, the engine, engine/shuffle (to run a step's
// simulation) and engine/report (its shares), tui/theme, tui/present
// (its Moment for presentation mode, and Run's wrapper), tui/pane,
// tui/chart, tui/sweepui (a step's sweep as a heatmap), tui/internal/helpview (its key table),
// tui/internal/playback (the time keys, the seek prompt and the mouse it
// shares with the sandbox: ← → move time, n p change the step; seek.go,
// mouse.go), goldmark, bubbletea,
// bubbles (key, help) and x/ansi. It does no I/O in View: progress is saved
// in tea.Cmds, and the Markdown is rendered in Update when the step or the
// width changes. It holds no global state and takes its theme (and so its
// renderer) from Options, so a classroom server can run one per student.
package lessonui
