package shardview

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// typedSetup is the setup the form's fields hold, and false while one of
// them holds no value.
func typedSetup(f *form) (Setup, bool) {
	var s Setup
	for i := range f.knobs {
		if f.knobs[i].set(&s, f.knobs[i].input.Value()) != nil {
			return s, false
		}
	}
	return s, true
}

// markedLabels are the labels of f's fields marked refused.
func markedLabels(f *form) []string {
	var out []string
	for i := range f.knobs {
		if f.knobs[i].err != "" {
			out = append(out, f.knobs[i].label)
		}
	}
	return out
}

// saysNow fails unless, while the setup's complaint is shown (since an
// enter it refused: shown), the form says what enter would refuse of the
// setup its fields hold, as a view opened on that setup is refused (New,
// the whole run): its complaint, or nothing once the setup runs; and
// nothing while no complaint is shown, the setup checked at enter. While
// a field holds no value the form keeps what it said, which enter then
// replaces. It says whether the complaint is still shown.
func saysNow(t *testing.T, m Model, shown bool, step string) bool {
	t.Helper()
	f := m.form
	view := ansi.Strip(m.View())
	flat := strings.Join(strings.Fields(strings.ReplaceAll(view, "│", " ")), " ")
	s, ok := typedSetup(f)
	if shown && !ok {
		return true
	}
	var err error
	if shown {
		_, err = New(Options{Theme: tuitest.Plain(), Seed: tuitest.Seed, Setup: s})
	}
	if err == nil {
		if f.err != "" || len(markedLabels(f)) > 0 || strings.Contains(flat, "unchanged") || strings.Contains(flat, "refused") {
			t.Fatalf("%s: no complaint is due, and the form says %q with %v marked:\n%s", step, f.err, markedLabels(f), view)
		}
		return false
	}
	want := strings.TrimPrefix(err.Error(), "shard view: ") + "; " + refusedTail
	if f.err != want {
		t.Fatalf("%s: the form says\n\t%q\nenter would say\n\t%q", step, f.err, want)
	}
	if !strings.Contains(flat, strings.Join(strings.Fields("✗ "+want), " ")) {
		t.Fatalf("%s: the screen does not say %q:\n%s", step, want, view)
	}
	return true
}

// An edit while the setup's complaint is shown checks the setup again: the
// complaint and its marks leave once the setup is mended, by whichever
// field, and change with it while it is not. They stayed until the next
// enter: 8 workers for 9 in plain shards of 2 left workers per customer
// marked, and the line saying 9 workers were refused.
func TestAnEditChecksTheSetupAgain(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one, and the form stays open (a refused enter plays nothing)
	type step struct {
		say    string
		keys   []string
		marked []string // the fields marked after the last key
		line   string   // in the message line after the last key; "" for none
	}
	both := []string{"workers", "workers per customer"}
	steps := []step{
		{"9 workers in plain shards of 2, entered", []string{"ctrl+u", "9", "enter"}, both, "workers (9) to be a multiple of workers per customer (2)"},
		{"workers cleared: no value yet", []string{"backspace"}, []string{"workers per customer"}, "workers (9) to be a multiple"},
		{"8 workers", []string{"8"}, nil, ""},
		{"shards of 3, entered", []string{"tab", "backspace", "3", "enter"}, both, "workers (8) to be a multiple of workers per customer (3)"},
		{"7 workers: still refused, and said so", []string{"shift+tab", "backspace", "7"}, both, "workers (7) to be a multiple of workers per customer (3)"},
		// end keeps the 1000 a field just entered stands selected with.
		{"100,000 customers: another complaint", []string{"tab", "tab", "end", "0", "0"}, []string{"customers"}, "customers must be from 2 to 10,000, got 100000"},
		{"10,000 customers: the shards again", []string{"backspace"}, both, "workers (7) to be a multiple of workers per customer (3)"},
		{"9 workers mend it", []string{"shift+tab", "shift+tab", "backspace", "9"}, nil, ""},
		{"overlap-limited on the right with none shared, entered", []string{"tab", "tab", "tab", "tab", "ctrl+u", "o", "v", "e", "r", "l", "a", "p", "tab", "ctrl+u", "0", "tab", "ctrl+u", "4", "enter"}, []string{"customers", "most shared", "poisoned customer"}, "only customers 0 to 2 fit"},
		{"poisoned customer 2 mends it", []string{"backspace", "2"}, nil, ""},
	}
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		m := press(newModel(t, size[0], size[1], Options{}), "e")
		shown := false
		for _, st := range steps {
			for i, k := range st.keys {
				m = press(m, k)
				if m.form == nil {
					t.Fatalf("%v: %s: key %d (%s) closed the form: the setup was taken", size, st.say, i+1, k)
				}
				shown = shown || k == "enter"
				shown = saysNow(t, m, shown, fmt.Sprintf("%v: %s, after %s (key %d)", size, st.say, k, i+1))
			}
			if got := markedLabels(m.form); !slices.Equal(got, st.marked) {
				t.Fatalf("%v: %s: %v are marked, want %v; the form says %q", size, st.say, got, st.marked, m.form.err)
			}
			if (st.line == "") != (m.form.err == "") || !strings.Contains(m.form.err, st.line) {
				t.Fatalf("%v: %s: the form says %q, want %q in it", size, st.say, m.form.err, st.line)
			}
		}
	}
}

// validate, which the form checks a refused setup again with, says what
// setSetup (enter) says of every setup, refused or not, without the run.
func TestValidateIsSetSetupsVerdict(t *testing.T) {
	racefree.Only(t) // no goroutine: runs built and compared on this one
	r, err := newRun(DefaultSetup(), tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	refused := 0
	all := shuffle.Strategies()
	for _, workers := range []int{2, 6, 8, 9, 16} {
		for _, per := range []int{1, 2, 3, 4} {
			for _, customers := range []int{3, 1000} {
				for _, poisoned := range []int{0, 2, 5} {
					for _, shared := range []int{-1, 0, 1, 2} {
						for i, left := range all {
							s := Setup{Workers: workers, PerCustomer: per, Customers: customers, Left: left,
								Right: all[(i+workers+per)%len(all)], MaxShared: shared, Poisoned: poisoned, RestartFor: DefaultSetup().RestartFor}
							v, e := validate(s, tuitest.Seed), r.setSetup(s)
							if fmt.Sprint(v) != fmt.Sprint(e) {
								t.Fatalf("%+v: validate says %v, enter %v", s, v, e)
							}
							if e != nil {
								refused++
							}
						}
					}
				}
			}
		}
	}
	if refused == 0 {
		t.Fatal("no setup was refused: the comparison shows nothing")
	}
}
