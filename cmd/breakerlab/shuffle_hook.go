package main

import "github.com/breakerlab/breakerlab/engine/shuffle"

// shuffleScenario is the built-in scenario that the shuffle package runs on its own.
var shuffleScenario = struct {
	Name, Summary string
	Run           func(seed uint64) (shuffle.Report, error)
}{"shuffle", "one customer crashes every worker it reaches: plain shards against shuffle sharding", shuffle.RunScenario}
