package lessons

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/breakerlab/breakerlab/lessons/store"
)

// progressVersion is the format of the progress file; a file of another
// version is set aside like a corrupt one. Progress.Steps came without a
// new version on purpose: a file without it reads as before, and an older
// breakerlab reading a file with it ignores the field rather than setting
// the learner's progress aside.
const progressVersion = 1

// Progress is what the player remembers about one lesson.
type Progress struct {
	// Step is the step the learner was on (from 0).
	Step int `json:"step"`
	// Seen holds the steps opened so far, from 0.
	Seen []int `json:"seen,omitempty"`
	// Answers maps a step (from 0, as a string) to whether its question
	// was answered right.
	Answers map[string]bool `json:"answers,omitempty"`
	// First maps a step to whether its question was right at the first
	// try: the lesson's score. It is written once, at the first answer.
	First map[string]bool `json:"first,omitempty"`
	// Attempts maps a step to how many times its question has been taken
	// again; with the learner it decides the order of the choices.
	Attempts map[string]int `json:"attempts,omitempty"`
	// Predictions maps a step to the learner's prediction: the guess as
	// shown and how near it came ("right", "close", "off", "skipped").
	Predictions map[string]Prediction `json:"predictions,omitempty"`
	// Done is set once every step has been seen and every question
	// answered right.
	Done bool `json:"done,omitempty"`
	// Steps names the lesson's steps (StepKeys), in order, as they were
	// when the entries above were recorded: what tells, once the lesson
	// has gained, lost or moved a step, which step each index meant
	// (Remap). Empty in a file written before it existed.
	Steps []string `json:"steps,omitempty"`
}

// SawStep records that step i was opened and is the current one.
func (p *Progress) SawStep(i int) {
	p.Step = i
	for _, s := range p.Seen {
		if s == i {
			return
		}
	}
	p.Seen = append(p.Seen, i)
	sort.Ints(p.Seen)
}

// Prediction is a step's prediction as it was made.
type Prediction struct {
	Guess  string `json:"guess,omitempty"`
	Result string `json:"result"`
	// Value is a numeric guess in the answer's terms (a share as 0.41, a
	// duration in seconds), so that the player, opened again, says as
	// before how far off it was and which misconception it points to.
	Value *float64 `json:"value,omitempty"`
}

// Answered records a question's result; a right answer stays right, and
// the first answer ever given is the one the score counts.
func (p *Progress) Answered(i int, right bool) {
	if p.Answers == nil {
		p.Answers = map[string]bool{}
	}
	if p.First == nil {
		p.First = map[string]bool{}
	}
	k := strconv.Itoa(i)
	p.Answers[k] = p.Answers[k] || right
	if _, ok := p.First[k]; !ok {
		p.First[k] = right
	}
}

// FirstTry reports whether step i's question was answered, and whether
// that first answer was right.
func (p Progress) FirstTry(i int) (right, answered bool) {
	right, answered = p.First[strconv.Itoa(i)]
	return right, answered
}

// Attempt is the attempt at step i's question the learner is on, from 0.
func (p Progress) Attempt(i int) int { return p.Attempts[strconv.Itoa(i)] }

// TakeAgain starts a new attempt at step i's question and returns its
// number.
func (p *Progress) TakeAgain(i int) int {
	if p.Attempts == nil {
		p.Attempts = map[string]int{}
	}
	k := strconv.Itoa(i)
	p.Attempts[k]++
	return p.Attempts[k]
}

// Predicted records step i's prediction; a later one replaces it.
func (p *Progress) Predicted(i int, pr Prediction) {
	if p.Predictions == nil {
		p.Predictions = map[string]Prediction{}
	}
	p.Predictions[strconv.Itoa(i)] = pr
}

// Prediction returns step i's recorded prediction, if any.
func (p Progress) Prediction(i int) (Prediction, bool) {
	pr, ok := p.Predictions[strconv.Itoa(i)]
	return pr, ok
}

// Score counts the lesson's questions and those right at the first try.
func (p Progress) Score(l *Lesson) (right, total int) {
	p = p.Remap(l) // the indexes below are l's steps as they are now
	for i, s := range l.Steps {
		if s.Question == nil {
			continue
		}
		total++
		if r, _ := p.FirstTry(i); r {
			right++
		}
	}
	return right, total
}

// Missed lists the steps whose question was not right at the first try
// (or was never answered): the ones a review replays.
func (p Progress) Missed(l *Lesson) []int {
	p = p.Remap(l)
	var out []int
	for i, s := range l.Steps {
		if s.Question == nil {
			continue
		}
		if r, _ := p.FirstTry(i); !r {
			out = append(out, i)
		}
	}
	return out
}

// Right reports whether step i's question has been answered right.
func (p Progress) Right(i int) bool { return p.Answers[strconv.Itoa(i)] }

// UpdateDone sets Done when every step is seen and every question is right.
func (p *Progress) UpdateDone(l *Lesson) {
	if len(p.Seen) < len(l.Steps) {
		return
	}
	for i, s := range l.Steps {
		if s.Question != nil && !p.Right(i) {
			return
		}
	}
	p.Done = true
}

// Summary describes the progress in a few words for lists: "done, score
// 3/4", "seen 3 of 9 steps, score 1/4", or "" when not started. The score
// counts the questions right at the first try, out of all of them.
func (p Progress) Summary(l *Lesson) string {
	// Remapped so that a list made from Get (`breakerlab lessons`) counts
	// the lesson's steps as they are now.
	p = p.Remap(l)
	if len(p.Seen) == 0 && !p.Done {
		return ""
	}
	s := fmt.Sprintf("seen %d of %d steps", len(p.Seen), len(l.Steps))
	if p.Done {
		s = "done"
	}
	// The score appears once a question has been answered: 0/4 before
	// any answer would read as four misses.
	if right, total := p.Score(l); total > 0 && len(p.First) > 0 {
		s += fmt.Sprintf(", score %d/%d", right, total)
	}
	return s
}

type progressFile struct {
	Version int `json:"version"`
	// Learner names this progress file's learner for the order of the
	// choices: a random word made when the file is first written.
	Learner string              `json:"learner,omitempty"`
	Lessons map[string]Progress `json:"lessons"`
}

// Store keeps the learner's progress in a small JSON file, by default
// lessons.json in breakerlab's folder of the user's config directory. It is
// safe for concurrent use. lessons/store reads and writes the file: writes go
// to a temporary file that is then renamed over the old one, so a crash
// never leaves half a file, and merge with what another breakerlab process
// saved there (Save).
type Store struct {
	path   string
	mu     sync.Mutex
	data   progressFile
	notice string
	merged string // MergeNote's
	// readOnly is a store ViewStore opened: its file is never moved or
	// written.
	readOnly bool
	// lessons holds the lessons read through GetLesson, by ProgressKey. For these
	// the store knows the steps as they are now, so Save can move both its
	// own record and the file's onto them before merging the two.
	lessons map[string]*Lesson
	// elsewhere holds the predictions made outside the player, by
	// ProgressKey and step (progress_elsewhere.go).
	elsewhere map[string]map[int]elsewhere
}

// DefaultProgressPath is os.UserConfigDir()/breakerlab/lessons.json.
func DefaultProgressPath() (string, error) {
	return store.ConfigPath("lessons.json", "progress file")
}

// OpenStore reads the progress file at path. A missing file is an empty
// store. A file that cannot be parsed is renamed aside (to
// lessons.json.corrupt-TIME) and the store starts empty; Notice says so.
// Only a failure to read an existing file is an error, and even then the
// returned store is usable (it starts empty).
func OpenStore(path string) (*Store, error) {
	return openStore(path, false)
}

// ViewStore reads the progress file at path for a command that only shows
// it (`breakerlab lessons`): as OpenStore, except that a file that cannot be
// parsed is left where it is, unchanged, and Notice names it and says what
// is wrong with it. Save on the store returned is refused
// (store.ErrReadOnly); the next OpenStore sets the bad file aside.
func ViewStore(path string) (*Store, error) {
	return openStore(path, true)
}

func openStore(path string, readOnly bool) (*Store, error) {
	s := &Store{path: path, data: progressFile{Version: progressVersion, Learner: newLearner(), Lessons: map[string]Progress{}}, readOnly: readOnly}
	var f progressFile
	loaded, notice, err := s.file().Load(&f, func() error { return store.Version(f.Version, progressVersion) }, time.Now())
	s.notice = notice
	if !loaded {
		return s, err
	}
	if f.Lessons == nil {
		f.Lessons = map[string]Progress{}
	}
	if f.Learner == "" {
		f.Learner = s.data.Learner
	}
	s.data = f
	return s, nil
}

// file is the progress file as lessons/store reads and writes it.
func (s *Store) file() store.File {
	return store.File{Path: s.path, Name: "lesson progress file", Afresh: "progress starts afresh", Temp: ".lessons-*.json", ReadOnly: s.readOnly}
}

// newLearner is a random name for a new progress file's learner. It is
// random on purpose: two learners should not see the same order of
// choices; one learner sees the same order until taking a question again.
func newLearner() string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "learner"
	}
	return hex.EncodeToString(b[:])
}

// Learner names the store's learner: what, with the attempt, decides the
// order a question's choices are shown in.
func (s *Store) Learner() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.data.Learner
}

// Notice is a message for the learner about the file (set aside as
// corrupt), or "".
func (s *Store) Notice() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.notice
}

// Path is where the store lives.
func (s *Store) Path() string { return s.path }

// Get returns a copy of the progress kept under a key: a built-in
// lesson's ID, or a lesson's ProgressKey.
func (s *Store) Get(id string) Progress {
	s.mu.Lock()
	defer s.mu.Unlock()
	return clone(s.data.Lessons[id])
}

// GetLesson returns a copy of lesson l's progress moved onto l's steps as
// they are now (Progress.Remap): what a player or a list that shows l's
// steps should read, where Get returns the record as it was saved. The
// store keeps the moved record, so Get agrees with it afterwards, and keeps
// l, so that Save moves another window's record of l onto the same steps
// before merging it.
func (s *Store) GetLesson(l *Lesson) Progress {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.getLesson(l)
}

// getLesson is GetLesson with s.mu held.
func (s *Store) getLesson(l *Lesson) Progress {
	if s.lessons == nil {
		s.lessons = map[string]*Lesson{}
	}
	key := l.ProgressKey()
	s.lessons[key] = l
	p, ok := s.data.Lessons[key]
	if !ok && key != l.ID && !isBuiltinID(l.ID) {
		// A teacher's file whose progress an earlier breakerlab kept under
		// its ID ("07-mine"); not a built-in's ID, whose record is that
		// lesson's. From now on it is kept under the file's key.
		p, ok = s.data.Lessons[l.ID]
	}
	if !ok {
		// Nothing to move; storing an empty record would only add a
		// lesson the learner never started to the file.
		return Progress{}.Remap(l)
	}
	p = p.Remap(l)
	s.data.Lessons[key] = clone(p)
	return p
}

// Begun is how many lessons the store keeps progress of, begun or done,
// without the lessons read: the home screen of a classroom session, which
// reads them only when asked, asks whether there is progress to count.
func (s *Store) Begun() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, p := range s.data.Lessons {
		if p.Done || len(p.Seen) > 0 {
			n++
		}
	}
	return n
}

// Set replaces a lesson's progress in memory, under its ProgressKey (a
// built-in's ID); Save writes it. A prediction made elsewhere since p was
// read stays (PredictedElsewhere).
func (s *Store) Set(id string, p Progress) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p = clone(p)
	s.keepElsewhere(id, &p)
	s.data.Lessons[id] = p
}

func clone(p Progress) Progress {
	p.Seen = append([]int(nil), p.Seen...)
	p.Answers = maps.Clone(p.Answers)
	p.First = maps.Clone(p.First)
	p.Attempts = maps.Clone(p.Attempts)
	p.Predictions = maps.Clone(p.Predictions)
	p.Steps = slices.Clone(p.Steps)
	return p
}

// Save writes the store without erasing what another breakerlab process
// saved to the file since this one read it: under the file's lock it reads
// the file again and merges it (mergeFiles) before the atomic rename
// (lessons/store). What the other process saved is then in this store too,
// and MergeNote says so.
func (s *Store) Save() error {
	s.mu.Lock()
	// Move this window's records onto their lessons' steps first: store.Save
	// tells the learner another window's progress was merged whenever the
	// merge changes what it was handed, and a move made in the merge would
	// read as one.
	for id, l := range s.lessons {
		if p, ok := s.data.Lessons[id]; ok {
			s.data.Lessons[id] = p.Remap(l)
		}
	}
	mine := cloneFile(s.data)
	known := maps.Clone(s.lessons)
	s.mu.Unlock()
	merge := func(mine, disk progressFile) progressFile { return mergeFiles(mine, disk, known) }
	saved, note, err := store.Save(s.file(), mine, merge, func(f *progressFile) error { return store.Version(f.Version, progressVersion) }, time.Now())
	if err != nil {
		return fmt.Errorf("saving lesson progress: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// Set may have run during the save: merge what was saved into what
	// the store holds now, rather than replacing it.
	s.data = mergeFiles(s.data, saved, s.lessons)
	if note != "" {
		s.merged = note
	}
	return nil
}

// MergeNote returns, once, the note of the last save that merged progress
// from another breakerlab window (or moved a bad file aside), or "".
func (s *Store) MergeNote() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := s.merged
	s.merged = ""
	return n
}

func cloneFile(f progressFile) progressFile {
	out := f
	out.Lessons = make(map[string]Progress, len(f.Lessons))
	for id, p := range f.Lessons {
		out.Lessons[id] = clone(p)
	}
	return out
}

// mergeFiles joins this process's progress (mine) with the file's (disk)
// so that no work of either is lost: every lesson of both, each merged by
// mergeProgress. The file's learner stays, so every window shows a
// question's choices in one order.
//
// Indexes are merged only once both records speak of the same steps: a
// lesson in known (read here through GetLesson) has both moved onto its
// steps as they are now; any other is brought onto one list of steps by
// oneLayout. Merged index by index across a change of steps, the file's
// answers to a step would land on whichever step now has its index.
func mergeFiles(mine, disk progressFile, known map[string]*Lesson) progressFile {
	out := cloneFile(mine)
	out.Version = progressVersion
	if disk.Learner != "" {
		out.Learner = disk.Learner
	}
	for id, d := range disk.Lessons {
		m, ok := out.Lessons[id]
		if l := known[id]; l != nil {
			d = d.Remap(l)
			if ok {
				m = m.Remap(l)
			}
		}
		if ok {
			out.Lessons[id] = mergeProgress(m, d)
		} else {
			out.Lessons[id] = clone(d)
		}
	}
	return out
}

// mergeProgress joins two records of one lesson: the steps seen in either;
// a question right in either is right; a first try recorded in either is
// recorded, and right when either recorded it right (the best score); the
// most attempts; a lesson done in either is done. The step the learner is
// on and a prediction made in both are mine's: this window is where the
// learner is now. Two records of different steps are first brought onto
// one list of them (oneLayout); the result records that list.
func mergeProgress(mine, disk Progress) Progress {
	mine, disk = oneLayout(mine, disk)
	out := clone(mine)
	if len(out.Steps) == 0 {
		out.Steps = slices.Clone(disk.Steps)
	}
	for _, i := range disk.Seen {
		if !slices.Contains(out.Seen, i) {
			out.Seen = append(out.Seen, i)
		}
	}
	sort.Ints(out.Seen)
	for k, right := range disk.Answers {
		if out.Answers == nil {
			out.Answers = map[string]bool{}
		}
		out.Answers[k] = out.Answers[k] || right
	}
	for k, right := range disk.First {
		if out.First == nil {
			out.First = map[string]bool{}
		}
		out.First[k] = out.First[k] || right
	}
	for k, n := range disk.Attempts {
		if out.Attempts == nil {
			out.Attempts = map[string]int{}
		}
		out.Attempts[k] = max(out.Attempts[k], n)
	}
	for k, pr := range disk.Predictions {
		if out.Predictions == nil {
			out.Predictions = map[string]Prediction{}
		}
		if _, ok := out.Predictions[k]; !ok {
			out.Predictions[k] = pr
		}
	}
	out.Done = out.Done || disk.Done
	return out
}
