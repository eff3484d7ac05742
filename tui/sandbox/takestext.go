package sandbox

// TakesText reports whether the keys typed now are text: the knob form,
// a prompt (a time, a seed, a file name, the chaos menu's fault spec) or
// the sweep's picker with its filter is open. A parent with letter keys
// of its own (the classroom's f, which goes back to following) must hand
// them on while it does, or a word typed into a field ends the screen
// the field is on.
func (m Model) TakesText() bool {
	if m.sw != nil {
		// Opened from the knob form: the form waits under it, and a
		// sweep under way or drawn takes keys as commands, not text.
		return m.sw.stage == sweepPicking
	}
	return m.form != nil || m.prompt != nil
}
