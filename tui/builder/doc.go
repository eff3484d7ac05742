// Package builder is the "New system" screen: a learner builds a system of
// their own without writing TOML. It starts from an empty server or a copy
// of a built-in scenario; keys add a service, a leaf dependency, a fleet, a
// tenant or an endpoint, set the tenants' shares of the traffic (%, all
// at once since they add up to 100 %: shares.go; adding or removing a
// tenant keeps them in proportion: tenants.go), point a caller's call
// at another part, put a breaker on a call, inject a fault (i, through engine/chaos as the
// sandbox does: faults.go), rename or remove a part, and open the
// sandbox's own knob form (sandbox.KnobForm) for the numbers. The system
// is drawn as the Map pane draws it (tui/mappane), beside the list of its
// parts, and a short run of it after every edit fills the charts
// (preview.go); a tall window adds the run's latency and the scenario file
// w would save (filepane.go).
//
// Every edit is made on a copy and kept only when the engine takes the
// result (engine.Scenario.Validate, engine.New on every variant and
// scenariofile.Dump), plus the checks the engine lacks (a part nobody's
// requests reach: engine.Validate accepts it, the run never calls it); a
// refused edit changes nothing and the screen shows the engine's words.
// Edits are undone one by one (u). o on the list of starts opens a
// scenario file (open.go), one w saved or one written by hand. A copy of
// a built-in keeps the built-in's design names and summary only while
// they still describe it: an edit rebuilds or marks them "(edited)", as
// the sandbox's knob edits do (names.go). p plays the system at once (PlayMsg, for the parent to
// open the sandbox on it; the parent hands back what was injected there
// with Played, which keeps it), w saves it as a scenario file (.toml,
// named after the file) that `breakerlab run FILE`, sweep, lessons and
// challenges read. Any name a part is given is one their knob paths reach
// (lessons/knobpath.go). Leaving with unsaved changes asks first; the
// parent keeps the model, so the system stays as a draft while the
// program runs.
//
// It imports the engine and its scenarios, scenariofile (the encoder),
// engine/chaos (faults), engine/sweep (deep copies), tui/mappane,
// tui/chart, tui/sandbox (the knob form), tui/pane, tui/theme,
// tui/palette (its key, for the help), tui/internal/playback and
// helpview, bubbletea and bubbles. Its only I/O is writing the file and
// reading one o opens, each in a tea.Cmd.
package builder
