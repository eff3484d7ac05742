package sandbox

import (
	"fmt"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/lessons"
)

// The sweep picker's filter typed as a scenario file's section path, as a
// user copies it from a header (`[variants.dependencies.payments]`),
// often half typed: "dependencies.p" is on its way to a dependency whose
// name starts with p. No knob's path contains it (a knob names the part
// alone), and the file-key refusal below the empty list named the vague
// knob "p". It lists instead the knobs of that section's parts it could
// become: dependencies.p lists payments.timeout, payments.bulkhead, ...

// fileSections are the lists a scenario file writes parts under, each
// with the part's word for a message.
var fileSections = []struct{ list, part string }{
	{"endpoints", "endpoint"}, {"dependencies", "dependency"}, {"pools", "pool"}, {"services", "service"},
}

// sectionFilter reads filter as a section path: the section's list
// ("dependencies") and the knob path the rest begins ("p",
// "payments.breaker.w"; a service's dependency, services.orders.
// dependencies.d, as the knob writes it, "orders/d"). ok is false when
// the filter names no section.
func sectionFilter(filter string) (list, prefix string, ok bool) {
	p := filter
	for _, top := range []string{"system.", "variants."} {
		if rest, found := strings.CutPrefix(p, top); found {
			p = rest
			break
		}
	}
	for _, s := range fileSections {
		rest, found := strings.CutPrefix(p, s.list+".")
		if !found {
			continue
		}
		if s.list == "services" {
			rest = strings.Replace(rest, ".dependencies.", "/", 1)
		}
		// A call's policy table is no part of a knob's path.
		rest = strings.Replace(rest, ".policy.", ".", 1)
		return s.list, rest, true
	}
	return "", "", false
}

// partSections holds each part of variant v's system that a file lists
// under a section, with that section's list: a front dependency under
// "dependencies", a service under "services", ... A call to a service is
// both, by one name: which of its knobs is whose is inSection's.
func partSections(sc *engine.Scenario, v int) map[[2]string]bool {
	out := map[[2]string]bool{}
	if v < 0 || v >= len(sc.Variants) {
		return out
	}
	sys := &sc.Variants[v].System
	for _, e := range sys.Endpoints {
		out[[2]string{"endpoints", e.Name}] = true
	}
	for _, p := range sys.Pools {
		out[[2]string{"pools", p.Name}] = true
	}
	for _, s := range sys.Services {
		out[[2]string{"services", s.Name}] = true
	}
	for _, d := range sys.Dependencies {
		out[[2]string{"dependencies", d.Name}] = true
	}
	return out
}

// inSection says whether choice is a knob of a part listed under list
// whose path, its names unquoted, begins with prefix. A knob is under the
// one section the file writes its key in: go-inventory's services.i lists
// inventory's workers and queue, not the call's timeout, which is under
// dependencies.inventory (lessons.KnobSection); the two sections listed
// every knob of either, so one knob came under two names.
func (s *sweepOverlay) inSection(choice, list, prefix string) bool {
	name, key, ok := lessons.SplitKnobName(choice)
	if !ok || s.variant < 0 || s.variant >= len(s.base.Variants) {
		return false
	}
	return lessons.KnobSection(&s.base.Variants[s.variant].System, choice) == list && strings.HasPrefix(name+"."+key, prefix)
}

// sectionNoMatch says why a section path lets no knob through: no part
// of that section has a knob whose path begins so, and which parts the
// section has. ok is false when the filter names no section.
func (s *sweepOverlay) sectionNoMatch() (string, bool) {
	list, prefix, ok := sectionFilter(s.filter)
	if !ok {
		return "", false
	}
	if s.parts == nil {
		s.parts = partSections(s.base, s.variant)
	}
	word := ""
	for _, fs := range fileSections {
		if fs.list == list {
			word = fs.part
		}
	}
	var names []string
	for _, c := range s.choices {
		if name, _, ok := lessons.SplitKnobName(c); ok {
			part, _, _ := strings.Cut(name, "/")
			if list != "services" {
				part = name
			}
			if s.parts[[2]string{list, part}] && !slices.Contains(names, part) {
				names = append(names, part)
			}
		}
	}
	if len(names) == 0 {
		return fmt.Sprintf("%s is a section of a scenario file, and no %s here has a knob to sweep.", list, word), true
	}
	return fmt.Sprintf("no %s's knob path begins %q; the %s with knobs to sweep: %s.", word, prefix, list, strings.Join(names, ", ")), true
}
