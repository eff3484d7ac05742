// Package measure holds the widest a line of prose runs, shared by the
// screens that show paragraphs: a lesson's text and the exercise runner's
// task and hints. On a 200-column terminal the runner's task ran 196
// characters a line, where a reader's eye loses the start of the next.
package measure

// Prose is the most columns a line of prose takes on a wide screen: about
// the 60 to 100 characters held readable, at its upper end, since the
// lessons' Markdown holds code and tables too.
const Prose = 96

// ProseWidth is the width to wrap prose to on a screen w columns wide.
func ProseWidth(w int) int { return min(w, Prose) }
