package drill

import "github.com/breakerlab/breakerlab/lessons/facts"

// The reference documents (the project's seeds/ folder). Their facts and
// numbers carry over; every question and model answer in cards.toml is
// written in this project's own words. Their titles live in lessons/facts,
// whose guide.* facts cite the same documents: one table for both.

// Reference is one of the documents the project was started from.
type Reference = facts.Reference

// References lists the five documents, in the order of their file names.
var References = facts.References

// Cite writes a text for a reader: each reference's ID becomes the
// document's title in quotes. The data keeps the IDs, which the checks
// match on.
func Cite(text string) string { return facts.Cite(text) }
