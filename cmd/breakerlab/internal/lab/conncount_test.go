package lab

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestConnFiguresShareOneCounter: for one run of the Go server, the
// table's conn, the JSON's in_use_max and the live view's most
// connections in use are one figure, read from one counter; the
// connections open, idle ones included, are the JSON's open_max apart.
// The table and the JSON read the most open while the live view read the
// most in use, so the same word named two counts. The run here opens a
// connection that never carries a call beside one that did (as the
// Transport does when a call it dialled for takes an idle connection
// first): two open at most, one in use.
func TestConnFiguresShareOneCounter(t *testing.T) {
	l, _ := oneGoCheckout(t, None)
	cfg := l.Config
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	spare, err := l.API.transport.DialContext(ctx, "tcp", l.Provider.srv.addr())
	if err != nil {
		t.Fatal(err)
	}
	defer spare.Close()

	res := Result{Config: cfg, Variant: cfg.VariantName(), Go: l.API.goStats()}
	var b strings.Builder
	if err := WriteTable(&b, []Result{res}); err != nil {
		t.Fatal(err)
	}
	table := -1
	for _, line := range strings.Split(b.String(), "\n") {
		if f := strings.Fields(line); strings.HasPrefix(line, res.Variant+" ") && len(f) > 0 {
			if table, err = strconv.Atoi(f[len(f)-1]); err != nil {
				t.Fatalf("the measured row's conn %q: %v", f[len(f)-1], err)
			}
		}
	}
	var r Report
	var v Variant
	addGo(&r, &v, res)
	pool, ok := v.Pools[transportPool]
	if !ok {
		t.Fatalf("the JSON has no %s pool: %+v", transportPool, v.Pools)
	}
	snap := l.Snapshot(NewLive(cfg))
	if len(snap.Pools) != 1 {
		t.Fatalf("the live view's snapshot has %d pools, want the transport", len(snap.Pools))
	}
	live := snap.Pools[0].InUseMax
	if table != 1 || pool.InUseMax != 1 || live != 1 {
		t.Errorf("most connections in use: table's conn %d, JSON's in_use_max %d, live view's %d; want the one call's 1 in all three", table, pool.InUseMax, live)
	}
	if pool.OpenMax != 2 {
		t.Errorf("the JSON's open_max is %d, want the 2 open (one idle)", pool.OpenMax)
	}
}
