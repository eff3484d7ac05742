//go:build linux || darwin

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A file written with -o is the same bytes whatever the terminal the
// command was typed in: every command that takes -o, started on a
// terminal 60 columns wide and on one 200 wide, writes the same file. (The
// run table was wrapped to the terminal's width, as it is on standard
// output.)
func TestPtyOutputFileIgnoresTheTerminalWidth(t *testing.T) {
	// Its programs run as processes of their own, which -race would only
	// slow (ten runs, 11 s where 0.2 s); its one goroutine hands the
	// terminal's bytes over a channel.
	racefree.Only(t)
	t.Parallel()
	dir := t.TempDir()
	// One config folder for both, as for one learner. (The cheapest
	// scenarios that take each path: under -race every run is slow.)
	config := t.TempDir()
	env := []string{"BREAKERLAB_THEME=dark", "HOME=" + config, "XDG_CONFIG_HOME=" + config}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"run.txt", []string{"run", "cascade"}},
		{"shuffle.txt", []string{"run", "shuffle"}},
		{"run.json", []string{"run", "checkout", "--format", "json"}},
		{"sweep.txt", []string{"sweep", "cascade", "--vary", "recommendations.bulkhead=5..50:2", "--measure", "search.ok", "--seeds", "1"}},
		{"checkout.cast", []string{"record", "checkout"}},
	} {
		files := map[uint16]string{}
		for _, cols := range []uint16{60, 200} {
			path := filepath.Join(dir, c.name)
			os.Remove(path)
			args := append(append([]string{}, c.args...), "-o", path)
			drawn, _ := startOnPtyCols(t, cols, env, "", 60*time.Second, 0, "\x00never shown", args...)
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%s on %d columns: %v; drawn %q", strings.Join(args, " "), cols, err, drawn)
			}
			files[cols] = string(b)
		}
		if files[60] != files[200] {
			t.Errorf("%s -o %s: the file written from 60 columns\n%s\nfrom 200\n%s", strings.Join(c.args, " "), c.name, files[60], files[200])
		}
	}
}
