//go:build !unix

package serve

import "time"

// cpuTime is not measured here: the load report shows 0 cores.
func cpuTime() time.Duration { return 0 }
