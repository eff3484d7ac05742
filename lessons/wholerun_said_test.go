package lessons

import (
	"fmt"
	"strings"
	"testing"
)

// textUnits cuts a text into what a reader takes in at once: each row of
// a table, read with the table's header, each sentence of a paragraph.
func textUnits(text string) []string {
	var out []string
	for _, para := range strings.Split(text, "\n\n") {
		if rows := strings.Split(strings.TrimSpace(para), "\n"); strings.HasPrefix(rows[0], "|") {
			for _, row := range rows[1:] {
				out = append(out, rows[0]+"\n"+row)
			}
			continue
		}
		out = append(out, strings.SplitAfter(oneLine(para), ". ")...)
	}
	return out
}

// Lessons 9, 10 and 11 set whole-run counts beside the window's shares
// without a word, several in steps that never pause (a decision table, a
// question's explanation), where TestAPausedStepSaysWhenItQuotesTheWholeRun
// does not look: lesson 10's "inventory's worker time on calls finished
// after their caller had gone 307.67 s" and "(1,802 of them)", lesson 11's
// "1,072 calls had been refused at its door" and "it finished 792 calls for
// nobody", lesson 9's table of the provider's calls. The sandbox's panes
// show these counts growing over the run, so each sentence or table row
// that quotes one says it is the whole run's. A count of none needs no
// word: none in the run is none in any part of it. Lessons 5 and 6 gave
// retries and calls "in all" or with no word beside them. The words are
// stretch.go's (QuoteSaysStretch), which every text's test reads.
func TestAWholeRunCountSaysSo(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	lab := NewLab()
	checked := 0
	for _, l := range all {
		for where, text := range learnerTexts(l) {
			n := 0
			if _, err := fmt.Sscanf(where, "step %d (", &n); err != nil || n < 1 || n > len(l.Steps) {
				continue // a recap names no run of its own step
			}
			st := &l.Steps[n-1]
			ctx := &evalCtx{lab: lab, step: st, lesson: l, seed: st.Seed}
			for _, unit := range textUnits(text) {
				err := scanPlaceholders(unit, func(at int, expr string, _ error) error {
					e, err := ParseExpr(expr)
					if err != nil || !WholeRunTotal(e.Metric) {
						return nil
					}
					v, err := ctx.Eval(e)
					if err != nil {
						t.Fatalf("%s %s: {{%s}}: %v", l.ID, where, expr, err)
					}
					checked++
					if v.F == 0 {
						return nil
					}
					if QuoteSaysStretch(StretchWholeRun, unit, at) {
						return nil
					}
					t.Errorf("%s %s quotes {{%s}}, a count of the whole run, without saying so (say one of %q):\n\t%s",
						l.ID, where, expr, StretchWords(StretchWholeRun), unit)
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d whole-run counts checked", checked)
	}
}
