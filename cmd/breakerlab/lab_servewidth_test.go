package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/cmd/breakerlab/internal/lab"
	"github.com/charmbracelet/x/ansi"
)

// Every line `lab --serve` prints before it serves fits a terminal of 80
// columns, so that no command a learner copies from it is wrapped: the
// fault's curl ran to 104 columns with its URL, and the server's size put
// the first line past 80. Each server in each mode, on the ports the
// system picks (Linux's are five digits, as wide as a port gets).
// It starts the servers (goroutines), so it runs under -race.
func TestLabServePrintsLinesThatFit80(t *testing.T) {
	for _, server := range []lab.Server{lab.Threads, lab.Go} {
		for _, mode := range []lab.Mode{lab.None, lab.Timeout, lab.Protected} {
			cfg := lab.DefaultConfig(mode)
			if server == lab.Go {
				cfg = lab.DefaultGoConfig(mode)
			}
			ctx, cancel := context.WithCancel(context.Background())
			cancel() // it prints what it serves, then shuts down at once
			var out bytes.Buffer
			if err := serveLab(ctx, cfg, &out); err != nil {
				t.Fatalf("%v %v: %v", server, mode, err)
			}
			before, _, ok := strings.Cut(out.String(), "breakerlab lab: shut down")
			if !ok || !strings.Contains(before, "curl") {
				t.Fatalf("%v %v: --serve printed no curl example:\n%s", server, mode, out.String())
			}
			for l := range strings.SplitSeq(before, "\n") {
				if w := ansi.StringWidth(l); w > 80 {
					t.Errorf("%v %v: a line of %d columns, over 80: %q", server, mode, w, l)
				}
			}
		}
	}
}
