// Package mappane draws the map of a scenario's system: the tenants whose
// traffic comes in, the front service, every service it reaches (a fleet
// as a stack of instances), every dependency, and on each call between
// them the breaker that guards it. Each node carries its live state from
// the engine's snapshot: workers or calls in flight against the size, the
// calls that reach it a second (beside the calls made to it, where most of
// those do not) and the share of its answers that failed over the last
// few seconds, and the fault or instance state in force now.
//
// A node is selected with keys or the mouse; Selected names it as the
// engine and the scenario name it ("inventory", "api#3", "acme"), so that
// whatever acts on a part of the system (fault injection, the knob form)
// can take the selection from here.
//
// It reads engine snapshots only, and imports the engine's types, tui/pane
// (frames, number formats, data) and tui/theme.
package mappane
