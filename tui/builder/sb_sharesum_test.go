package builder

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Shares refused for their sum say the sum as they were typed. 70% and
// 20% added up in binary to 0.8999999999999999, and the refusal read "got
// 89.99999999999999%".
func TestSharesRefusedSayTheirSumAsTyped(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	for typed, want := range map[string]string{
		"acme = 70%, globex = 20%":       "got 90% (acme 70% + globex 20%)",
		"acme = 0.1, globex = 0.2":       "got 30% (",
		"acme = 33.3%, globex = 66.6%":   "got 99.9% (",
		"acme = 60%, globex = 40.0001%":  "got 100.0001% (",
		"acme = 12.5%, globex = 87.501%": "got 100.001% (",
	} {
		m := typeShares(t, twoTenants(t), typed)
		if !m.msgErr || !strings.Contains(m.msg, "must add up to 100%, "+want) {
			t.Errorf("%s: %q, want %q", typed, m.msg, want)
		}
	}
}
