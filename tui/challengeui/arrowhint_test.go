package challengeui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// hintClaims reads what a knob's arrow hint says each arrow does: "←" and
// "→" to "by 1", "sets it" or "raises workers per customer too"; an arrow
// it does not name is said to move nothing.
func hintClaims(t *testing.T, hint string) map[string]string {
	t.Helper()
	out := map[string]string{}
	if hint == "" {
		return out
	}
	for _, part := range strings.Split(hint, ", ") {
		arrows, claim, ok := strings.Cut(part, " ")
		switch {
		case !ok:
			t.Errorf("hint %q: %q says no arrow", hint, part)
		case arrows == "←→":
			out["←"], out["→"] = claim, claim
		case arrows == "←" || arrows == "→":
			out[arrows] = claim
		default:
			t.Errorf("hint %q: %q names no arrow", hint, part)
		}
	}
	return out
}

// On every built-in challenge, at its start, at every design one press
// away and at every design a carry from those lands on, the hint under every number knob says what each arrow does, as
// pressing it does: one that moves the knob alone ("by 1", or "sets it"
// for a range of one value) changes that knob alone, the way it points;
// one that carries another ("→ raises workers per customer too") changes
// that knob too, the way it says; one the hint leaves out moves nothing.
// On challenge 8's empty most workers shared the hint said "←→ by 1",
// where ← moved nothing and → carried workers per customer to 4.
func TestArrowHintSaysWhatArrowsDo(t *testing.T) {
	racefree.Only(t) // Update's own work: the gradings it returns never run, nothing starts a goroutine
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, c := range all {
		start := open(t, c.ID, Options{})
		designs := []Model{start}
		for i := range c.Knobs {
			for _, key := range []string{"left", "right"} {
				from := start
				from.focus = i
				got, _ := from.Update(tuitest.Key(key))
				designs = append(designs, got.(Model))
			}
		}
		seenDesign := map[string]bool{}
		for _, d := range designs {
			seenDesign[settingKey(c, d.setting)] = true
		}
		for n := 0; n < len(designs); n++ {
			d := designs[n]
			for i, kn := range c.Knobs {
				if kn.Kind == challenge.KnobChoice {
					continue
				}
				d.focus, d.undo, d.note, d.noteRestates = i, nil, "", ""
				hint := arrowHint(c, d.setting, i)
				claims := hintClaims(t, hint)
				for arrow, key := range map[string]string{"←": "left", "→": "right"} {
					where := fmt.Sprintf("challenge %d, %s from %s, hint %q", c.Number, kn.Label, settingKey(c, d.setting), hint)
					got, _ := d.Update(tuitest.Key(key))
					after := got.(Model).setting
					dir := map[string]int{"←": -1, "→": 1}[arrow]
					var moved []string
					for _, o := range c.Knobs {
						if challenge.FormatValue(after[o.Path]) != challenge.FormatValue(d.setting[o.Path]) {
							moved = append(moved, o.Path)
						}
					}
					if k := settingKey(c, after); len(moved) > 1 && !seenDesign[k] {
						// Where a carry lands is checked too: its arrows
						// carry back (4 each, 3 shared: ← lowers both).
						seenDesign[k] = true
						designs = append(designs, got.(Model))
					}
					claim, said := claims[arrow]
					seen[strings.Fields(claim + " -")[0]]++
					switch {
					case !said:
						if len(moved) > 0 {
							t.Errorf("%s: the hint says nothing of %s, which moved %v", where, arrow, moved)
						}
						continue
					case !slices.Contains(moved, kn.Path):
						t.Errorf("%s: %s %s, but it moved %v", where, arrow, claim, moved)
						continue
					}
					if challenge.Compare(after[kn.Path], d.setting[kn.Path]) != dir {
						t.Errorf("%s: %s took it from %s to %s", where, arrow, challenge.FormatValue(d.setting[kn.Path]), challenge.FormatValue(after[kn.Path]))
					}
					switch {
					case claim == "by "+kn.StepText() || claim == "sets it":
						if len(moved) != 1 {
							t.Errorf("%s: %s %s, but it moved %v", where, arrow, claim, moved)
						}
					case strings.HasPrefix(claim, "raises ") || strings.HasPrefix(claim, "lowers "):
						verb, name, _ := strings.Cut(strings.TrimSuffix(claim, " too"), " ")
						j := -1
						for k := range c.Knobs {
							if knobName(&c.Knobs[k]) == name {
								j = k
							}
						}
						if j < 0 || len(moved) != 2 || !slices.Contains(moved, c.Knobs[j].Path) {
							t.Errorf("%s: %s %s, but it moved %v", where, arrow, claim, moved)
							continue
						}
						if way := map[string]int{"raises": 1, "lowers": -1}[verb]; challenge.Compare(after[c.Knobs[j].Path], d.setting[c.Knobs[j].Path]) != way {
							t.Errorf("%s: %s %s, but it took it to %s", where, arrow, claim, challenge.FormatValue(after[c.Knobs[j].Path]))
						}
					default:
						t.Errorf("%s: %s claims %q, which this test does not know", where, arrow, claim)
					}
				}
			}
		}
	}
	// Every kind of claim was checked somewhere: a step, a carry either
	// way, the one value, and an arrow that moves nothing.
	for _, kind := range []string{"by", "raises", "lowers", "sets", "-"} {
		if seen[kind] == 0 {
			t.Errorf("no hint claimed %q (claims seen: %v)", kind, seen)
		}
	}
}

// Challenge 8 at overlap-limited beside 2 workers each: the most workers
// shared has no value, and the form said "←→ by 1" beside that, where ←
// moved nothing. It says what → does, and nothing of ←. Its presses
// grade, as the program does, so it runs under -race with its neighbours.
func TestEmptyRangeHintNamesOnlyTheArrowThatMoves(t *testing.T) {
	m := sized(t, open(t, "shuffle-shards", Options{}), 200, 60)
	m = press(t, m, "right", "right", "down", "down")
	const want = "no value fits until you raise workers per customer, → raises workers per customer too"
	if got := strings.TrimSpace(lineWith(m, "no value fits")); got != want {
		t.Errorf("most workers shared beside 2 each reads %q, want %q", got, want)
	}
}
