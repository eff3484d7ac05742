package scenariofile

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A negative bulkhead on a Go server, which has goroutines and no pool of
// workers, is refused without a word of workers: it read "size must be
// between 0 (none) and the number of workers".
func TestAGoServersBulkheadRefusalSaysNoWorkers(t *testing.T) {
	b, ok := scenarios.Lookup("go-server")
	if !ok {
		t.Fatal("no go-server")
	}
	text, err := Dump(b.Build())
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(text), "bulkhead = { size = 60,", "bulkhead = { size = -3,", 1)
	if bad == string(text) {
		t.Fatal("go-server's file has no bulkhead of 60 to change")
	}
	_, err = Parse("gs.toml", []byte(bad))
	if err == nil || !strings.Contains(err.Error(), "size must be 0 (none) or more, got -3") || strings.Contains(err.Error(), "worker") {
		t.Errorf("got %v; want the size refused with no word of workers", err)
	}
}
