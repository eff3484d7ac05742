package lessonui

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// placeholder is a {{...}} of a lesson's raw text.
var placeholder = regexp.MustCompile(`\{\{(.*?)\}\}`)

// filledValues pairs each placeholder of raw with the string the prepared
// text filled in for it: the text between two placeholders is the same in
// both, so what lies between is the placeholder's figure.
func filledValues(t *testing.T, raw, filled string) map[string]string {
	t.Helper()
	raw, filled = strings.TrimSpace(raw), strings.TrimSpace(filled)
	exprs := placeholder.FindAllStringSubmatch(raw, -1)
	lits := placeholder.Split(raw, -1)
	for i := range lits {
		lits[i] = regexp.QuoteMeta(lits[i])
	}
	m := regexp.MustCompile(`(?s)^` + strings.Join(lits, `(.*?)`) + `$`).FindStringSubmatch(filled)
	if m == nil {
		t.Fatalf("the prepared text is not its raw text with the placeholders filled:\n%s\n---\n%s", raw, filled)
	}
	out := map[string]string{}
	for i, e := range exprs {
		out[strings.TrimSpace(e[1])] = m[i+1]
	}
	return out
}

// okOf is the ok column of tenant's row in the tenants pane's view.
func okOf(view, tenant string) (string, bool) {
	col := -1
	for _, l := range strings.Split(ansi.Strip(view), "\n") {
		f := strings.Fields(strings.Trim(strings.TrimSpace(l), "│"))
		if len(f) == 0 {
			continue
		}
		if f[0] == "tenant" {
			col = slices.Index(f, "ok")
		}
		if f[0] == tenant && col > 0 && col < len(f) {
			return f[col], true
		}
	}
	return "", false
}

// Lesson 13's reveals quote each tenant's answered share while the
// tenants pane beside them shows the same share at the step's end: the
// text said globex had "62.9%" answered and the pane, one computation,
// wrote "63%", and a learner wonders which is right. The text's figure is
// the string the pane shows, at the projector's size and at 80×24.
func TestLesson13TenantSharesReadAsThePaneShowsThem(t *testing.T) {
	racefree.Only(t) // plays the steps in this goroutine, starting none
	p := lessonID(t, "13-partitioning-by-tenant")
	quoted := 0
	for i := range p.Steps {
		st := &p.Steps[i]
		if st.Predict == nil || st.Step.Predict == nil || !st.HasSim() {
			continue
		}
		figures := filledValues(t, st.Step.Predict.Reveal, st.Predict.Reveal)
		for _, sz := range [][2]int{{200, 60}, {80, 24}} {
			m := playToPause(t, send(open(t, p, i, sz[0], sz[1], Options{}), keys("1")...))
			es, ok := m.sim.(*engineSim)
			if !ok {
				t.Fatalf("step %d is not played on the engine", i+1)
			}
			var view string
			for _, pn := range es.panes {
				if tp, ok := pn.(tenantsPane); ok {
					view = tp.View()
				}
			}
			for expr, figure := range figures {
				f := strings.Fields(expr)
				if f[0] != "tenant-share" || f[1] != "step" || strings.Contains(f[2], "+") || f[3] != "ok" {
					continue
				}
				quoted++
				got, ok := okOf(view, f[2])
				if !ok {
					t.Errorf("step %d at %dx%d: the tenants pane has no ok share for %s:\n%s", i+1, sz[0], sz[1], f[2], ansi.Strip(view))
					continue
				}
				if got != figure {
					t.Errorf("step %d at %dx%d: the text says %s had %s answered ({{%s}}), the tenants pane beside it %s:\n%s",
						i+1, sz[0], sz[1], f[2], figure, expr, got, ansi.Strip(view))
				}
			}
		}
	}
	// Three steps quote three tenants each, at two sizes.
	if quoted < 3*3*2 {
		t.Fatalf("lesson 13 quotes %d tenants' shares beside the pane, want at least 18: the test no longer reads its reveals", quoted)
	}
}
