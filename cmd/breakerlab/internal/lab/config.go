package lab

import (
	"fmt"
	"math"
	"net"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// Mode is the set of policies the API wraps around its calls to the
// provider, as in the reference.
type Mode uint8

const (
	// None: the API waits as long as the provider takes.
	None Mode = iota
	// Timeout: each call to the provider gives up after Timeout (504).
	Timeout
	// Protected: the breaker, then the timeout, then the bulkhead; a call
	// the breaker or the bulkhead refuses is answered at once with a 503,
	// Retry-After and a Problem Details body.
	Protected
)

var modeNames = [...]string{"none", "timeout", "protected"}

func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("mode(%d)", uint8(m))
}

// ParseMode reads a mode's name.
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if n == s {
			return Mode(i), nil
		}
	}
	return 0, fmt.Errorf("unknown mode %q (allowed: %s)", s, strings.Join(modeNames[:], ", "))
}

// Server is how the API runs its handlers.
type Server uint8

const (
	// Threads: a fixed pool of worker goroutines behind an accept queue,
	// the way a servlet container runs (the reference's API).
	Threads Server = iota
	// Go: net/http's goroutine per request and no pool at all; what the
	// calls to the provider hold is a connection of an http.Transport
	// bounded by MaxConnsPerHost, and in the protected mode a permit of a
	// semaphore with an acquisition deadline (goapi.go).
	Go
)

var serverNames = [...]string{"threads", "go"}

func (s Server) String() string {
	if int(s) < len(serverNames) {
		return serverNames[s]
	}
	return fmt.Sprintf("server(%d)", uint8(s))
}

// ServerNames lists the servers' names, as --server takes them.
func ServerNames() []string { return serverNames[:] }

// ParseServer reads a server's name.
func ParseServer(s string) (Server, error) {
	for i, n := range serverNames {
		if n == s {
			return Server(i), nil
		}
	}
	return 0, fmt.Errorf("unknown server %q (allowed: %s)", s, strings.Join(serverNames[:], ", "))
}

// The reference's numbers (seeds: the checkout document), in its time units.
const (
	DefaultWorkers      = 16
	DefaultRate         = 20.0
	DefaultTimeout      = 500 * time.Millisecond
	DefaultBulkhead     = 4
	DefaultHealthEvery  = 250 * time.Millisecond
	DefaultHealthGiveUp = 2 * time.Second
	DefaultCheckoutWait = 3 * time.Second
	DefaultDuration     = 6 * time.Second
	DefaultMeasureFrom  = 500 * time.Millisecond
	DefaultMeasureTo    = 3500 * time.Millisecond
	// DefaultStallLimit: a run whose scheduler fell behind by more than this
	// is discarded, as the reference's load generator does.
	DefaultStallLimit = 500 * time.Millisecond
	// The provider's healthy latency: the engine's checkout scenario draws
	// it log-normal with these percentiles (p99 200 ms, as the reference).
	HealthyP50 = 80 * time.Millisecond
	HealthyP99 = 200 * time.Millisecond
	// DefaultQueue bounds the accept queue in front of the pool; the
	// engine's checkout queue is unbounded, and no run of the lab comes near
	// this many waiting requests.
	DefaultQueue = 10000
	// DefaultConnsPerHost is the Go server's http.Transport's
	// MaxConnsPerHost to the provider: as many connections as the thread
	// pool has workers, so that without a timeout both hold the provider
	// to the same number of calls.
	DefaultConnsPerHost = 16
	// DefaultSemaphoreWait is how long the Go server's protected mode
	// waits for a permit: the engine's go-server scenario's acquisition
	// deadline.
	DefaultSemaphoreWait = 100 * time.Millisecond
)

// Breaker parameters of the protected mode, from the reference.
const (
	BreakerWindow       = 10
	BreakerMinimumCalls = 10
	BreakerFailureRate  = 0.5
	BreakerSlowRate     = 0.5
	BreakerSlowCall     = 400 * time.Millisecond
	BreakerOpenFor      = time.Second
	BreakerTrials       = 3
)

// Config describes one lab run (or one served lab). Durations are in the
// reference's units; Scale multiplies all of them when the lab runs.
type Config struct {
	Mode Mode
	// Server is how the API runs its handlers: a thread pool or Go's
	// goroutine per request.
	Server Server
	// Rate is checkout requests per second, in the reference's units.
	Rate float64
	// Scale multiplies every duration and divides every rate.
	Scale float64
	// Listen is the host the servers bind (127.0.0.1 unless told).
	Listen string
	// ProviderPort and APIPort: 0 picks a free port.
	ProviderPort, APIPort int
	// Faults is the provider's timeline, relative to the run's start.
	Faults []Fault
	// Workers is the API's pool; Queue bounds its accept queue (the
	// thread-pool server's).
	Workers, Queue int
	// ConnsPerHost is the Go server's MaxConnsPerHost to the provider.
	ConnsPerHost int
	// Timeout is the per-call timeout of the timeout and protected modes.
	Timeout time.Duration
	// Bulkhead is the protected mode's cap; BulkheadWait how long a call
	// over it may wait for a slot (0 refuses at once, as the engine's
	// checkout scenario and Resilience4j's default maxWaitDuration do).
	Bulkhead     int
	BulkheadWait time.Duration
	// Seed seeds the provider's latency draws.
	Seed uint64
	// Attempts is how many times a stalled run is measured again at most.
	Attempts int
}

// DefaultGoConfig is the reference's demo on the Go server in the given
// mode: the same incident, the protected mode's semaphore waiting up to
// DefaultSemaphoreWait for a permit.
func DefaultGoConfig(m Mode) Config {
	c := DefaultConfig(m)
	c.Server, c.BulkheadWait = Go, DefaultSemaphoreWait
	return c
}

// DefaultConfig is the reference's demo in the given mode.
func DefaultConfig(m Mode) Config {
	return Config{
		Mode:         m,
		Rate:         DefaultRate,
		Scale:        1,
		Listen:       "127.0.0.1",
		Faults:       DefaultFaults(),
		Workers:      DefaultWorkers,
		Queue:        DefaultQueue,
		ConnsPerHost: DefaultConnsPerHost,
		Timeout:      DefaultTimeout,
		Bulkhead:     DefaultBulkhead,
		Seed:         5,
		Attempts:     4,
	}
}

// Limits on what a command line may ask for.
const (
	MinScale, MaxScale = 0.05, 10
	MaxRate            = 1000
	MaxWorkers         = 1024
)

// Validate names the first field out of range and what is allowed.
func (c Config) Validate() error {
	switch {
	case c.Server > Go:
		return fmt.Errorf("server must be one of %s, got %v", strings.Join(serverNames[:], ", "), c.Server)
	case c.Mode > Protected:
		return fmt.Errorf("mode must be none, timeout or protected, got %v", c.Mode)
	case !(c.Rate > 0 && c.Rate <= MaxRate):
		return fmt.Errorf("rate must be above 0 and at most %d requests a second, got %v", MaxRate, c.Rate)
	case !(c.Scale >= MinScale && c.Scale <= MaxScale):
		return fmt.Errorf("scale must be between %v and %v (it multiplies every duration), got %v", MinScale, MaxScale, c.Scale)
	case c.Rate/c.Scale > 4*MaxRate:
		return fmt.Errorf("rate %v at scale %v asks for %.0f requests a second; keep rate/scale at most %d", c.Rate, c.Scale, c.Rate/c.Scale, 4*MaxRate)
	case c.ProviderPort < 0 || c.ProviderPort > 65535 || c.APIPort < 0 || c.APIPort > 65535:
		return fmt.Errorf("ports must be between 0 (pick a free one) and 65535, got provider %d and api %d", c.ProviderPort, c.APIPort)
	case c.ProviderPort != 0 && c.ProviderPort == c.APIPort:
		return fmt.Errorf("the provider and the API need two different ports, got %d for both", c.APIPort)
	case c.Workers < 1 || c.Workers > MaxWorkers:
		return fmt.Errorf("workers must be between 1 and %d, got %d", MaxWorkers, c.Workers)
	case c.ConnsPerHost < 1 || c.ConnsPerHost > MaxWorkers:
		return fmt.Errorf("connections per host must be between 1 and %d, got %d", MaxWorkers, c.ConnsPerHost)
	case c.Queue < 0:
		return fmt.Errorf("accept queue must not be negative, got %d", c.Queue)
	case c.Timeout <= 0:
		return fmt.Errorf("timeout must be positive, got %v", c.Timeout)
	case c.Bulkhead < 1:
		return fmt.Errorf("bulkhead must be at least 1, got %d", c.Bulkhead)
	case c.BulkheadWait < 0:
		return fmt.Errorf("bulkhead wait must not be negative, got %v", c.BulkheadWait)
	case c.Attempts < 1:
		return fmt.Errorf("attempts must be at least 1, got %d", c.Attempts)
	}
	if net.ParseIP(c.Listen) == nil && c.Listen != "localhost" {
		return fmt.Errorf("listen must be an IP address such as 127.0.0.1 or 0.0.0.0 (the ports are set apart), got %q", c.Listen)
	}
	for i, f := range c.Faults {
		if err := f.Validate(); err != nil {
			return fmt.Errorf("fault %d: %w", i+1, err)
		}
	}
	// The engine takes one fault at a time (engine.Scenario.Validate), and
	// the simulation beside a run is the engine's: overlapping faults,
	// which the provider would have met with the last one listed, ended
	// --server go and --tui with "the simulation of ...: faults must
	// follow one another" and no flag named, and measured the thread-pool
	// server with nothing to compare it to.
	for i, f := range c.Faults {
		for j, g := range c.Faults[:i] {
			if f.overlaps(g) {
				return fmt.Errorf("fault %d (%s) and fault %d (%s) are on at once: the provider, like the simulation, has one fault at a time: let one end before the other starts", j+1, g, i+1, f)
			}
		}
	}
	return nil
}

// MeasuredCheckouts is how many /checkout requests c's run sends in its
// measured window (DefaultMeasureFrom to DefaultMeasureTo, scaled), the
// ones its table counts: the first leaves at time zero, before the window,
// so at a rate of one every DefaultMeasureTo or slower there are none, and
// the run would measure nothing.
func (c Config) MeasuredCheckouts() int {
	from, to := c.Scaled(DefaultMeasureFrom), c.Scaled(DefaultMeasureTo)
	n := 0
	for _, a := range schedule(c) {
		if a.endpoint == EndpointCheckout && a.at >= from && a.at < to {
			n++
		}
	}
	return n
}

// LeastMeasuredRate is the least rate, in thousandths of a request a
// second, at which a run sends a /checkout in its measured window: above
// one every DefaultMeasureTo, whose second request would arrive as the
// window closes, which leaves it out.
func LeastMeasuredRate() float64 {
	return (math.Floor(float64(time.Second)/float64(DefaultMeasureTo)*1000) + 1) / 1000
}

// CheckMeasured refuses a run that would measure no /checkout request
// (MeasuredCheckouts), naming the least rate that measures one.
func (c Config) CheckMeasured() error {
	if c.MeasuredCheckouts() > 0 {
		return nil
	}
	return fmt.Errorf("rate %v sends no checkout request between %v and %v, the window measured (the first leaves at 0, the next %v later); the least rate that sends one there is %v",
		c.Rate, DefaultMeasureFrom, DefaultMeasureTo, time.Duration(float64(time.Second)/c.Rate).Round(time.Millisecond), LeastMeasuredRate())
}

// Scaled multiplies a duration by the scale.
func (c Config) Scaled(d time.Duration) time.Duration {
	return time.Duration(math.Round(float64(d) * c.Scale))
}

// Interval is the wall time between two checkout arrivals.
func (c Config) Interval() time.Duration {
	return c.Scaled(time.Duration(float64(time.Second) / c.Rate))
}

// VariantName names a run as the engine's checkout scenario names its
// variants, so that a script can put the two side by side.
func (c Config) VariantName() string {
	var name string
	switch c.Mode {
	case None:
		name = "no timeout"
	case Timeout:
		name = "timeout " + msWords(c.Timeout)
	default:
		name = "protected"
	}
	if c.Rate != DefaultRate {
		name += fmt.Sprintf(", %s req/s", trimFloat(c.Rate))
	}
	return name
}

func msWords(d time.Duration) string {
	if d%time.Second == 0 {
		return fmt.Sprintf("%s s", trimFloat(float64(d/time.Second)))
	}
	return fmt.Sprintf("%s ms", trimFloat(float64(d)/float64(time.Millisecond)))
}

// trimFloat writes a number in words as the rest of the program does: a
// comma every three digits (engine.RateText), never Go's exponent (%.3g
// wrote a rate of 1000 as "1e+03 req/s"). Below 1,000 it keeps three
// significant digits, so a scaled duration reads "333 ms", not
// "333.3333 ms"; from 1,000 it keeps the whole number.
func trimFloat(f float64) string {
	if math.Abs(f) < 1000 {
		f, _ = strconv.ParseFloat(strconv.FormatFloat(f, 'g', 3, 64), 64)
	} else {
		f = math.Round(f)
	}
	return engine.RateText(f)
}
