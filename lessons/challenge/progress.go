package challenge

import (
	"fmt"
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
	// there; Fails counts the gradings that fell short, for the offer
	// of the solution.
	Last  map[string]string `json:"last,omitempty"`
	Fails int               `json:"fails,omitempty"`
}

const progressVersion = 1

type progressFile struct {
	Version    int               `json:"version"`
	Challenges map[string]Record `json:"challenges"`
}

// Progress keeps the stars a learner has earned in a small JSON file,
// challenges.json beside the lessons' progress file. lessons/store reads and
// writes it: writes go to a temporary file renamed over the old one, so a
// crash never leaves half a file. It is safe for concurrent use.
type Progress struct {
	path   string
	mu     sync.Mutex
	data   progressFile
	notice string
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
	p := &Progress{path: path, data: progressFile{Version: progressVersion, Challenges: map[string]Record{}}}
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
	return store.File{Path: p.path, Name: "challenge progress file", Afresh: "stars start afresh", Temp: ".challenges-*.json"}
}

// Notice is a message about the file (moved aside as corrupt), or "".
func (p *Progress) Notice() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.notice
}

// Get returns a challenge's record.
func (p *Progress) Get(id string) Record {
	p.mu.Lock()
	defer p.mu.Unlock()
	r := p.data.Challenges[id]
	r.Best, r.Last = copyMap(r.Best), copyMap(r.Last)
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
	r := p.data.Challenges[c.ID]
	r.Last = map[string]string{}
	for _, k := range c.Knobs {
		if v, ok := s[k.Path]; ok {
			r.Last[k.Path] = FormatValue(v)
		}
	}
	r.Fails = fails
	p.data.Challenges[c.ID] = r
	p.mu.Unlock()
	return p.save()
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
// record improved.
func (p *Progress) Earn(c *Challenge, stars int, s Setting) (bool, error) {
	p.mu.Lock()
	old := p.data.Challenges[c.ID]
	if stars <= old.Stars {
		p.mu.Unlock()
		return false, nil
	}
	best := map[string]string{}
	for _, k := range c.Knobs {
		if v, ok := s[k.Path]; ok {
			best[k.Path] = FormatValue(v)
		}
	}
	old.Stars, old.Best = stars, best
	p.data.Challenges[c.ID] = old
	p.mu.Unlock()
	return true, p.save()
}

// save writes the file atomically: a temporary file in the same folder,
// synced, then renamed over the old one (lessons/store).
func (p *Progress) save() error {
	p.mu.Lock()
	b, err := store.Encode(p.data)
	p.mu.Unlock()
	if err != nil {
		return fmt.Errorf("encoding challenge progress: %w", err)
	}
	if err := p.file().Write(b); err != nil {
		return fmt.Errorf("saving challenge progress: %w", err)
	}
	return nil
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
