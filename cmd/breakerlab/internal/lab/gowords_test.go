package lab

import (
	"strings"
	"testing"
)

// The Go table named the simulated model "a tasks server", the engine's
// word: its reader knows the server as the Go server, a goroutine per
// request.
func TestGoTableNamesTheGoServer(t *testing.T) {
	cfg := DefaultGoConfig(Protected)
	sim, err := Simulate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := Result{Config: cfg, Variant: cfg.VariantName(), Sim: sim, To: cfg.Scaled(DefaultMeasureTo), From: cfg.Scaled(DefaultMeasureFrom)}
	var b strings.Builder
	if err := WriteTable(&b, []Result{r}); err != nil {
		t.Fatal(err)
	}
	said := strings.Join(strings.Fields(b.String()), " ")
	if strings.Contains(said, "tasks server") || !strings.Contains(said, "the engine's model of the same setup, seed 5, times ×1: a Go server (a goroutine per request)") {
		t.Errorf("the table does not name the simulated model as the Go server:\n%s", b.String())
	}
	for _, line := range strings.Split(b.String(), "\n") {
		if len([]rune(line)) > 80 {
			t.Errorf("line wider than 80 columns: %q", line)
		}
	}
}
