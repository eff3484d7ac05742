package engine

import "sort"

func sortStrings(s []string) { sort.Strings(s) }

// streamKey derives a random stream's identity from a name, so that an
// endpoint keeps its traffic when a variant reorders or adds endpoints.
func streamKey(name string, purpose uint64) uint64 {
	// FNV-1a, then mix in the purpose.
	h := uint64(14695981039346656037)
	for i := 0; i < len(name); i++ {
		h ^= uint64(name[i])
		h *= 1099511628211
	}
	return h ^ (purpose * 0x9e3779b97f4a7c15)
}
