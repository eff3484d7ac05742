package drill

import (
	"fmt"
	"math"
	"time"
)

// Grade is how well the learner knew a card.
type Grade int

// The four grades, worst first.
const (
	Again Grade = iota // did not know it
	Hard               // knew it with effort
	Good               // knew it
	Easy               // knew it at once
)

var gradeNames = [...]string{"again", "hard", "good", "easy"}

func (g Grade) String() string {
	if g >= Again && g <= Easy {
		return gradeNames[g]
	}
	return fmt.Sprintf("grade(%d)", int(g))
}

// MarshalText writes a grade as its name, as the review log keeps it.
func (g Grade) MarshalText() ([]byte, error) {
	if g < Again || g > Easy {
		return nil, fmt.Errorf("no grade %d", int(g))
	}
	return []byte(g.String()), nil
}

// UnmarshalText reads a grade's name.
func (g *Grade) UnmarshalText(b []byte) error {
	p, err := ParseGrade(string(b))
	if err != nil {
		return err
	}
	*g = p
	return nil
}

// ParseGrade reads a grade's name.
func ParseGrade(s string) (Grade, error) {
	for i, n := range gradeNames {
		if n == s {
			return Grade(i), nil
		}
	}
	return 0, fmt.Errorf("unknown grade %q (allowed: again, hard, good, easy)", s)
}

// State is what the schedule remembers of one card: a simplified SM-2, with
// the four grades and the intervals of Anki's version of it.
//
// A card is being learnt while Reps is 0: never answered, or answered
// "again" last. Such a card graduates on good (a day) or easy (four days);
// again brings it back after Relearn and hard after HardRelearn, the same
// day, as SM-2 repeats every item graded below "good" before the day ends
// and as Anki's learning steps do. A learnt card's hard multiplies its
// interval by 1.2 (Anki's hard interval), good by its ease, easy by more.
type State struct {
	// Reps counts the answers in a row that moved the card on: not
	// "again", and not "hard" while it is being learnt.
	Reps int `json:"reps"`
	// Ease multiplies the interval after each good answer (2.5 to start,
	// never below MinEase).
	Ease float64 `json:"ease"`
	// Interval is the gap before the next review, in days.
	Interval float64   `json:"interval_days"`
	Due      time.Time `json:"due"`
	Last     time.Time `json:"last"`
	// Counts of each grade ever given, for the weakest topics.
	Grades [4]int `json:"grades"`
}

// Schedule constants.
const (
	StartEase = 2.5
	MinEase   = 1.3
	// Relearn is how soon a card answered "again" comes back.
	Relearn = 10 * time.Minute
	// HardRelearn is how soon a card still being learnt comes back after
	// "hard": half as long again as Relearn, Anki's hard delay for a single
	// learning step, so hard falls between again and good's day.
	HardRelearn = Relearn * 3 / 2
	day         = 24 * time.Hour
)

// Seen reports whether the card has been answered at least once.
func (s State) Seen() bool { return !s.Last.IsZero() }

// DueAt reports whether the card is due at now.
func (s State) DueAt(now time.Time) bool { return s.Seen() && !s.Due.After(now) }

// good is the interval, in days, that a good answer earns: a day, then
// three, then the last interval times the ease.
func (s State) good() float64 {
	switch s.Reps {
	case 0:
		return 1
	case 1:
		return math.Max(3, s.Interval*1.5)
	}
	return math.Max(s.Interval+1, s.Interval*s.Ease)
}

// Next is the state after answering with grade g at now. Whatever the
// state, again comes back sooner than hard, hard sooner than good (unless
// both reach the cap) and good no later than easy (the property tests hold
// it to that).
func (s State) Next(g Grade, now time.Time) State {
	if s.Ease == 0 {
		s.Ease = StartEase
	}
	if g >= Again && g <= Easy {
		s.Grades[g]++
	}
	s.Last = now
	switch g {
	case Again:
		s.Reps = 0
		s.Ease = math.Max(MinEase, s.Ease-0.2)
		s.Interval = 0
		s.Due = now.Add(Relearn)
		return s
	case Hard:
		s.Ease = math.Max(MinEase, s.Ease-0.15)
		if s.Reps == 0 {
			// Still being learnt: again today, not yet a step on.
			s.Interval = 0
			s.Due = now.Add(HardRelearn)
			return s
		}
		s.Interval = math.Max(1, s.Interval*1.2)
	case Good:
		s.Interval = s.good()
	default: // Easy: past where good would go, and the card grows easier
		s.Interval = math.Max(4, s.good()*1.3+1)
		s.Ease += 0.15
	}
	// A cap keeps a card from vanishing for years and the arithmetic
	// finite.
	s.Interval = math.Min(s.Interval, 3650)
	s.Reps++
	s.Due = now.Add(time.Duration(s.Interval * float64(day)))
	return s
}

// Intervals are the gaps each grade would schedule from s at now, in grade
// order (again, hard, good, easy): what the grade keys show. They are
// Next's own, so a key never promises another gap than the one its grade
// then schedules.
func (s State) Intervals(now time.Time) [4]time.Duration {
	var out [4]time.Duration
	for g := Again; g <= Easy; g++ {
		out[g] = s.Next(g, now).Due.Sub(now)
	}
	return out
}

// FormatInterval writes a gap the way the grade keys and the summaries show
// it, as Anki does: "<1m", "10m", "5h", "3d", "1.5mo", "2y" (each rounded
// to its unit, so 23 h 59 min is "1d"; months of 30 days and years of 365
// to one decimal).
func FormatInterval(d time.Duration) string {
	minutes := math.Round(d.Minutes())
	hours := math.Round(d.Hours())
	switch {
	case minutes < 1:
		return "<1m"
	case minutes < 60:
		return fmt.Sprintf("%.0fm", minutes)
	case hours < 24:
		return fmt.Sprintf("%.0fh", hours)
	}
	days := float64(d) / float64(day)
	switch {
	case days < 29.5:
		return fmt.Sprintf("%.0fd", days)
	case days < 365:
		return oneDecimal(days/30) + "mo"
	}
	return oneDecimal(days/365) + "y"
}

// oneDecimal writes x to one decimal, without a trailing ".0".
func oneDecimal(x float64) string {
	s := fmt.Sprintf("%.1f", x)
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		s = s[:len(s)-2]
	}
	return s
}
