package engine

import (
	"errors"
	"fmt"
	"time"
)

// Connection pools (issue 23): a client's pool of connections to the hosts
// it calls (Go's http.Transport with MaxConnsPerHost, aiohttp's connector
// with limit and limit_per_host) or a database pool (database/sql with
// SetMaxOpenConns). A dependency whose Pool names one takes a connection
// for each attempt, inside its policy's layers, right before the call is
// sent: an idle connection to its host if there is one, else a new one
// (a dial) if the limits allow, else it waits, parked, holding what it
// took before. The wait is bounded by the pool's Wait if set, and by the
// attempt's timeout; a caller that gives up closes its connection (Go and
// aiohttp close a connection whose request was cancelled), and its dial, if
// it was dialling, ends or runs on as Pool.AbandonedDial says; an answered
// call's connection goes back idle for the next call to that host. An edge
// to a service (over HTTP or gRPC) draws on a client pool the same way: its
// host is the service's address (its balancer, for a fleet), and the
// connection is held while the service answers. The run's side is
// pools_run.go.

// PoolKind names what a pool holds connections to.
type PoolKind uint8

const (
	// ClientPool holds connections to the hosts a client calls.
	ClientPool PoolKind = iota
	// DatabasePool holds connections to one database.
	DatabasePool
)

func (k PoolKind) String() string {
	if k == DatabasePool {
		return "database"
	}
	return "client"
}

// ParsePoolKind reads a pool kind as String writes it.
func ParsePoolKind(s string) (PoolKind, error) {
	switch s {
	case "client":
		return ClientPool, nil
	case "database":
		return DatabasePool, nil
	}
	return 0, fmt.Errorf("unknown pool kind %q (allowed: client, database)", s)
}

// AbandonedDial says what becomes of a dial whose caller gave up on it
// (its timeout fired, or a deadline) before it connected.
type AbandonedDial uint8

const (
	// DialCancelled ends the dial with its caller, and the room it took
	// goes to the next attempt at once: aiohttp's BaseConnector.connect
	// (aiohttp/connector.py) awaits _create_connection inside the
	// request's task, so the task's cancellation cancels the dial, and
	// its `except BaseException` releases the placeholder it counted
	// against limit and limit_per_host. database/sql's conn (sql.go)
	// dials with the request's context too (db.connector.Connect(ctx)),
	// so a database pool keeps this. (Its opener goroutine,
	// openNewConnection, dials for requests already queued with the DB's
	// own context, and finishes; the engine's waiters dial for themselves
	// when handed room, so that opener is not modelled.)
	DialCancelled AbandonedDial = iota
	// DialRunsOn lets the dial finish: it still counts against Size and
	// PerHost while it runs, and the connection it makes goes to an
	// attempt waiting for that host, or idle (under IdlePerHost), as an
	// answered call's does; a dial that fails just frees its room. This
	// is Go's http.Transport: getConn (net/http/transport.go, Go 1.26)
	// dials with `context.WithCancel(context.WithoutCancel(ctx))`, "the
	// dial should proceed even if the request is canceled, because a
	// future request may be able to make use of the connection";
	// queueForDial counts it in connsPerHost and dialConnFor runs it in
	// its own goroutine, and when tryDeliver finds its wantConn gone it
	// calls putOrCloseIdleConn; only a failed dial calls decConnsPerHost.
	DialRunsOn
)

func (a AbandonedDial) String() string {
	if a == DialRunsOn {
		return "finish"
	}
	return "cancel"
}

// ParseAbandonedDial reads an AbandonedDial as String writes it.
func ParseAbandonedDial(s string) (AbandonedDial, error) {
	switch s {
	case "cancel":
		return DialCancelled, nil
	case "finish":
		return DialRunsOn, nil
	}
	return 0, fmt.Errorf("unknown abandoned_dial %q (allowed: cancel, as aiohttp does; finish, as Go's http.Transport does)", s)
}

// Pool is a bounded pool of connections that dependencies share.
type Pool struct {
	Name string
	Kind PoolKind
	// Size caps the connections in use (and being dialled) over every
	// host: aiohttp's limit, database/sql's SetMaxOpenConns. Zero: no cap
	// (Go's http.Transport has none; with PerHost zero too, the pool is
	// unbounded, as Go's default Transport is). How many of the
	// connections that come back are kept idle is IdlePerHost's.
	Size int
	// PerHost caps them per dependency: Go's MaxConnsPerHost, aiohttp's
	// limit_per_host. Zero: no cap. A database pool has one host: the
	// dependencies that name it (its queries) share its connections.
	PerHost int
	// IdlePerHost caps the connections a host keeps idle: Go's
	// MaxIdleConnsPerHost, whose default (DefaultMaxIdleConnsPerHost) is
	// 2. A connection whose call answered goes to an attempt waiting for
	// that host if there is one, else it is kept idle if the host has
	// fewer than IdlePerHost idle, else it is closed, and the next call
	// past them dials anew: Transport.tryPutIdleConn in
	// net/http/transport.go (Go 1.26) hands the connection to a waiter
	// on idleConnWait first, and only then returns errTooManyIdleHost
	// when `len(idles) >= t.maxIdleConnsPerHost()`, and its caller,
	// putOrCloseIdleConn, closes the connection. So at 200 calls a second
	// with 12 in flight a default client dials almost every call. Zero
	// keeps every connection (Go's zero means its default, 2; here a file
	// that does not set it keeps the results it had): a transport tuned
	// with a MaxIdleConnsPerHost as large as its busiest host needs. A
	// database pool has one host, so this is database/sql's
	// SetMaxIdleConns, whose putConnDBLocked (database/sql/sql.go)
	// follows the same rule, a waiting request first. The total across
	// hosts (MaxIdleConns, 100 in DefaultTransport) is not modelled: a
	// system here has a host per dependency, far fewer than 100 / 2.
	IdlePerHost int
	// Wait bounds how long an attempt waits for a connection before it is
	// refused; zero means as long as its timeout allows (Go, aiohttp and
	// database/sql wait for ever, or until the context is done).
	Wait time.Duration
	// Dial is how long opening a new connection takes (TCP and TLS
	// handshakes, a database login); an idle connection is reused at once.
	Dial time.Duration
	// DialTimeout bounds a dial to a host that does not answer (an
	// unreachable fault; a hung one connects as usual): the dial fails
	// after it. Zero: it waits as long as the
	// attempt's timeout allows.
	DialTimeout time.Duration
	// AbandonedDial is what a caller that gives up during a dial does to
	// it: the zero value cancels it, as the engine always has.
	AbandonedDial AbandonedDial
}

// validatePools checks the system's pools and the dependencies' references
// to them.
func (sys *System) validatePools() error {
	if len(sys.Pools) > MaxPools {
		return fmt.Errorf("a system may have at most %d pools, got %d", MaxPools, len(sys.Pools))
	}
	names := map[string]bool{}
	for _, p := range sys.Pools {
		if p.Name == "" {
			return errors.New("a pool has no name")
		}
		if names[p.Name] {
			return fmt.Errorf("pool %q is defined twice", p.Name)
		}
		names[p.Name] = true
		switch {
		case p.Kind > DatabasePool:
			return fmt.Errorf("pool %q: kind must be client or database, got %v", p.Name, p.Kind)
		case p.Size < 0 || p.Size > MaxWorkers || p.PerHost < 0 || p.PerHost > MaxWorkers:
			return fmt.Errorf("pool %q: size and per_host must be between 0 (no cap) and %s, got %s and %s", p.Name, RateText(MaxWorkers), RateText(float64(p.Size)), RateText(float64(p.PerHost)))
		case p.AbandonedDial > DialRunsOn:
			return fmt.Errorf("pool %q: abandoned_dial must be cancel or finish, got %d", p.Name, p.AbandonedDial)
		case p.IdlePerHost < 0 || p.IdlePerHost > MaxWorkers:
			return fmt.Errorf("pool %q: idle_per_host must be between 0 (keep every connection) and %s, got %d", p.Name, RateText(MaxWorkers), p.IdlePerHost)
		case p.Kind == DatabasePool && p.PerHost != 0:
			return fmt.Errorf("pool %q: a database pool has one host: give it a size, not per_host", p.Name)
		case p.Wait < 0 || p.Dial < 0 || p.DialTimeout < 0:
			return fmt.Errorf("pool %q: wait, dial and dial_timeout must not be negative, got %s, %s and %s", p.Name, FormatDuration(p.Wait), FormatDuration(p.Dial), FormatDuration(p.DialTimeout))
		case p.Wait > DrainLimit || p.Dial > DrainLimit || p.DialTimeout > DrainLimit:
			return fmt.Errorf("pool %q: wait, dial and dial_timeout must be at most %s, got %s, %s and %s", p.Name, FormatDuration(DrainLimit), FormatDuration(p.Wait), FormatDuration(p.Dial), FormatDuration(p.DialTimeout))
		case p.DialTimeout > 0 && p.Dial >= p.DialTimeout:
			return fmt.Errorf("pool %q: a healthy host's dial (%s) must take less than the dial timeout (%s)", p.Name, FormatDuration(p.Dial), FormatDuration(p.DialTimeout))
		}
	}
	for _, d := range sys.Dependencies {
		if d.Pool != "" && !names[d.Pool] {
			return fmt.Errorf("dependency %q: pool %q is not one of the system's pools (have: %v)", d.Name, d.Pool, keys(names))
		}
		if d.Pool != "" && d.Service != "" && poolKind(sys.Pools, d.Pool) == DatabasePool {
			return fmt.Errorf("dependency %q: pool %q is a database pool, and %q is a service: give the edge a client pool", d.Name, d.Pool, d.Service)
		}
	}
	for _, s := range sys.Services {
		for _, d := range s.Dependencies {
			if d.Pool != "" {
				return fmt.Errorf("service %q: dependency %q: pools are the front service's; a service's edges take no pool", s.Name, d.Name)
			}
		}
	}
	return nil
}

// poolKind is the kind of the pool named name, which is one of pools.
func poolKind(pools []Pool, name string) PoolKind {
	for _, p := range pools {
		if p.Name == name {
			return p.Kind
		}
	}
	return ClientPool
}
