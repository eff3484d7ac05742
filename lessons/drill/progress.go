package drill

import (
	"fmt"
	"maps"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/store"
)

// progressVersion is the drill file's format; a file of another version is
// set aside like a corrupt one.
const progressVersion = 1

// FileName is the drill schedule's file in the progress directory.
const FileName = "drill.json"

// DefaultDir is the progress directory: the folder of the lessons'
// progress file, os.UserConfigDir()/breakerlab.
func DefaultDir() (string, error) {
	p, err := lessons.DefaultProgressPath()
	if err != nil {
		return "", err
	}
	return filepath.Dir(p), nil
}

type progressFile struct {
	Version int              `json:"version"`
	Cards   map[string]State `json:"cards"`
	// Reviews is the review log, oldest first. A file written before the
	// log was kept has none; the version stays 1, since such a file reads
	// the same.
	Reviews []Review `json:"reviews,omitempty"`
}

// Review is one line of the review log: one grade given to one card. It is
// kept in drill.json beside the schedule, so one atomic write keeps the
// two in step (an undo takes back both):
//
//	{"card": "ref-001-self-check-2", "grade": "good",
//	 "at": "2026-11-30T14:00:00Z", "interval_s": 259200}
//
// Interval is the gap the grade scheduled, from At to the card's next due
// time, in whole seconds (600 for again's ten minutes).
type Review struct {
	Card     string    `json:"card"`
	Grade    Grade     `json:"grade"`
	At       time.Time `json:"at"`
	Interval int64     `json:"interval_s"`
}

// Right reports whether the review remembered the card: any grade but
// again.
func (r Review) Right() bool { return r.Grade != Again }

// Store keeps the schedule in dir/drill.json, read and written by
// lessons/store: writes go to a temporary file in the same folder that is
// synced and renamed over the old one, so a crash never leaves half a file.
// It is safe for concurrent use.
type Store struct {
	dir    string
	mu     sync.Mutex
	data   progressFile
	notice string
	merged string // MergeNote's
	// base is the file as this window last read or wrote it: what a save
	// compares both sides with, so another window's reviews are kept and
	// this window's undo is not undone (merge3).
	base progressFile
	// readOnly is a store ViewStore opened: its file is never moved or
	// written.
	readOnly bool
}

// OpenStore reads dir/drill.json. A missing file is an empty schedule. A
// file that cannot be read as a schedule is renamed aside (drill.json.
// corrupt-TIME, the time taken from now) and the schedule starts empty;
// Notice says so, and no other file is touched. Only a failure to read an
// existing file is an error, and the store returned is usable even then.
func OpenStore(dir string, now time.Time) (*Store, error) {
	return openStore(dir, now, false)
}

// ViewStore reads dir/drill.json for a command that only shows it
// (`breakerlab drill --stats`): as OpenStore, except that a file that
// cannot be read as a schedule is left where it is, unchanged, and Notice
// names it and says what is wrong with it. Save on the store returned is
// refused (store.ErrReadOnly); the next OpenStore sets the bad file aside.
func ViewStore(dir string) (*Store, error) {
	return openStore(dir, time.Time{}, true)
}

func openStore(dir string, now time.Time, readOnly bool) (*Store, error) {
	s := &Store{dir: dir, data: progressFile{Version: progressVersion, Cards: map[string]State{}}, readOnly: readOnly}
	var f progressFile
	loaded, notice, err := s.file().Load(&f, func() error { return store.Version(f.Version, progressVersion) }, now)
	s.notice = notice
	if !loaded {
		return s, err
	}
	if f.Cards == nil {
		f.Cards = map[string]State{}
	}
	s.data, s.base = f, cloneProgress(f)
	return s, nil
}

// Path is the schedule's file.
func (s *Store) Path() string { return filepath.Join(s.dir, FileName) }

// Dir is the progress directory.
func (s *Store) Dir() string { return s.dir }

// Notice is a message for the learner (a file set aside), or "".
func (s *Store) Notice() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.notice
}

// Get returns a card's state (the zero State for a new card).
func (s *Store) Get(id string) State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.data.Cards[id]
}

// Set records a card's state in memory; Save writes it.
func (s *Store) Set(id string, st State) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.data.Cards[id] = st
}

// States returns a copy of every card's state.
func (s *Store) States() map[string]State {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]State, len(s.data.Cards))
	for k, v := range s.data.Cards {
		out[k] = v
	}
	return out
}

// Reviews returns a copy of the review log, oldest first.
func (s *Store) Reviews() []Review {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Review(nil), s.data.Reviews...)
}

// Undo is what one Answer changed, for Store.Undo.
type Undo struct {
	id     string
	prev   State
	had    bool // the card had a state before
	review Review
}

// Answer grades a card at now: its state moves on by g (State.Next) and a
// line is added to the review log. It returns the new state and what Undo
// needs to take the answer back; Save writes both.
func (s *Store) Answer(id string, g Grade, now time.Time) (State, Undo) {
	s.mu.Lock()
	defer s.mu.Unlock()
	prev, had := s.data.Cards[id]
	next := prev.Next(g, now)
	s.data.Cards[id] = next
	r := Review{Card: id, Grade: g, At: now, Interval: int64(next.Due.Sub(now).Round(time.Second) / time.Second)}
	s.data.Reviews = append(s.data.Reviews, r)
	return next, Undo{id: id, prev: prev, had: had, review: r}
}

// Undo takes an answer back: the card's state is what it was before (a card
// that had none has none again) and the answer's line leaves the review
// log. Answers are taken back last first; Save writes the result.
func (s *Store) Undo(u Undo) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if u.had {
		s.data.Cards[u.id] = u.prev
	} else {
		delete(s.data.Cards, u.id)
	}
	for i := len(s.data.Reviews) - 1; i >= 0; i-- {
		if r := s.data.Reviews[i]; r.Card == u.review.Card && r.At.Equal(u.review.At) && r.Grade == u.review.Grade {
			s.data.Reviews = append(s.data.Reviews[:i], s.data.Reviews[i+1:]...)
			break
		}
	}
}

// Save writes the schedule without erasing reviews another breakerlab
// process saved since this one read the file: under the file's lock it
// reads the file again and keeps, per card, the most recent review
// (mergeCards) before the atomic rename (lessons/store). MergeNote says
// when something was merged.
func (s *Store) Save() error {
	s.mu.Lock()
	mine, base := cloneProgress(s.data), s.base
	s.mu.Unlock()
	merge := func(mine, disk progressFile) progressFile { return merge3(base, mine, disk) }
	saved, note, err := store.Save(s.file(), mine, merge, func(f *progressFile) error { return store.Version(f.Version, progressVersion) }, time.Now())
	if err != nil {
		return fmt.Errorf("saving %s: %w", s.Path(), err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// What was saved holds this window's answers and the other window's;
	// an answer given here while the file was written is kept too.
	s.data = merge3(mine, s.data, saved)
	s.base = cloneProgress(saved)
	if note != "" {
		s.merged = note
	}
	return nil
}

// MergeNote returns, once, the note of the last save that merged reviews
// from another breakerlab window (or moved a bad file aside), or "".
func (s *Store) MergeNote() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := s.merged
	s.merged = ""
	return n
}

// file is the schedule as lessons/store reads and writes it.
func (s *Store) file() store.File {
	return store.File{Path: s.Path(), Name: "drill schedule", Afresh: "the schedule starts afresh", Temp: ".drill-*.tmp", ReadOnly: s.readOnly}
}

// merge3 merges the schedule this window holds (mine) with the file as it
// is now (disk), both grown from base, the file as this window last saw
// it. A card only one side changed takes that side's state (so an undo
// here, which puts a card back as it was in base, stays undone); a card
// both changed keeps the most recent review (Last), mine's on a tie. The
// review log keeps mine's lines and adds the lines disk gained since base;
// a line base had and mine dropped (an undo) stays dropped.
func merge3(base, mine, disk progressFile) progressFile {
	out := progressFile{Version: progressVersion, Cards: maps.Clone(mine.Cards)}
	if out.Cards == nil {
		out.Cards = map[string]State{}
	}
	for id, d := range disk.Cards {
		b, inBase := base.Cards[id]
		m, inMine := mine.Cards[id]
		diskChanged := !inBase || !sameState(b, d)
		mineChanged := inMine != inBase || (inMine && !sameState(b, m))
		switch {
		case !diskChanged:
		case !mineChanged:
			out.Cards[id] = d
		case !inMine || d.Last.After(m.Last):
			out.Cards[id] = d
		}
	}
	seen := map[Review]bool{}
	for _, r := range base.Reviews {
		seen[reviewKey(r)] = true
	}
	out.Reviews = append([]Review(nil), mine.Reviews...)
	have := map[Review]bool{}
	for _, r := range out.Reviews {
		have[reviewKey(r)] = true
	}
	for _, r := range disk.Reviews {
		if k := reviewKey(r); !seen[k] && !have[k] {
			out.Reviews = append(out.Reviews, r)
			have[k] = true
		}
	}
	sort.SliceStable(out.Reviews, func(i, j int) bool { return out.Reviews[i].At.Before(out.Reviews[j].At) })
	return out
}

// reviewKey is a review with its time in UTC and without a monotonic
// reading, so a line read back from the file equals the one written.
func reviewKey(r Review) Review {
	r.At = r.At.UTC().Round(0)
	return r
}

// sameState compares two states as the file keeps them.
func sameState(a, b State) bool {
	return a.Reps == b.Reps && a.Ease == b.Ease && a.Interval == b.Interval &&
		a.Due.Equal(b.Due) && a.Last.Equal(b.Last) && a.Grades == b.Grades
}

// cloneProgress copies a schedule so that later changes to one leave the
// other as it was.
func cloneProgress(p progressFile) progressFile {
	return progressFile{Version: p.Version, Cards: maps.Clone(p.Cards), Reviews: append([]Review(nil), p.Reviews...)}
}

// writeAtomic writes data to path through a synced temporary file in the
// same folder, renamed over path (lessons/store), creating the folder.
func writeAtomic(path string, data []byte) error {
	if err := (store.File{Path: path, Temp: ".drill-*.tmp"}).Write(data); err != nil {
		return fmt.Errorf("saving %s: %w", path, err)
	}
	return nil
}

// Week is one week of the review log.
type Week struct {
	// Start is the week's Monday, 00:00, in the location Retention was
	// given.
	Start   time.Time
	Reviews int
	// Right counts the reviews that remembered the card (Review.Right).
	Right int
}

// Retention is the share of the week's reviews that were right, 0 to 1.
func (w Week) Retention() float64 {
	if w.Reviews == 0 {
		return 0
	}
	return float64(w.Right) / float64(w.Reviews)
}

// Retention groups a review log by week, Monday to Sunday in loc, oldest
// first; a week without reviews is left out.
func Retention(log []Review, loc *time.Location) []Week {
	byStart := map[time.Time]*Week{}
	var out []Week
	for _, r := range log {
		t := r.At.In(loc)
		y, m, d := t.Date()
		start := time.Date(y, m, d-(int(t.Weekday())+6)%7, 0, 0, 0, 0, loc)
		w := byStart[start]
		if w == nil {
			w = &Week{Start: start}
			byStart[start] = w
		}
		w.Reviews++
		if r.Right() {
			w.Right++
		}
	}
	for _, w := range byStart {
		out = append(out, *w)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Start.Before(out[j].Start) })
	return out
}

// Stats is what `breakerlab drill --stats` reports: retention over time
// from the review log, and what a session started now would hold.
type Stats struct {
	Weeks []Week
	// All is every review of the log, as one week with no Start.
	All Week
	Now Counts
	// At is the moment the stats were read, which Now counts at.
	At time.Time
	// Seen counts the cards with a schedule, for a log that began after
	// them.
	Seen int
}

// Stats reads the review log and the schedule at now (weeks in now's
// location) against deck, for a session chosen by o.
func (s *Store) Stats(deck []Card, now time.Time, o SessionOptions) Stats {
	log := s.Reviews()
	states := s.States()
	st := Stats{Weeks: Retention(log, now.Location()), Now: Count(deck, states, now, o), At: now}
	for _, w := range st.Weeks {
		st.All.Reviews += w.Reviews
		st.All.Right += w.Right
	}
	for _, c := range deck {
		if states[c.ID].Seen() {
			st.Seen++
		}
	}
	return st
}

// next says when the drill next has a card to review: the cards due now,
// and when the soonest of the others falls due; "" when no card has been
// graded.
func (st Stats) next() string {
	waiting := ""
	if !st.Now.Waiting.IsZero() {
		waiting = DueWhen(st.Now.Waiting, st.At)
	}
	switch {
	case st.Now.Due > 0 && waiting != "":
		them := "them"
		if st.Now.Due == 1 {
			them = "it"
		}
		return fmt.Sprintf("Next: %d card%s due now; the next after %s %s.", st.Now.Due, plural(st.Now.Due), them, waiting)
	case st.Now.Due > 0:
		return fmt.Sprintf("Next: %d card%s due now.", st.Now.Due, plural(st.Now.Due))
	case waiting != "":
		return "Next card due " + waiting + "."
	}
	return ""
}

// Text is the stats as `breakerlab drill --stats` prints them, in 80
// columns.
func (st Stats) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Now: %s (%d card%s never seen).\n", st.Now, st.Now.Unseen, plural(st.Now.Unseen))
	if line := st.next(); line != "" {
		b.WriteString(line + "\n")
	}
	if len(st.Weeks) == 0 {
		b.WriteString("\nNo reviews in the log yet: it starts with the next card you grade\n(`breakerlab drill`).\n")
		if st.Seen > 0 {
			fmt.Fprintf(&b, "The %d card%s already scheduled were graded before the log was kept.\n", st.Seen, plural(st.Seen))
		}
		return b.String()
	}
	b.WriteString("\nRetention by week (right: any grade but again)\n\n")
	fmt.Fprintf(&b, "  %-10s  %7s  %5s  %9s\n", "week of", "reviews", "right", "retention")
	row := func(name string, w Week) {
		fmt.Fprintf(&b, "  %-10s  %7d  %5d  %8.0f%%\n", name, w.Reviews, w.Right, 100*w.Retention())
	}
	for _, w := range st.Weeks {
		row(w.Start.Format("2006-01-02"), w)
	}
	row("all", st.All)
	return b.String()
}
