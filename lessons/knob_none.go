package lessons

import "strings"

// NoneWords says what 0 means on the knob at path when its 0 is not a
// small setting but none at all ("no timeout": the caller waits for ever),
// or "" for a knob whose 0 is a number like any other (an accept queue of
// 0 holds nothing, a bulkhead's wait of 0 refuses at once). A sweep draws
// such a 0 as "none", a column of its own, not as the tightest value: the
// sandbox's sweep and the sweep command both ask here.
// TestNoneWordsAreTheKnobsWhoseZeroIsNone (tui/sandbox, which runs each
// form field at 0, at its largest and at its least other value) holds
// this list to what the engine does with 0: a pool's caps at 0 were swept
// as 0, 1, 2 ... 10, "no limit" drawn as the tightest column.
func NoneWords(path string) string {
	last := path[strings.LastIndexByte(path, '.')+1:]
	switch {
	case last == "timeout" && !strings.HasSuffix(path, "dial_timeout"):
		return "no timeout"
	case last == "deadline":
		return "no deadline"
	case last == "bulkhead":
		return "no bulkhead"
	case last == "patience":
		return "waits for ever"
	case last == "shared_per_tenant", last == "limit_mib":
		return "no limit"
	case last == "size" || last == "per_host":
		// A connection pool's caps (POOL.size, POOL.per_host): 0 opens
		// as many connections as are asked for.
		return "no limit"
	case last == "idle_per_host":
		// A pool's idle cap: 0 keeps every connection that comes back,
		// the loosest setting, not the tightest.
		return "keeps every one"
	case last == "wait":
		// A pool's wait for a connection: 0 waits as long as the
		// call's timeout lets it.
		return "up to the timeout"
	case last == "min_calls":
		return "the whole window"
	}
	return ""
}
