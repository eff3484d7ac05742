package lab

import (
	"testing"
	"time"
)

// The live view's lateness is the worst of the load's requests, in the
// reference's time as its clock is: at --scale 0.5 a request 300 ms late
// on the wall is 600 ms late in the incident, past the 500 ms the table
// allows.
func TestSessionLateIsTheWorstInTheReferencesTime(t *testing.T) {
	cfg := DefaultConfig(Protected)
	cfg.Scale = 0.5
	s := &Session{Lab: &Lab{Config: cfg}, Live: NewLive(cfg)}
	for _, late := range []time.Duration{20 * time.Millisecond, 300 * time.Millisecond, 100 * time.Millisecond} {
		s.Live.arrive(EndpointHealth, time.Second, late)
	}
	if worst, limit := s.Late(); worst != 600*time.Millisecond || limit != DefaultStallLimit {
		t.Errorf("late %v of %v allowed, want 600ms of %v", worst, limit, DefaultStallLimit)
	}
}
