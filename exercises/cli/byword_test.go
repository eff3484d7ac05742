package cli

import (
	"strings"
	"testing"
)

// The runner's list filter (/) finds 15 by "tenant", and the palette's
// `:challenge tenant` a level by a word of its title, but `exercises hint
// tenant` was refused as unknown, and a name one letter off was refused
// with no word of the name meant. A word of one exercise's name or title
// names it; a word of several is refused naming them; a slip of a name
// is refused with the name it most likely meant.
func TestAWordOfTheNameOrTitleFindsTheExercise(t *testing.T) {
	for _, tc := range []struct {
		arg, want string
	}{
		{"tenant", "Hint 1 of 5 for 15-tenant-bulkhead"},
		{"Tenant", "Hint 1 of 5 for 15-tenant-bulkhead"},
		{"jitter", "for 09-retry-backoff"}, // a word of the title alone
	} {
		r := do(t, "", "hint", tc.arg)
		if r.err != nil || !strings.Contains(r.out.String(), tc.want) {
			t.Errorf("hint %s: %v\n%s; want %q", tc.arg, r.err, r.out.String(), tc.want)
		}
	}
	for _, tc := range []struct {
		arg, want string
	}{
		{"breaker", `"breaker" fits 2 exercises: 01-consecutive-breaker, 02-rate-window-breaker; give its number or more of its name`},
		{"tenant-bulkhed", `unknown exercise "tenant-bulkhed": did you mean 15-tenant-bulkhead?`},
		{"14-token-buckt", `unknown exercise "14-token-buckt": did you mean 14-token-bucket?`},
		{"nope", `unknown exercise "nope": give a number from 1 to 16`},
	} {
		r := do(t, "", "hint", tc.arg)
		if !isUsage(r.err) || !strings.Contains(r.err.Error(), tc.want) {
			t.Errorf("hint %s = %v, want a usage error saying %q", tc.arg, r.err, tc.want)
		}
	}
}
