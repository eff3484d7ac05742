package lab

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// The provider keeps when its calls in flight first reached their most,
// as the engine's in_flight_max_at_ms does: the lab's JSON wrote 0 there
// on every run, as if the peak came before the first call.
func TestProviderKeepsWhenItsPeakCame(t *testing.T) {
	cfg := DefaultConfig(Protected)
	cfg.Faults = []Fault{{Kind: Hang}} // every call waits for halt
	epoch := time.Now()
	p := newProvider(cfg, epoch)
	var wg sync.WaitGroup
	call := func() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.charge(httptest.NewRecorder(), httptest.NewRequest(http.MethodPost, "/charge", strings.NewReader("{}")))
		}()
	}
	waitFor := func(n int) {
		for deadline := time.Now().Add(5 * time.Second); p.InFlight() < n; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("the provider holds %d calls, want %d", p.InFlight(), n)
			}
		}
	}
	call()
	waitFor(1)
	first := time.Since(epoch)
	time.Sleep(50 * time.Millisecond)
	secondSent := time.Since(epoch)
	call()
	waitFor(2)
	secondHeld := time.Since(epoch)
	p.halt()
	wg.Wait()
	if got := p.InFlightMax(); got != 2 {
		t.Fatalf("the provider held at most %d calls, want 2", got)
	}
	at := p.InFlightMaxAt()
	if at < secondSent || at > secondHeld || at <= first {
		t.Errorf("the peak of 2 came at %v, want between %v and %v, when the second call arrived", at, secondSent, secondHeld)
	}
	// Reaching the same peak again later keeps the first time.
	p.raiseMax(2, at+time.Hour)
	if again := p.InFlightMaxAt(); again != at {
		t.Errorf("a second peak of 2 moved its time from %v to %v; it is when the peak was first reached", at, again)
	}
}

// The lab's JSON carries the peak's time in run's key and unit.
func TestReportWritesWhenThePeakCame(t *testing.T) {
	res := Result{Config: DefaultConfig(Protected), Variant: "protected", InFlightMax: 15, InFlightMaxAt: 5238251 * time.Microsecond}
	d := BuildReport([]Result{res}).Variants[0].Dependencies[Dependency]
	if d.InFlightMax != 15 || d.InFlightMaxAtMS != 5238.251 {
		t.Errorf("the report says %d calls at %v ms, want 15 at 5238.251 ms", d.InFlightMax, d.InFlightMaxAtMS)
	}
}
