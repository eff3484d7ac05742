package sandbox

import (
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"
)

// The help screen lists every key of the screen once, read off the key
// map: its hand-kept list had "? all keys" inside the help that ? opens,
// and left out ctrl+s (the sweep, said only in the knob form), the
// fleet's scrolling and the knob form's keys (said now in a line under
// the table, "Knob form (e): …"). Every enabled binding of
// the key map (walked here field by field, the structs it holds too),
// but for the few another key line shows (helpSkip), is an entry of the
// help's table exactly once, alone or opened from the home screen.
func TestHelpListsEveryKeyOnce(t *testing.T) {
	racefree.Only(t) // no goroutine: the help's lines of a model built by hand
	for _, o := range []Options{{}, {CanGoHome: true, BackTo: "back to the scenarios"}} {
		m := newModel(t, 200, 60, o)
		where := map[bool]string{false: "alone", true: "from home"}[o.CanGoHome]
		table, _, _ := strings.Cut(ansi.Strip(strings.Join(m.helpLines(), "\n")), "What the panes show")
		// The knob form's keys are a line under the table, wrapped.
		table, form, _ := strings.Cut(table, "Knob form (e):")
		form = " " + strings.Join(strings.Fields(form), " ")
		entries := 0
		var walk func(v reflect.Value, prefix string)
		walk = func(v reflect.Value, prefix string) {
			for i := range v.NumField() {
				f := v.Type().Field(i)
				path := prefix + f.Name
				if f.Anonymous {
					path = prefix
				}
				if !f.IsExported() || helpSkip[strings.TrimSuffix(path, ".")] != "" {
					continue
				}
				b, ok := v.Field(i).Interface().(key.Binding)
				if !ok {
					if v.Field(i).Kind() == reflect.Struct {
						walk(v.Field(i), map[bool]string{true: prefix, false: path + "."}[f.Anonymous])
					}
					continue
				}
				if !b.Enabled() {
					continue
				}
				entries++
				h := b.Help()
				if path == "Quit" && m.keys.Leave.Enabled() {
					h = m.keys.CtrlC().Help() // q goes back: ctrl+c quits
				}
				entry := regexp.MustCompile(`(^|\s)` + regexp.QuoteMeta(h.Key) + ` +([a-z ]+: )?` + regexp.QuoteMeta(h.Desc) + `( {2,}|\n|$)`)
				inForm := regexp.MustCompile(` ` + regexp.QuoteMeta(h.Key+" "+h.Desc) + ` ?[·.]`)
				if n := len(entry.FindAllString(table, -1)) + len(inForm.FindAllString(form, -1)); n != 1 {
					t.Errorf("%s: %s (%s %s) is listed %d times in the help:\n%s", where, path, h.Key, h.Desc, n, table)
				}
			}
		}
		walk(reflect.ValueOf(*m.keys), "")
		if entries < 30 {
			t.Errorf("%s: the walk found %d bindings; the key map has more", where, entries)
		}
		for _, want := range []string{"ctrl+s sweep this knob"} {
			if !strings.Contains(form, want) {
				t.Errorf("%s: the help does not list %q:\n%s", where, want, table)
			}
		}
		for _, col := range m.keys.compare().FullHelp() {
			for _, b := range col {
				if b.Help().Key == "?" {
					t.Errorf("%s: compare mode's help lists %q inside itself", where, b.Help().Key+" "+b.Help().Desc)
				}
			}
		}
		if strings.Contains(table, "all keys") || regexp.MustCompile(`(^|\s)\?\s`).MatchString(table) {
			t.Errorf("%s: the help lists ? inside itself:\n%s", where, table)
		}
	}
}

// The key line lets a learner find the sweep, which opens from the knob
// form (ctrl+s) and was named on no line of the screen: "e knobs/sweep",
// at 80 columns too, where the event keys give way for it (the help
// lists them), alone and opened from the home screen, paused or playing.
func TestKeyLineNamesTheSweep(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	for _, o := range []Options{{}, {CanGoHome: true, BackTo: "back to the scenarios"}} {
		for _, w := range []int{80, 100, 200} {
			m := newModel(t, w, 24, o)
			for _, playing := range []bool{false, true} {
				m.clock.Play(playing)
				lines := strings.Split(ansi.Strip(m.View()), "\n")
				l := lines[len(lines)-1]
				if !strings.Contains(l, "e knobs/sweep") || !strings.Contains(l, "? keys") {
					t.Errorf("from home %v, %d columns, playing %v: the key line should name the sweep and ?: %q", o.CanGoHome, w, playing, l)
				}
			}
		}
	}
}
