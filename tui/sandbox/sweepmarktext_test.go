package sandbox

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/charmbracelet/x/ansi"
)

// A knob's value reads one way wherever the sandbox shows it: the sweep's
// ◆ line named the form's own design "recommendations.timeout=1000ms"
// (Axis.Setting) where the form's field read "1s", and the picker listed a
// failure rate "0.5" the field read "50%". For every field of every
// cascade variant that a sweep opens on, against the knob the picker
// offers first, with cascade's timeouts and with each at 1 s (an axis
// in milliseconds, the walk's case): the ◆ line and the picker write
// both knobs as their fields do.
func TestSweepWritesKnobsAsTheFormDoes(t *testing.T) {
	oneSecond := shortCascade(t)
	for v := range oneSecond.Variants {
		for _, dep := range []string{"recommendations", "search-index", "profile-db"} {
			if err := lessons.SetKnob(oneSecond, v, dep+".timeout", "1s"); err != nil {
				t.Fatal(err)
			}
		}
	}
	opened, compared := 0, 0
	for _, sc := range []*engine.Scenario{shortCascade(t), oneSecond} {
		checkSweepWritesKnobsAsTheForm(t, sc, &opened, &compared)
	}
	if opened < 30 || compared < 100 {
		t.Fatalf("a sweep opened on %d fields of cascade's, the picker's list compared %d times; the test wants more", opened, compared)
	}
}

func checkSweepWritesKnobsAsTheForm(t *testing.T, sc *engine.Scenario, opened, compared *int) {
	t.Helper()
	for v := range sc.Variants {
		m := newModel(t, 200, 60, Options{Scenario: sc, Variant: v})
		m = press(m, "e")
		for i := range m.form.knobs {
			m.form.focus, m.form.err = i, ""
			m = send(m, ctrlS)
			s := m.sw
			if s == nil {
				continue // a field no sweep opens on (the form says why)
			}
			*opened++
			y := s.choices[s.cursor]
			fields := map[string]string{s.x: m.form.knobs[i].input.Value()}
			if j := fieldFor(m.form, s.base, v, y); j >= 0 {
				fields[y] = m.form.knobs[j].input.Value()
			}
			picker := ansi.Strip(m.View())
			if text := fields[s.x]; strings.HasSuffix(text, "%") {
				// A share's range reads in the field's unit too.
				r := regexp.MustCompile(`from (\S+) to (\S+), around (\S+)\)`).FindStringSubmatch(strings.Join(strings.Fields(strings.ReplaceAll(picker, "│", " ")), " "))
				if r == nil || !strings.HasSuffix(r[1], "%") || !strings.HasSuffix(r[2], "%") || r[3] != text {
					t.Errorf("variant %d: the picker's range of %s reads %q beside a field reading %q", v+1, s.x, r, text)
				}
			}
			p, mark, err := s.planFor(y, 8, 6, 1)
			if err != nil {
				t.Fatalf("variant %d, %s against %s: %v", v+1, s.x, y, err)
			}
			s.plan, s.mark, s.res, s.stage, s.stopped = p, mark, sweep.NewResult(p), sweepDone, true
			view := ansi.Strip(m.View())
			line := ""
			for _, l := range strings.Split(view, "\n") {
				if strings.Contains(l, "◆ the design in the form") {
					line = l
				}
			}
			for path, text := range fields {
				if strings.HasPrefix(text, "0") && strings.TrimLeft(text, "0.") == "" {
					continue // none: the line says it in words ("no timeout (…=0)")
				}
				if !strings.Contains(line, path+"="+text+",") {
					t.Errorf("variant %d, %s against %s: the field reads %q, the ◆ line %q", v+1, s.x, y, text, strings.TrimSpace(line))
				}
			}
			// Every knob the picker lists that has a field reads as it.
			for j := range m.form.knobs {
				path, ok := knobPath(s.base, v, &m.form.knobs[j])
				text := m.form.knobs[j].input.Value()
				listed := regexp.MustCompile(`│ [▸ ] ` + regexp.QuoteMeta(path) + ` +(\S+)`).FindStringSubmatch(picker)
				if ok && listed != nil {
					*compared++
				}
				if ok && listed != nil && listed[1] != text {
					t.Errorf("variant %d: the picker lists %s as %q, the field reads %q", v+1, path, listed[1], text)
				}
			}
			m.sw = nil
		}
	}
}
