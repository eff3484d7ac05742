// Package scenariofile reads and writes scenario files: the TOML files in
// which teachers write scenarios of their own. Parse turns a file into an
// engine.Scenario, with messages that name the file, the line, what was
// wrong and what is allowed; Dump writes any scenario, the built-in ones
// included, as a file that Parse reads back to the same results.
//
// It owns the file format (documented in SCHEMA.md next to this file) and
// nothing else: it does no file I/O and imports only the engine, its breaker
// and retry packages, and go-toml.
package scenariofile
