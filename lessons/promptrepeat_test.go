package lessons

import (
	"strings"
	"testing"
)

// readSentences are a text's sentences (sentences) as a reader compares
// them: lower case, without emphasis or code marks, the stop left off.
func readSentences(s string) []string {
	s = strings.ToLower(strings.NewReplacer("*", "", "`", "").Replace(s))
	var out []string
	for _, part := range sentences(s) {
		if part = strings.TrimRight(strings.TrimSpace(part), ".?!"); part != "" {
			out = append(out, part)
		}
	}
	return out
}

// A question or prediction is read right under its step's text: its first
// sentence does not say again a sentence of that text. Lesson 2's "A
// 500 ms timeout" said "Now every call to the provider gives up after
// 500 ms." in its text and, on the next line, in its prediction.
func TestPromptDoesNotRepeatItsText(t *testing.T) {
	checked := 0
	for _, p := range allPrepared(t) {
		for i, st := range p.Steps {
			text := readSentences(st.Text)
			for _, q := range []*PreparedQuestion{st.Predict, st.Question} {
				if q == nil {
					continue
				}
				checked++
				first := readSentences(q.Prompt)
				if len(first) == 0 {
					continue
				}
				for _, s := range text {
					if says(s, first[0]) {
						t.Errorf("%s step %d (%q): the prompt's first sentence repeats the text's %q: word it otherwise",
							p.Lesson.ID, i+1, st.Title, s)
					}
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d prompts checked", checked)
	}
}

// says reports whether sentence s says all of f: the same sentence, or f
// whole inside it at word boundaries, of five words or more ("search and
// profile never call recommendations" in "search and profile never call
// recommendations, and their own dependencies are as fast as ever").
func says(s, f string) bool {
	if s == f {
		return true
	}
	if len(strings.Fields(f)) < 5 {
		return false
	}
	i := strings.Index(" "+s+" ", " "+f)
	if i < 0 {
		return false
	}
	next := (" " + s + " ")[i+1+len(f):]
	return next == "" || strings.IndexAny(next[:1], " ,;:") == 0
}
