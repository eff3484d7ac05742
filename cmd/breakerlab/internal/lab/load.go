package lab

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"sort"
	"sync"
	"time"
)

// Endpoint names, as the engine's checkout scenario names them.
const (
	EndpointHealth   = "health"
	EndpointCheckout = "checkout"
)

// Sample is one request the load sent, as its client saw it.
type Sample struct {
	Endpoint string
	// At is when it was due, since the epoch; Late how much later it left.
	At, Late time.Duration
	// Latency is from sending to the end of the answer, or the patience
	// when the client gave up.
	Latency time.Duration
	// Status is the HTTP status, 0 when there was no answer.
	Status int
	// GaveUp: the client stopped waiting; Err: the request failed otherwise
	// (a refused or reset connection).
	GaveUp bool
	Err    bool
}

// arrival is one scheduled request.
type arrival struct {
	endpoint string
	at       time.Duration
}

// schedule lists the open-loop arrivals of a run, in time order: /health
// every 250 ms and /checkout at the rate, both from time zero, scaled.
func schedule(cfg Config) []arrival {
	var out []arrival
	end := cfg.Scaled(DefaultDuration)
	for at, every := time.Duration(0), cfg.Scaled(DefaultHealthEvery); at < end; at += every {
		out = append(out, arrival{EndpointHealth, at})
	}
	every := cfg.Interval()
	for i := 0; ; i++ {
		// Multiply rather than add, so rounding does not drift.
		at := time.Duration(float64(i) * float64(every))
		if at >= end {
			break
		}
		out = append(out, arrival{EndpointCheckout, at})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].at < out[j].at })
	return out
}

// loadClient is the load generator's HTTP client. Its transport keeps
// enough idle connections that an open loop never waits for one.
func loadClient() (*http.Client, *http.Transport) {
	t := &http.Transport{MaxIdleConns: 1024, MaxIdleConnsPerHost: 1024, IdleConnTimeout: 30 * time.Second}
	return &http.Client{Transport: t}, t
}

// runLoad sends the schedule to the API open-loop: each request leaves at
// its time whatever became of the ones before it. It returns every sample
// and the scheduler's worst lateness. When ctx ends it stops sending and
// waits for the requests in flight, which end with it.
func runLoad(ctx context.Context, cfg Config, client *http.Client, apiURL string, epoch time.Time, live *Live) ([]Sample, time.Duration) {
	arrivals := schedule(cfg)
	samples := make([]Sample, 0, len(arrivals))
	var (
		mu     sync.Mutex
		wg     sync.WaitGroup
		worst  time.Duration
		giveUp = map[string]time.Duration{
			EndpointHealth:   cfg.Scaled(DefaultHealthGiveUp),
			EndpointCheckout: cfg.Scaled(DefaultCheckoutWait),
		}
	)
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
loop:
	for _, a := range arrivals {
		if d := time.Until(epoch.Add(a.at)); d > 0 {
			timer.Reset(d)
			select {
			case <-timer.C:
			case <-ctx.Done():
				break loop
			}
		} else if ctx.Err() != nil {
			break loop
		}
		late := time.Since(epoch) - a.at
		worst = max(worst, late)
		live.arrive(a.endpoint, a.at, late)
		wg.Add(1)
		go func(a arrival, late time.Duration) {
			defer wg.Done()
			s := send(ctx, client, apiURL, a.endpoint, giveUp[a.endpoint])
			s.At, s.Late = a.at, late
			live.finish(s, time.Since(epoch))
			mu.Lock()
			samples = append(samples, s)
			mu.Unlock()
		}(a, late)
	}
	wg.Wait()
	sort.Slice(samples, func(i, j int) bool { return samples[i].At < samples[j].At })
	return samples, worst
}

// send makes one request and waits for it at most patience.
func send(ctx context.Context, client *http.Client, apiURL, endpoint string, patience time.Duration) Sample {
	s := Sample{Endpoint: endpoint}
	ctx, cancel := context.WithTimeout(ctx, patience)
	defer cancel()
	method, body := http.MethodGet, []byte(nil)
	if endpoint == EndpointCheckout {
		method, body = http.MethodPost, []byte(`{"order":"lab","amount_cents":4200}`)
	}
	req, err := http.NewRequestWithContext(ctx, method, apiURL+"/"+endpoint, bytes.NewReader(body))
	if err != nil {
		s.Err = true
		return s
	}
	start := time.Now()
	resp, err := client.Do(req)
	if err == nil {
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		s.Status = resp.StatusCode
	}
	s.Latency = time.Since(start)
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			s.GaveUp, s.Latency, s.Status = true, patience, 0
		} else {
			s.Err = true
		}
	}
	return s
}
