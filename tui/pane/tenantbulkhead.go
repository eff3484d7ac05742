package pane

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/charmbracelet/x/ansi"
)

// A per-tenant bulkhead is a lane of slots for each tenant, and perhaps an
// overflow they share: a call is turned away when its tenant's lane and
// its part of the overflow are full, however many slots the others have
// free. The panes say so, never one sum of every lane as if it were one
// bulkhead.

// laneInfo is one tenant's lane as the pool pane draws it.
type laneInfo struct {
	name              string
	in, cap, inShared int
	full              bool
}

// tenantLanes is what the pool pane draws of a per-tenant bulkhead.
type tenantLanes struct {
	size              string // "20 per tenant", as policy lines say it
	lanes             []laneInfo
	shared, sharedCap int
	sharedMost        int // the most of the overflow one tenant can hold
}

func tenantLanesOf(t *engine.TenantBulkheadSnapshot) *tenantLanes {
	tl := &tenantLanes{size: TenantBulkheadSize(t), shared: t.Shared, sharedCap: t.SharedCap, sharedMost: t.SharedCap}
	if t.SharedPerTenant > 0 {
		tl.sharedMost = min(t.SharedPerTenant, t.SharedCap)
	}
	for i, l := range t.Lanes {
		tl.lanes = append(tl.lanes, laneInfo{name: laneName(l.Tenant), in: l.In, cap: l.Cap, inShared: l.InShared, full: t.Full(i)})
	}
	return tl
}

func (a *tenantLanes) equal(b *tenantLanes) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.size == b.size && a.shared == b.shared && a.sharedCap == b.sharedCap && a.sharedMost == b.sharedMost &&
		slices.Equal(a.lanes, b.lanes)
}

// worst is tl with every lane full and holding all it can: the widest it
// can be drawn.
func (tl *tenantLanes) worst() *tenantLanes {
	w := *tl
	w.lanes = slices.Clone(tl.lanes)
	for i := range w.lanes {
		w.lanes[i].in, w.lanes[i].inShared, w.lanes[i].full = w.lanes[i].cap, w.sharedMost, true
	}
	w.shared = w.sharedCap
	return &w
}

// laneName names a lane: its tenant, or the calls that come without one.
func laneName(tenant string) string {
	if tenant == "" {
		return "no tenant"
	}
	return tenant
}

// TenantBulkheadSize says a per-tenant bulkhead's slots as its policy sets
// them: "20 per tenant", "20 per tenant (acme 5)" when some lanes differ
// from the most common size, and "+ 40 shared, at most 30 each" for the
// overflow. Every view that gives such a bulkhead's size says it so,
// never as the sum of its lanes.
func TenantBulkheadSize(t *engine.TenantBulkheadSnapshot) string {
	// The most common lane size, the larger of two as common.
	count := map[int]int{}
	common := 0
	for _, l := range t.Lanes {
		count[l.Cap]++
		if n, m := count[l.Cap], count[common]; n > m || (n == m && l.Cap > common) {
			common = l.Cap
		}
	}
	s := strconv.Itoa(common) + " per tenant"
	var odd []string
	for _, l := range t.Lanes {
		if l.Cap != common {
			odd = append(odd, fmt.Sprintf("%s %d", laneName(l.Tenant), l.Cap))
		}
	}
	if len(odd) > 0 {
		s += " (" + strings.Join(odd, ", ") + ")"
	}
	if t.SharedCap > 0 {
		s += fmt.Sprintf(" + %d shared", t.SharedCap)
		if t.SharedPerTenant > 0 && t.SharedPerTenant < t.SharedCap {
			s += fmt.Sprintf(", at most %d each", t.SharedPerTenant)
		}
	}
	return s
}

// laneLines draw a per-tenant bulkhead in inner cells: its name and size,
// each tenant's lane ("acme 20/20 full", with "+3" for the overflow slots
// it holds), the overflow, and the calls turned away, wrapped whole item
// by item, the later lines indented.
func (p *Pool) laneLines(b bulkheadInfo, inner int) []string {
	tl := b.tenant
	type item struct{ sep, text string }
	items := []item{{"", "bulkhead " + b.name}, {" ", tl.size + ":"}}
	for i, text := range tl.laneTexts(p.th.Bad.Render("full")) {
		sep := " · "
		if i == 0 {
			sep = " "
		}
		items = append(items, item{sep, text})
	}
	if b.turnedAway > 0 {
		items = append(items, item{" · ", Count(b.turnedAway) + " turned away"})
	}
	var lines []string
	var cur strings.Builder
	curW := 0
	for _, it := range items {
		w := ansi.StringWidth(it.text)
		if curW > 0 && curW+len([]rune(it.sep))+w > inner {
			lines = append(lines, cur.String())
			cur.Reset()
			cur.WriteString("  ")
			curW = 2
		} else if curW > 0 {
			cur.WriteString(it.sep)
			curW += len([]rune(it.sep))
		}
		cur.WriteString(it.text)
		curW += w
	}
	lines = append(lines, cur.String())
	for i, l := range lines {
		if ansi.StringWidth(l) > inner {
			lines[i] = ansi.Truncate(l, max(inner, 0), "…")
		}
	}
	return lines
}

// laneBrief is a per-tenant bulkhead in one line of inner cells, for a
// pane too short for laneLines: its size and the lanes that are full,
// shorter and shorter until it fits.
func (p *Pool) laneBrief(b bulkheadInfo, inner int) string {
	tl := b.tenant
	long, full := tl.fullLanes(p.th.Bad.Render("full"))
	head := "bulkhead " + b.name + " " + tl.size
	texts := []string{head + " · " + long}
	if b.turnedAway > 0 {
		texts = append([]string{texts[0] + " · " + Count(b.turnedAway) + " turned away"}, texts...)
	}
	texts = append(texts, head+" · "+full, b.name+" "+tl.size+" · "+full)
	t := fitting(texts, inner)
	if ansi.StringWidth(t) > inner {
		t = ansi.Truncate(t, max(inner, 0), "…")
	}
	return t
}

// laneTexts word each lane as the panes draw it, "acme 20/20 full" (with
// "+3" after its own slots for the overflow slots it holds), then the
// overflow, "shared 32/40"; full is the word "full", styled or not.
func (tl *tenantLanes) laneTexts(full string) []string {
	var out []string
	for _, l := range tl.lanes {
		text := fmt.Sprintf("%s %d/%d", l.name, l.in, l.cap)
		if tl.sharedCap > 0 {
			text += fmt.Sprintf("+%d", l.inShared)
		}
		if l.full {
			text += " " + full
		}
		out = append(out, text)
	}
	if tl.sharedCap > 0 {
		out = append(out, fmt.Sprintf("shared %d/%d", tl.shared, tl.sharedCap))
	}
	return out
}

// fullLanes word the lanes that turn calls away now, for a line too short
// for every lane: counted, each with the slots it holds of the most it may
// ("acme 20/20 full", its own and its part of the overflow), and named
// ("acme, globex full"); both "none full" when no lane is.
func (tl *tenantLanes) fullLanes(full string) (counted, named string) {
	var c, n []string
	for _, l := range tl.lanes {
		if l.full {
			c = append(c, fmt.Sprintf("%s %d/%d %s", l.name, l.in+l.inShared, l.cap+tl.sharedMost, full))
			n = append(n, l.name)
		}
	}
	if len(n) == 0 {
		return "none full", "none full"
	}
	return strings.Join(c, " · "), strings.Join(n, ", ") + " " + full
}

// fullest is the lane nearest to turning calls away, as a bar draws it:
// the slots it holds (its own and the overflow's) of the most it may hold,
// all of them when it is full (the overflow may be full with the others'
// calls). Zero of zero when no lane has a slot.
func (tl *tenantLanes) fullest() (held, most int) {
	for _, l := range tl.lanes {
		h, m := l.in+l.inShared, l.cap+tl.sharedMost
		if l.full {
			h, m = max(m, 1), max(m, 1)
		}
		if m > 0 && (most == 0 || h*most > held*m) {
			held, most = h, m
		}
	}
	return held, most
}

// TenantLanes words a per-tenant bulkhead's lanes now as the pool pane
// draws them, "acme 20/20 full · globex 11/20 · initech 13/20" (and the
// overflow, when it has one), for views outside the panes that count a
// bulkhead's slots: each tenant is turned away at its own lane's, not at
// a sum of them.
func TenantLanes(t *engine.TenantBulkheadSnapshot) string {
	return strings.Join(tenantLanesOf(t).laneTexts("full"), " · ")
}

// OneCap is the one cap a dependency's bulkhead puts on its calls in
// flight, for a view that draws or writes a single cap (a chart's ┄ line,
// the map's "19/20 held"): none (0) for a per-tenant bulkhead, whose
// BulkheadCap sums lanes no one tenant's calls can use (noisy-tenant's
// chart drew "cap 60" and its map "19/60 held" beside acme's full lane of
// 20), nor for no bulkhead.
func OneCap(d *engine.DependencySnapshot) int {
	if d.TenantBulkhead != nil {
		return 0
	}
	return d.BulkheadCap
}
