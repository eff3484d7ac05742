package serve

// A follower's key that the followed screen takes (a choice at a
// prediction step, a knob) forks it: the student explores from that
// moment and no longer follows the teacher. Only the tag's "exploring"
// said so, and a student who pressed 2 to answer did not see that the
// teacher's next step would not come. The screen's last line says it in
// words, with the key that follows again, once: from that key until the
// next.

// forkNoteForms are the note's wordings, the fullest first.
func forkNoteForms() []string {
	return []string{
		"You stopped following the teacher: this screen is your own now. " + followKey + " follows the teacher again.",
		"You stopped following the teacher; " + followKey + " follows again.",
		"Not following; " + followKey + " follows again.",
	}
}

// withForkNote puts the note on the view's last line while it shows.
func (s *Session) withForkNote(view string) string {
	if !s.forkNote || s.mode != exploring || s.w <= 0 {
		return view
	}
	return s.overLastLine(view, forkNoteForms())
}
