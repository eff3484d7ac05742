//go:build linux || darwin

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// On a terminal, serve --password finds its port taken before it asks for
// the class password: the teacher typed the password first, and then read
// that serve could not listen.
func TestPtyServeFindsTheListenAddressInUseBeforeThePassword(t *testing.T) {
	racefree.Only(t) // a program of its own on the terminal
	addr := busyAddr(t)
	drawn, _ := startOnPty(t, nil, "", 10*time.Second, 0, "in use",
		"serve", "--password", "--listen", addr, "--data-dir", t.TempDir())
	if strings.Contains(drawn, "Class password") || !strings.Contains(drawn, "in use") {
		t.Errorf("--password --listen %s, in use, on a terminal: want the port refused before the password is asked, got %q", addr, drawn)
	}
}
