package lab

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/engine/report"
)

// FaultKind is what the provider does wrong while a fault is on.
type FaultKind uint8

const (
	// Slow: every call takes Latency instead of the healthy draw.
	Slow FaultKind = iota
	// Error: a call answers 500 with probability Probability.
	Error
	// Hang: calls that start during it get no answer until it ends, then
	// a healthy one, as the engine's Hang; one with no end holds them until
	// POST /admin/fault clears it or the provider shuts down.
	Hang
	// Close: the provider closes the connection without answering.
	Close
	// Garbage: the provider writes bytes that are not HTTP and hangs up.
	Garbage
)

var faultNames = [...]string{"slow", "error", "hang", "close", "garbage"}

func (k FaultKind) String() string {
	if int(k) < len(faultNames) {
		return faultNames[k]
	}
	return fmt.Sprintf("fault(%d)", uint8(k))
}

// MarshalText writes the kind's name.
func (k FaultKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *FaultKind) UnmarshalText(b []byte) error {
	for i, n := range faultNames {
		if n == string(b) {
			*k = FaultKind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown fault kind %q (allowed: %s)", b, strings.Join(faultNames[:], ", "))
}

// Fault is one entry of the provider's timeline: from From to To (To 0:
// until changed) after the timeline's origin.
type Fault struct {
	Kind        FaultKind
	From, To    time.Duration
	Latency     time.Duration // Slow
	Probability float64       // Error
}

// DefaultFaults is the reference's incident: 10 s per call from 0.5 s to 3.5 s.
func DefaultFaults() []Fault {
	return []Fault{{Kind: Slow, From: DefaultMeasureFrom, To: DefaultMeasureTo, Latency: 10 * time.Second}}
}

// Validate names what is out of range.
func (f Fault) Validate() error {
	switch {
	case f.Kind > Garbage:
		return fmt.Errorf("fault kind must be one of %s, got %v", strings.Join(faultNames[:], ", "), f.Kind)
	case f.From < 0:
		return fmt.Errorf("%v fault starts before the run: from %v", f.Kind, f.From)
	case f.To != 0 && f.To <= f.From:
		return fmt.Errorf("%v fault must end after it starts (or never: leave the end out), got %v to %v", f.Kind, f.From, f.To)
	case f.Kind == Slow && f.Latency <= 0:
		return fmt.Errorf("slow fault needs a positive latency, got %v", f.Latency)
	case f.Kind == Error && !(f.Probability > 0 && f.Probability <= 1):
		return fmt.Errorf("error fault needs a probability above 0 and at most 1, got %v", f.Probability)
	}
	return nil
}

// active says whether the fault is on at t.
func (f Fault) active(t time.Duration) bool { return t >= f.From && (f.To == 0 || t < f.To) }

// overlaps says whether f and g are both on at some moment.
func (f Fault) overlaps(g Fault) bool {
	return (f.To == 0 || g.From < f.To) && (g.To == 0 || f.From < g.To)
}

// scaled multiplies the fault's durations.
func (f Fault) scaled(s float64) Fault {
	sc := func(d time.Duration) time.Duration { return time.Duration(float64(d) * s) }
	f.From, f.To, f.Latency = sc(f.From), sc(f.To), sc(f.Latency)
	return f
}

// String writes the fault as ParseFault reads it.
func (f Fault) String() string {
	var b strings.Builder
	b.WriteString(f.Kind.String())
	switch f.Kind {
	case Slow:
		b.WriteString(":" + f.Latency.String())
	case Error:
		b.WriteString(":" + strconv.FormatFloat(f.Probability, 'f', -1, 64))
	}
	b.WriteString("@" + f.From.String() + "-")
	if f.To != 0 {
		b.WriteString(f.To.String())
	}
	return b.String()
}

// Words says the fault in plain words, from the same fields String
// writes, so that the two cannot disagree: "slow: each call takes 10 s,
// from 500 ms to 3.5 s" beside slow:10s@500ms-3.5s, which the lab's table
// showed alone, a notation the reader had to decode.
func (f Fault) Words() string {
	var what string
	switch f.Kind {
	case Slow:
		what = "each call takes " + spokenDuration(f.Latency)
	case Error:
		// The point moved in the text (report.PercentExact): no float noise
		// (100 × 0.3 is 30.000000000000004) and every digit String writes,
		// where 'g' with 12 digits cut error:0.1234567890123 to 12.3456789012%.
		what = report.PercentExact(f.Probability) + " of calls answer 500"
	case Hang:
		what = "calls never answer"
		if f.To != 0 {
			what = "calls are held unanswered until it ends"
		}
	case Close:
		what = "each connection closes unanswered"
	case Garbage:
		what = "each call gets bytes that are not HTTP"
	default:
		what = "unknown"
	}
	until := "the end"
	if f.To != 0 {
		until = spokenDuration(f.To)
	}
	return f.Kind.String() + ": " + what + ", from " + spokenDuration(f.From) + " to " + until
}

// spokenDuration writes d as one says it, number and unit apart: "500 ms",
// "3.5 s"; a minute or more as FormatDuration does ("1m30s").
func spokenDuration(d time.Duration) string {
	switch {
	case d == 0:
		return "0 s"
	case d < time.Millisecond:
		return strconv.FormatFloat(float64(d)/float64(time.Microsecond), 'f', -1, 64) + " µs"
	case d < time.Second:
		return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', -1, 64) + " ms"
	case d < time.Minute:
		return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
	}
	return engine.FormatDuration(d)
}

// FaultSyntax is shown with every parse error.
const FaultSyntax = "KIND[:ARG]@FROM-[TO], e.g. slow:10s@0.5s-3.5s, error:0.3@1s-2s, hang@1s-2s, close@2s-, garbage@2s-3s (ARG: the latency of slow, the probability of error; no TO: until the end)"

// RunFaultSyntax is run's fault form (chaos.Grammar) as the lab reads it:
// aimed at its one dependency, with the kinds a provider on a socket can
// do.
const RunFaultSyntax = "AT " + Dependency + " slow LATENCY|hang|errors PERCENT|down [for DURATION], e.g. '0.5s " + Dependency + " slow 10s for 3s' (as run, sweep and sandbox write a fault)"

// ParseFault reads one timeline entry as written on the command line: in
// the lab's own form (FaultSyntax), or in the form run, sweep and sandbox
// take (RunFaultSyntax, read by parseRunFault). The two cannot be taken
// for each other: the lab's form always has an @ and no space, run's
// starts with a time and a space, and never has an @.
func ParseFault(s string) (Fault, error) {
	var f Fault
	head, span, ok := strings.Cut(s, "@")
	if !ok {
		if startsWithTime(s) {
			return parseRunFault(s)
		}
		return f, fmt.Errorf("fault %q has no @FROM-TO; write %s, or run's form, %s", s, FaultSyntax, RunFaultSyntax)
	}
	kind, arg, hasArg := strings.Cut(head, ":")
	if err := f.Kind.UnmarshalText([]byte(kind)); err != nil {
		return f, fmt.Errorf("fault %q: %w", s, err)
	}
	switch f.Kind {
	case Slow:
		if err := engine.RepeatedUnit(arg); err != nil {
			return f, fmt.Errorf("fault %q: %w", s, err)
		}
		d, err := time.ParseDuration(arg)
		if !hasArg || err != nil {
			return f, fmt.Errorf("fault %q: slow needs a latency such as slow:10s; write %s", s, FaultSyntax)
		}
		f.Latency = d
	case Error:
		p, err := strconv.ParseFloat(arg, 64)
		if !hasArg || err != nil {
			return f, fmt.Errorf("fault %q: error needs a probability such as error:0.5; write %s", s, FaultSyntax)
		}
		f.Probability = p
	default:
		if hasArg {
			return f, fmt.Errorf("fault %q: %v takes no argument; write %s", s, f.Kind, FaultSyntax)
		}
	}
	from, to, ok := strings.Cut(span, "-")
	if !ok {
		return f, fmt.Errorf("fault %q: the span needs a dash, FROM-TO or FROM-; write %s", s, FaultSyntax)
	}
	// A time naming a unit twice (5s1s, which Go sums to 6s) is a slip,
	// refused in the words every duration reader uses.
	for _, t := range [2]string{from, to} {
		if err := engine.RepeatedUnit(t); err != nil {
			return f, fmt.Errorf("fault %q: %w", s, err)
		}
	}
	var err error
	if f.From, err = time.ParseDuration(from); err != nil {
		return f, fmt.Errorf("fault %q: start %q is not a duration such as 0.5s", s, from)
	}
	if to != "" {
		if f.To, err = time.ParseDuration(to); err != nil {
			return f, fmt.Errorf("fault %q: end %q is not a duration such as 3.5s", s, to)
		}
		if f.To <= f.From { // an end of 0 written out is not "never"
			return f, fmt.Errorf("fault %q: %v fault must end after it starts (or never: leave the end out), got %v to %v", s, f.Kind, f.From, f.To)
		}
	}
	if err := f.Validate(); err != nil {
		return f, fmt.Errorf("fault %q: %w", s, err)
	}
	return f, nil
}

// startsWithTime says whether s reads as run's form: a time ("12s",
// "500ms", or seconds "0.5") and, after a space, more.
func startsWithTime(s string) bool {
	f := strings.Fields(s)
	if len(f) < 2 {
		return false
	}
	if _, err := time.ParseDuration(f[0]); err == nil {
		return true
	}
	_, err := strconv.ParseFloat(f[0], 64)
	return err == nil
}

// parseRunFault reads a fault in run's form (chaos.Parse) as the lab's:
// AT is FROM, AT plus "for" is TO (none: until the end); slow, hang and
// errors are the lab's slow, hang and error; down, a dependency that
// refuses connections, is the lab's close (both fail every call at once,
// and the simulation models both so). The rest (restart, surge, recover)
// and any target but the lab's one dependency are refused, saying what to
// write instead.
func parseRunFault(s string) (Fault, error) {
	sp, err := chaos.Parse(s)
	if err != nil {
		return Fault{}, fmt.Errorf("%w; the lab reads run's form as %s, or its own form, %s", err, RunFaultSyntax, FaultSyntax)
	}
	if sp.Target != Dependency {
		fields := strings.Fields(s)
		fields[1] = Dependency
		return Fault{}, fmt.Errorf("fault %q: the lab's API calls one dependency, %s, not %q; write '%s'", s, Dependency, sp.Target, strings.Join(fields, " "))
	}
	f := Fault{From: sp.At}
	if sp.For > 0 {
		f.To = sp.At + sp.For
	}
	switch sp.Kind {
	case chaos.Slow:
		f.Kind, f.Latency = Slow, sp.Latency
	case chaos.Hang:
		f.Kind = Hang
	case chaos.Errors:
		f.Kind, f.Probability = Error, sp.Rate
	case chaos.Down:
		f.Kind = Close
	case chaos.Surge:
		return Fault{}, fmt.Errorf("fault %q: the lab's provider cannot surge; the load is set by --rate", s)
	case chaos.Unreachable:
		// The provider is a process on loopback: it can stop answering
		// (hang) or close connections (down), but the kernel completes
		// every handshake, so it cannot drop the SYNs.
		return Fault{}, fmt.Errorf("fault %q: the lab's provider listens on loopback, whose kernel answers every dial, so it cannot be unreachable; it can hang (dials connect, calls get no answer), in this form, or be slow, errors or down", s)
	case chaos.Recover:
		return Fault{}, fmt.Errorf("fault %q: the lab takes no recover; end the fault itself with 'for DURATION', e.g. '0.5s %s slow 10s for 3s'", s, Dependency)
	default: // restart: a service's fault
		return Fault{}, fmt.Errorf("fault %q: the lab's provider cannot %v; in this form it can be slow, hang, errors or down, and in the lab's own form, %s", s, sp.Kind, FaultSyntax)
	}
	if err := f.Validate(); err != nil {
		return Fault{}, fmt.Errorf("fault %q: %w", s, err)
	}
	return f, nil
}

// faultRequest is POST /admin/fault's body: one fault, or "healthy" to
// clear the timeline. after_ms and for_ms count from the moment of the
// request, in wall milliseconds (no scale).
type faultRequest struct {
	Kind        string  `json:"kind"`
	AfterMS     float64 `json:"after_ms"`
	ForMS       float64 `json:"for_ms"`
	LatencyMS   float64 `json:"latency_ms"`
	Probability float64 `json:"probability"`
}

// maxFaultBody is the largest body POST /admin/fault reads: 64 KiB.
const maxFaultBody = 64 << 10

// maxFaultMS is the largest value a fault request's millisecond fields
// take: 24 hours. More is a typo, and past some 292 years the duration
// would overflow and turn negative.
const maxFaultMS = 24 * 60 * 60 * 1000

// faultExample is what a fault request looks like, for its errors.
const faultExample = `{"kind":"slow","latency_ms":10000,"for_ms":3000}`

// decodeFaultRequest reads a fault request; now is the provider's clock.
// It returns nil faults for "healthy". The body is one JSON object and
// nothing after it; after_ms, for_ms and latency_ms are from 0 to
// maxFaultMS.
func decodeFaultRequest(body []byte, now time.Duration) ([]Fault, error) {
	var req faultRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return nil, fmt.Errorf("the body must be one JSON object such as %s: %v", faultExample, err)
	}
	if err := dec.Decode(&struct{}{}); err != io.EOF {
		return nil, fmt.Errorf("the body must be one JSON object such as %s, and nothing after it; it goes on after the first object", faultExample)
	}
	if req.Kind == "healthy" {
		return nil, nil
	}
	for _, v := range []struct {
		name  string
		value float64
	}{{"after_ms", req.AfterMS}, {"for_ms", req.ForMS}, {"latency_ms", req.LatencyMS}} {
		if v.value < 0 || v.value > maxFaultMS {
			return nil, fmt.Errorf("%s must be from 0 to %d (24 h), got %v", v.name, maxFaultMS, v.value)
		}
	}
	ms := func(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }
	var f Fault
	if err := f.Kind.UnmarshalText([]byte(req.Kind)); err != nil {
		return nil, fmt.Errorf("%v, or healthy to clear every fault", err)
	}
	f.From = now + ms(req.AfterMS)
	if req.ForMS > 0 {
		f.To = f.From + ms(req.ForMS)
	}
	f.Latency, f.Probability = ms(req.LatencyMS), req.Probability
	// Validate speaks of the fault as built ("a positive latency, got
	// 0s"), and a request that left latency_ms out sent no 0s: name the
	// field the body lacks.
	switch {
	case f.Kind == Slow && req.LatencyMS == 0:
		return nil, fmt.Errorf("a slow fault needs latency_ms, each call's time in ms, above 0: %s", faultExample)
	case f.Kind == Error && req.Probability == 0:
		return nil, fmt.Errorf(`an error fault needs probability, above 0 and at most 1: {"kind":"error","probability":0.5}`)
	}
	if err := f.Validate(); err != nil {
		return nil, err
	}
	return []Fault{f}, nil
}
