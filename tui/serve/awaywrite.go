package serve

import (
	"context"
	"sync"
)

// An answer a student gave the room's question before their connection
// dropped stays in the room's count, the reveal's tally and the class's
// summary (room.go, Leave), and the reveal kept it for them (awayKept),
// but only in memory: it reached their progress file when they signed in
// again, so a student who never came back (or came back after the server
// restarted) had no record of it, and a teacher reading the files found it
// missing. At the reveal, the server writes it to their file through the
// store every session of theirs shares (progress.go), whose Save merges
// with what is on disk: nothing they wrote is lost, and a later sign-in
// reads it there. The writes run one at a time, in the order of the
// reveals (a step asked twice keeps its first answer as the one its score
// counts), off the teacher's screen, and Shutdown waits for them.

// awayWrites is the queue of answers waiting to be written to the files of
// students who had left, and its one writer.
type awayWrites struct {
	mu      sync.Mutex
	queue   []awayAnswer
	running bool
	// idle is closed when the queue is empty and no write runs; a new
	// one is made as a write is queued.
	idle chan struct{}
}

// keepAway queues the answers for writing and starts the writer unless it
// runs: the room calls it as it reveals, from the teacher's Update.
func (s *Server) keepAway(away []awayAnswer) {
	w := &s.away
	w.mu.Lock()
	defer w.mu.Unlock()
	w.queue = append(w.queue, away...)
	if w.running {
		return
	}
	w.running = true
	w.idle = make(chan struct{})
	go s.writeAwayAnswers()
}

// writeAwayAnswers writes the queued answers one at a time until none is
// left.
func (s *Server) writeAwayAnswers() {
	w := &s.away
	for {
		w.mu.Lock()
		if len(w.queue) == 0 {
			w.running = false
			close(w.idle)
			w.mu.Unlock()
			return
		}
		a := w.queue[0]
		w.queue = w.queue[1:]
		w.mu.Unlock()
		s.writeAway(a)
	}
}

// writeAway keeps a in its student's progress and saves it: their store is
// the one their sessions share if one has come back meanwhile, else it is
// read from their file (acquire), and release saves it, merged with the
// file.
func (s *Server) writeAway(a awayAnswer) {
	store, notice := s.stores.acquire(a.student)
	if store == nil {
		s.log.Error("saving progress", "progress", a.student, "err", notice)
		return
	}
	a.note.keep(store)
	if err := s.stores.release(a.student); err != nil {
		s.log.Error("saving progress", "progress", a.student, "err", err)
	}
}

// awaitAwayWrites waits until the queued answers are written, or ctx ends.
func (s *Server) awaitAwayWrites(ctx context.Context) error {
	s.away.mu.Lock()
	idle := s.away.idle
	running := s.away.running
	s.away.mu.Unlock()
	if !running {
		return nil
	}
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
