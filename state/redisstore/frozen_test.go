package redisstore_test

import (
	"context"
	"errors"
	"io"
	"net"
	"slices"
	"sync"
	"testing"

	"github.com/referee-bot/referee/state"
	"github.com/referee-bot/referee/state/redisstore"
	"github.com/referee-bot/referee/state/redistest"
)

// settledAsStored settles interaction id after its update was indeterminate
// and checks that the answer is the truth: applied with the update's reply
// and the counter at want, or not applied with the counter at want-1 and the
// interaction refused for good.
func settledAsStored(t *testing.T, s *redisstore.Store, ch, id, want string) {
	t.Helper()
	ctx := context.Background()
	got, err := s.Settle(ctx, ch, id)
	if err != nil {
		t.Fatalf("Settle(%s) once the server thawed: %v", id, err)
	}
	doc, _, err := s.Get(ctx, ch)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("settled %s: %+v; counter %s", id, got, doc)
	switch {
	case got.Applied && (string(got.Reply) != want || string(doc) != want):
		t.Errorf("Settle says applied with reply %q, counter %q; want both %q", got.Reply, doc, want)
	case !got.Applied && string(doc) == want:
		t.Errorf("Settle says not applied, but the counter is %q", doc)
	case !got.Applied:
		if _, err := s.Update(ctx, ch, id, counter); !errors.Is(err, state.ErrAbandoned) {
			t.Errorf("Update(%s) after it was settled as not applied = %v; want ErrAbandoned", id, err)
		}
	}
}

// TestFrozenOneRoundTrip: the store wrote the game last, so the update goes
// straight to the compare-and-set; redis-server is frozen before the call.
// The update is indeterminate, not "unavailable"; once the server thaws,
// Settle tells the truth.
func TestFrozenOneRoundTrip(t *testing.T) {
	srv := redistest.StartLocal(t)
	s := open(t, srv.URL(), redisstore.Options{})
	ctx := context.Background()
	if _, err := s.Update(ctx, "frozen1", "i0", counter); err != nil {
		t.Fatal(err)
	}
	srv.Pause()
	_, err := s.Update(ctx, "frozen1", "i1", counter)
	srv.Resume()
	if !errors.Is(err, state.ErrIndeterminate) || errors.Is(err, state.ErrUnavailable) {
		t.Fatalf("Update with the server frozen = %v; want ErrIndeterminate only", err)
	}
	settledAsStored(t, s, "frozen1", "i1", "2")
}

// TestFrozenTwoRoundTrips: the store reads the game first (it keeps no
// documents); redis-server frozen before the call fails the read, which is
// certain: nothing was changed. Frozen between the read and the write, the
// update is indeterminate, and Settle tells the truth once it thaws.
func TestFrozenTwoRoundTrips(t *testing.T) {
	srv := redistest.StartLocal(t)
	s := open(t, srv.URL(), redisstore.Options{Recent: -1})
	ctx := context.Background()
	if _, err := s.Update(ctx, "frozen2", "i0", counter); err != nil {
		t.Fatal(err)
	}

	srv.Pause()
	_, err := s.Update(ctx, "frozen2", "before", counter)
	srv.Resume()
	if !errors.Is(err, state.ErrUnavailable) || errors.Is(err, state.ErrIndeterminate) {
		t.Errorf("Update with the server frozen before its read = %v; want ErrUnavailable only", err)
	}
	if doc, _, err := s.Get(ctx, "frozen2"); err != nil || string(doc) != "1" {
		t.Errorf("Get after the refused update = %q, %v; want 1", doc, err)
	}

	_, err = s.Update(ctx, "frozen2", "i1", func(cur []byte) ([]byte, []byte, error) {
		srv.Pause() // after the read, before the write
		return counter(cur)
	})
	srv.Resume()
	if !errors.Is(err, state.ErrIndeterminate) || errors.Is(err, state.ErrUnavailable) {
		t.Fatalf("Update with the server frozen before its write = %v; want ErrIndeterminate only", err)
	}
	settledAsStored(t, s, "frozen2", "i1", "2")
}

// TestSettleBeforeTheWrite: the write is held on its way to Redis until after
// Settle ran; Settle says not applied, and the write, arriving then, changes
// nothing: "not recorded" is made true, not hoped.
func TestSettleBeforeTheWrite(t *testing.T) {
	srv := redistest.StartLocal(t)
	proxy := newHoldProxy(t, srv.Addr())
	s := open(t, "redis://"+proxy.ln.Addr().String()+"/0", redisstore.Options{})
	direct := open(t, srv.URL(), redisstore.Options{})
	ctx := context.Background()
	if _, err := s.Update(ctx, "held", "i0", counter); err != nil {
		t.Fatal(err)
	}
	proxy.hold()
	if _, err := s.Update(ctx, "held", "i1", counter); !errors.Is(err, state.ErrIndeterminate) {
		t.Fatalf("Update with its write held = %v; want ErrIndeterminate", err)
	}
	got, err := direct.Settle(ctx, "held", "i1")
	if err != nil || got.Applied {
		t.Fatalf("Settle while the write is held = %+v, %v; want not applied", got, err)
	}
	if n := proxy.release(); n == 0 {
		t.Fatal("the proxy held nothing")
	}
	if doc, _, err := direct.Get(ctx, "held"); err != nil || string(doc) != "1" {
		t.Errorf("Get after the held write arrived = %q, %v; want 1 (not applied)", doc, err)
	}
	if _, err := s.Update(ctx, "held", "i1", counter); !errors.Is(err, state.ErrAbandoned) {
		t.Errorf("Update(i1) after it was settled = %v; want ErrAbandoned", err)
	}
}

// holdProxy forwards TCP to a redis-server; while holding, what clients send
// is kept back (their connections to the server stay open) until release
// sends it and waits for the server's answers.
type holdProxy struct {
	ln net.Listener
	to string
	wg sync.WaitGroup

	mu       sync.Mutex
	holding  bool
	held     []*heldWrite
	released []*heldWrite // sent, not yet answered
}

type heldWrite struct {
	server   net.Conn
	b        []byte
	answered chan struct{}
}

func newHoldProxy(t *testing.T, to string) *holdProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &holdProxy{ln: ln, to: to}
	var conns []net.Conn
	var mu sync.Mutex
	p.wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", to)
			if err != nil {
				c.Close()
				continue
			}
			mu.Lock()
			conns = append(conns, c, s)
			mu.Unlock()
			p.wg.Go(func() { p.forward(c, s) })
			p.wg.Go(func() { p.back(s, c) })
		}
	})
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
		p.wg.Wait()
	})
	return p
}

func (p *holdProxy) hold() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.holding = true
}

// release sends what was held, waits for the server to answer each, and
// returns how many writes it held.
func (p *holdProxy) release() int {
	p.mu.Lock()
	held := p.held
	p.holding, p.held = false, nil
	p.mu.Unlock()
	for _, h := range held {
		p.mu.Lock()
		p.released = append(p.released, h)
		p.mu.Unlock()
		h.server.Write(h.b)
		<-h.answered
	}
	return len(held)
}

// forward copies client to server, or keeps it back while holding. The
// server connection stays open after the client goes while it has bytes
// held for it.
func (p *holdProxy) forward(client, server net.Conn) {
	buf := make([]byte, 64<<10)
	kept := false
	for {
		n, err := client.Read(buf)
		if n > 0 {
			p.mu.Lock()
			if p.holding {
				p.held = append(p.held, &heldWrite{server: server, b: append([]byte(nil), buf[:n]...), answered: make(chan struct{})})
				kept = true
			} else if _, werr := server.Write(buf[:n]); werr != nil {
				err = werr
			}
			p.mu.Unlock()
		}
		if err != nil {
			if !kept {
				server.Close()
			}
			return
		}
	}
}

// back copies server to client (which may be gone), telling a held write its
// answer came.
func (p *holdProxy) back(server, client net.Conn) {
	buf := make([]byte, 64<<10)
	for {
		n, err := server.Read(buf)
		if n > 0 {
			p.answer(server)
			client.Write(buf[:n])
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				client.Close()
			}
			return
		}
	}
}

// answer marks the first released, unanswered write to server answered.
func (p *holdProxy) answer(server net.Conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, h := range p.released {
		if h.server == server {
			close(h.answered)
			p.released = slices.Delete(p.released, i, i+1)
			return
		}
	}
}
