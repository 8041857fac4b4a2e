package redistest

import (
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// Nodes are a Redis Cluster of several masters on loopback ports, each a
// redis-server of its own, joined by redis-cli --cluster create with no
// replicas. Every master owns a third (or so) of the 16384 slots, so a client
// really follows MOVED redirections and a game's keys must share a slot.
type Nodes struct {
	tb    testing.TB
	cfg   config
	mu    sync.Mutex
	nodes []*proc
	addrs []string
}

// StartCluster starts a cluster of masters (at least 3, as redis-cli
// requires) that is stopped when tb ends. Of the options, AOF and AOFAlways
// apply (to every node); Unix, Cluster and Sentinel are refused.
func StartCluster(tb testing.TB, masters int, opts ...Option) *Nodes {
	tb.Helper()
	c := &Nodes{tb: tb}
	for _, o := range opts {
		o(&c.cfg)
	}
	if c.cfg.unix || c.cfg.cluster || c.cfg.sentinel {
		tb.Fatal("redistest: StartCluster takes only AOF or AOFAlways")
	}
	if masters < 3 {
		tb.Fatalf("redistest: a Redis Cluster needs at least 3 masters, not %d", masters)
	}
	bin, err := findServer()
	if err != nil {
		tb.Fatal(err)
	}
	cli, err := findCLI()
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		for _, n := range c.nodes {
			n.stop(syscall.SIGKILL)
		}
	})
	for range masters {
		if err := c.startNode(bin); err != nil {
			tb.Fatal(err)
		}
	}
	args := append([]string{"--cluster", "create"}, c.addrs...)
	args = append(args, "--cluster-replicas", "0", "--cluster-yes")
	if out, err := exec.Command(cli, args...).CombinedOutput(); err != nil {
		tb.Fatalf("redistest: redis-cli %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	if err := c.awaitOK(); err != nil {
		tb.Fatal(err)
	}
	return c
}

// startNode starts one more cluster node on a free loopback port.
func (c *Nodes) startNode(bin string) error {
	dir := c.tb.TempDir()
	args := []string{
		"--bind", "127.0.0.1", "--dir", dir, "--save", "", "--daemonize", "no", "--loglevel", "warning",
		"--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "5000",
	}
	p, addr, err := startOnFreePort(bin, dir, append(args, c.cfg.aofArgs()...))
	if err != nil {
		return err
	}
	c.mu.Lock()
	c.nodes = append(c.nodes, p)
	c.addrs = append(c.addrs, addr)
	c.mu.Unlock()
	return nil
}

// awaitOK waits until every node reports the cluster ok with every slot
// served and every other node known.
func (c *Nodes) awaitOK() error {
	want := fmt.Sprintf("cluster_known_nodes:%d\r\n", len(c.addrs))
	for i, addr := range c.addrs {
		err := c.nodes[i].await(func() error {
			info, err := do("tcp", addr, "CLUSTER", "INFO")
			switch {
			case err != nil:
				return err
			case !strings.Contains(info, "cluster_state:ok\r\n"):
				return errors.New("cluster_state is not ok")
			case !strings.Contains(info, "cluster_slots_ok:16384\r\n"):
				return errors.New("not every slot is served")
			case !strings.Contains(info, want):
				return errors.New("not every node is known yet")
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("redistest: cluster node %s: %w", addr, err)
		}
	}
	return nil
}

// URL is the cluster in the form REDIS_URL takes: redis+cluster:// and every
// master's address.
func (c *Nodes) URL() string { return "redis+cluster://" + strings.Join(c.addrs, ",") }

// Addrs are the masters' addresses (host:port).
func (c *Nodes) Addrs() []string { return append([]string(nil), c.addrs...) }

// Restart stops every node gracefully and starts them again on the same
// ports and directories: each reloads its slots from nodes.conf and, with AOF,
// its data. It returns when the cluster is ok again.
func (c *Nodes) Restart() {
	c.tb.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, n := range c.nodes {
		n.stop(syscall.SIGTERM)
	}
	for i, n := range c.nodes {
		if err := n.start(); err != nil {
			c.tb.Fatal(err)
		}
		addr := c.addrs[i]
		if err := n.await(func() error { _, err := do("tcp", addr, "PING"); return err }); err != nil {
			c.tb.Fatal(err)
		}
	}
	if err := c.awaitOK(); err != nil {
		c.tb.Fatal(err)
	}
}

func findCLI() (string, error) {
	if p, err := exec.LookPath("redis-cli"); err == nil {
		return p, nil
	}
	return "", errors.New("redistest: redis-cli not found on PATH; install it (apt-get install redis-tools)")
}
