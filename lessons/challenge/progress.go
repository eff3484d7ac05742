package challenge

import (
	"fmt"
	"maps"
	"sync"
	"time"

	"github.com/breakerlab/breakerlab/lessons/store"
)

// Record is what the progress file keeps of one challenge: the best stars
// earned, and the setting that earned them (so the view can offer it).
type Record struct {
	Stars int               `json:"stars"`
	Best  map[string]string `json:"best,omitempty"`
	// Last is the design the learner left the level with, to reopen it
	// there; Fails counts the designs the learner tried that fell short
	// (tui/challengeui says what a try is), for the offer of the solution.
	Last  map[string]string `json:"last,omitempty"`
	Fails int               `json:"fails,omitempty"`
	// Revealed is set once the view has shown the level's reference
	// solution: from then on that design earns no stars (Earn), whoever
	// hands it in. Stars go to a design of the learner's own.
	Revealed bool `json:"revealed,omitempty"`
}

const progressVersion = 1

type progressFile struct {
	Version    int               `json:"version"`
	Challenges map[string]Record `json:"challenges"`
}

// Progress keeps the stars a learner has earned in a small JSON file,
// challenges.json beside the lessons' progress file. lessons/store reads and
// writes it: writes go to a temporary file renamed over the old one, so a
// crash never leaves half a file, and keep the stars another breakerlab
// process saved there (save). It is safe for concurrent use.
type Progress struct {
	path   string
	mu     sync.Mutex
	data   progressFile
	notice string
	merged string // MergeNote's
	// readOnly is a Progress ViewProgress opened: its file is never moved
	// or written.
	readOnly bool
}

// DefaultProgressPath is os.UserConfigDir()/breakerlab/challenges.json.
func DefaultProgressPath() (string, error) {
	return store.ConfigPath("challenges.json", "challenge progress file")
}

// OpenProgress reads the progress file at path. A missing file is empty
// progress; a file that cannot be read as progress is moved aside (to
// challenges.json.corrupt-TIME) and progress starts afresh, which Notice
// says. The returned Progress is usable even with an error.
func OpenProgress(path string) (*Progress, error) {
	return openProgress(path, false)
}

// ViewProgress reads the progress file at path for a command that only
// shows it (`breakerlab challenges`): as OpenProgress, except that a file
// that cannot be read as progress is left where it is, unchanged, and
// Notice names it and says what is wrong with it. Saving stars on the
// Progress returned is refused (store.ErrReadOnly); the next OpenProgress
// sets the bad file aside.
func ViewProgress(path string) (*Progress, error) {
	return openProgress(path, true)
}

func openProgress(path string, readOnly bool) (*Progress, error) {
	p := &Progress{path: path, data: progressFile{Version: progressVersion, Challenges: map[string]Record{}}, readOnly: readOnly}
	var f progressFile
	loaded, notice, err := p.file().Load(&f, func() error { return store.Version(f.Version, progressVersion) }, time.Now())
	p.notice = notice
	if !loaded {
		return p, err
	}
	if f.Challenges == nil {
		f.Challenges = map[string]Record{}
	}
	p.data = f
	return p, nil
}

// file is the progress file as lessons/store reads and writes it.
func (p *Progress) file() store.File {
	return store.File{Path: p.path, Name: "challenge progress file", Afresh: "stars start afresh", Temp: ".challenges-*.json", ReadOnly: p.readOnly}
}

// Notice is a message about the file (moved aside as corrupt), or "".
func (p *Progress) Notice() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.notice
}

// Get returns the record kept under a progress key: a built-in's ID, as
// the level map reads it. Record reads a challenge's own, a teacher's file
// included.
func (p *Progress) Get(id string) Record {
	p.mu.Lock()
	defer p.mu.Unlock()
	r := p.data.Challenges[id]
	r.Best, r.Last = copyMap(r.Best), copyMap(r.Last)
	return r
}

// Record returns challenge c's record, kept under c.ProgressKey().
func (p *Progress) Record(c *Challenge) Record {
	p.mu.Lock()
	defer p.mu.Unlock()
	r := p.recordOf(c)
	r.Best, r.Last = copyMap(r.Best), copyMap(r.Last)
	return r
}

// recordOf is c's record; p.mu is held.
func (p *Progress) recordOf(c *Challenge) Record { return recordIn(p.data, c) }

// recordIn is c's record in f. A teacher's file that has none under its
// key reads one an earlier breakerlab kept under the file's ID, unless
// that ID is a built-in level's: that record is the level's (or was mixed
// with it), and belongs to neither file. The next save keeps it under the
// file's key.
func recordIn(f progressFile, c *Challenge) Record {
	key := c.ProgressKey()
	r, ok := f.Challenges[key]
	if !ok && key != c.ID && !isBuiltinID(c.ID) {
		r = f.Challenges[c.ID]
	}
	return r
}

func copyMap(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Leave records the design the learner leaves a level with, and how many
// of its gradings fell short, and saves the file.
func (p *Progress) Leave(c *Challenge, s Setting, fails int) error {
	p.mu.Lock()
	r := p.recordOf(c)
	r.Last = map[string]string{}
	for _, k := range c.Knobs {
		if v, ok := s[k.Path]; ok {
			r.Last[k.Path] = FormatValue(v)
		}
	}
	r.Fails = fails
	p.data.Challenges[c.ProgressKey()] = r
	p.mu.Unlock()
	return p.save(nil)
}

// Restore reads a saved design (Record.Last or Best) back as a setting;
// a knob whose saved value no longer parses (the level changed) keeps its
// start.
func (c *Challenge) Restore(saved map[string]string) Setting {
	s := c.Start()
	for i := range c.Knobs {
		k := &c.Knobs[i]
		text, ok := saved[k.Path]
		if !ok {
			continue
		}
		if v, err := k.Parse(text); err == nil {
			s[k.Path] = v
		}
	}
	return s
}

// Earn records stars for a challenge if they beat its best, with the
// setting that earned them, and saves the file. It reports whether the
// record improved. The best it must beat is the file's as it stands when
// saving, with the stars another breakerlab window (or `challenge
// --check`) saved since this one read it merged in. Once the reference
// solution has been shown (Reveal), that design earns nothing: it is not
// the learner's own.
func (p *Progress) Earn(c *Challenge, stars int, s Setting) (bool, error) {
	best := map[string]string{}
	for _, k := range c.Knobs {
		if v, ok := s[k.Path]; ok {
			best[k.Path] = FormatValue(v)
		}
	}
	improved := false
	earn := func(f progressFile) progressFile {
		r := recordIn(f, c)
		improved = stars > r.Stars && !(r.Revealed && c.IsReference(s))
		if !improved {
			return f
		}
		r.Stars, r.Best = stars, best
		out := progressFile{Version: f.Version, Challenges: maps.Clone(f.Challenges)}
		out.Challenges[c.ProgressKey()] = r
		return out
	}
	p.mu.Lock()
	earn(p.data) // beating the record this window holds comes first
	p.mu.Unlock()
	if !improved {
		return false, nil
	}
	if err := p.save(earn); err != nil {
		return false, err
	}
	return improved, nil
}

// Reveal records that the level's reference solution was shown, and saves
// the file: from now on that design earns no stars (Earn).
func (p *Progress) Reveal(c *Challenge) error {
	p.mu.Lock()
	r := p.recordOf(c)
	if r.Revealed {
		p.mu.Unlock()
		return nil
	}
	r.Revealed = true
	p.data.Challenges[c.ProgressKey()] = r
	p.mu.Unlock()
	return p.save(nil)
}

// save writes the file without erasing stars another breakerlab process
// saved since this one read it: under the file's lock it reads the file
// again and keeps each challenge's best record (mergeRecords) before the
// atomic rename (lessons/store). MergeNote says when something was merged.
// change, when not nil, is applied to the file as this process holds it
// and, when the file on disk is merged in, to the merge: what it decides
// (Earn: do these stars beat the best?) is decided on the merged file, the
// last time it is called.
func (p *Progress) save(change func(progressFile) progressFile) error {
	if change == nil {
		change = func(f progressFile) progressFile { return f }
	}
	p.mu.Lock()
	held := progressFile{Version: progressVersion, Challenges: maps.Clone(p.data.Challenges)}
	p.mu.Unlock()
	merge := func(_, disk progressFile) progressFile { return change(mergeRecords(held, disk)) }
	saved, note, err := store.Save(p.file(), change(held), merge, func(f *progressFile) error { return store.Version(f.Version, progressVersion) }, time.Now())
	if err != nil {
		return fmt.Errorf("saving challenge progress: %w", err)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.data = mergeRecords(p.data, saved)
	if note != "" {
		p.merged = note
	}
	return nil
}

// MergeNote returns, once, the note of the last save that merged stars from
// another breakerlab window (or moved a bad file aside), or "".
func (p *Progress) MergeNote() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := p.merged
	p.merged = ""
	return n
}

// mergeRecords keeps every challenge of both files, each at its best stars
// (mine's record on a tie); a solution shown in either is shown in the
// merge. Records are values and their Best maps are never changed in
// place, so sharing them is safe.
func mergeRecords(mine, disk progressFile) progressFile {
	out := progressFile{Version: progressVersion, Challenges: maps.Clone(mine.Challenges)}
	if out.Challenges == nil {
		out.Challenges = map[string]Record{}
	}
	for id, d := range disk.Challenges {
		m, ok := out.Challenges[id]
		revealed := d.Revealed || m.Revealed
		if !ok || d.Stars > m.Stars {
			m = d
		}
		m.Revealed = revealed
		out.Challenges[id] = m
	}
	return out
}

// StarsText draws stars: ★★☆ for two of three.
func StarsText(n int) string {
	s := ""
	for i := 1; i <= 3; i++ {
		if i <= n {
			s += "★"
		} else {
			s += "☆"
		}
	}
	return s
}
