package engine

// TimerRings is, over r's FIFOs of timers (timers.go), the largest array
// of each kind, in timers: endpoints' patience, dependencies' timeouts and
// hosts' dials.
func TimerRings(r *Run) (patience, timeouts, dials int) {
	for i := range r.endpoints {
		patience = max(patience, len(r.endpoints[i].waits.items))
	}
	for i := range r.dependencies {
		timeouts = max(timeouts, len(r.dependencies[i].timers.items))
	}
	if r.pools != nil {
		for i := range r.pools.pools {
			for k := range r.pools.pools[i].hosts {
				dials = max(dials, len(r.pools.pools[i].hosts[k].dials.items))
			}
		}
	}
	return patience, timeouts, dials
}
