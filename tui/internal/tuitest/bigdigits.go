package tuitest

import "strings"

// ContainsBig reports whether view holds row, a row of the presenter's big
// digits, drawn with each cell once, twice or three times as wide (a large
// window draws them wider).
func ContainsBig(view, row string) bool {
	for k := 1; k <= 3; k++ {
		var b strings.Builder
		for _, r := range row {
			b.WriteString(strings.Repeat(string(r), k))
		}
		if strings.Contains(view, b.String()) {
			return true
		}
	}
	return false
}
