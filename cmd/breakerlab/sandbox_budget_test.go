package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// TestSandboxSweepsAreHeldByTheirOwnEstimate: the sandbox's knob form holds
// a sweep to --budget by the engine's estimate of the sweep itself, as the
// class server does, and says how to run one it made smaller whole. (The
// command gave the sandbox the design's check alone, which counted every
// variant of the scenario for each cell, where a sweep runs one.)
func TestSandboxSweepsAreHeldByTheirOwnEstimate(t *testing.T) {
	racefree.Only(t) // no goroutine: it calls the sandbox's budget functions
	o := sandboxBudgets(200e6)
	if o.SweepBudget == nil || o.RaiseBudget == nil {
		t.Fatal("the sandbox's sweeps are not held by their own estimate")
	}
	if err := o.SweepBudget(engine.Cost{Requests: 93e6}); err != nil {
		t.Errorf("a sweep of 93 M against 200 M: %v", err)
	}
	err := o.SweepBudget(engine.Cost{Requests: 250e6})
	if err == nil || !strings.Contains(err.Error(), "--budget") {
		t.Errorf("a sweep of 250 M against 200 M = %v, want a refusal naming --budget", err)
	}
	if got := o.RaiseBudget(250e6); !strings.Contains(got, "--budget 250M") {
		t.Errorf("RaiseBudget(250 M) = %q, want the --budget that runs it whole", got)
	}
}
