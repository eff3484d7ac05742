// Package spell finds the name a user most likely meant when they typed one
// that does not exist: "did you mean" for commands, scenarios, lessons,
// facts and the keys of lesson files. It owns the edit distance those
// messages share. It imports only the standard library, so that cmd/,
// lessons/... and tui/... may all import it.
package spell

import "strings"

// Closest is the name in known that got most likely meant: the nearest by
// edit distance, ignoring case, within two edits (one for a word of four
// letters or fewer, where two edits make any word another), or "" when
// none is that close. Of two as near, the first in known wins.
func Closest(got string, known []string) string {
	best, bestD := "", 3
	if len([]rune(got)) <= 4 {
		bestD = 2
	}
	for _, k := range known {
		if d := Distance(strings.ToLower(got), strings.ToLower(k)); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// Distance is the number of edits from one string to the other: a rune
// inserted, deleted or changed, or two neighbours swapped (a typist's most
// common slip, "dependancy" for "dependency" aside).
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
