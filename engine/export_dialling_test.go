package engine

// DiallingHolds counts, per pool of r and per host of each, the attempts
// whose connection is being dialled, read from the attempts' own holds
// rather than the pools' counts, and the dials that run on with no
// attempt: what a pool snapshot's Dialling must say.
func DiallingHolds(r *Run) (pools []int, hosts [][]int) {
	pr := r.pools
	if pr == nil {
		return nil, nil
	}
	pools, hosts = make([]int, len(pr.pools)), make([][]int, len(pr.pools))
	for p := range pr.pools {
		hosts[p] = make([]int, len(pr.pools[p].hosts))
	}
	for id := range pr.holds {
		if h := &pr.holds[id]; h.state == connDialing && r.requests[id].ep >= 0 {
			pools[h.pool]++
			hosts[h.pool][h.host]++
		}
	}
	// Dials whose caller gave up and that run on (Pool.AbandonedDial) are
	// their host's, held by no attempt.
	for p := range pr.pools {
		for k := range pr.pools[p].hosts {
			o := pr.pools[p].hosts[k].orphans
			pools[p] += o
			hosts[p][k] += o
		}
	}
	return pools, hosts
}
