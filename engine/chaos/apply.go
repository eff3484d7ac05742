package chaos

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// forever stands for a span that lasts until the run ends (a fault's To of 0).
const forever = time.Duration(math.MaxInt64)

// Apply returns a copy of sc with the specs' faults as events of every
// variant that has their target, applied in order (a later spec wins over
// an earlier one where they overlap, as over the script). sc is not
// changed; the copy shares what the faults do not touch. The result has
// passed Validate. No spec gives sc back itself.
func Apply(sc *engine.Scenario, specs []Spec) (*engine.Scenario, error) {
	return ApplyFor(sc, specs, 0)
}

// ApplyFor is Apply for someone looking at variant shown (the sandbox's
// variant on screen): a spec one variant refuses is refused for all, and
// the message names shown when it is among those refusing, so that a
// learner on variant 2 is not told about variant 1 alone.
func ApplyFor(sc *engine.Scenario, specs []Spec, shown int) (*engine.Scenario, error) {
	return applyFor(sc, specs, nil, shown)
}

// ApplyTyped is ApplyFor for specs kept from what the learner typed:
// words[i] is spec i as they typed it ("" where it was not typed, or
// words is short), and a refusal of it quotes their times, as ParseIn's
// does. A fault kept (the sandbox keeps them through a knob edit, another
// seed, a variant) and refused later, when the run it no longer fits is
// built, was quoted in String's form: "999s db hang" came back as
// "16m39s db hang", words the learner never wrote. Words that do not
// read as spec i are not used.
func ApplyTyped(sc *engine.Scenario, specs []Spec, words []string, shown int) (*engine.Scenario, error) {
	times := make([]typedTimes, len(specs))
	for i := range min(len(specs), len(words)) {
		if words[i] == "" {
			continue
		}
		if sp, t, err := parse(words[i]); err == nil && sp == specs[i] {
			times[i] = t
		}
	}
	return applyFor(sc, specs, times, shown)
}

// applyFor is ApplyFor with each spec's times as typed (times[i], none
// where times is short).
func applyFor(sc *engine.Scenario, specs []Spec, times []typedTimes, shown int) (*engine.Scenario, error) {
	if len(specs) == 0 {
		return sc, nil
	}
	out := *sc
	out.Variants = append([]engine.Variant(nil), sc.Variants...)
	targets := TargetsOf(sc)
	for n, sp := range specs {
		var typed typedTimes
		if n < len(times) {
			typed = times[n]
		}
		t, err := resolve(sc, targets, sp, typed)
		if err != nil {
			return nil, err
		}
		applied := false
		refused := make([]error, len(out.Variants))
		for i := range out.Variants {
			ok, err := applyTo(&out.Variants[i].System, t, sp, sc.Duration)
			refused[i] = err
			applied = applied || ok
		}
		if err := refusal(sc, sp, typed, refused, shown); err != nil {
			return nil, err
		}
		if !applied {
			if sp.Kind == Recover {
				return nil, fmt.Errorf("fault %q: %s has no fault or surge in force at %s to recover from", sp.said(typed), t.named(), orFormat(typed.at, sp.At))
			}
			return nil, fmt.Errorf("fault %q: no variant of %s lets %s %s (a tenant needs an endpoint with a rate that sends its traffic)", sp.said(typed), sc.Name, t.named(), sp.Kind)
		}
	}
	if err := out.Validate(); err != nil {
		return nil, fmt.Errorf("with the injected faults: %w", err)
	}
	return &out, nil
}

// refusal is the error for a spec that variants refused, quoting its times
// as typed where typed has them (refused[i] is
// variant i's reason, nil where it took the spec): variant shown's reason
// when it has one, else the first; "and every other" when all refused it
// alike. nil when none refused.
func refusal(sc *engine.Scenario, sp Spec, typed typedTimes, refused []error, shown int) error {
	pick := -1
	for i, err := range refused {
		if err != nil && (pick < 0 || i == shown) {
			pick = i
		}
	}
	if pick < 0 {
		return nil
	}
	alike := len(refused) > 1
	for _, err := range refused {
		alike = alike && err != nil && err.Error() == refused[pick].Error()
	}
	which := fmt.Sprintf("variant %q", sc.Variants[pick].Name)
	if alike {
		which += " and every other"
	}
	return fmt.Errorf("fault %q, %s: %w", sp.said(typed), which, refused[pick])
}

// applyTo applies sp to one system; ok is false when the system has no
// such part (or, for recover, nothing in force to end).
func applyTo(sys *engine.System, t Target, sp Spec, duration time.Duration) (ok bool, err error) {
	switch t.Part {
	case DependencyPart:
		deps := &sys.Dependencies
		if t.owner != "" {
			si := serviceIndex(sys, t.owner)
			if si < 0 {
				return false, nil
			}
			sys.Services = append([]engine.Service(nil), sys.Services...)
			deps = &sys.Services[si].Dependencies
		}
		for i, d := range *deps {
			if d.Name != t.name || d.Service != "" {
				continue
			}
			faults, ok := dependencyFaults(d.Faults, sp, duration)
			if !ok {
				return false, nil
			}
			*deps = append([]engine.Dependency(nil), *deps...)
			(*deps)[i].Faults = faults
			return true, nil
		}
	case ServicePart, InstancePart:
		si := serviceIndex(sys, t.name)
		if si < 0 {
			return false, nil
		}
		n := max(1, sys.Services[si].Instances)
		if t.instance >= n {
			return false, nil
		}
		faults, ok := serviceFaults(sys.Services[si].Faults, sp, t.instance, n, duration)
		if !ok {
			return false, nil
		}
		sys.Services = append([]engine.Service(nil), sys.Services...)
		sys.Services[si].Faults = faults
		return true, nil
	case TenantPart, EndpointPart:
		return surge(sys, t, sp, duration)
	}
	return false, nil
}

func serviceIndex(sys *engine.System, name string) int {
	for i := range sys.Services {
		if sys.Services[i].Name == name {
			return i
		}
	}
	return -1
}

// span is a stretch [from, to) with forever for a fault that never ends.
type span struct{ from, to time.Duration }

func (s span) overlaps(o span) bool { return s.from < o.to && o.from < s.to }

// cut is what is left of s outside hole: up to two pieces, either empty.
func (s span) cut(hole span) (head, tail span) {
	head, tail = span{s.from, min(s.to, hole.from)}, span{max(s.from, hole.to), s.to}
	return head, tail
}

func (s span) empty() bool { return s.to <= s.from }

func faultTo(to time.Duration) time.Duration {
	if to == 0 {
		return forever
	}
	return to
}

func specTo(to time.Duration) time.Duration {
	if to == forever {
		return 0
	}
	return to
}

// hole is the span an injected fault takes over: from its moment to its
// end; a recover's is from its moment on, for what is in force then.
func hole(sp Spec) span { return span{sp.At, faultTo(sp.end())} }

// timed is what the helpers below need of a fault or a burst: its span
// (forever for one that lasts until the run ends), and a copy with another.
type timed[T any] struct {
	span func(T) span
	with func(T, span) T
}

// splice applies sp to a part's faults or bursts: a recover ends those in
// force at sp.At that mine says are the part's (found says whether there
// was one); any other kind cuts those overlapping h around it and puts
// added in, in time order. tail adjusts the piece left after h.
func splice[T any](in []T, sp Spec, h span, tm timed[T], mine func(T) bool, tail func(span) span, added ...T) (out []T, found bool) {
	for _, x := range in {
		s := tm.span(x)
		switch {
		case sp.Kind == Recover && mine(x) && s.from <= sp.At && sp.At < s.to:
			found = true
			if s.from < sp.At {
				out = append(out, tm.with(x, span{s.from, sp.At}))
			}
		case sp.Kind == Recover || !s.overlaps(h):
			out = append(out, x)
		default:
			head, rest := s.cut(h)
			for _, p := range []span{head, tail(rest)} {
				if !p.empty() {
					out = append(out, tm.with(x, p))
				}
			}
		}
	}
	if sp.Kind == Recover {
		return out, found
	}
	out = append(out, added...)
	sort.SliceStable(out, func(i, j int) bool { return tm.span(out[i]).from < tm.span(out[j]).from })
	return out, true
}

var timedFault = timed[engine.Fault]{
	span: func(f engine.Fault) span { return span{f.From, faultTo(f.To)} },
	with: func(f engine.Fault, s span) engine.Fault { f.From, f.To = s.from, specTo(s.to); return f },
}

var timedBurst = timed[engine.Burst]{
	span: func(b engine.Burst) span { return span{b.From, b.To} },
	with: func(b engine.Burst, s span) engine.Burst { b.From, b.To = s.from, s.to; return b },
}

// dependencyFaults is a dependency's faults with sp applied.
func dependencyFaults(in []engine.Fault, sp Spec, duration time.Duration) ([]engine.Fault, bool) {
	h := hole(sp)
	nf := engine.Fault{From: sp.At, To: specTo(h.to)}
	switch sp.Kind {
	case Slow:
		nf.Kind, nf.Latency = engine.Slow, sp.Latency
	case Hang:
		nf.Kind = engine.Hang
	case Unreachable:
		nf.Kind = engine.Unreachable
	case Errors:
		nf.Kind, nf.Probability = engine.Error, sp.Rate
	case Down:
		// A dependency that refuses connections: every call fails at once.
		nf.Kind, nf.Probability = engine.Error, 1
	case Recover:
	default:
		return nil, false
	}
	tail := func(t span) span {
		if t.to == forever && t.from >= duration {
			// A fault "until the run ends" goes on through the drain,
			// which a fault starting after the traffic must say in full.
			t.to = duration + engine.DrainLimit
		}
		return t
	}
	all := func(engine.Fault) bool { return true }
	out, ok := splice(in, sp, h, timedFault, all, tail, nf)
	if ok && (sp.Kind == Hang || sp.Kind == Unreachable) {
		// An unreachable host's calls are answered when it ends, as a
		// hang's: the same joining, of faults of its own kind.
		out = joinHangs(out, sp.At, 0, func(f engine.Fault) (bool, int, span) {
			return f.Kind == nf.Kind, 0, timedFault.span(f)
		}, timedFault.with)
	}
	return out, ok
}

// joinHangs makes the injected hang, of instance inst from at, one hang
// with a hang it meets end to end on that instance: a piece of the
// script's hang that splice cut around it. A hang's calls are answered
// when it ends (engine.Hang), so a hang injected into a part already
// hanging must not end the script's hang at its start and begin it again
// at its end: that would answer every call hung so far, and "what if it
// hangs?" would make a hanging system better. faults are in time order.
func joinHangs[T any](faults []T, at time.Duration, inst int, hang func(T) (ok bool, inst int, s span), with func(T, span) T) []T {
	injected := -1
	for i, f := range faults {
		if ok, in, s := hang(f); ok && in == inst && s.from == at {
			injected = i
		}
	}
	if injected < 0 {
		return faults
	}
	_, _, s := hang(faults[injected])
	from, to := s.from, s.to
	out := faults[:0:0]
	for i, f := range faults {
		ok, in, fs := hang(f)
		switch {
		case i != injected && ok && in == inst && fs.to == s.from:
			from = fs.from // the script's hang up to the injected one
		case i != injected && ok && in == inst && fs.from == s.to && s.to != forever:
			to = fs.to // and on from its end
		case i != injected:
			out = append(out, f)
		}
	}
	joined := with(faults[injected], span{from, to})
	k := sort.Search(len(out), func(i int) bool { _, _, fs := hang(out[i]); return fs.from > from })
	out = append(out, joined)
	copy(out[k+1:], out[k:])
	out[k] = joined
	return out
}

// serviceFaults is a service's faults with sp applied to instance inst
// (AllInstances: every one) of its n. A fault of every instance that
// meets one instance's injected fault is written out per instance first,
// so that the others keep it whole.
func serviceFaults(in []engine.ServiceFault, sp Spec, inst, n int, duration time.Duration) ([]engine.ServiceFault, bool) {
	h := hole(sp)
	meets := func(f engine.ServiceFault) bool {
		return inst == engine.AllInstances || f.Instance == engine.AllInstances || f.Instance == inst
	}
	inForce := func(f engine.ServiceFault) bool {
		return f.From <= sp.At && sp.At < faultTo(f.To)
	}
	var out []engine.ServiceFault
	found := false
	for _, f := range in {
		s := span{f.From, faultTo(f.To)}
		hit := meets(f) && (sp.Kind == Recover && inForce(f) || sp.Kind != Recover && s.overlaps(h))
		if !hit {
			out = append(out, f)
			continue
		}
		pieces := []engine.ServiceFault{f}
		if f.Instance == engine.AllInstances && inst != engine.AllInstances {
			pieces = pieces[:0]
			for k := range n {
				g := f
				g.Instance = k
				pieces = append(pieces, g)
			}
		}
		for _, g := range pieces {
			if g.Instance != inst && inst != engine.AllInstances {
				out = append(out, g)
				continue
			}
			if sp.Kind == Recover {
				found = true
				if g.From < sp.At {
					g.To = sp.At
					out = append(out, g)
				}
				continue
			}
			head, tail := s.cut(h)
			if !head.empty() {
				a := g
				a.To = head.to
				out = append(out, a)
			}
			if !tail.empty() && !(tail.to == forever && tail.from >= duration) {
				// (A service's fault "until the end" ends with the
				// traffic.) After the injected fault the script's fault goes on;
				// a restart's crash is behind it, so what is left is down.
				b := g
				b.From, b.To = tail.from, specTo(tail.to)
				if b.Kind == engine.InstanceRestart {
					b.Kind = engine.InstanceDown
				}
				out = append(out, b)
			}
		}
	}
	if sp.Kind == Recover {
		return out, found
	}
	nf := engine.ServiceFault{Instance: inst, From: sp.At, To: specTo(h.to)}
	switch sp.Kind {
	case Down:
		nf.Kind = engine.InstanceDown
	case Restart:
		nf.Kind = engine.InstanceRestart
	case Hang:
		nf.Kind = engine.InstanceHang
	case Slow:
		nf.Kind, nf.Latency = engine.InstanceSlow, sp.Latency
	case Errors:
		nf.Kind, nf.Probability = engine.InstanceErrors, sp.Rate
	default:
		return nil, false
	}
	out = append(out, nf)
	sort.SliceStable(out, func(i, j int) bool { return out[i].From < out[j].From })
	if sp.Kind == Hang {
		out = joinHangs(out, sp.At, inst, func(f engine.ServiceFault) (bool, int, span) {
			return f.Kind == engine.InstanceHang, f.Instance, span{f.From, faultTo(f.To)}
		}, func(f engine.ServiceFault, s span) engine.ServiceFault { f.From, f.To = s.from, specTo(s.to); return f })
	}
	return out, true
}

// errTenantFactor is the message for a tenant's surge below 1.
var errTenantFactor = errors.New("a tenant's surge adds traffic to its share: the factor must be at least x1")

// surge applies a surge (or a recover) of a tenant or an endpoint: a burst
// of each endpoint it names. An endpoint has one burst at a time, so the
// surge replaces the scripted bursts of that endpoint for its span.
func surge(sys *engine.System, t Target, sp Spec, duration time.Duration) (bool, error) {
	if t.Part == TenantPart && sp.Kind == Surge && sp.Factor < 1 {
		return false, errTenantFactor
	}
	h := hole(sp)
	h.to = min(h.to, duration)
	changed := false
	for i := range sys.Endpoints {
		e := &sys.Endpoints[i]
		if e.Interval > 0 {
			continue
		}
		share, named := 0.0, false
		for _, ts := range e.Tenants {
			if ts.Tenant == t.name {
				share = ts.Share
			}
		}
		for _, b := range e.Bursts {
			named = named || b.Tenant == t.name
		}
		switch {
		case t.Part == EndpointPart && e.Name != t.name:
			continue
		case t.Part == TenantPart && sp.Kind == Surge && (share == 0 || e.Rate == 0):
			continue // the tenant sends nothing here
		case t.Part == TenantPart && sp.Kind == Recover && !named:
			continue
		}
		var bursts []engine.Burst
		ok := true
		if sp.Kind == Recover {
			bursts, ok = endpointBursts(e.Bursts, sp, h, t, nil)
		} else {
			added, err := surgeBursts(e, t, sp.Factor, share, h, duration)
			if err != nil {
				return false, err
			}
			bursts, ok = endpointBursts(e.Bursts, sp, h, t, added)
		}
		if !ok {
			continue
		}
		if !changed {
			sys.Endpoints = append([]engine.Endpoint(nil), sys.Endpoints...)
			e = &sys.Endpoints[i]
		}
		changed = true
		e.Bursts = bursts
	}
	return changed, nil
}

// endpointBursts is an endpoint's bursts with added put in over h, or, for
// a recover, the bursts in force at sp.At (of the tenant, for a tenant's)
// ended then.
func endpointBursts(in []engine.Burst, sp Spec, h span, t Target, added []engine.Burst) ([]engine.Burst, bool) {
	mine := func(b engine.Burst) bool { return t.Part == EndpointPart || b.Tenant == t.name }
	same := func(s span) span { return s }
	return splice(in, sp, h, timedBurst, mine, same, added...)
}

// surgeBursts are the bursts of endpoint e over h that multiply its
// traffic by factor (a tenant's, with that tenant's share of the rate,
// for a tenant's surge), on top of the bursts the script has there: a
// stretch of the tenant's own burst is that burst's traffic times the
// factor. A burst carries one tenant's extra traffic, so a surge that
// meets another's burst is refused, saying when that burst is (its own
// span, not the overlap: a learner moving the surge needs to know how
// far) and so where the surge may go.
func surgeBursts(e *engine.Endpoint, t Target, factor, share float64, h span, duration time.Duration) ([]engine.Burst, error) {
	tenant := surgeTenant(t)
	var out []engine.Burst
	at := h.from
	// add puts in the stretch from at to to, whose traffic is e's own
	// (b nil) or burst b's.
	add := func(to time.Duration, b *engine.Burst) error {
		if to <= at {
			return nil
		}
		rate, owner := e.Rate, ""
		if b != nil {
			rate, owner = b.Rate, b.Tenant
		}
		r, ok := surgedRate(e, tenant, share, factor, rate, owner)
		if !ok {
			return fmt.Errorf("%s carries %s from %s to %s, and a burst is one tenant's traffic: %s",
				e.Name, burstWords(*b), engine.FormatDuration(b.From), engine.FormatDuration(b.To), surgeElsewhere(t.Name, *b, duration))
		}
		out = append(out, engine.Burst{From: at, To: to, Rate: r, Tenant: tenant})
		at = to
		return nil
	}
	for i := range e.Bursts {
		b := &e.Bursts[i]
		if b.To <= h.from || b.From >= h.to {
			continue
		}
		if err := add(min(b.From, h.to), nil); err != nil {
			return nil, err
		}
		if err := add(min(b.To, h.to), b); err != nil {
			return nil, err
		}
	}
	if err := add(h.to, nil); err != nil {
		return nil, err
	}
	return out, nil
}

// surgeTenant is the tenant whose traffic a surge of t multiplies: t's
// own name for a tenant, "" (everyone's) for an endpoint.
func surgeTenant(t Target) string {
	if t.Part == TenantPart {
		return t.name
	}
	return ""
}

// surgedRate is the rate of a stretch of endpoint e whose rate is now
// rate, with the extra traffic of tenant owner ("": nobody's), under a
// surge by factor of tenant ("": all of e's traffic), whose share of e's
// rate is share; false when one burst cannot say it, because the stretch
// carries another tenant's extra traffic.
func surgedRate(e *engine.Endpoint, tenant string, share, factor, rate float64, owner string) (float64, bool) {
	switch {
	case tenant == "" && owner == "":
		return rate * factor, true
	case tenant != "" && owner == tenant:
		mine := e.Rate*share + (rate - e.Rate)
		return rate + (factor-1)*mine, true
	case tenant != "" && owner == "" && rate == e.Rate:
		return rate + (factor-1)*e.Rate*share, true
	}
	return 0, false
}

// burstWords says whose a burst is: "tenant acme's burst", or "a
// change of its rate for everyone" for one no tenant owns.
func burstWords(b engine.Burst) string {
	if b.Tenant != "" {
		return "tenant " + b.Tenant + "'s burst"
	}
	return "a change of its rate for everyone"
}

// surgeElsewhere says when a surge of name may run beside burst b, in a
// run whose traffic ends at duration.
func surgeElsewhere(name string, b engine.Burst, duration time.Duration) string {
	before, after := b.From > 0, b.To < duration
	from, to := engine.FormatDuration(b.From), engine.FormatDuration(b.To)
	switch {
	case before && after:
		return fmt.Sprintf("surge %s so that it ends by %s or starts at %s or later", QuoteName(name), from, to)
	case before:
		return fmt.Sprintf("surge %s so that it ends by %s", QuoteName(name), from)
	case after:
		return fmt.Sprintf("surge %s from %s on", QuoteName(name), to)
	}
	return fmt.Sprintf("it lasts the whole run, so %s cannot surge there", QuoteName(name))
}
