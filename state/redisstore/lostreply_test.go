package redisstore_test

import (
	"context"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/referee-bot/referee/state/redisstore"
	"github.com/referee-bot/referee/state/redistest"
)

// dropProxy forwards TCP to a redis-server; once armed, it swallows the next
// reply coming back and closes that connection, as a network fault after the
// server acted would.
type dropProxy struct {
	ln    net.Listener
	to    string
	armed atomic.Bool
	wg    sync.WaitGroup
}

func newDropProxy(t *testing.T, to string) *dropProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &dropProxy{ln: ln, to: to}
	p.wg.Go(p.serve)
	t.Cleanup(func() { ln.Close(); p.wg.Wait() })
	return p
}

func (p *dropProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		s, err := net.Dial("tcp", p.to)
		if err != nil {
			c.Close()
			continue
		}
		p.wg.Go(func() { io.Copy(s, c); s.Close() })
		p.wg.Go(func() {
			buf := make([]byte, 64<<10)
			for {
				n, err := s.Read(buf)
				if n > 0 && p.armed.CompareAndSwap(true, false) {
					break
				}
				if n > 0 {
					if _, werr := c.Write(buf[:n]); werr != nil {
						break
					}
				}
				if err != nil {
					break
				}
			}
			c.Close()
			s.Close()
		})
	}
}

// TestLostReplyIsNotAReplay: the write's reply is lost and go-redis resends
// the script; the script finds the interaction recorded by this very call,
// and the caller is told it applied it (Replayed false), once.
func TestLostReplyIsNotAReplay(t *testing.T) {
	srv := redistest.StartLocal(t)
	proxy := newDropProxy(t, srv.Addr())
	s := open(t, "redis://"+proxy.ln.Addr().String()+"/0", redisstore.Options{})
	ctx := context.Background()
	if _, err := s.Update(ctx, "lost", "i0", counter); err != nil {
		t.Fatal(err)
	}
	a, err := s.Update(ctx, "lost", "i1", func(cur []byte) ([]byte, []byte, error) {
		proxy.armed.Store(true)
		return counter(cur)
	})
	if err != nil {
		t.Fatalf("Update with its reply lost once: %v", err)
	}
	if a.Replayed || string(a.Reply) != "2" {
		t.Errorf("Update with its reply lost once = %+v; want reply 2, not replayed", a)
	}
	if proxy.armed.Load() {
		t.Fatal("the proxy dropped nothing")
	}
	if doc, _, err := s.Get(ctx, "lost"); err != nil || string(doc) != "2" {
		t.Errorf("Get = %q, %v; want 2", doc, err)
	}
	if a, err := s.Update(ctx, "lost", "i1", counter); err != nil || !a.Replayed || string(a.Reply) != "2" {
		t.Errorf("redelivery = %+v, %v; want replayed reply 2", a, err)
	}
}
