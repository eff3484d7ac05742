package lessonui

import "github.com/breakerlab/breakerlab/lessons"

// stepSources are the texts step i is about, for the cut check: its text,
// its prediction's and question's prompts and choices, and its designs'
// names. Whatever of them the screen shows must not be cut short.
func stepSources(p *lessons.Prepared, i int) []string {
	st := p.Steps[i]
	out := []string{st.Text}
	for _, q := range []*lessons.PreparedQuestion{st.Predict, st.Question} {
		if q == nil {
			continue
		}
		out = append(out, q.Prompt)
		for _, c := range q.Choices {
			out = append(out, c.Text)
		}
	}
	if st.Scenario != nil {
		for _, v := range st.Scenario.Variants {
			out = append(out, v.Name)
		}
	}
	return out
}
