package engine

// DiallingHolds counts, per pool of r and per host of each, the attempts
// whose connection is being dialled, read from the attempts' own holds
// rather than the pools' counts: what a pool snapshot's Dialling must say.
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
	return pools, hosts
}
