package sandbox

import (
	"strings"

	"github.com/breakerlab/breakerlab/tui/mappane"
)

// The knob form and the map's selection follow each other: the form opens
// at the knobs of the part selected on the map, and moving through the
// form selects the part whose knobs are under the cursor.

// newSection starts a section of the form, titled title, setting part (as
// form.parts names it).
func (f *form) newSection(title, part string) {
	f.section = append(f.section, len(f.knobs))
	f.titles = append(f.titles, title)
	f.parts = append(f.parts, part)
}

// focusOn moves the cursor to the first knob of the part t names: a
// service's section (for the service or one instance of it), the calls to
// a dependency (the front's, else the first service's that makes them), a
// tenant's own slots in a per-tenant bulkhead (else the default's) or
// else the traffic's rates; the
// front, or a part with no knobs, leaves the cursor at the first knob. It
// reports whether it found the part's knobs.
func (f *form) focusOn(t mappane.Target) bool {
	switch t.Kind {
	case mappane.Service, mappane.Leaf:
		for i, p := range f.parts {
			if f.section[i] >= len(f.knobs) {
				continue // a section without knobs
			}
			// A leaf two callers share a name with is drawn as
			// "inventory/db" (mappane's leafName), the section's own path.
			if t.Kind == mappane.Service && p == t.Name || t.Kind == mappane.Leaf && (p == t.Name || strings.HasSuffix(p, "/"+t.Name)) {
				f.focus = f.section[i]
				return true
			}
		}
	case mappane.Tenant:
		// Its own slots, empty while the default stands for them.
		for _, label := range []string{"own slots: " + t.Name, "default slots"} {
			for i, k := range f.knobs {
				if k.label == label {
					f.focus = i
					return true
				}
			}
		}
		for i, k := range f.knobs {
			if k.kind == kindRate {
				f.focus = i // the traffic a tenant has a share of
				return true
			}
		}
	}
	return false
}

// focusedPart is the map's name for the part whose knobs the cursor is
// on: mappane.FrontName for the server's own, a service, or a dependency
// (its own name: the map names a service's dependency as the service
// does).
func (f *form) focusedPart() string {
	part := f.focusedPath()
	if part == "" {
		return mappane.FrontName
	}
	if i := strings.LastIndexByte(part, '/'); i >= 0 {
		return part[i+1:]
	}
	return part
}

// followForm selects on the map the part whose knobs the form's cursor is
// on, keeping an instance of a fleet selected while its service's knobs
// are shown.
func (m *Model) followForm() {
	if m.form == nil {
		return
	}
	part, path := m.form.focusedPart(), m.form.focusedPath()
	if sel := m.xp.mapv.Selected(); sel.Name == part || sel.Name == path {
		return
	}
	// The map names a service's leaf "inventory/db" when another caller
	// has a "db" of its own (mappane's leafName): that node first, else
	// the one of the bare name.
	if !m.xp.mapv.Select(path) {
		m.xp.mapv.Select(part)
	}
}

// focusedPath is the section's own path of the part under the cursor:
// "inventory/db" for a service's dependency, "/db" for the front's, a
// service's name, or "" for the server's own knobs.
func (f *form) focusedPath() string {
	part := ""
	for i, start := range f.section {
		if start <= f.focus && i < len(f.parts) {
			part = f.parts[i]
		}
	}
	return part
}
