package sandbox

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// A variant's tab that cannot hold the whole name holds a short one: at 80
// columns checkout's tabs read "3   4   5" while its interview rubric
// points at "tab 4, the protected design".
const (
	// shortWhole is the widest name a tab shows whole as its short name.
	shortWhole = 12
	// shortLeast is the width a short name's first words reach before
	// they are cut ("timeout …", not "a …").
	shortLeast = 6
)

// tabForms are the names each variant's tab may show, longest first: the
// whole name, then shorter ones cut between words and marked " …", down to
// its short name (shortNames), the last.
func (m *Model) tabForms() [][]string {
	names := make([]string, len(m.sim.sc.Variants))
	for i, v := range m.sim.sc.Variants {
		names[i] = v.Name
	}
	return tabForms(names)
}

// tabForms is Model.tabForms on the variants' names.
func tabForms(names []string) [][]string {
	// An edited name's short forms come from its name before the edit.
	bases := make([]string, len(names))
	for i, name := range names {
		bases[i] = name
		if base, _, _ := splitEditMark(name); base != "" {
			bases[i] = base
		}
	}
	rests, cuts := shortNames(bases)
	forms := make([][]string, len(names))
	for i, name := range names {
		f := []string{name}
		add := func(s string) {
			if ansi.StringWidth(s) < ansi.StringWidth(f[len(f)-1]) {
				f = append(f, s)
			}
		}
		mark := ""
		if bases[i] != name {
			// An edited variant's built name may say what the edit
			// undid ("no timeout" over a run with one): its shorter
			// forms keep the mark, which says the name no longer holds
			// whole, and drop what the edit changed. With the whole
			// name its only form, a long one left every other tab its
			// number alone.
			mark = " (" + editMark + ")"
		}
		words := strings.Fields(rests[i])
		add(rests[i] + mark)
		for k := len(words) - 1; k >= cuts[i] && k > 0; k-- {
			add(cutAt(words, k) + mark)
		}
		forms[i] = f
	}
	return forms
}

// currentGivesWay says whether the current tab, at its form lvl, takes
// a shorter one so that the other tabs are named: only an edited name
// does, whose whole form, what the edit changed included, is the one
// long enough to leave the others their numbers alone.
func currentGivesWay(name string, lvl int, forms []string) bool {
	base, _, _ := splitEditMark(name)
	return base != name && lvl+1 < len(forms)
}

// shortNames finds each name's short form, as the rest of the name and
// how many of its words the short form keeps. The rest leaves out a
// leading clause ("partner burst:", "timeout 500 ms,") that another
// variant's name begins with too, as the tabs side by side say it
// already; a rest wider than shortWhole keeps its first words to
// shortLeast, and names whose first words are alike keep a word more,
// while one is left and the short name stays within shortWhole, until
// they differ ("cooldown 2 …", "cooldown 30 …").
func shortNames(names []string) (rests []string, keep []int) {
	rests = make([]string, len(names))
	keep = make([]int, len(names))
	for i, name := range names {
		rests[i] = name
		words := strings.Fields(name)
		for k := len(words) - 1; k > 0; k-- {
			if !strings.HasSuffix(words[k-1], ",") && !strings.HasSuffix(words[k-1], ":") {
				continue
			}
			prefix := strings.Join(words[:k], " ") + " "
			shared := false
			for j, other := range names {
				shared = shared || (j != i && strings.HasPrefix(other, prefix))
			}
			if shared {
				rests[i] = strings.Join(words[k:], " ")
				break
			}
		}
		words = strings.Fields(rests[i])
		keep[i] = len(words)
		if ansi.StringWidth(rests[i]) > shortWhole {
			keep[i] = 1
			for keep[i] < len(words) && ansi.StringWidth(strings.Join(words[:keep[i]], " ")) < shortLeast {
				keep[i]++
			}
		}
	}
	short := func(i int) string { return cutAt(strings.Fields(rests[i]), keep[i]) }
	for range names {
		var alike []int
		for i := range names {
			for j := range names {
				if i != j && short(i) == short(j) {
					alike = append(alike, i)
					break
				}
			}
		}
		grown := false
		for _, i := range alike {
			if keep[i] < len(strings.Fields(rests[i])) {
				keep[i]++
				if ansi.StringWidth(strings.Join(strings.Fields(rests[i])[:keep[i]], " ")) > shortWhole {
					keep[i]-- // alike is better than wide: the numbers tell them apart
					continue
				}
				grown = true
			}
		}
		if !grown {
			break
		}
	}
	return rests, keep
}

// cutAt is the first k words, marked " …" when words follow them, the
// comma that led into the next word left out ("no breakers …"); a colon
// stays, as it says a name goes on ("bulkhead: …" beside "bulkhead and
// …"). The mark stands apart, as everywhere: "…" against a letter is a
// word cut.
func cutAt(words []string, k int) string {
	if k >= len(words) {
		return strings.Join(words, " ")
	}
	return strings.TrimRight(strings.Join(words[:k], " "), ",;") + " …"
}

// tightForms are forms with, last, each short name cut to its first
// words to shortLeast ("bulkheads …") where it kept more to tell it from
// a name alike ("bulkheads of …" beside "slow catalog: bulkheads of
// 30"): in a window of tabs (titleLine) the alike one is often cut, and
// the numbers tell them apart; the cell saved names a neighbour.
func tightForms(forms [][]string) [][]string {
	mark := " (" + editMark + ")"
	tight := make([][]string, len(forms))
	for i, f := range forms {
		tight[i] = f
		short := f[len(f)-1]
		edited := strings.HasSuffix(short, mark)
		words := strings.Fields(strings.TrimSuffix(strings.TrimSuffix(short, mark), " …"))
		k := 1
		for k < len(words) && ansi.StringWidth(strings.Join(words[:k], " ")) < shortLeast {
			k++
		}
		cut := cutAt(words, k)
		if k >= len(words) {
			continue // nothing left to cut
		}
		if edited {
			cut += mark
		}
		if ansi.StringWidth(cut) < ansi.StringWidth(short) {
			tight[i] = append(f[:len(f):len(f)], cut)
		}
	}
	return tight
}
