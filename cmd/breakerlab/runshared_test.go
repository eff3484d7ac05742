package main

import (
	"strings"
	"sync"
	"testing"
)

// sharedRuns holds, by command line, the output of commands several tests
// read whole: `run NAME --seed 5 --format json` of every built-in is
// compared with the sandbox's end (onetruth_test.go) and with the table
// (peakat_test.go), which the tenants pane reads too (tenantshare_test.go).
// Each ran once for every test that reads it: a built-in's run is its
// scenario and seed, nothing else (no file, no terminal, no clock).
var sharedRuns sync.Map // command line → func() sharedRun

type sharedRun struct {
	stdout, stderr string
	code           int
}

// runOnce is run(t, args...), run once for the test binary: only for a
// command whose output is a function of its arguments.
func runOnce(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	once, _ := sharedRuns.LoadOrStore(strings.Join(args, "\x00"), sync.OnceValue(func() sharedRun {
		var r sharedRun
		r.stdout, r.stderr, r.code = run(t, args...)
		return r
	}))
	r := once.(func() sharedRun)()
	return r.stdout, r.stderr, r.code
}
