// Package scenariofile reads and writes scenario files: the TOML files in
// which teachers write scenarios of their own. Parse turns a file into an
// engine.Scenario, with messages that name the file, the line, what was
// wrong and what is allowed; Dump writes any scenario, the built-in ones
// included, as a file that Parse reads back to exactly the same results.
//
// It owns the file format and nothing else: it does no file I/O (it parses
// the bytes it is handed) and imports only the engine, its breaker, retry,
// ratelimit and shed packages, and go-toml.
//
// # The format
//
// SCHEMA.md, next to this file, is the reference, with a full commented
// example. In short:
//
//	name = "checkout-mini"            # optional: defaults to the file's name
//	summary = "one line"              # optional
//	duration = "6s"                   # durations are strings with a unit
//	measure_from = "500ms"            # the window the counts cover
//	measure_to = "3.5s"               #   (default: the whole run)
//
//	[system]                          # the base design, shared by every variant
//	workers = 16
//	queue = "unbounded"               # "none" (default), "unbounded" or a number
//
//	[[system.endpoints]]              # 1 to 64, in order
//	name = "checkout"
//	rate = 20                         # requests per second; or interval = "250ms"
//	calls = "payment"                 # a dependency's name, or left out
//	patience = "3s"                   # the client gives up after; or for ever
//
//	[[system.dependencies]]
//	name = "payment"
//	latency = { kind = "lognormal", p50 = "80ms", p99 = "200ms" }
//	faults = [{ kind = "slow", from = "500ms", to = "3.5s", latency = "10s" }]
//	policy = { timeout = "500ms", bulkhead = { size = 4 } }
//	                                  # or [system.dependencies.policy] with
//	                                  # .breaker and .retry sub-tables
//
//	[[variants]]                      # none: one variant named "default"
//	name = "faster traffic"
//	workers = 32                      # workers and queue replace the base's
//	[variants.endpoints.checkout]     # an endpoint's rate, interval, calls,
//	rate = 40                         #   patience, by its name
//	[variants.dependencies.payment]   # a dependency's latency, faults, policy
//	policy = {}                       #   by its name, each replaced WHOLE
//
// Bigger systems add, all optional:
//
//	[system]
//	tenants = ["acme", "globex"]      # endpoints split traffic among them
//	shed = { max_wait = "500ms" }     # load shedding at the accept queue
//	[[system.endpoints]]              # ... class = "sheddable",
//	                                  # tenants = { acme = 0.7, globex = 0.3 },
//	                                  # bursts = [{ from = "10s", to = "20s", rate = 400 }]
//	[[system.dependencies]]
//	name = "orders"
//	service = "orders"                # an edge to a service: no latency
//	policy = { timeout = "1s", propagate_deadline = true, cancel = "propagate",
//	           ratelimiter = { kind = "bucket", rate = 50 } }
//	[[system.services]]               # a server with its own pool and fleet
//	name = "orders"
//	workers = 16
//	instances = 3
//	[[system.services.dependencies]]  # its own edges, as [[system.dependencies]]
//	[variants.services.orders]        # workers, queue, instances, balancer,
//	                                  #   work, calls, shed, faults
//	[variants.services.orders.dependencies.db]  # as [variants.dependencies.X]
//
// A variant's policy replaces the base's policy for that dependency; it is
// not merged, so policy = {} means "no protection in this variant". A
// breaker table may start from a library's defaults, which its other keys
// override: breaker = { preset = "resilience4j", open_for = "1s" }.
//
// # Guarantees
//
// A scenario Parse returns has passed engine.Scenario.Validate and every one
// of its variants can start (engine.New). Parse never panics, whatever the
// input (FuzzParse checks it, and that whatever parses also dumps, parses
// back to the same value and runs). Dump refuses a scenario it cannot write
// faithfully: an invalid one, one whose variants differ in their endpoints,
// dependencies or services, one with a deadline margin on an edge that does
// not propagate deadlines, or one whose names are not UTF-8.
package scenariofile
