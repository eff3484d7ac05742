package builder

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// Tenants' shares: a noisy tenant is the point of tenants, and t alone
// splits the traffic evenly. % opens a prompt with every tenant's share
// ("acme = 50%, globex = 50%"), as the fault and rename prompts are the
// builder's fields of one part: the shares are one field, since they must
// add up to 100 % (scenariofile's rule for an endpoint's tenants table)
// and changing one tenant's alone never could. Each share is typed as a
// form's share is (scenariofile.ParseTypedShare); the shares become every
// endpoint's, in every variant, as one edit.

// shareTolerance is how far from 1 the shares' sum may be: the scenario
// file's and the engine's (engine.Validate) own.
const shareTolerance = 1e-9

// sharesNow is what the shares prompt is filled with: every tenant's
// share of variant 0's first endpoint that splits its traffic, exactly as
// typed back (pane.PercentExact), so that enter with no edit changes
// nothing.
func sharesNow(sys *engine.System) string {
	shares := evenShares(sys.Tenants)
	for _, e := range sys.Endpoints {
		if len(e.Tenants) > 0 {
			shares = e.Tenants
			break
		}
	}
	out := make([]string, 0, len(sys.Tenants))
	for _, t := range sys.Tenants {
		s := 0.0
		if i := slices.IndexFunc(shares, func(ts engine.TenantShare) bool { return ts.Tenant == t }); i >= 0 {
			s = shares[i].Share
		}
		out = append(out, t+" = "+pane.PercentExact(s))
	}
	return strings.Join(out, ", ")
}

// parseShares reads "acme = 70%, globex = 30%": one share for each of the
// system's tenants, in the system's order, adding up to 100 %.
func parseShares(sys *engine.System, input string) ([]engine.TenantShare, error) {
	if len(sys.Tenants) == 0 {
		return nil, errors.New("the system has no tenants: t adds one")
	}
	example := sharesNow(sys)
	got := map[string]float64{}
	var words []string
	for item := range strings.SplitSeq(input, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		// The last '=': a share holds none, a name may.
		i := strings.LastIndex(item, "=")
		if i < 0 {
			return nil, fmt.Errorf("%q: write TENANT = SHARE, such as %s", item, example)
		}
		name, text := strings.TrimSpace(item[:i]), strings.TrimSpace(item[i+1:])
		if !slices.Contains(sys.Tenants, name) {
			return nil, fmt.Errorf("%q is not one of the system's tenants (have: %s)", name, strings.Join(sys.Tenants, ", "))
		}
		if _, twice := got[name]; twice {
			return nil, fmt.Errorf("%s has two shares: give each tenant one", name)
		}
		s, read, err := scenariofile.ParseTypedShare(text)
		if err != nil {
			return nil, fmt.Errorf("%s's share %q: %w", name, text, err)
		}
		got[name] = s
		words = append(words, name+" "+read)
	}
	out := make([]engine.TenantShare, 0, len(sys.Tenants))
	sum := 0.0
	for _, t := range sys.Tenants {
		s, ok := got[t]
		if !ok {
			return nil, fmt.Errorf("%s has no share: give every tenant one, such as %s", t, example)
		}
		sum += s
		out = append(out, engine.TenantShare{Tenant: t, Share: s})
	}
	if math.Abs(sum-1) > shareTolerance {
		// The sum as the shares were typed: in binary 70% and 20% add up
		// to 0.8999999999999999, which the refusal wrote out whole as
		// "89.99999999999999%". Twelve digits hold every share a user
		// types (and the tolerance's ninth) and drop that noise.
		shown, _ := strconv.ParseFloat(strconv.FormatFloat(sum, 'g', 12, 64), 64)
		return nil, fmt.Errorf("the tenants' shares must add up to 100%%, got %s (%s)", pane.PercentExact(shown), strings.Join(words, " + "))
	}
	return out, nil
}

// setShares gives every endpoint of every variant shares (a scenario
// file's endpoints each have their own; the builder's one field is all of
// them).
func setShares(sc *engine.Scenario, shares []engine.TenantShare) {
	for i := range sc.Variants {
		sys := &sc.Variants[i].System
		for j := range sys.Endpoints {
			sys.Endpoints[j].Tenants = slices.Clone(shares)
		}
	}
}

// shareOfTraffic is tenant's share of the endpoints' own traffic, each
// endpoint weighed by its rate (a burst is a fault, listed as one): the
// share itself when every endpoint gives it the same.
func shareOfTraffic(sys *engine.System, tenant string) (share float64, ok bool) {
	var total, its float64
	for _, e := range sys.Endpoints {
		rate := e.Rate
		if e.Interval > 0 {
			rate = 1 / e.Interval.Seconds()
		}
		total += rate
		for _, ts := range e.Tenants {
			if ts.Tenant == tenant {
				its += rate * ts.Share
			}
		}
	}
	if total == 0 {
		return 0, false
	}
	return its / total, true
}

// shareWords is a tenant's share for its line in the list: "70%",
// "33.3%".
func shareWords(sys *engine.System, tenant string) string {
	s, ok := shareOfTraffic(sys, tenant)
	if !ok {
		return ""
	}
	return " · " + percentTenths(s) + " of the traffic"
}

// percentTenths is a share to a tenth of a percent, as the parts list and
// the message line say it: "70%", "33.3%".
func percentTenths(s float64) string {
	return strings.TrimSuffix(strings.TrimRight(strconv.FormatFloat(s*100, 'f', 1, 64), "0"), ".") + "%"
}

// startShares opens the shares prompt, filled with the shares now.
func (m *Model) startShares() {
	sys := &m.sc.Variants[0].System
	if len(sys.Tenants) == 0 {
		m.msg, m.msgErr = "the system has no tenants to share the traffic: t adds one", true
		return
	}
	m.sharing = true
	m.msg, m.msgErr = "each tenant's share of every endpoint's traffic, as 50%, 50 or 0.5, adding up to 100%", false
	m.prompt = &playback.Prompt{Label: "shares", Input: sharesNow(sys), Hint: "TENANT = SHARE, ..."}
}

// sharesPrompt answers the shares prompt: the shares are set as one edit,
// or the prompt stays open with why not.
func (m *Model) sharesPrompt(input string) bool {
	m.msg, m.msgErr = "", false
	shares, err := parseShares(&m.sc.Variants[0].System, input)
	if err != nil {
		m.msg, m.msgErr = "refused: "+err.Error(), true
		m.prompt.Err = "not set: why is above"
		m.prompt.Select() // the next shares typed replace the refused ones
		return false
	}
	m.edit(func(sc *engine.Scenario) (string, error) {
		setShares(sc, shares)
		return m.cur().name, nil
	}, "")
	if m.msgErr {
		m.prompt.Err = "not set: why is above"
		m.prompt.Select() // the next shares typed replace the refused ones
		return false
	}
	if m.msg != "nothing changed" {
		words := make([]string, len(shares))
		for i, s := range shares {
			words[i] = s.Tenant + " " + pane.PercentExact(s.Share)
		}
		m.msg = fmt.Sprintf("every endpoint's traffic is now %s (u undoes it)", strings.Join(words, ", "))
	}
	return true
}
