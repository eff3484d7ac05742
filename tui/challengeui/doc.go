// Package challengeui is the challenge screen: the challenge's knobs, each
// goal with ✓ or ✗ and its worst seed's value, graded by the engine over
// the challenge's seeds as the knobs change, the par and the stars, beside
// the live sandbox playing the same design on the seed it falls short on
// (or, in a window too small for both, a key away from it). The brief and
// the hint are on a page of their own (i), scrolled when the window is
// short. It also holds the list of challenges the home
// screen opens, which on a tall window shows the one under the cursor (its
// brief, goals and par) under the list.
//
// Grading runs in a command, never in View, and a result is dropped when
// the knobs have moved on since. Stars are kept through
// lessons/challenge.Progress, written in a command too. After three designs
// the learner tried fall short (a try: a design typed in, watched or
// played, or written out; never an arrow step), s shows the reference
// solution, which passes on screen but earns no stars: the progress file
// marks it shown, and stars go to a design of the learner's own.
//
// It may import lessons/challenge, the engine (for the sandbox's
// scenario), tui/sandbox (through its exported API), tui/theme, tui/pane,
// bubbletea, bubbles (key, help) and x/ansi.
package challengeui
