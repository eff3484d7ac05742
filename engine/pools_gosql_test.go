package engine_test

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A database pool's idle cap is checked against the real database/sql, as
// the transport's is against net/http (TestIdleCapMatchesNetHTTP): a
// *sql.DB over a test-only driver that counts the connections it opens and
// closes runs rounds of n queries at once, with MaxIdleConns left at its
// default and MaxOpenConns maxOpen (0: none); the engine runs the same
// rounds through a database pool whose idle cap is go-server's, so the
// scenario's knob is held to the library's default, not to a number
// copied from its source. Opens, closes and waits must agree, and for n
// past the cap the pool keeping every connection must not, or the pattern
// tests nothing.
func TestDatabaseIdleCapMatchesDatabaseSQL(t *testing.T) {
	idle := goServerDatabaseIdle(t)
	const rounds = 3
	for _, c := range []struct{ n, maxOpen int }{{1, 0}, {2, 0}, {3, 0}, {12, 0}, {12, 4}} {
		t.Run(fmt.Sprintf("%d at once, MaxOpenConns %d", c.n, c.maxOpen), func(t *testing.T) {
			real := realSQL(t, c.n, rounds, c.maxOpen)
			model := modelSQL(t, c.n, rounds, c.maxOpen, idle)
			t.Logf("database/sql %+v, engine %+v", real, model)
			if model != real {
				t.Errorf("%d rounds of %d queries at once: database/sql counted %+v, the engine with idle_per_host %d %+v",
					rounds, c.n, real, idle, model)
			}
			if kept := modelSQL(t, c.n, rounds, c.maxOpen, 0); idle > 0 && c.n > idle && kept == real {
				t.Errorf("the engine keeping every connection counted %+v, as database/sql did: the pattern does not test the cap", kept)
			}
		})
	}
}

// goServerDatabaseIdle is the idle cap of go-server's database pool, which
// every variant must share: each is database/sql with MaxIdleConns unset.
func goServerDatabaseIdle(t *testing.T) int {
	t.Helper()
	idle := -1
	for _, v := range scenarios.GoServer().Variants {
		found := false
		for _, p := range v.System.Pools {
			if p.Kind != engine.DatabasePool {
				continue
			}
			found = true
			if idle >= 0 && p.IdlePerHost != idle {
				t.Fatalf("go-server's variant %q keeps %d idle database connections, another %d: each leaves MaxIdleConns unset", v.Name, p.IdlePerHost, idle)
			}
			idle = p.IdlePerHost
		}
		if !found {
			t.Fatalf("go-server's variant %q has no database pool", v.Name)
		}
	}
	return idle
}

// sqlCounts is what both sides count of the rounds.
type sqlCounts struct {
	opens  int // connections opened (the engine's dials)
	closes int // connections closed (answered ones past the idle cap)
	waits  int // queries that waited for a connection (MaxOpenConns)
}

// realSQL runs rounds of n queries at once through a *sql.DB with
// database/sql's default idle cap and MaxOpenConns maxOpen. The driver
// answers queries in batches, once as many have arrived as the pool lets
// be in flight (n, or maxOpen), and once every query of the round past
// them is queued for a connection (DB.Stats' WaitCount), so that a
// connection that comes back finds the queries still waiting already
// queued; the next round starts once every query has returned, its
// connection put back idle or closed (database/sql does it before Exec
// returns).
func realSQL(t *testing.T, n, rounds, maxOpen int) sqlCounts {
	t.Helper()
	batch := n
	if maxOpen > 0 {
		batch = min(n, maxOpen)
	}
	conn := &countingConnector{batch: batch, release: make(chan struct{})}
	db := sql.OpenDB(conn)
	defer db.Close()
	db.SetMaxOpenConns(maxOpen)
	conn.db = db
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for round := range rounds {
		conn.waits.Store(int64((round + 1) * (n - batch)))
		errs := make(chan error, n)
		for range n {
			go func() {
				_, err := db.ExecContext(ctx, "query")
				errs <- err
			}()
		}
		for range n {
			if err := <-errs; err != nil {
				t.Fatalf("round %d: %v", round+1, err)
			}
		}
	}
	return sqlCounts{opens: int(conn.opens.Load()), closes: int(conn.closes.Load()), waits: int(db.Stats().WaitCount)}
}

// countingConnector is a test-only database: it counts the connections
// database/sql opens and closes, and its queries answer in batches.
type countingConnector struct {
	opens, closes atomic.Int64
	waits         atomic.Int64 // the WaitCount a batch waits for: every query past the first batch queued
	db            *sql.DB

	mu      sync.Mutex
	batch   int // queries a batch holds
	arrived int
	release chan struct{} // closed when the batch is full
}

func (c *countingConnector) Connect(context.Context) (driver.Conn, error) {
	c.opens.Add(1)
	return &countingConn{c: c}, nil
}

func (c *countingConnector) Driver() driver.Driver { return countingDriver{c} }

// countingDriver is the connector's driver.Driver, for a caller that opens
// by name (sql.OpenDB uses the connector).
type countingDriver struct{ c *countingConnector }

func (d countingDriver) Open(string) (driver.Conn, error) { return d.c.Connect(context.Background()) }

// query waits until its batch is full and the round's other queries are
// queued for a connection.
func (c *countingConnector) query(ctx context.Context) error {
	c.mu.Lock()
	c.arrived++
	ch := c.release
	if c.arrived == c.batch {
		close(c.release)
		c.arrived, c.release = 0, make(chan struct{})
	}
	c.mu.Unlock()
	timeout := time.NewTimer(5 * time.Second)
	defer timeout.Stop()
	select {
	case <-ch:
	case <-ctx.Done():
		return ctx.Err()
	case <-timeout.C:
		return errors.New("the batch's other queries never came")
	}
	for c.db.Stats().WaitCount < c.waits.Load() {
		select {
		case <-ctx.Done():
			return fmt.Errorf("queries queued %d, want %d: %w", c.db.Stats().WaitCount, c.waits.Load(), ctx.Err())
		case <-timeout.C:
			return fmt.Errorf("queries queued %d, want %d", c.db.Stats().WaitCount, c.waits.Load())
		case <-time.After(time.Millisecond):
		}
	}
	return nil
}

// countingConn is one connection; it runs queries through ExecContext only.
type countingConn struct{ c *countingConnector }

func (cn *countingConn) ExecContext(ctx context.Context, _ string, _ []driver.NamedValue) (driver.Result, error) {
	if err := cn.c.query(ctx); err != nil {
		return nil, err
	}
	return driver.RowsAffected(0), nil
}

func (cn *countingConn) Prepare(string) (driver.Stmt, error) {
	return nil, errors.New("the counting driver runs queries through ExecContext only")
}

func (cn *countingConn) Close() error {
	cn.c.closes.Add(1)
	return nil
}

func (cn *countingConn) Begin() (driver.Tx, error) {
	return nil, errors.New("the counting driver has no transactions")
}

// modelSQL runs the same rounds in the engine (modelRounds) through a
// database pool of size maxOpen (0: none) that keeps idle idle connections
// (0: every one).
func modelSQL(t *testing.T, n, rounds, maxOpen, idle int) sqlCounts {
	t.Helper()
	p := modelRounds(t, n, rounds, engine.Pool{Name: "database", Kind: engine.DatabasePool, Dial: time.Millisecond, Size: maxOpen, IdlePerHost: idle})
	return sqlCounts{opens: int(p.Dials), closes: int(p.IdleClosed + p.Closed), waits: int(p.Waited)}
}
