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

// hintClaims reads what the line under a knob says each arrow does: "←"
// and "→" to "by 1", "sets it", "raises workers per customer too" or
// "raises both" (the knob the range names and this one); a choice knob's
// list to "picks shuffle" where the arrow stands before shuffle;
// an arrow it does not name is said to move nothing. The range's own
// clauses name no arrow and are passed over.
func hintClaims(t *testing.T, hint string, choice bool) map[string]string {
	t.Helper()
	out := map[string]string{}
	hint = strings.ReplaceAll(hint, "\u00a0", " ") // an arrow held to its choice
	// Written as keys where the choices' names have arrows (choiceKeys).
	hint = strings.NewReplacer("[←]", "←", "[→]", "→").Replace(hint)
	if choice {
		// What a pick leaves out of range, after the list
		// (pickRefusals), is TestChoiceHintWarnsAsTheNoteDoes's.
		hint, _, _ = strings.Cut(hint, "; with ")
	}
	for _, part := range strings.Split(hint, ", ") {
		if choice && strings.Contains(part, " | ") {
			// A choice knob's list: the arrow before a choice picks it.
			for _, name := range strings.Split(part, " | ") {
				if arrows, name, ok := strings.Cut(name, " "); ok && strings.Trim(arrows, "←→") == "" {
					for _, a := range []string{"←", "→"} {
						if strings.Contains(arrows, a) {
							out[a] = "picks " + name
						}
					}
				}
			}
			continue
		}
		arrows, claim, _ := strings.Cut(part, " ")
		switch arrows {
		case "←→":
			out["←"], out["→"] = claim, claim
		case "←", "→":
			out[arrows] = claim
		}
	}
	return out
}

// On every built-in challenge, at its start, at every design one press
// away and at every design a carry from those lands on, the line under every knob says what each arrow does, and names no knob twice, as
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
				d.focus, d.undo, d.note, d.noteRestates = i, nil, "", ""
				hint := knobHint(c, d.setting, i)
				claims := hintClaims(t, hint, kn.Kind == challenge.KnobChoice)
				for _, o := range c.Knobs {
					if n := strings.Count(hint, knobName(&o)); n > 1 {
						t.Errorf("challenge %d, %s from %s: the hint %q names %s %d times", c.Number, kn.Label, settingKey(c, d.setting), hint, knobName(&o), n)
					}
				}
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
					if kn.Kind == challenge.KnobChoice && strings.HasPrefix(claim, "keeps ") {
						if len(moved) > 0 {
							t.Errorf("%s: %s %s, but it moved %v", where, arrow, claim, moved)
						}
						continue
					}
					if picked, ok := strings.CutPrefix(claim, "picks "); ok {
						picked, claim, _ = strings.Cut(picked, " and ")
						if got := challenge.FormatValue(after[kn.Path]); kn.Format(after[kn.Path]) != picked {
							t.Errorf("%s: %s picks %s, but it picked %s", where, arrow, picked, got)
						}
						if claim == "" {
							claim = "picks" // the choice alone
						}
					}
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
					if kn.Kind != challenge.KnobChoice && challenge.Compare(after[kn.Path], d.setting[kn.Path]) != dir {
						t.Errorf("%s: %s took it from %s to %s", where, arrow, challenge.FormatValue(d.setting[kn.Path]), challenge.FormatValue(after[kn.Path]))
					}
					switch {
					case claim == "by "+kn.StepText() || claim == "sets it" || claim == "picks":
						if len(moved) != 1 {
							t.Errorf("%s: %s %s, but it moved %v", where, arrow, claim, moved)
						}
					case strings.HasPrefix(claim, "raises ") || strings.HasPrefix(claim, "lowers "):
						verb, name, _ := strings.Cut(strings.TrimSuffix(claim, " too"), " ")
						j := -1
						for k := range c.Knobs {
							if name == "both" && k != i && strings.Contains(hint, knobName(&c.Knobs[k])) || knobName(&c.Knobs[k]) == name {
								j = k
							}
						}
						if name == "both" {
							seen["both"]++
							if verb != map[string]string{"←": "lowers", "→": "raises"}[arrow] {
								t.Errorf("%s: %s %s, the other way from the arrow", where, arrow, claim)
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
	// way, the one value, a choice picked, a carry of the knob the range names, and
	// an arrow that moves nothing.
	for _, kind := range []string{"by", "raises", "lowers", "sets", "picks", "both", "-"} {
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
	const want = "no value fits until you raise workers per customer, → raises both"
	if got := strings.TrimSpace(lineWith(m, "no value fits")); got != want {
		t.Errorf("most workers shared beside 2 each reads %q, want %q", got, want)
	}
}
