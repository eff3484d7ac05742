// Package sandbox is the live sandbox screen: it runs one scenario on the
// engine, maps wall time to virtual time at a chosen speed, and shows the
// run in the panes of tui/pane and tui/chart, with controls to play,
// pause, step, rewind, switch variant and change the scenario's knobs. Its
// compare mode runs two variants (or one variant under two libraries'
// breaker defaults) on the same seeded traffic and one clock, pane for
// pane, and states the difference in each endpoint's success share.
//
// Its layout (arrange.go) gives each pane the rows its content can use and
// no more, in two columns: a larger window shows more panes (the breaker
// history, the latency chart, the overview of several breakers), not
// bigger ones, and a pane left out is named in a column's bottom edge.
//
// The model holds no global state; its theme (and so its renderer) comes
// from Options, so a server can run one per session. Ticks are re-armed
// only while playing, and View only joins the panes' cached strings.
//
// The shares it quotes are engine/report's Tally, the computation behind
// `breakerlab run`, and a variant's name is rebuilt by engine/scenarios when
// a knob changes a number it quotes.
//
// A switch of variant takes up the variant's run where it was left, rather
// than replaying it from 0 s (variants.go), and a jump on a long run, back
// or forward, goes on from the latest copy kept before it when that is
// nearer than the run shown (checkpoints.go).
//
// Time moves with the keys every screen shares (tui/internal/playback):
// ← and → by 100 ms, ] and [ between the run's events, g and G to the
// start and the end, : or t to a typed time, a click on a chart's time
// axis; S re-runs the moment on another seed, and w writes the scenario,
// knobs included, as a scenario file that `breakerlab run FILE --seed N`
// reproduces (seek.go, mouse.go).
//
// It may import the engine (its breaker presets, engine/report,
// engine/scenarios and engine/scenariofile's Dump and Parse), tui/theme,
// tui/present (its Moment for presentation mode), tui/pane,
// tui/chart, tui/internal/form, tui/internal/helpview, tui/internal/playback
// (the clock, the shared keys and layout helpers), bubbletea, bubbles (key,
// help), x/ansi and fsnotify. Its I/O, writing the scenario file and
// reading the one it was opened on again (reload.go: one watcher on the
// file's folder, closed by Close), runs in a tea.Cmd, never in Update or
// View, and a write never overwrites without asking.
package sandbox
