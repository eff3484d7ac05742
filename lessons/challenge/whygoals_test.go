package challenge

import (
	"errors"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// edgeSettings are the designs a level offers at its edges: every choice
// of every choice knob, alone and with each numeric knob at its min and at
// its max, and each numeric knob's ends alone.
func edgeSettings(c *Challenge) []Setting {
	var choices, ends []Setting
	for i := range c.Knobs {
		k := &c.Knobs[i]
		if k.Kind == KnobChoice {
			for _, ch := range k.Choices {
				choices = append(choices, Setting{k.Path: ch})
			}
			continue
		}
		ends = append(ends, Setting{k.Path: k.fromNumber(k.Min)}, Setting{k.Path: k.fromNumber(k.Max)})
	}
	out := append(append([]Setting{}, choices...), ends...)
	for _, ch := range choices {
		for _, e := range ends {
			s := Setting{}
			for p, v := range ch {
				s[p] = v
			}
			for p, v := range e {
				s[p] = v
			}
			out = append(out, s)
		}
	}
	return out
}

// A why tells of a miss the goals beside it show: on every level, at
// every edge of its knobs, each why shown is a choice's why that names a
// goal the design misses, or the cause of a missed goal told with that
// goal's own figure (or, for a knob left unset, what that misses). Level 8 with shuffled shards of 5 explained a full
// overlap while every customer kept a worker, and the goal it missed was
// the customers who lose some.
func TestEveryWhyTellsOfAMissedGoal(t *testing.T) {
	racefree.Only(t) // grading runs the engine in this goroutine, no other
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	shown := 0
	for _, c := range all {
		for _, k := range c.Knobs {
			for choice := range k.Why {
				if len(k.WhyGoals[choice]) == 0 {
					t.Errorf("%s: %s's why of %s names no goal it explains (goals = [...])", c.ID, k.Label, choice)
				}
			}
			for _, w := range k.Ranges {
				if len(w.Goals) == 0 {
					t.Errorf("%s: %s's why %s names no goal it explains (goals = [...])", c.ID, k.Label, w.rangeText(&k))
				}
			}
		}
		for _, s := range edgeSettings(c) {
			r, err := gradeOnce(c, s)
			if err != nil {
				continue // a design the level refuses shows a refusal, not a why
			}
			missed := map[string]*GoalResult{}
			for i := range r.Goals {
				if !r.Goals[i].Pass {
					missed[r.Goals[i].Goal.Label] = &r.Goals[i]
				}
			}
		whys:
			for _, why := range c.ExplainResult(s, r) {
				shown++
				for _, k := range c.Knobs {
					v, ok := s[k.Path]
					if !ok || !strings.HasPrefix(why, k.Label+" = "+k.Format(v)+": ") {
						continue
					}
					_, goals, _ := k.WhyOf(v)
					for _, g := range goals {
						if missed[g] != nil {
							continue whys
						}
					}
					t.Errorf("%s, design %v: %q\nexplains a miss of %v, none of them missed", c.ID, s, why, goals)
					continue whys
				}
				// A [[whys]] names its knobs with their values before its
				// text, and is tied to the goals it lists.
				for n := range c.Whys {
					w := &c.Whys[n]
					if why != w.prefix(c, s)+w.Text {
						continue
					}
					for _, g := range w.Goals {
						if missed[g] != nil {
							continue whys
						}
					}
					t.Errorf("%s, design %v: %q\nexplains a miss of %v, none of them missed", c.ID, s, why, w.Goals)
					continue whys
				}
				for label, g := range missed {
					if strings.HasPrefix(why, label+": "+g.Shown()+" on seed ") {
						continue whys
					}
					if !g.Measures[g.Worst].Has && why == label+": "+g.unsetWhy()+"." {
						continue whys
					}
				}
				t.Errorf("%s, design %v: %q\nis tied to no goal it misses, with that goal's figure", c.ID, s, why)
			}
		}
	}
	if shown == 0 {
		t.Fatal("no level showed a why")
	}
}

// Level 8 with shuffled shards of 5 or more loses no customer whole and
// too many in part: its why says so from the run, the count it gives is
// the goal's own, and nothing in it speaks of a full overlap.
func TestShuffleOfFiveExplainsThePartLosses(t *testing.T) {
	racefree.Only(t) // the shuffle lab's draws, in this goroutine
	c := lookup(t, "shuffle-shards")
	for _, k := range []int64{5, 8} {
		s := Setting{"strategy": "shuffle", "per_customer": k}
		r, err := gradeOnce(c, s)
		if err != nil {
			t.Fatal(err)
		}
		lost, degraded := &r.Goals[0], &r.Goals[1]
		if !lost.Pass || degraded.Pass {
			t.Fatalf("k=%d: lost passes %v, degraded passes %v; the case this test is for is gone", k, lost.Pass, degraded.Pass)
		}
		whys := c.ExplainResult(s, r)
		if len(whys) != 1 {
			t.Fatalf("k=%d: want one why, got %q", k, whys)
		}
		m := degraded.Measures[degraded.Worst]
		want := "customers who lose some workers: " + degraded.Shown() + " on seed "
		if !strings.HasPrefix(whys[0], want) || !strings.Contains(whys[0], degraded.Shown()+" of the 999 other customers share at least one") {
			t.Errorf("k=%d: %q\nwant the goal's %s on seed %d", k, whys[0], degraded.Shown(), m.Seed)
		}
		if strings.Contains(whys[0], "all the poisoned") || strings.Contains(whys[0], "full overlap") {
			t.Errorf("k=%d: a full overlap no seed shows: %q", k, whys[0])
		}
	}
}

// A why that names a goal the file does not have is refused, naming the
// goals it may name.
func TestWhyOfAnUnknownGoalIsRefused(t *testing.T) {
	racefree.Only(t) // parses a file, no goroutine
	open := whyScenario
	file := func(goal string) string {
		return "title = \"T\"\nscenario = \"s.toml\"\n\n[[knobs]]\npath = \"db.timeout\"\nmin = \"100ms\"\nmax = \"5s\"\nstep = \"100ms\"\n\n[[knobs]]\npath = \"db.retry.budget\"\nchoices = [\"none\", \"token-bucket\"]\n\n[[knobs.why]]\nchoice = \"none\"\ntext = \"no cap\"\ngoals = [\"" + goal + "\"]\n\n[[goals]]\nexpect = \"share web ok >= 99%\"\nlabel = \"pages answered\"\n\n[par]\nchanges = 1\n"
	}
	c, err := Parse("good.toml", []byte(file("pages answered")), open)
	if err != nil {
		t.Fatalf("the good file does not parse: %v", err)
	}
	if got := c.Knobs[1].WhyGoals["none"]; len(got) != 1 || got[0] != "pages answered" {
		t.Errorf("the why's goals: %q", got)
	}
	_, err = Parse("c.toml", []byte(file("pages served")), open)
	want := `c.toml:17: knobs[2].why[1].goals: the why of the choice none names "pages served", which is not a goal's label; the goals are: "pages answered"`
	if err == nil || err.Error() != want || !errors.Is(err, ErrInvalid) {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// Level 12 with no deadline: the goal on it reads "not set", not "none"
// beside "≤ 1 s", and its why gives the bound the goal holds it to, the
// goal's own.
func TestAnUnsetDeadlineSaysWhatItMisses(t *testing.T) {
	racefree.Only(t) // grading runs the engine in this goroutine, no other
	c := lookup(t, "deadline")
	s := Setting{"payment.deadline": "0s"}
	r, err := gradeOnce(c, s)
	if err != nil {
		t.Fatal(err)
	}
	var g *GoalResult
	for i := range r.Goals {
		if r.Goals[i].Goal.Metric == "param" {
			g = &r.Goals[i]
		}
	}
	if g == nil || g.Pass || g.Shown() != "not set" {
		t.Fatalf("the goal on the deadline: %+v", g)
	}
	want := g.Goal.Label + ": no deadline, so a call may wait past the " + g.Goal.FormatValue(g.Goal.Want) + " this goal allows."
	if !slices.Contains(c.ExplainResult(s, r), want) || !strings.Contains(g.Goal.WantText(), g.Goal.FormatValue(g.Goal.Want)) {
		t.Errorf("the whys %q\nlack %q", c.ExplainResult(s, r), want)
	}
}

// The workers of the customer who lost them all are listed in order:
// level 8 with shuffled shards of 3 read "workers (7, 3, 8)".
func TestTheLostCustomersWorkersAreInOrder(t *testing.T) {
	racefree.Only(t) // the shuffle lab's draws, in this goroutine
	c := lookup(t, "shuffle-shards")
	r, err := gradeOnce(c, Setting{"strategy": "shuffle", "per_customer": int64(3)})
	if err != nil {
		t.Fatal(err)
	}
	lost := &r.Goals[0]
	m := lost.Measures[lost.Worst]
	list := regexp.MustCompile(`workers \(([\d, ]+)\)`).FindStringSubmatch(m.Why)
	if list == nil {
		t.Fatalf("no workers listed: %q", m.Why)
	}
	var ws []int
	for _, f := range strings.Split(list[1], ", ") {
		n, _ := strconv.Atoi(f)
		ws = append(ws, n)
	}
	if !slices.IsSorted(ws) || len(ws) != 3 {
		t.Errorf("the workers are listed as %s", list[0])
	}
}

// whyScenario opens s.toml, the scenario of the files the tests of
// [[knobs.why]] parse: web calling db, with a timeout and a retry.
func whyScenario(rel string) ([]byte, error) {
	if rel == "s.toml" {
		return []byte("duration = \"10s\"\n[system]\nworkers = 10\n[[system.endpoints]]\nname = \"web\"\nrate = 10\ncalls = \"db\"\n[[system.dependencies]]\nname = \"db\"\nlatency = { kind = \"constant\", value = \"10ms\" }\npolicy = { timeout = \"1s\", retry = { attempts = 2 } }\n"), nil
	}
	return nil, os.ErrNotExist
}
