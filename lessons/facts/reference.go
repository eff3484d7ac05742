package facts

import "regexp"

// The reference documents (the project's seeds/ folder) are where the
// guide.* facts and the drill's cards come from. A reader does not have
// that folder, so a text names a document by its title; this is the one
// table of titles, which the drill reads too.

// Reference is one of the documents the project was started from.
type Reference struct {
	// ID is how the project's own data names it: "seeds/001".
	ID    string
	Title string
}

// References lists the five documents, in the order of their file names.
var References = []Reference{
	{"seeds/000", "Circuit breakers, bulkheads and shuffle sharding"},
	{"seeds/001", "Circuit breaker and bulkhead: a slow provider must not take down the whole API"},
	{"seeds/002", "Circuit breakers and bulkheads in asyncio"},
	{"seeds/003", "Circuit breaker and bulkhead patterns"},
	{"seeds/004", "Circuit breakers: failing fast when a dependency is sick"},
}

// seedRE finds a reference's ID in a text.
var seedRE = regexp.MustCompile(`\bseeds/\d{3}\b`)

// Cite writes a text for a reader: each reference's ID ("seeds/002", the
// project's own file name, meaningless to a learner) becomes the
// document's title in quotes. An ID the table does not know stays as it
// is, so a test that looks for IDs in printed text finds it.
func Cite(text string) string {
	return seedRE.ReplaceAllStringFunc(text, func(id string) string {
		for _, r := range References {
			if r.ID == id {
				return "“" + r.Title + "”"
			}
		}
		return id
	})
}
