//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package termbg

import (
	"os"
	"time"
)

// ask never asks here: termenv does not either, on these systems, so the
// answer is COLORFGBG's or dark, as it was.
func ask(*os.File, func(string) string, time.Duration) string { return "" }
