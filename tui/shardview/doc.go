// Package shardview is the shard view, the sandbox of the shuffle-sharding
// scenario: one customer's requests crash every worker they reach, and the
// learner watches the fleet go down and come back under two assignment
// strategies side by side (plain sharding against shuffle sharding by
// default), on the same customers and the same poison, beside the exact
// odds of the fleet. It plays, steps, rewinds and re-runs with other knobs
// like the sandbox, on the engine's time-based poisoned-customer
// simulation. The shared seek keys (] and [ between the moments the fleet
// changes, g and G, : or t) and a click on a time axis move it (seek.go,
// mouse.go).
//
// It owns its screen (Model), its panes (Side, one strategy's fleet,
// customers and counts; Odds, the exact odds) and its knob form. Panes
// take SetData and cache their View; the model holds no global state and
// takes its theme from Options, so a server can run one per session.
//
// It may import engine/shuffle, engine/report (Percent1), tui/theme, tui/pane, tui/internal/form,
// tui/internal/helpview, tui/internal/playback (the clock, the keys and
// layout helpers it shares with the sandbox), tui/present (its moment for
// a projector, present.go), bubbletea, bubbles (key, help) and x/ansi. It
// does no I/O.
package shardview
