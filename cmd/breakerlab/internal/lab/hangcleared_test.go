package lab

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// A hang changed through POST /admin/fault answers the calls it holds as
// a hang that ends on schedule does (the engine's Hang: no answer until it
// ends, then a success after the call's healthy latency): cleared, or
// turned into another fault, at the moment of the change; made longer, at
// its new end. Before, a call kept the end its hang had when it came, so
// an endless hang turned off held its calls until the lab stopped.
func TestHangChangedThroughAdminAnswersTheCallsItHolds(t *testing.T) {
	// Bounded: a call held until the lab stops fails at this bound, not at
	// the test's deadline; a healthy answer comes within its p99 at a
	// tenth of the time, so this is a generous margin on a busy machine.
	const bound = 3 * time.Second
	for _, tc := range []struct {
		name  string
		hang  Fault
		after string // the body posted once the call is held
		// wait: how long after the post the call is answered at the
		// earliest (a hang made longer holds on to its new end).
		wait time.Duration
	}{
		{"endless hang cleared", Fault{Kind: Hang}, `{"kind":"healthy"}`, 0},
		{"endless hang turned to errors", Fault{Kind: Hang}, `{"kind":"error","probability":1}`, 0},
		{"hang cut short", Fault{Kind: Hang, To: time.Hour}, `{"kind":"healthy"}`, 0},
		{"endless hang given an end", Fault{Kind: Hang}, `{"kind":"hang","for_ms":400}`, 400 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := scaled(DefaultConfig(None), 0.1)
			cfg.Faults = []Fault{tc.hang}
			l := startConfig(t, cfg)
			c := &http.Client{Timeout: bound}
			type answer struct {
				status int
				body   string
				at     time.Time
				err    error
			}
			got := make(chan answer, 1)
			go func() {
				resp, err := c.Post(l.ProviderURL()+"/charge", "application/json", strings.NewReader("{}"))
				if err != nil {
					got <- answer{err: err, at: time.Now()}
					return
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				got <- answer{status: resp.StatusCode, body: string(b), at: time.Now()}
			}()
			// Wait until the provider holds the call.
			for deadline := time.Now().Add(bound); l.Provider.InFlight() == 0; {
				if time.Now().After(deadline) {
					t.Fatal("the call never reached the provider")
				}
				time.Sleep(time.Millisecond)
			}
			select {
			case a := <-got:
				t.Fatalf("the hang answered its call before the change: %d %q %v", a.status, a.body, a.err)
			case <-time.After(50 * time.Millisecond):
			}
			posted := time.Now()
			resp, err := http.Post(l.ProviderURL()+"/admin/fault", "application/json", strings.NewReader(tc.after))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("POST /admin/fault %s: %d", tc.after, resp.StatusCode)
			}
			a := <-got
			if a.err != nil {
				t.Fatalf("the call the hang held got no answer after %s: %v", tc.after, a.err)
			}
			if a.status != http.StatusOK || !strings.Contains(a.body, `"charged":true`) {
				t.Fatalf("the held call answered %d %q; want the engine's answer to a held call, 200 charged", a.status, a.body)
			}
			if took := a.at.Sub(posted); took < tc.wait {
				t.Fatalf("answered %v after the change; want at least %v (the hang's new end)", took, tc.wait)
			}
		})
	}
}
