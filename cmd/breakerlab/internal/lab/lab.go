package lab

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

// Lab is a running provider and API.
type Lab struct {
	Config   Config
	Epoch    time.Time // time zero of the fault timeline and the breaker's clock
	Provider *Provider
	API      *API
}

// ShutdownGrace is how long Shutdown waits for handlers before closing
// their connections. Handlers return quickly once the lab halts its calls.
const ShutdownGrace = 5 * time.Second

// Start binds both servers and serves them. epoch is time zero of the
// timeline; it may lie a little in the future so that a load starting at
// zero is not late. onTransition, if not nil, hears the breaker's changes.
func Start(cfg Config, epoch time.Time, onTransition func(breaker.Transition)) (*Lab, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	l := &Lab{Config: cfg, Epoch: epoch, Provider: newProvider(cfg, epoch)}
	pln, err := listen("provider", "provider-port", cfg.Listen, cfg.ProviderPort)
	if err != nil {
		return nil, err
	}
	aln, err := listen("API", "api-port", cfg.Listen, cfg.APIPort)
	if err != nil {
		pln.Close()
		return nil, err
	}
	l.Provider.srv = serve(pln, l.Provider.Handler())
	l.API, err = newAPI(cfg, epoch, "http://"+l.Provider.srv.addr(), onTransition)
	if err != nil {
		aln.Close()
		l.Provider.halt()
		l.Provider.srv.shutdown(context.Background())
		return nil, err
	}
	l.API.srv = serve(aln, l.API.Handler())
	return l, nil
}

// ProviderURL and APIURL are the servers' base URLs.
func (l *Lab) ProviderURL() string { return "http://" + l.Provider.srv.addr() }
func (l *Lab) APIURL() string      { return "http://" + l.API.srv.addr() }

// Shutdown stops both servers: the provider's waiting calls and the API's
// calls to it end at once, then each http.Server shuts down (waiting for its
// handlers), then the API's workers finish the queue and exit. No goroutine
// of the lab is left when it returns.
func (l *Lab) Shutdown(ctx context.Context) error {
	l.Provider.halt()
	l.API.halt()
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, ShutdownGrace)
		defer cancel()
	}
	errAPI := l.API.srv.shutdown(ctx)
	l.API.pool.close()
	// A connection the API dialed but never sent a request on counts as
	// active for five seconds in http.Server.Shutdown (net/http server.go,
	// closeIdleConns: StateNew is idle only once older than 5 s): close
	// the API's idle connections before the provider shuts down.
	l.API.transport.CloseIdleConnections()
	errProvider := l.Provider.srv.shutdown(ctx)
	if err := errors.Join(errAPI, errProvider); err != nil {
		return fmt.Errorf("shutting the lab down: %w", err)
	}
	return nil
}

// healthy checks that both servers answer, before a load starts.
func (l *Lab) healthy(ctx context.Context, c *http.Client) error {
	for _, u := range []string{l.APIURL() + "/health", l.ProviderURL() + "/admin/fault"} {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return fmt.Errorf("the lab does not answer on %s: %w", u, err)
		}
		resp.Body.Close()
	}
	return nil
}
