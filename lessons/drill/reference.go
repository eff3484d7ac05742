package drill

// The reference documents (the project's seeds/ folder). Their facts and
// numbers carry over; every question and model answer in cards.toml is
// written in this project's own words.

// Reference is one of the documents the project was started from.
type Reference struct {
	// ID is how a card's source names it: "seeds/001".
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
