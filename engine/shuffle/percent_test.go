package shuffle

import "testing"

// The report's shares are written as run's table writes them
// (report.Percent1): one customer of 2,001 is not "0.0%", and 1,999 of
// 2,000 (99.95%) not "100.0%".
func TestCountWithShareNeverRoundsToAllOrNone(t *testing.T) {
	for _, c := range []struct {
		count, of int
		want      string
	}{
		{1, 2001, "1 (<0.1%)"},
		{1, 2000, "1 (0.1%)"},
		{1999, 2000, "1,999 (>99.9%)"},
		{249, 1000, "249 (24.9%)"},
		{0, 1000, "0 (0.0%)"},
		{1000, 1000, "1,000 (100.0%)"},
	} {
		if got := countWithShare(c.count, c.of); got != c.want {
			t.Errorf("countWithShare(%d, %d) = %q, want %q", c.count, c.of, got, c.want)
		}
	}
}
