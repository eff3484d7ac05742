package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/breakerlab/breakerlab/cmd/breakerlab/internal/lab"
	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/tui"
	"github.com/breakerlab/breakerlab/tui/livelab"
)

// `breakerlab lab checkout ...` runs the checkout incident on loopback
// sockets (cmd/breakerlab/internal/lab) and prints what was measured.
func init() {
	register(command{name: "lab", summary: "run the checkout incident on real sockets", usage: "lab checkout [--server threads|go] [--mode none|timeout|protected|all] [--rate NUMBER] [--format table|json] [--serve] [--tui]", run: runLab})
}

// labContext is the context a lab runs under: it ends on ctrl+c or
// SIGTERM, its cause naming the signal (lab.Interrupted) so that an
// interrupted measurement exits 130 or 143. Tests replace it.
var labContext = func() (context.Context, context.CancelFunc) {
	return lab.SignalContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// faultWords says faults in words (lab.Fault.Words), for the --fault
// flag's help, where its default (slow:10s@500ms-3.5s) was shown as
// notation alone.
func faultWords(faults []lab.Fault) string {
	var s []string
	for _, f := range faults {
		s = append(s, f.Words())
	}
	return strings.Join(s, "; ")
}

// faultList is the repeatable --fault flag.
type faultList struct {
	faults []lab.Fault
	set    bool
}

func (f *faultList) String() string {
	var s []string
	for _, x := range f.faults {
		s = append(s, x.String())
	}
	return strings.Join(s, ", ")
}

func (f *faultList) Set(v string) error {
	if !f.set {
		f.faults, f.set = nil, true
	}
	if v == "none" {
		return nil
	}
	x, err := lab.ParseFault(v)
	if err != nil {
		return err
	}
	f.faults = append(f.faults, x)
	return nil
}

func runLab(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("lab checkout", flag.ContinueOnError)
	mode := &choiceFlag{value: "all", choices: []string{"none", "timeout", "protected", "all"}}
	server := &choiceFlag{value: lab.Threads.String(), choices: lab.ServerNames()}
	fs.Var(server, "server", "how the API runs: threads (a fixed pool of 16 workers behind an accept queue) or go (a goroutine per request, the provider through an http.Transport with MaxConnsPerHost, context deadlines, a semaphore with an acquisition deadline); go prints the engine's simulation of each mode beside it")
	conns := intIn(fs, "conns", lab.DefaultConnsPerHost, 1, lab.MaxWorkers, "with --server go: the go server's MaxConnsPerHost to the provider, "+rangeMark)
	fs.Var(mode, "mode", "the API's policies: none, timeout, protected, or all (the reference's four rows); --serve and --tui run one, protected unless this says")
	// A fraction is a rate as a load generator means it (2.5: one request
	// every 400ms), which the lab sends and simulates as given.
	rate := fs.Float64("rate", lab.DefaultRate, "checkout requests a second, may be fractional (2.5: one every 400ms), "+rangeMark+"; all runs a third row at twice this")
	ranged(fs, "rate", lab.LeastMeasuredRate(), lab.MaxRate, fmt.Sprintf("%s to %d (slower, none arrives in the window measured)", numberText(lab.LeastMeasuredRate()), lab.MaxRate))
	// Checked by checkLabFlags and the window's check below: --serve
	// refuses a rate whatever it is, and one too slow is told why.
	mustRange(fs.Lookup("rate")).own = true
	format := &choiceFlag{value: "table", choices: []string{"table", "json"}}
	fs.Var(format, "format", "output format: table or json (the shape of run --format json)")
	scale := fs.Float64("scale", 1, "multiply every duration by this and divide every rate by it: 0.5 runs the incident twice as fast, 0.25 four times as fast (the speed-up is 1 divided by this); "+rangeMark)
	ranged(fs, "scale", lab.MinScale, lab.MaxScale, numberText(lab.MinScale)+" to "+numberText(lab.MaxScale)+" (it multiplies every duration)")
	providerPort := fs.Int("provider-port", 0, "the provider's port, "+rangeMark)
	apiPort := fs.Int("api-port", 0, "the API's port, "+rangeMark)
	ranged(fs, "provider-port", 0, 65535, "0 (a free one) to 65535")
	ranged(fs, "api-port", 0, 65535, "0 (a free one) to 65535")
	sayDefault(fs, "provider-port", "a free one", false)
	sayDefault(fs, "api-port", "a free one", false)
	listenHost := fs.String("listen", "127.0.0.1", "the address `ADDR` both servers bind; anything but loopback needs --open-to-network")
	openToNetwork := fs.Bool("open-to-network", false, "let --listen be an address other machines can reach: the lab has no authentication, so anyone there can call the API and, with --serve, POST /admin/fault to hang or break the provider")
	faults := &faultList{faults: lab.DefaultFaults()}
	fs.Var(faults, "fault", "the provider's fault timeline, repeatable: "+lab.FaultSyntax+", or run's form: "+lab.RunFaultSyntax+"; none for a healthy provider (with --serve the default is none); the default in words: "+faultWords(lab.DefaultFaults()))
	// The bulkhead's size is the lab's own (every mode's Config has
	// DefaultBulkhead), so the help cannot name another.
	bulkheadWait := fs.Duration("bulkhead-wait", 0, fmt.Sprintf("how long a call over the protected mode's bulkhead of %d may wait for a slot (0: refused at once, as in the simulation)", lab.DefaultConfig(lab.Protected).Bulkhead))
	// Its default is the server's own: the go server's semaphore waits
	// DefaultSemaphoreWait unless told (runLab), so "0s" would mislead.
	sayDefault(fs, "bulkhead-wait", "0 with --server threads, "+engine.FormatDuration(lab.DefaultSemaphoreWait)+" with --server go", false)
	serveFlag := fs.Bool("serve", false, "leave the provider and the API running until ctrl+c, for curl, a load tool or Prometheus, in one mode (protected unless --mode says)")
	tuiFlag := fs.Bool("tui", false, "watch one mode live in the sandbox's panes, the simulation of the same mode beside it (protected unless --mode says); with --server go, the panes are the Go server's (a goroutine per request): its limits and its Transport's connections over time")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || pos[0] != "checkout" {
		return nameUsagef("lab runs one experiment, checkout (lab checkout [flags]), got %s", argsWords(pos))
	}
	cfg := lab.DefaultConfig(lab.None)
	if cfg.Server, err = lab.ParseServer(server.value); err != nil {
		return usagef("%v", err)
	}
	if cfg.Server == lab.Go {
		cfg = lab.DefaultGoConfig(lab.None)
	}
	setFlags := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { setFlags[f.Name] = true })
	cfg.ConnsPerHost = *conns
	if cfg.Server != lab.Go && setFlags["conns"] {
		return usagef("--conns is the go server's MaxConnsPerHost: add --server go")
	}
	if setFlags["bulkhead-wait"] || cfg.Server != lab.Go {
		cfg.BulkheadWait = *bulkheadWait
	}
	cfg.Rate, cfg.Scale, cfg.ProviderPort, cfg.APIPort, cfg.Listen = *rate, *scale, *providerPort, *apiPort, *listenHost
	cfg.Faults = faults.faults
	if *serveFlag && !faults.set {
		cfg.Faults = nil // a served lab starts healthy: POST /admin/fault starts the incident
	}
	modeSet := setFlags["mode"]
	switch {
	case *serveFlag && *tuiFlag:
		return usagef("--serve and --tui do not go together: --serve leaves the servers to you, --tui runs the incident on them")
	case (*serveFlag || *tuiFlag) && !modeSet:
		// Both run one mode; they start the same one, the mode the
		// reference's incident is about.
		mode.value = "protected"
	}
	if mode.value != "all" {
		if cfg.Mode, err = lab.ParseMode(mode.value); err != nil {
			return usagef("%v", err)
		}
	} else if *serveFlag || *tuiFlag {
		// Name the flag that was given: "--serve and --tui" read to
		// someone who typed --tui alone as if --serve were in it too.
		given := "--serve"
		if *tuiFlag {
			given = "--tui"
		}
		return usagef("%s runs one mode, not all four: --mode none, timeout or protected (without --mode, protected)", given)
	}
	if *tuiFlag && format.value != "table" {
		return usagef("--tui draws on the terminal; --format is for the headless table or JSON")
	}
	if *serveFlag && format.value != "table" {
		return usagef("--serve prints where the servers listen and the breaker's transitions until ctrl+c, as text; --format is for the measured table or JSON of a run without --serve")
	}
	if err := checkLabFlags(cfg, setFlags); err != nil {
		return err
	}
	// Each value is checked above whatever the mode; here a flag the mode
	// chosen leaves unused is refused, where it was dropped without a word.
	switch {
	case *serveFlag && setFlags["rate"]:
		return usagef("--rate sets the load a measured run or --tui sends; --serve sends none (curl or a load tool sends it): leave out --rate")
	case setFlags["bulkhead-wait"] && mode.value != "all" && cfg.Mode != lab.Protected:
		return usagef("--bulkhead-wait is the protected mode's bulkhead; --mode %s has no bulkhead: add --mode protected, or leave out --bulkhead-wait", mode.value)
	}
	if !*serveFlag && cfg.MeasuredCheckouts() == 0 {
		// --serve sends nothing itself; a run's table and --tui's panes
		// count the requests that arrive in the window measured.
		every := engine.FormatDuration(time.Duration(float64(time.Second) / cfg.Rate).Round(time.Millisecond))
		return flagUsagef("--rate %s sends a checkout request at 0, the next %s later, and none from %s to %s, the window the table counts; allowed is %s or more, up to %d requests a second",
			numberText(cfg.Rate), every, engine.FormatDuration(lab.DefaultMeasureFrom), engine.FormatDuration(lab.DefaultMeasureTo),
			numberText(lab.LeastMeasuredRate()), lab.MaxRate)
	}
	if err := cfg.Validate(); err != nil {
		return usagef("%v", err)
	}
	// The lab has no authentication, and --serve's POST /admin/fault hangs
	// or breaks the provider for whoever sends it: as serve refuses an open
	// address without an access rule, the lab refuses one unless told.
	if !onLoopback(cfg.Listen) && !*openToNetwork {
		return usagef("--listen %s is reachable from other machines, and the lab has no authentication: anyone there could call the API and, with --serve, POST /admin/fault to hang or break the provider; listen on 127.0.0.1 (the default), or add --open-to-network if that is what you mean", cfg.Listen)
	}
	// An address the servers cannot bind (one that is not this machine's)
	// is refused before a run starts.
	if err := lab.CheckListen(cfg.Listen); err != nil {
		return labError(err)
	}
	if !*serveFlag {
		// A measured run lasts the reference's 6 s (before --scale): a
		// fault that starts later would never fire, and the table would
		// show a healthy provider as if it had been tried.
		for i, f := range cfg.Faults {
			if f.From >= lab.DefaultDuration {
				lasts := engine.FormatDuration(lab.DefaultDuration)
				return usagef("--fault %d starts at %s, but a lab run lasts %s (the reference's time, before --scale): it would never fire; start it before %s", i+1, engine.FormatDuration(f.From), lasts, lasts)
			}
		}
	}
	if !onLoopback(cfg.Listen) {
		fmt.Fprintf(stderr, "lab: listening on %s, not loopback (--open-to-network): other machines can reach the provider and the API\n", cfg.Listen)
	}
	ctx, stop := labContext()
	defer stop()
	if *serveFlag {
		return serveLab(ctx, cfg, stdout)
	}
	if *tuiFlag {
		table := "`breakerlab lab checkout --mode " + mode.value + "`"
		if cfg.Server == lab.Go {
			table = "`breakerlab lab checkout --server go --mode " + mode.value + "`"
		}
		if err := needTerminal(stdout, "the live lab's screen", table+" prints the measured table"); err != nil {
			return err
		}
		return tuiLab(ctx, cfg)
	}
	configs := []lab.Config{cfg}
	if mode.value == "all" {
		configs = lab.Modes(cfg)
	}
	var results []lab.Result
	for i, c := range configs {
		fmt.Fprintf(stderr, "lab: measuring %s (%d of %d)...\n", c.VariantName(), i+1, len(configs))
		r, err := lab.Measure(ctx, c)
		if err != nil && ctx.Err() != nil && len(results) > 0 {
			// ctrl+c: keep the modes already measured.
			return writeInterrupted(stdout, format.value, results, configs[i:], err)
		}
		if err != nil {
			return labError(err)
		}
		results = append(results, r)
	}
	if format.value == "json" {
		return lab.WriteJSON(stdout, results)
	}
	return lab.WriteTable(stdout, results)
}

// writeInterrupted prints the modes measured before ctrl+c, marked as
// interrupted with the modes left (the JSON report's interrupted and
// not_measured), and returns the interruption.
func writeInterrupted(stdout io.Writer, format string, results []lab.Result, left []lab.Config, err error) error {
	var names []string
	for _, c := range left {
		names = append(names, c.VariantName())
	}
	var werr error
	if format == "json" {
		rep := lab.BuildReport(results)
		rep.Interrupted, rep.NotMeasured = true, names
		werr = lab.WriteReport(stdout, rep)
	} else {
		werr = errors.Join(lab.WriteTable(stdout, results), lab.WriteInterrupted(stdout, len(results), names))
	}
	done := fmt.Sprintf("the %d modes measured before it are printed", len(results))
	if len(results) == 1 {
		done = "the mode measured before it is printed"
	}
	return errors.Join(fmt.Errorf("%w; %s", err, done), werr)
}

// labError makes a port in use, or an address or port the servers cannot
// bind, a usage error (a flag picked it).
func labError(err error) error {
	var pe *lab.PortInUseError
	var le *lab.ListenError
	if asPortInUse(err, &pe) || errors.As(err, &le) {
		return usageError{err}
	}
	return err
}

// onLoopback says whether the lab's --listen host is reachable from this
// machine only.
func onLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// serveLab runs one mode's provider and API until ctx ends.
func serveLab(ctx context.Context, cfg lab.Config, stdout io.Writer) error {
	var mu sync.Mutex
	epoch := time.Now()
	l, err := lab.Start(cfg, epoch, func(t breaker.Transition) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(stdout, "t=%.2fs  payment breaker %s -> %s  %s\n", t.At.Seconds(), t.From, t.To, t.Reason())
	})
	if err != nil {
		return labError(err)
	}
	mu.Lock()
	// Every line before the servers' own fits 80 columns: the server's
	// size has a line of its own, and the fault's curl goes on over a
	// trailing backslash, so that a terminal of 80 never wraps a command
	// the learner copies.
	how := fmt.Sprintf("the API has %d workers", cfg.Workers)
	if cfg.Server == lab.Go {
		how = fmt.Sprintf("the API is a Go server with MaxConnsPerHost %d", cfg.ConnsPerHost)
	}
	fmt.Fprintf(stdout, "breakerlab lab: the checkout incident, mode %s, serving until ctrl+c\n%s\n\n", cfg.Mode, how)
	fmt.Fprintf(stdout, "API       %s\n%s\n", l.APIURL(), indent(l.Help()))
	fmt.Fprintf(stdout, "provider  %s\n%s\n", l.ProviderURL(), indent(l.Provider.Help()))
	fmt.Fprintf(stdout, "try:\n  curl -i -X POST %s/checkout\n  curl -X POST -d '{\"kind\":\"slow\",\"latency_ms\":10000,\"for_ms\":30000}' \\\n    %s/admin/fault\n  curl -s %s/metrics | grep breakerlab_\n\n",
		l.APIURL(), l.ProviderURL(), l.APIURL())
	mu.Unlock()
	<-ctx.Done()
	err = l.Shutdown(context.Background())
	mu.Lock()
	defer mu.Unlock()
	fmt.Fprintln(stdout, "breakerlab lab: shut down")
	return err
}

// homeLiveLab starts the reference's protected mode on loopback for the home
// screen's Live lab: its screen's options, and how to stop the servers.
func homeLiveLab() (livelab.Options, func() error, error) {
	return liveLabOptions(context.Background(), lab.DefaultConfig(lab.Protected))
}

// liveLabOptions starts one mode of the incident on its sockets and
// returns the live screen's options (the simulation of the same mode, and
// the session to read the measured side from) and how to stop the servers.
// A Go server's screen draws a tasks server's panes: the simulation is
// one, and the session describes itself as one.
func liveLabOptions(ctx context.Context, cfg lab.Config) (livelab.Options, func() error, error) {
	sc, v, err := lab.SimScenario(cfg)
	if err != nil {
		return livelab.Options{}, nil, err
	}
	s, err := lab.StartSession(ctx, cfg)
	if err != nil {
		return livelab.Options{}, nil, labError(err)
	}
	where := strings.TrimPrefix(s.Lab.APIURL(), "http://")
	if cfg.Scale != 1 {
		where += ", durations ×" + numberText(cfg.Scale)
	}
	return livelab.Options{Scenario: sc, Variant: v, Seed: cfg.Seed, Where: where, Real: s.Snapshot, Late: s.Late}, s.Stop, nil
}

// tuiLab runs the incident once on real sockets and shows it live beside
// its simulation until the learner quits.
func tuiLab(ctx context.Context, cfg lab.Config) error {
	o, stop, err := liveLabOptions(ctx, cfg)
	if err != nil {
		return err
	}
	err = tui.RunLiveLab(terminal(), o)
	return errors.Join(err, stop())
}

func indent(s string) string {
	return "  " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n  ")
}

func asPortInUse(err error, target **lab.PortInUseError) bool { return errors.As(err, target) }

// numberText writes a flag's number as a person writes it: 10000000 and
// 0.0000001, where %v wrote 1e+07 and 1e-07.
func numberText(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// checkLabFlags refuses a flag's value out of the lab's range, naming the
// flag: the lab's own check (lab.Config.Validate) speaks of its fields
// ("rate must be ...", "connections per host ..."), for any caller.
func checkLabFlags(cfg lab.Config, set map[string]bool) error {
	switch {
	case !(cfg.Rate > 0 && cfg.Rate <= lab.MaxRate):
		return flagUsagef("--rate %s: allowed is %s or more, up to %d requests a second", numberText(cfg.Rate), numberText(lab.LeastMeasuredRate()), lab.MaxRate)
	case cfg.Rate/cfg.Scale > 4*lab.MaxRate:
		return flagUsagef("--rate %s at --scale %s asks for %.0f requests a second: keep --rate divided by --scale at most %d", numberText(cfg.Rate), numberText(cfg.Scale), cfg.Rate/cfg.Scale, 4*lab.MaxRate)
	case cfg.ProviderPort != 0 && cfg.ProviderPort == cfg.APIPort:
		return usagef("--provider-port and --api-port are both %d: the two servers need two ports (0 picks a free one)", cfg.APIPort)
	case cfg.BulkheadWait < 0:
		return flagUsagef("--bulkhead-wait %s: allowed is 0 (refused at once) or more", engine.FormatDuration(cfg.BulkheadWait))
	case net.ParseIP(cfg.Listen) == nil && cfg.Listen != "localhost":
		return flagUsagef("--listen %q: want an IP address such as 127.0.0.1 (the ports are --provider-port and --api-port)", cfg.Listen)
	}
	return nil
}
