package redistest

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// A Group is a master with replicas, watched by a quorum of Sentinels, each
// a process of its own on a loopback port: killing the master makes the
// Sentinels promote a replica, as in a deployment. The Sentinels judge the
// master down after DownAfter, so that a fail-over takes a few seconds.
type Group struct {
	tb  testing.TB
	cfg config

	mu        sync.Mutex
	servers   []*proc
	addrs     []string // of servers
	sentinels []*proc
	saddrs    []string // of sentinels
}

// DownAfter is how long a Group's Sentinels wait for a silent master before
// they judge it down (down-after-milliseconds).
const DownAfter = time.Second

// failoverWait bounds the waits of a Group: for the Sentinels to know each
// other, for the replicas to catch up, for a fail-over to end.
const failoverWait = 60 * time.Second

// StartGroup starts a master with replicas (at least 1) and sentinels (at
// least 3, so that a majority remains to elect a leader) that is stopped when
// tb ends. It returns when every Sentinel knows the others and every replica,
// and the replicas are in sync. Of the options, AOF and AOFAlways apply (to
// every server); Unix, Cluster and Sentinel are refused.
func StartGroup(tb testing.TB, replicas, sentinels int, opts ...Option) *Group {
	tb.Helper()
	g := &Group{tb: tb}
	for _, o := range opts {
		o(&g.cfg)
	}
	switch {
	case g.cfg.unix || g.cfg.cluster || g.cfg.sentinel:
		tb.Fatal("redistest: StartGroup takes only AOF or AOFAlways")
	case replicas < 1:
		tb.Fatalf("redistest: a fail-over needs a replica; %d asked for", replicas)
	case sentinels < 3:
		tb.Fatalf("redistest: a fail-over needs at least 3 Sentinels; %d asked for", sentinels)
	}
	bin, err := findServer()
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		for _, p := range append(g.sentinels, g.servers...) {
			p.stop(syscall.SIGKILL)
		}
	})
	for i := range 1 + replicas {
		var of []string
		if i > 0 {
			host, port, _ := net.SplitHostPort(g.addrs[0])
			of = []string{"--replicaof", host, port}
		}
		if err := g.startServer(bin, of); err != nil {
			tb.Fatal(err)
		}
	}
	for range sentinels {
		if err := g.startSentinel(bin, sentinels/2+1); err != nil {
			tb.Fatal(err)
		}
	}
	if err := g.await("the Sentinels to know each other and the replicas", func() error {
		for _, a := range g.saddrs {
			m, err := doMap("tcp", a, "SENTINEL", "MASTER", MasterName)
			if err != nil {
				return err
			}
			if m["num-other-sentinels"] != strconv.Itoa(sentinels-1) || m["num-slaves"] != strconv.Itoa(replicas) {
				return fmt.Errorf("sentinel %s knows %s other sentinels and %s replicas", a, m["num-other-sentinels"], m["num-slaves"])
			}
		}
		return nil
	}); err != nil {
		tb.Fatal(err)
	}
	g.AwaitSynced()
	return g
}

// startServer starts one more redis-server on a free port, a replica of the
// master when of is given (--replicaof host port).
func (g *Group) startServer(bin string, of []string) error {
	dir := g.tb.TempDir()
	args := append([]string{"--bind", "127.0.0.1", "--dir", dir, "--save", "", "--daemonize", "no", "--loglevel", "warning"}, g.cfg.aofArgs()...)
	p, addr, err := startOnFreePort(bin, dir, append(args, of...))
	if err != nil {
		return err
	}
	g.mu.Lock()
	g.servers, g.addrs = append(g.servers, p), append(g.addrs, addr)
	g.mu.Unlock()
	return nil
}

// startSentinel starts one more Sentinel watching the first master, with
// quorum Sentinels needed to judge it down.
func (g *Group) startSentinel(bin string, quorum int) error {
	dir := g.tb.TempDir()
	host, mport, _ := net.SplitHostPort(g.addrs[0])
	for try := 0; ; try++ {
		port, err := freePort()
		if err != nil {
			return fmt.Errorf("redistest: %w", err)
		}
		conf := filepath.Join(dir, "sentinel.conf")
		m := MasterName
		text := fmt.Sprintf("port %d\nbind 127.0.0.1\ndir %s\n", port, dir) +
			fmt.Sprintf("sentinel monitor %s %s %s %d\n", m, host, mport, quorum) +
			fmt.Sprintf("sentinel down-after-milliseconds %s %d\n", m, DownAfter.Milliseconds()) +
			fmt.Sprintf("sentinel failover-timeout %s %d\n", m, (10*DownAfter).Milliseconds()) +
			fmt.Sprintf("sentinel parallel-syncs %s 1\n", m)
		if err := os.WriteFile(conf, []byte(text), 0o600); err != nil {
			return fmt.Errorf("redistest: %w", err)
		}
		addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
		p := &proc{bin: bin, dir: dir, args: []string{conf, "--sentinel", "--loglevel", "warning"}}
		err = p.start()
		if err == nil {
			err = p.await(func() error {
				_, err := doList("tcp", addr, "SENTINEL", "GET-MASTER-ADDR-BY-NAME", m)
				return err
			})
		}
		if err == nil {
			g.mu.Lock()
			g.sentinels, g.saddrs = append(g.sentinels, p), append(g.saddrs, addr)
			g.mu.Unlock()
			return nil
		}
		if try == 4 {
			return err
		}
	}
}

// URL is the group in the form REDIS_URL takes: redis+sentinel:// with every
// Sentinel's address and the master's name.
func (g *Group) URL() string {
	return "redis+sentinel://" + strings.Join(g.saddrs, ",") + "/" + MasterName + "/0"
}

// Master is the master's address as the Sentinels give it (the first that
// answers).
func (g *Group) Master() string {
	g.tb.Helper()
	var errs []error
	for _, a := range g.saddrs {
		hp, err := doList("tcp", a, "SENTINEL", "GET-MASTER-ADDR-BY-NAME", MasterName)
		if err == nil && len(hp) == 2 {
			return net.JoinHostPort(hp[0], hp[1])
		}
		errs = append(errs, fmt.Errorf("sentinel %s: %v %v", a, hp, err))
	}
	g.tb.Fatalf("redistest: no Sentinel names the master: %v", errors.Join(errs...))
	return ""
}

// AwaitSynced waits until every replica of the master has every write the
// master acknowledged (its offset is the master's): the replication being
// asynchronous, what a master acknowledged in the moment before it died
// may otherwise be lost with it.
func (g *Group) AwaitSynced() {
	g.tb.Helper()
	master := g.Master()
	want := len(g.addrs) - 1 - len(g.dead())
	if err := g.await("the replicas to catch up with "+master, func() error {
		info, err := do("tcp", master, "INFO", "replication")
		if err != nil {
			return err
		}
		fields := map[string]string{}
		for _, l := range strings.Split(info, "\r\n") {
			if k, v, ok := strings.Cut(l, ":"); ok {
				fields[k] = v
			}
		}
		if fields["role"] != "master" {
			return fmt.Errorf("%s is %s, not master", master, fields["role"])
		}
		synced := 0
		for i := range want {
			s := fields["slave"+strconv.Itoa(i)]
			if strings.Contains(s, "state=online") && strings.Contains(s, "offset="+fields["master_repl_offset"]+",") {
				synced++
			}
		}
		if synced != want {
			return fmt.Errorf("%d of %d replicas at offset %s: %v", synced, want, fields["master_repl_offset"], fields)
		}
		return nil
	}); err != nil {
		g.tb.Fatal(err)
	}
}

// KillMaster ends the master at once with SIGKILL, as a crash would, and
// returns its address. The Sentinels then promote a replica (AwaitFailover).
func (g *Group) KillMaster() string {
	g.tb.Helper()
	master := g.Master()
	g.mu.Lock()
	defer g.mu.Unlock()
	for i, a := range g.addrs {
		if a == master {
			g.servers[i].stop(syscall.SIGKILL)
			return master
		}
	}
	g.tb.Fatalf("redistest: the master %s is none of the group's servers %v", master, g.addrs)
	return ""
}

// AwaitFailover waits until every Sentinel names a master other than old,
// and that server answers as master; it returns its address.
func (g *Group) AwaitFailover(old string) string {
	g.tb.Helper()
	var master string
	if err := g.await("a replica to be promoted in place of "+old, func() error {
		master = ""
		for _, a := range g.saddrs {
			hp, err := doList("tcp", a, "SENTINEL", "GET-MASTER-ADDR-BY-NAME", MasterName)
			if err != nil || len(hp) != 2 {
				return fmt.Errorf("sentinel %s: %v %v", a, hp, err)
			}
			m := net.JoinHostPort(hp[0], hp[1])
			if m == old || master != "" && m != master {
				return fmt.Errorf("sentinel %s names %s", a, m)
			}
			master = m
		}
		info, err := do("tcp", master, "INFO", "replication")
		if err == nil && !strings.Contains(info, "role:master\r\n") {
			err = fmt.Errorf("%s is not master yet", master)
		}
		return err
	}); err != nil {
		g.tb.Fatal(err)
	}
	return master
}

// dead are the servers that are not running.
func (g *Group) dead() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []string
	for i, p := range g.servers {
		if p.cmd == nil {
			out = append(out, g.addrs[i])
		}
	}
	return out
}

// await polls ready every 50ms until it succeeds or failoverWait passes.
func (g *Group) await(what string, ready func() error) error {
	deadline := time.Now().Add(failoverWait)
	for {
		err := ready()
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("redistest: waited %s for %s: %v", failoverWait, what, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// doList sends one command and returns its reply, an array of bulk strings.
func doList(network, addr string, args ...string) ([]string, error) {
	c, r, line, err := send(network, addr, args)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	switch {
	case strings.HasPrefix(line, "-"):
		return nil, errors.New(line[1:])
	case line == "*-1":
		return nil, nil
	case !strings.HasPrefix(line, "*"):
		return nil, fmt.Errorf("reply %q, want an array", line)
	}
	n, err := strconv.Atoi(line[1:])
	if err != nil {
		return nil, fmt.Errorf("reply %q", line)
	}
	out := make([]string, 0, n)
	for range n {
		h, err := r.ReadString('\n')
		if err != nil {
			return nil, err
		}
		h = strings.TrimSuffix(h, "\r\n")
		size, err := strconv.Atoi(strings.TrimPrefix(h, "$"))
		if !strings.HasPrefix(h, "$") || err != nil || size < 0 {
			return nil, fmt.Errorf("array element %q, want a bulk string", h)
		}
		b := make([]byte, size+2)
		if _, err := io.ReadFull(r, b); err != nil {
			return nil, err
		}
		out = append(out, string(b[:size]))
	}
	return out, nil
}

// doMap sends one command whose reply is a flat array of names and values
// (SENTINEL MASTER) and returns it as a map.
func doMap(network, addr string, args ...string) (map[string]string, error) {
	l, err := doList(network, addr, args...)
	if err != nil {
		return nil, err
	}
	m := make(map[string]string, len(l)/2)
	for i := 0; i+1 < len(l); i += 2 {
		m[l[i]] = l[i+1]
	}
	return m, nil
}
