package builder

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/present"
)

// Faults: a system with no fault teaches nothing, so the builder adds
// them as a scenario file has them, events of the system in every
// variant: i on a part asks for one in the words the sandbox's chaos
// prompt and --fault use ("20s hang for 10s", "30s errors 50%"), and the
// faults injected while the system was played come back with it
// (Played). Both go through engine/chaos, the sandbox's own rewriting, so
// a fault added here is the fault the sandbox would inject.

// faultTarget is the chaos target of p, the name a fault spec gives it.
func faultTarget(sc *engine.Scenario, p part) (chaos.Target, error) {
	var want string
	var kind chaos.Part
	switch p.kind {
	case partLeaf:
		kind, want = chaos.DependencyPart, p.edge
		if p.caller != "" {
			want = p.caller + "/" + p.edge
		}
	case partService:
		kind, want = chaos.ServicePart, p.name
	case partEndpoint:
		kind, want = chaos.EndpointPart, p.name
	case partTenant:
		kind, want = chaos.TenantPart, p.name
	default:
		return chaos.Target{}, errors.New("a fault happens to a part: select a dependency or a service (or an endpoint or a tenant, for a surge of traffic), then press i")
	}
	for _, t := range chaos.TargetsOf(sc) {
		if t.Part == kind && (t.Name == want || t.Name == kind.String()+":"+want) {
			return t, nil
		}
	}
	if p.kind == partEndpoint {
		return chaos.Target{}, fmt.Errorf("%s is called at a fixed interval, which no fault changes (a surge multiplies an endpoint's rate)", p.name)
	}
	return chaos.Target{}, fmt.Errorf("%s takes no fault", p.name)
}

// kindWords lists what t takes, as the prompt's hint says it.
func kindWords(t chaos.Target) string {
	var out []string
	for _, k := range t.Kinds {
		if k != chaos.Recover {
			out = append(out, k.Usage())
		}
	}
	return strings.Join(out, ", ")
}

// startFault opens the prompt for a fault of the selected part, filled
// with one it takes, a third of the way into the traffic.
func (m *Model) startFault() {
	p := m.cur()
	t, err := faultTarget(m.sc, p)
	if err != nil {
		m.msg, m.msgErr = err.Error(), true
		return
	}
	at := (m.sc.Duration / 3).Round(time.Second)
	example := "hang for 10s"
	switch {
	case t.Takes(chaos.Surge):
		example = "surge x3 for 10s"
	case p.kind == partService:
		example = "down for 10s"
	}
	// The example in the note is one this part takes: errors, which a
	// tenant or an endpoint refuses, else what the prompt is filled with.
	sample := "20s errors 50% for 10s"
	if !t.Takes(chaos.Errors) {
		sample = "20s " + example
	}
	name := p.name
	if p.kind == partLeaf {
		name = leafLabel(&m.sc.Variants[0].System, p) // inventory/db, as the map names it
	}
	what := fmt.Sprintf("%s takes %s, at a time from 0 to %s, for a span or to the end (%s)", name, kindWords(t), present.ClockEnd(m.sc.Duration), sample)
	if p.kind == partService {
		if s := service(&m.sc.Variants[0].System, p.name); s != nil && s.Instances > 1 {
			what += fmt.Sprintf("; #0 to #%d after the time for one instance (15s #1 down for 5s)", s.Instances-1)
		}
	}
	m.faulting = p
	m.msg, m.msgErr = what+"; none takes its faults away", false
	m.prompt = &playback.Prompt{Label: "fault of " + name, Input: engine.FormatDuration(at) + " " + example, Hint: "AT KIND [ARGS] [for TIME]"}
}

// faultPrompt answers the fault prompt: the fault is added as one edit,
// or the prompt stays open with why not.
func (m *Model) faultPrompt(p part, input string) bool {
	input = strings.TrimSpace(input)
	m.msg, m.msgErr = "", false
	if strings.EqualFold(input, "none") || strings.EqualFold(input, "healthy") {
		m.edit(func(sc *engine.Scenario) (string, error) {
			return p.name, clearFaults(sc, p)
		}, "")
		if !m.msgErr && m.msg != "nothing changed" {
			m.msg = fmt.Sprintf("%s has no fault now (u brings them back)", p.name)
		}
		return true
	}
	sp, err := parseFault(m.sc, p, input)
	if err != nil {
		// The reason, wrapped whole above the prompt's one line.
		m.msg, m.msgErr = err.Error(), true
		m.prompt.Err = "not added: why is above"
		m.prompt.Select() // the next fault typed replaces the refused one; an arrow edits it
		return false
	}
	m.edit(func(sc *engine.Scenario) (string, error) {
		return p.name, injectInto(sc, []chaos.Spec{sp})
	}, "")
	if !m.msgErr && m.msg != "nothing changed" {
		// The charts only where the window draws them (hiddenFoot).
		marks := "the list and the charts mark its span"
		if m.w < wide {
			marks = "the list marks its span"
		}
		m.msg = fmt.Sprintf("added the fault %s, in every variant: %s, w saves it, p plays it (u takes it back)", sp.Told(m.sc.Duration), marks)
	}
	return true
}

// parseFault reads "AT KIND [ARGS] [for DURATION]" (with "#N" after AT for
// one instance of a fleet) as a fault of p.
func parseFault(sc *engine.Scenario, p part, input string) (chaos.Spec, error) {
	t, err := faultTarget(sc, p)
	if err != nil {
		return chaos.Spec{}, err
	}
	name := t.Name
	f := strings.Fields(input)
	if len(f) >= 2 && strings.HasPrefix(f[1], "#") && p.kind == partService {
		name += f[1]
		f = slices.Delete(f, 1, 2)
	}
	if len(f) < 2 {
		return chaos.Spec{}, fmt.Errorf("want AT KIND, such as 20s hang for 10s (%s takes %s)", p.name, kindWords(t))
	}
	// The spec's grammar splits at spaces, and a name may hold one: its
	// form is read with a stand-in for the name, put back in its errors.
	const stand = "TARGET"
	_, err = chaos.Parse(strings.Join(append([]string{f[0], stand}, f[1:]...), " "))
	if kind, ok := chaos.UnknownKind(err); ok {
		// Parse lists every kind (a service was offered surge): the
		// part's own, as the prompt's note lists them.
		return chaos.Spec{}, fmt.Errorf("fault %q: unknown kind %q (%s takes %s)",
			strings.Join(append([]string{f[0], name}, f[1:]...), " "), kind, p.name, kindWords(t))
	}
	if err != nil {
		return chaos.Spec{}, errors.New(strings.ReplaceAll(err.Error(), " "+stand+" ", " "+name+" "))
	}
	// Checked as typed, the name in its place, so that a refusal quotes
	// the learner's times back ("999s", not "16m39s").
	return chaos.ParseIn(sc, strings.Join(append([]string{f[0], chaos.QuoteName(name)}, f[1:]...), " "))
}

// injectInto makes specs events of sc, in place, as the sandbox's chaos
// does to the scenario it plays.
func injectInto(sc *engine.Scenario, specs []chaos.Spec) error {
	out, err := chaos.Apply(sc, specs)
	if err != nil {
		return err
	}
	*sc = *out
	return nil
}

// clearFaults takes every fault of p out, in every variant: a
// dependency's, a service's outages, an endpoint's or a tenant's bursts.
func clearFaults(sc *engine.Scenario, p part) error {
	for i := range sc.Variants {
		sys := &sc.Variants[i].System
		switch p.kind {
		case partLeaf:
			if deps := depsOf(sys, p.caller); deps != nil {
				for j := range *deps {
					if (*deps)[j].Name == p.edge {
						(*deps)[j].Faults = nil
					}
				}
			}
		case partService:
			if s := service(sys, p.name); s != nil {
				s.Faults = nil
			}
		case partEndpoint:
			for j := range sys.Endpoints {
				if sys.Endpoints[j].Name == p.name {
					sys.Endpoints[j].Bursts = nil
				}
			}
		case partTenant:
			for j := range sys.Endpoints {
				e := &sys.Endpoints[j]
				e.Bursts = slices.DeleteFunc(e.Bursts, func(b engine.Burst) bool { return b.Tenant == p.name })
			}
		default:
			return fmt.Errorf("%s has no faults of its own", p.name)
		}
	}
	return nil
}

// Played takes back the faults injected while the system was played
// (sandbox.Model.Injected, in the order they applied): they become events
// of the system, as one edit u undoes, so that w saves them and the next p
// plays them. A fault that no longer applies is named, and nothing is
// kept.
func (m *Model) Played(injected []chaos.Spec) {
	if len(injected) == 0 || m.sc == nil {
		return
	}
	var words, told []string
	for _, sp := range injected {
		words = append(words, sp.String())
		told = append(told, sp.Told(m.sc.Duration))
	}
	m.stage, m.form, m.prompt, m.ask, m.connecting = building, nil, nil, noQuestion, false
	m.renaming, m.faulting, m.sharing, m.msg, m.msgErr = part{}, part{}, false, "", false
	m.edit(func(sc *engine.Scenario) (string, error) {
		return m.cur().name, injectInto(sc, injected)
	}, "")
	if m.msgErr {
		m.msg = fmt.Sprintf("the faults injected while playing (%s) were not kept: %s", strings.Join(words, "; "), strings.TrimPrefix(m.msg, "refused: "))
		return
	}
	m.msg = fmt.Sprintf("kept what you injected while playing: %s; w saves it with the system, u takes it back", strings.Join(told, "; "))
}

// faultWords says a part's faults briefly, for its line in the list, on
// a run that ends at end: "⚠ hang 20s–30s", "⚠ errors 50% from 10s", and a
// fault that outlasts the run "⚠ hang from 50s to the end", not
// "50s–1m20s", a stretch the run never reaches.
func faultWords(sys *engine.System, p part, end time.Duration) string {
	var out []string
	span := func(from, to time.Duration) string {
		if to == 0 {
			return "from " + engine.FormatDuration(from)
		}
		if end > 0 && to > end {
			return "from " + engine.FormatDuration(from) + " to the end"
		}
		return engine.FormatDuration(from) + "–" + engine.FormatDuration(to)
	}
	switch p.kind {
	case partLeaf:
		for _, f := range leafOf(sys, p).Faults {
			what := f.Kind.String()
			switch f.Kind {
			case engine.Slow:
				// A leaf's slow fault is the time each call takes, not
				// time added ("10s slow 1m30s" was listed "slow +1m30s"):
				// written as the fault spec took it.
				what += " " + engine.FormatDuration(f.Latency)
			case engine.Error:
				what += fmt.Sprintf(" %g%%", f.Probability*100)
			}
			out = append(out, what+" "+span(f.From, f.To))
		}
	case partService:
		if s := service(sys, p.name); s != nil {
			for _, f := range s.Faults {
				what := f.Kind.String()
				switch f.Kind {
				case engine.InstanceSlow:
					// A service's slowness is added to its work.
					what += " +" + engine.FormatDuration(f.Latency)
				case engine.InstanceErrors:
					what += fmt.Sprintf(" %g%%", f.Probability*100)
				}
				if f.Instance != engine.AllInstances {
					what = fmt.Sprintf("#%d %s", f.Instance, what)
				}
				out = append(out, what+" "+span(f.From, f.To))
			}
		}
	case partEndpoint, partTenant:
		// A surge is a burst of the endpoint's (a tenant's: its share
		// of an endpoint's).
		for _, e := range sys.Endpoints {
			for _, b := range e.Bursts {
				if (p.kind == partEndpoint && e.Name == p.name) || (p.kind == partTenant && b.Tenant == p.name) {
					what := perSecond(b.Rate)
					if p.kind == partTenant {
						// The burst's rate is the endpoint's in all; the
						// tenant sends its share of the endpoint's own
						// rate and all the extra (engine.Burst).
						own := b.Rate - e.Rate
						if i := slices.IndexFunc(e.Tenants, func(ts engine.TenantShare) bool { return ts.Tenant == p.name }); i >= 0 {
							own += e.Tenants[i].Share * e.Rate
						}
						what = fmt.Sprintf("%s %s (%s in all)", e.Name, perSecond(own), what)
					}
					out = append(out, what+" "+span(b.From, b.To))
				}
			}
		}
	}
	if len(out) == 0 {
		return ""
	}
	return " · ⚠ " + strings.Join(out, ", ")
}

// perSecond is a rate as the parts list writes it: "25/s", "70.5/s".
func perSecond(r float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", r), "0"), ".") + "/s"
}
