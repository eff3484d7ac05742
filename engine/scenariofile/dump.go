package scenariofile

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// Dump writes a scenario as a scenario file. Parse reads the result back into
// a scenario that runs to exactly the same results.
//
// The first variant's system becomes the [system] section and every variant
// is written as the changes it makes to it; so every variant must have the
// same endpoints, dependencies and services, by name and in order, and each
// dependency must be the same service (or none) in every variant. A shed
// policy's Workers is not written: the engine takes it from the pool. A scenario with one
// variant named DefaultVariant is written without [[variants]].
func Dump(sc *engine.Scenario) ([]byte, error) {
	if sc == nil {
		return nil, errors.New("dump: no scenario")
	}
	if err := sc.Validate(); err != nil {
		return nil, fmt.Errorf("dump %q: %w", sc.Name, err)
	}
	if err := checkDumpable(sc); err != nil {
		return nil, fmt.Errorf("dump %q: %w", sc.Name, err)
	}
	var w writer
	w.line("# A breakerlab scenario file (see engine/scenariofile/SCHEMA.md).")
	w.line("# [system] is the base design; each [[variants]] lists only what it changes,")
	w.line("# and a variant's policy table replaces the base's policy for that dependency.")
	w.kv("name", quote(sc.Name))
	if sc.Summary != "" {
		w.kv("summary", quote(sc.Summary))
	}
	w.kv("duration", formatDuration(sc.Duration))
	w.kv("measure_from", formatDuration(sc.MeasureFrom))
	w.kv("measure_to", formatDuration(sc.MeasureTo))

	base := &sc.Variants[0].System
	w.header("[system]")
	if base.Tasks == nil {
		w.kv("workers", strconv.Itoa(base.Workers))
		w.kv("queue", FormatQueue(base.Queue))
	}
	if len(base.Tenants) > 0 {
		w.kv("tenants", formatTenants(base.Tenants))
	}
	if base.Shed != nil {
		w.kv("shed", formatShed(base.Shed))
	}
	writeTasksSystem(&w, base) // tasks.go
	for _, e := range base.Endpoints {
		w.header("[[system.endpoints]]")
		w.kv("name", quote(e.Name))
		writeArrival(&w, e)
		if e.Calls != "" {
			w.kv("calls", quote(e.Calls))
		}
		if e.Patience > 0 {
			w.kv("patience", formatDuration(e.Patience))
		}
		if e.Class != shed.Critical {
			w.kv("class", quote(e.Class.String()))
		}
		if len(e.Tenants) > 0 {
			w.kv("tenants", formatShares(e.Tenants))
		}
		if len(e.Bursts) > 0 {
			writeBursts(&w, e.Bursts)
		}
		writeEndpointTasks(&w, e, engine.Endpoint{})
	}
	for _, d := range base.Dependencies {
		w.header("[[system.dependencies]]")
		writeDependency(&w, "system.dependencies", d)
	}
	for _, svc := range base.Services {
		w.header("[[system.services]]")
		w.kv("name", quote(svc.Name))
		w.kv("workers", strconv.Itoa(svc.Workers))
		w.kv("queue", FormatQueue(svc.Queue))
		if svc.Instances != 0 {
			w.kv("instances", strconv.Itoa(svc.Instances))
		}
		if svc.Balancer != engine.RoundRobin {
			w.kv("balancer", quote(svc.Balancer.String()))
		}
		if svc.Work.Kind != 0 {
			w.kv("work", formatLatency(svc.Work))
		}
		if svc.Calls != "" {
			w.kv("calls", quote(svc.Calls))
		}
		if svc.Shed != nil {
			w.kv("shed", formatShed(svc.Shed))
		}
		if len(svc.Faults) > 0 {
			writeServiceFaults(&w, svc.Faults)
		}
		for _, d := range svc.Dependencies {
			w.header("[[system.services.dependencies]]")
			writeDependency(&w, "system.services.dependencies", d)
		}
	}

	if len(sc.Variants) == 1 && sc.Variants[0].Name == DefaultVariant {
		return w.bytes(), nil
	}
	for _, v := range sc.Variants {
		writeVariant(&w, base, v)
	}
	return w.bytes(), nil
}

// checkDumpable reports what the file format cannot say about sc.
func checkDumpable(sc *engine.Scenario) error {
	base := &sc.Variants[0].System
	var texts []string
	texts = append(texts, sc.Name, sc.Summary)
	seen := map[string]bool{}
	for _, v := range sc.Variants {
		if seen[v.Name] {
			return fmt.Errorf("two variants are named %q; a file needs each variant's name to be unique", v.Name)
		}
		seen[v.Name] = true
		texts = append(texts, v.Name)
		s := &v.System
		if len(s.Endpoints) != len(base.Endpoints) || len(s.Dependencies) != len(base.Dependencies) {
			return fmt.Errorf("variant %q has other endpoints or dependencies than the first variant; a file writes variants as changes to one system", v.Name)
		}
		for i, e := range s.Endpoints {
			if e.Name != base.Endpoints[i].Name {
				return fmt.Errorf("variant %q has endpoint %q where the first variant has %q; a file writes variants as changes to one system", v.Name, e.Name, base.Endpoints[i].Name)
			}
			texts = append(texts, e.Name, e.Calls)
		}
		if err := sameDependencies(v.Name, "", s.Dependencies, base.Dependencies); err != nil {
			return err
		}
		if err := checkTasksDumpable(v.Name, s, base); err != nil { // tasks.go
			return err
		}
		if len(s.Services) != len(base.Services) {
			return fmt.Errorf("variant %q has other services than the first variant; a file writes variants as changes to one system", v.Name)
		}
		for i, svc := range s.Services {
			if svc.Name != base.Services[i].Name {
				return fmt.Errorf("variant %q has service %q where the first variant has %q; a file writes variants as changes to one system", v.Name, svc.Name, base.Services[i].Name)
			}
		}
		for i, svc := range s.Services {
			if err := sameDependencies(v.Name, svc.Name, svc.Dependencies, base.Services[i].Dependencies); err != nil {
				return err
			}
			texts = append(texts, svc.Name, svc.Calls)
		}
		texts = append(texts, s.Tenants...)
		for _, e := range s.Endpoints {
			for _, t := range e.Tenants {
				texts = append(texts, t.Tenant)
			}
			for _, b := range e.Bursts {
				texts = append(texts, b.Tenant)
			}
		}
		for _, d := range allDependencies(s) {
			texts = append(texts, d.Name, d.Service)
			if tb := d.Policy.TenantBulkhead; tb != nil {
				for _, o := range tb.Own {
					texts = append(texts, o.Tenant)
				}
			}
			if d.Policy.DeadlineMargin > 0 && !d.Policy.PropagateDeadline {
				return fmt.Errorf("variant %q: dependency %q has a deadline margin but does not propagate deadlines; a file sets deadline_margin only with propagate_deadline = true", v.Name, d.Name)
			}
			for i, f := range d.Faults {
				if err := faultInRun(v.Name, "dependency", d.Name, i, f.From, sc.Duration); err != nil {
					return err
				}
			}
		}
		for _, svc := range s.Services {
			for i, f := range svc.Faults {
				if err := faultInRun(v.Name, "service", svc.Name, i, f.From, sc.Duration); err != nil {
					return err
				}
			}
		}
	}
	for _, s := range texts {
		if !utf8.ValidString(s) {
			return fmt.Errorf("the name or summary %q is not valid UTF-8, which a TOML file cannot hold", s)
		}
	}
	return nil
}

// faultInRun reports a fault that starts at or after the end of the run
// (a shortened duration leaves one there): it never happens, and a file
// refuses it (faultSpan), so the file written would not read back.
func faultInRun(variant, kind, name string, i int, from, duration time.Duration) error {
	if from < duration {
		return nil
	}
	return fmt.Errorf("variant %q: %s %q's fault %d starts at %s, not before the end of the run (duration %s), so it never happens; a file refuses such a fault: remove it or lengthen the run", variant, kind, name, i+1, engine.FormatDuration(from), engine.FormatDuration(duration))
}

// sameDependencies reports a variant whose dependencies (of [system] when
// owner is "", else of the service owner) differ from the first variant's
// in their names, order or the services they are.
func sameDependencies(variant, owner string, deps, base []engine.Dependency) error {
	of := ""
	if owner != "" {
		of = fmt.Sprintf(" of service %q", owner)
	}
	if len(deps) != len(base) {
		return fmt.Errorf("variant %q has other dependencies%s than the first variant; a file writes variants as changes to one system", variant, of)
	}
	for i, d := range deps {
		if d.Name != base[i].Name {
			return fmt.Errorf("variant %q has dependency %q%s where the first variant has %q; a file writes variants as changes to one system", variant, d.Name, of, base[i].Name)
		}
		if d.Service != base[i].Service {
			return fmt.Errorf("variant %q: dependency %q%s calls service %q, but %q in the first variant (\"\" is none); a file writes variants as changes to one system", variant, d.Name, of, d.Service, base[i].Service)
		}
	}
	return nil
}

// allDependencies lists the dependencies of [system] and of every service.
func allDependencies(s *engine.System) []engine.Dependency {
	out := append([]engine.Dependency(nil), s.Dependencies...)
	for _, svc := range s.Services {
		out = append(out, svc.Dependencies...)
	}
	return out
}

// writeDependency writes the keys of a dependency's table at path.
func writeDependency(w *writer, path string, d engine.Dependency) {
	w.kv("name", quote(d.Name))
	if d.Service != "" {
		w.kv("service", quote(d.Service))
	}
	if d.Latency.Kind != 0 {
		w.kv("latency", formatLatency(d.Latency))
	}
	if len(d.Faults) > 0 {
		writeFaults(w, d.Faults)
	}
	if d.Pool != "" {
		w.kv("pool", quote(d.Pool))
	}
	if !reflect.DeepEqual(d.Policy, engine.Policy{}) {
		if inline, ok := inlinePolicy(d.Policy); ok {
			w.kv("policy", inline)
		} else {
			writePolicySections(w, path+".policy", d.Policy)
		}
	}
}

// writeDependencyChanges writes what a variant changes in a dependency, as
// the table prefix.
func writeDependencyChanges(w *writer, prefix string, d, b engine.Dependency) {
	latency := d.Latency.Kind != b.Latency.Kind || (d.Latency.Kind != 0 && formatLatency(d.Latency) != formatLatency(b.Latency))
	faults := !sameFaults(d.Faults, b.Faults)
	policy := !reflect.DeepEqual(d.Policy, b.Policy)
	inline, short := inlinePolicy(d.Policy)
	pool := d.Pool != b.Pool
	if latency || faults || pool || (policy && short) {
		w.header("[" + prefix + "]")
		if pool {
			w.kv("pool", quote(d.Pool))
		}
		if latency {
			w.kv("latency", formatLatency(d.Latency))
		}
		if faults {
			writeFaults(w, d.Faults)
		}
		if policy && short {
			w.kv("policy", inline)
		}
	}
	if policy && !short {
		writePolicySections(w, prefix+".policy", d.Policy)
	}
}

func writeVariant(w *writer, base *engine.System, v engine.Variant) {
	s := &v.System
	w.header("[[variants]]")
	w.kv("name", quote(v.Name))
	if s.Workers != base.Workers {
		w.kv("workers", strconv.Itoa(s.Workers))
	}
	if s.Queue != base.Queue {
		w.kv("queue", FormatQueue(s.Queue))
	}
	if !slices.Equal(s.Tenants, base.Tenants) {
		w.kv("tenants", formatTenants(s.Tenants))
	}
	if !reflect.DeepEqual(s.Shed, base.Shed) {
		w.kv("shed", formatShed(s.Shed))
	}
	writeVariantTasks(w, base, s) // tasks.go
	for i, e := range s.Endpoints {
		b := base.Endpoints[i]
		if reflect.DeepEqual(e, b) {
			continue
		}
		w.header("[variants.endpoints." + key(e.Name) + "]")
		if e.Rate != b.Rate || e.Interval != b.Interval {
			writeArrival(w, e)
		}
		if e.Calls != b.Calls {
			w.kv("calls", quote(e.Calls))
		}
		if e.Patience != b.Patience {
			w.kv("patience", formatDuration(e.Patience))
		}
		if e.Class != b.Class {
			w.kv("class", quote(e.Class.String()))
		}
		if !slices.Equal(e.Tenants, b.Tenants) {
			w.kv("tenants", formatShares(e.Tenants))
		}
		if !slices.Equal(e.Bursts, b.Bursts) {
			writeBursts(w, e.Bursts)
		}
		writeEndpointTasks(w, e, b)
	}
	for i, d := range s.Dependencies {
		writeDependencyChanges(w, "variants.dependencies."+key(d.Name), d, base.Dependencies[i])
	}
	for i, svc := range s.Services {
		b := base.Services[i]
		prefix := "variants.services." + key(svc.Name)
		var kvs [][2]string
		if svc.Workers != b.Workers {
			kvs = append(kvs, [2]string{"workers", strconv.Itoa(svc.Workers)})
		}
		if svc.Queue != b.Queue {
			kvs = append(kvs, [2]string{"queue", FormatQueue(svc.Queue)})
		}
		if svc.Instances != b.Instances {
			kvs = append(kvs, [2]string{"instances", strconv.Itoa(svc.Instances)})
		}
		if svc.Balancer != b.Balancer {
			kvs = append(kvs, [2]string{"balancer", quote(svc.Balancer.String())})
		}
		if svc.Work != b.Work {
			kvs = append(kvs, [2]string{"work", formatWork(svc.Work)})
		}
		if svc.Calls != b.Calls {
			kvs = append(kvs, [2]string{"calls", quote(svc.Calls)})
		}
		if !reflect.DeepEqual(svc.Shed, b.Shed) {
			kvs = append(kvs, [2]string{"shed", formatShed(svc.Shed)})
		}
		faults := !slices.Equal(svc.Faults, b.Faults)
		if len(kvs) > 0 || faults {
			w.header("[" + prefix + "]")
			for _, kv := range kvs {
				w.kv(kv[0], kv[1])
			}
			if faults {
				writeServiceFaults(w, svc.Faults)
			}
		}
		for j, d := range svc.Dependencies {
			writeDependencyChanges(w, prefix+".dependencies."+key(d.Name), d, b.Dependencies[j])
		}
	}
}

// formatTenants writes [system] tenants.
func formatTenants(ts []string) string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = quote(t)
	}
	return "[" + strings.Join(out, ", ") + "]"
}

// formatShed writes a shed table; "{}" is none.
func formatShed(p *engine.ShedPolicy) string {
	if p == nil {
		return "{}"
	}
	var parts []string
	if p.Signal != shed.OldestAge {
		parts = append(parts, "signal = "+quote(p.Signal.String()))
	}
	mw := p.MaxWait
	if mw[0] == mw[1] && mw[1] == mw[2] {
		parts = append(parts, "max_wait = "+formatDuration(mw[0]))
	} else {
		var cls []string
		for c := range shed.NumClasses {
			cls = append(cls, c.String()+" = "+formatDuration(mw[c]))
		}
		parts = append(parts, "max_wait = { "+strings.Join(cls, ", ")+" }")
	}
	if p.Signal == shed.Estimated {
		parts = append(parts, "service_time = "+formatDuration(p.ServiceTime))
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

// formatShares writes an endpoint's tenants' shares in their order; "{}"
// is none.
func formatShares(ts []engine.TenantShare) string {
	if len(ts) == 0 {
		return "{}"
	}
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = key(t.Tenant) + " = " + formatFloat(t.Share)
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

func writeBursts(w *writer, bs []engine.Burst) {
	if len(bs) == 0 {
		w.kv("bursts", "[]")
		return
	}
	w.line("bursts = [")
	for _, b := range bs {
		line := fmt.Sprintf("{ from = %s, to = %s, rate = %s", formatDuration(b.From), formatDuration(b.To), formatFloat(b.Rate))
		if b.Tenant != "" {
			line += ", tenant = " + quote(b.Tenant)
		}
		w.line("  " + line + " },")
	}
	w.line("]")
}

func writeServiceFaults(w *writer, fs []engine.ServiceFault) {
	if len(fs) == 0 {
		w.kv("faults", "[]")
		return
	}
	w.line("faults = [")
	for _, f := range fs {
		line := fmt.Sprintf("{ kind = %q", f.Kind.String())
		if f.Instance != engine.AllInstances {
			line += ", instance = " + strconv.Itoa(f.Instance)
		}
		line += ", from = " + formatDuration(f.From)
		if f.To != 0 {
			line += ", to = " + formatDuration(f.To)
		}
		switch f.Kind {
		case engine.InstanceSlow:
			line += ", latency = " + formatDuration(f.Latency)
		case engine.InstanceErrors:
			line += ", probability = " + formatFloat(f.Probability)
		}
		w.line("  " + line + " },")
	}
	w.line("]")
}

// formatWork writes a service's work; "{}" is none.
func formatWork(l engine.Latency) string {
	if l.Kind == 0 {
		return "{}"
	}
	return formatLatency(l)
}

func formatRateLimiter(p *engine.RateLimiterPolicy) string {
	if p.Kind == engine.PeriodLimiter {
		c := p.Period
		return fmt.Sprintf("{ kind = \"period\", limit_for_period = %d, limit_refresh_period = %s, timeout_duration = %s }",
			c.LimitForPeriod, formatDuration(c.LimitRefreshPeriod), formatDuration(c.TimeoutDuration))
	}
	b := p.Bucket
	s := fmt.Sprintf("{ kind = \"bucket\", rate = %d, per = %s, burst = %d", b.Rate, formatDuration(b.Per), b.Burst)
	if b.MaxWait > 0 {
		s += ", max_wait = " + formatDuration(b.MaxWait)
	}
	return s + " }"
}

func formatTenantBulkhead(tb *engine.TenantBulkhead) string {
	var parts []string
	if len(tb.Own) > 0 {
		own := make([]string, len(tb.Own))
		for i, o := range tb.Own {
			own[i] = key(o.Tenant) + " = " + strconv.Itoa(o.Slots)
		}
		parts = append(parts, "own = { "+strings.Join(own, ", ")+" }")
	}
	for _, f := range []struct {
		k string
		v int
	}{{"default", tb.Default}, {"shared", tb.Shared}, {"shared_per_tenant", tb.SharedPerTenant}} {
		if f.v != 0 {
			parts = append(parts, f.k+" = "+strconv.Itoa(f.v))
		}
	}
	if len(parts) == 0 {
		return "{}"
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

// sameFaults compares two fault timelines as the file writes them.
func sameFaults(a, b []engine.Fault) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if formatFault(a[i]) != formatFault(b[i]) {
			return false
		}
	}
	return true
}

// writeArrival writes an endpoint's rate, or its interval.
func writeArrival(w *writer, e engine.Endpoint) {
	if e.Interval > 0 {
		w.kv("interval", formatDuration(e.Interval))
		return
	}
	w.kv("rate", formatFloat(e.Rate))
}

func formatLatency(l engine.Latency) string {
	switch l.Kind {
	case engine.Exponential:
		return fmt.Sprintf("{ kind = %q, mean = %s }", l.Kind.String(), formatDuration(l.Mean))
	case engine.Constant:
		return fmt.Sprintf("{ kind = %q, value = %s }", l.Kind.String(), formatDuration(l.Value))
	}
	return fmt.Sprintf("{ kind = %q, p50 = %s, p99 = %s }", l.Kind.String(), formatDuration(l.P50), formatDuration(l.P99))
}

func writeFaults(w *writer, faults []engine.Fault) {
	if len(faults) == 0 {
		w.kv("faults", "[]")
		return
	}
	w.line("faults = [")
	for _, f := range faults {
		w.line("  " + formatFault(f) + ",")
	}
	w.line("]")
}

func formatFault(f engine.Fault) string {
	var b strings.Builder
	fmt.Fprintf(&b, "{ kind = %q, from = %s", f.Kind.String(), formatDuration(f.From))
	if f.To != 0 {
		fmt.Fprintf(&b, ", to = %s", formatDuration(f.To))
	}
	switch f.Kind {
	case engine.Slow:
		fmt.Fprintf(&b, ", latency = %s", formatDuration(f.Latency))
	case engine.Error:
		fmt.Fprintf(&b, ", probability = %s", formatFloat(f.Probability))
	}
	b.WriteString(" }")
	return b.String()
}

// policyScalars lists a policy's settings other than its breaker and
// retry, as "key = value".
func policyScalars(p engine.Policy) []string {
	var out []string
	if p.Order != nil {
		names := make([]string, len(p.Order))
		for i, l := range p.Order {
			names[i] = quote(l.String())
		}
		out = append(out, "order = ["+strings.Join(names, ", ")+"]")
	}
	if p.Timeout > 0 {
		out = append(out, "timeout = "+formatDuration(p.Timeout))
	}
	if p.Deadline > 0 {
		out = append(out, "deadline = "+formatDuration(p.Deadline))
	}
	if p.Bulkhead > 0 {
		parts := []string{"size = " + strconv.Itoa(p.Bulkhead)}
		if p.BulkheadKind == engine.ThreadPoolBulkhead {
			parts = append(parts, "kind = "+quote(p.BulkheadKind.String()))
			if p.BulkheadQueue > 0 {
				parts = append(parts, "queue = "+strconv.Itoa(p.BulkheadQueue))
			}
		} else if p.BulkheadWait > 0 {
			parts = append(parts, "wait = "+formatDuration(p.BulkheadWait))
		}
		out = append(out, "bulkhead = { "+strings.Join(parts, ", ")+" }")
	}
	if p.Fallback != engine.NoFallback {
		out = append(out, "fallback = "+quote(p.Fallback.String()))
	}
	if p.RateLimiter != nil {
		out = append(out, "ratelimiter = "+formatRateLimiter(p.RateLimiter))
	}
	if p.TenantBulkhead != nil {
		out = append(out, "per_tenant_bulkhead = "+formatTenantBulkhead(p.TenantBulkhead))
	}
	if p.Cancel != engine.CancelNone {
		out = append(out, "cancel = "+quote(p.Cancel.String()))
	}
	if p.PropagateDeadline {
		out = append(out, "propagate_deadline = true")
	}
	if p.DeadlineMargin > 0 {
		out = append(out, "deadline_margin = "+formatDuration(p.DeadlineMargin))
	}
	if p.MinTimeLeft > 0 {
		out = append(out, "min_time_left = "+formatDuration(p.MinTimeLeft))
	}
	if p.SharedBreaker != "" {
		out = append(out, "shared_breaker = "+quote(p.SharedBreaker))
	}
	return out
}

// inlinePolicy writes a short policy with no breaker and no retry as an
// inline table ("{}" for none at all); ok is false when the policy needs
// sections of its own.
func inlinePolicy(p engine.Policy) (string, bool) {
	if p.Breaker != nil || p.Retry != nil {
		return "", false
	}
	parts := policyScalars(p)
	if len(parts) == 0 {
		return "{}", true
	}
	s := "{ " + strings.Join(parts, ", ") + " }"
	return s, len(s) <= 80
}

// writePolicySections writes a policy as the table at path, with its breaker
// and retry as sub-tables.
func writePolicySections(w *writer, path string, p engine.Policy) {
	if scalars := policyScalars(p); len(scalars) > 0 || (p.Breaker == nil && p.Retry == nil) {
		w.header("[" + path + "]")
		for _, s := range scalars {
			w.line(s)
		}
	}
	if p.Breaker != nil {
		w.header("[" + path + ".breaker]")
		writeBreaker(w, *p.Breaker)
	}
	if r := p.Retry; r != nil {
		w.header("[" + path + ".retry]")
		w.kv("attempts", strconv.Itoa(r.Attempts))
		if r.Backoff.Base != 0 || r.Backoff.Max != 0 {
			w.kv("backoff", fmt.Sprintf("{ base = %s, max = %s }", formatDuration(r.Backoff.Base), formatDuration(r.Backoff.Max)))
		}
		if r.RetryBulkheadFull {
			w.kv("retry_bulkhead_full", "true")
		}
		if r.WaitForBreaker {
			w.kv("wait_for_breaker", "true")
		}
		if r.Budget != engine.NoBudget {
			w.kv("budget", quote(r.Budget.String()))
		}
	}
}

// writeBreaker writes every field that is not zero, in breakerKeys' order.
func writeBreaker(w *writer, c breaker.Config) {
	for _, k := range slices.Concat(breakerKeys, libraryBreakerKeys) {
		var v string
		switch k {
		case "window":
			if c.Window != breaker.CountWindow {
				v = quote(c.Window.String())
			}
		case "window_size":
			v = formatInt(c.WindowSize)
		case "window_span":
			v = formatNonzeroDuration(c.WindowSpan)
		case "window_buckets":
			v = formatInt(c.WindowBuckets)
		case "floating_buckets":
			v = formatTrue(c.FloatingBuckets)
		case "minimum_calls":
			v = formatInt(c.MinimumCalls)
		case "failure_rate":
			v = formatNonzeroFloat(c.FailureRate)
		case "slow_call_duration":
			v = formatNonzeroDuration(c.SlowCallDuration)
		case "slow_call_rate":
			v = formatNonzeroFloat(c.SlowCallRate)
		case "max_consecutive_failures":
			v = formatInt(c.MaxConsecutiveFailures)
		case "judge_on_failure":
			v = formatTrue(c.JudgeOnFailure)
		case "interval":
			v = formatNonzeroDuration(c.Interval)
		case "bucket_period":
			v = formatNonzeroDuration(c.BucketPeriod)
		case "open_for":
			v = formatNonzeroDuration(c.OpenFor)
		case "strict_wait_end":
			v = formatTrue(c.StrictWaitEnd)
		case "open_jitter":
			v = formatNonzeroFloat(c.OpenJitter)
		case "open_backoff":
			v = formatNonzeroFloat(c.OpenBackoff)
		case "open_max":
			v = formatNonzeroDuration(c.OpenMax)
		case "half_open_trials":
			v = formatInt(c.HalfOpenTrials)
		case "half_open_rule":
			if c.HalfOpenRule != breaker.FirstFailureReopens {
				v = quote(c.HalfOpenRule.String())
			}
		case "half_open_max":
			v = formatNonzeroDuration(c.HalfOpenMax)
		case "record_late":
			v = formatTrue(c.RecordLate)
		case "records_refusals":
			if c.RecordsRefusals != 0 {
				v = quote(c.RecordsRefusals.String())
			}
		case "late_ignored_frees_trial":
			v = formatTrue(c.LateIgnoredFreesTrial)
		default:
			v = formatLibraryBreakerKey(k, c)
		}
		if v != "" {
			w.kv(k, v)
		}
	}
}

// formatTrue writes a breaker switch that is on; one that is off is left out.
func formatTrue(on bool) string {
	if on {
		return "true"
	}
	return ""
}

func formatInt(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

func formatNonzeroFloat(x float64) string {
	if x == 0 {
		return ""
	}
	return formatFloat(x)
}

func formatNonzeroDuration(d time.Duration) string {
	if d == 0 {
		return ""
	}
	return formatDuration(d)
}

// formatFloat writes a number so that it reads back bit for bit: whole
// numbers without a fraction, others in the shortest exact form.
func formatFloat(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// formatDuration writes a duration as a quoted string that time.ParseDuration
// reads back exactly, without the zero tails of Duration.String ("1m", not
// "1m0s") and with "us" for microseconds.
func formatDuration(d time.Duration) string {
	return `"` + engine.FormatDuration(d) + `"`
}

// quote writes a TOML basic string.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if r < 0x20 || r == 0x7f {
				fmt.Fprintf(&b, `\u%04X`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

// key writes a table key: bare when it can be, quoted otherwise.
func key(s string) string {
	if s == "" {
		return `""`
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return quote(s)
		}
	}
	return s
}

// writer builds the file, one line at a time, with a blank line before
// every section header.
type writer struct{ buf bytes.Buffer }

func (w *writer) line(s string) {
	w.buf.WriteString(s)
	w.buf.WriteByte('\n')
}

func (w *writer) kv(k, v string) { w.line(k + " = " + v) }

func (w *writer) header(h string) {
	w.buf.WriteByte('\n')
	w.line(h)
}

func (w *writer) bytes() []byte { return w.buf.Bytes() }
