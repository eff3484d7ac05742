package lab

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

// The thread-pool API's help called GET /metrics "outside the pool (a
// management port)", and --serve printed it under the API's address: a
// reader took it for a second port to scrape. It is the API's own port,
// served outside the worker pool as a management port would be; the help
// says so, and the API's port answers it.
func TestMetricsHelpNamesThePortItIsOn(t *testing.T) {
	cfg := DefaultConfig(Protected)
	cfg.Faults = nil
	l, err := Start(cfg, time.Now(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Shutdown(context.Background())
	res, err := http.Get(l.APIURL() + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s/metrics: %s, want 200 on the API's own port", l.APIURL(), res.Status)
	}
	_, entry, _ := strings.Cut(l.Help(), "GET  /metrics")
	entry, _, _ = strings.Cut(entry, "\nGET")
	said := strings.Join(strings.Fields(entry), " ")
	if !strings.Contains(said, "outside the pool") || !strings.Contains(said, "on this same port") {
		t.Errorf("the help's /metrics entry does not say it is outside the pool on the API's own port: %q", said)
	}
	for _, line := range strings.Split(l.Help(), "\n") {
		if len([]rune(line)) > 78 {
			t.Errorf("a help line is %d columns, over 78 (--serve indents it by 2): %q", len([]rune(line)), line)
		}
	}
}
