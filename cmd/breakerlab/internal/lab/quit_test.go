package lab

import (
	"context"
	"net"
	"runtime"
	"strings"
	"testing"
	"time"
)

// A learner who quits the live lab mid-incident, with every worker held by
// a checkout the provider keeps for 10 s and more waiting, gets their
// terminal back at once and leaves nothing behind: neither port takes a
// connection after Stop, and the goroutines are back to their count
// before the session, on either server.
func TestStopMidIncidentLeavesNothing(t *testing.T) {
	for _, cfg := range []Config{DefaultConfig(None), DefaultGoConfig(None)} {
		t.Run(cfg.Server.String(), func(t *testing.T) {
			before := runtime.NumGoroutine()
			s, stop := startSlowSession(t, cfg)
			addrs := []string{strings.TrimPrefix(s.Lab.APIURL(), "http://"), strings.TrimPrefix(s.Lab.ProviderURL(), "http://")}
			// Mid-incident: the provider holds calls it will not answer
			// before the run would end, and the load still sends.
			deadline := time.Now().Add(10 * time.Second)
			for s.Lab.Provider.InFlight() < 4 && !s.Live.Done() && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			if held := s.Lab.Provider.InFlight(); held < 4 || s.Live.Done() {
				t.Fatalf("the provider held %d calls (done: %v): the stop was not mid-incident", held, s.Live.Done())
			}
			start := time.Now()
			if err := stop(); err != nil {
				t.Errorf("Stop: %v", err)
			}
			// The provider's slow calls last 3 s at this scale and the load
			// another 1.5 s or so: a stop that waited for the load's end
			// took 2.5 s. 1.5 s leaves a loaded machine under -race room.
			if took := time.Since(start); took > 1500*time.Millisecond {
				t.Errorf("Stop took %v mid-incident, want under 1.5 s", took)
			}
			for _, a := range addrs {
				if c, err := net.DialTimeout("tcp", a, time.Second); err == nil {
					c.Close()
					t.Errorf("%s still takes connections after Stop", a)
				}
			}
			settleGoroutines(t, before)
		})
	}
}

// startSlowSession starts a session of cfg at testScale, the provider slow
// from the window's start to the end, and returns it with its stop; a
// session the test leaves running is stopped when it ends (once: a second
// Stop would wait for servers already gone).
func startSlowSession(t *testing.T, cfg Config) (*Session, func() error) {
	t.Helper()
	cfg.Scale = testScale
	cfg.Faults = slowFrom(DefaultMeasureFrom)
	s, err := StartSession(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	stopped := false
	t.Cleanup(func() {
		if !stopped {
			s.Stop()
		}
	})
	return s, func() error {
		stopped = true
		return s.Stop()
	}
}
