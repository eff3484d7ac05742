package lessonui

// ReserveTitle keeps the last n cells of the player's title line blank,
// for a tag the caller draws there (the classroom's "following the
// teacher · step 1/9 · F explores", which says the step): the lesson's
// title is shortened at a word in the cells left of it, with its "…",
// and the player's own step count is left to the tag. Zero gives the
// whole line back. As the sandbox's (sandbox.Model.ReserveTitle).
func (m Model) ReserveTitle(n int) Model {
	m.titleReserve = max(n, 0)
	return m
}

// ReserveTitle is ReserveTitle on the open player; a player opened later
// starts with the whole line, so a caller sets it after every message
// that may open one.
func (p Picker) ReserveTitle(n int) Picker {
	if p.player == nil {
		return p
	}
	m := p.player.ReserveTitle(n)
	p.player = &m
	return p
}
