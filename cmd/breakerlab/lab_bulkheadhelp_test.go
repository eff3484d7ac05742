package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/cmd/breakerlab/internal/lab"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// --bulkhead-wait's help names the bulkhead the lab runs with, on either
// server, where it said "of 4" by hand: a change of the lab's bulkhead
// changes its help.
func TestLabBulkheadWaitHelpNamesTheLabsBulkhead(t *testing.T) {
	racefree.Only(t) // no goroutine: --help prints and returns
	threads, goServer := lab.DefaultConfig(lab.Protected).Bulkhead, lab.DefaultGoConfig(lab.Protected).Bulkhead
	if threads != goServer {
		t.Fatalf("the threads server's bulkhead is %d and the go server's %d: the help names one", threads, goServer)
	}
	out, errOut, code := run(t, "lab", "--help")
	help := strings.Join(strings.Fields(out+errOut), " ") // the help wraps to the terminal
	if want := fmt.Sprintf("over the protected mode's bulkhead of %d may wait", threads); !strings.Contains(help, want) {
		t.Errorf("lab --help (exit %d) should say %q:\n%s", code, want, out+errOut)
	}
}
