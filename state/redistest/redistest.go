package redistest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// An Option changes how Start runs redis-server.
type Option func(*config)

type config struct {
	aof      bool
	always   bool
	unix     bool
	cluster  bool
	sentinel bool
}

// AOF turns the append-only file on with appendfsync everysec: the data
// survives Restart (a graceful shutdown flushes the file), but Kill
// may lose the last writes, since a busy disk lets Redis reply before it
// writes them.
func AOF() Option { return func(c *config) { c.aof = true } }

// AOFAlways turns the append-only file on with appendfsync always: every
// acknowledged write survives Kill. Each write waits for an fsync, so on a
// busy disk it is slow; use it for fault tests, not for load.
func AOFAlways() Option { return func(c *config) { c.aof, c.always = true, true } }

// Unix listens on a unix socket instead of a loopback TCP port; URL then has
// the unix:// form.
func Unix() Option { return func(c *config) { c.unix = true } }

// Cluster runs redis-server in cluster mode as a one-node cluster that owns
// all 16384 slots; URL then has the redis+cluster:// form. The server still
// refuses a command whose keys are in different slots, so it checks a
// client's hash tags as a real cluster would.
func Cluster() Option { return func(c *config) { c.cluster = true } }

// Sentinel also runs a Sentinel that monitors the server as master
// "referee"; URL then has the redis+sentinel:// form. Kill and Restart
// act on the master; the Sentinel keeps running.
func Sentinel() Option { return func(c *config) { c.sentinel = true } }

// MasterName is the master name Sentinel monitors.
const MasterName = "referee"

// A Server is a redis-server run by a test, or the external server named by
// REDIS_URL.
type Server struct {
	tb       testing.TB
	url      string
	external bool
	cfg      config

	mu       sync.Mutex
	addr     string // network address of redis-server: host:port, or a socket path
	network  string
	server   *proc
	sentinel *proc
}

// Start returns the server named by REDIS_URL if it is set, and otherwise
// starts a redis-server that is stopped when tb ends.
func Start(tb testing.TB, opts ...Option) *Server {
	tb.Helper()
	if u := os.Getenv("REDIS_URL"); u != "" {
		return &Server{tb: tb, url: u, external: true}
	}
	return StartLocal(tb, opts...)
}

// StartLocal starts a redis-server that is stopped when tb ends, whatever
// REDIS_URL says.
func StartLocal(tb testing.TB, opts ...Option) *Server {
	tb.Helper()
	s := &Server{tb: tb}
	for _, o := range opts {
		o(&s.cfg)
	}
	if s.cfg.cluster && (s.cfg.sentinel || s.cfg.unix) {
		tb.Fatal("redistest: Cluster cannot be combined with Sentinel or Unix")
	}
	bin, err := findServer()
	if err != nil {
		tb.Fatal(err)
	}
	dir := tb.TempDir()
	args := []string{
		"--bind", "127.0.0.1",
		"--dir", dir,
		"--save", "",
		"--daemonize", "no",
		"--loglevel", "warning",
	}
	args = append(args, s.cfg.aofArgs()...)
	if s.cfg.cluster {
		args = append(args, "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf")
	}
	s.server = &proc{bin: bin, dir: dir}
	tb.Cleanup(func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.server.stop(syscall.SIGKILL)
		if s.sentinel != nil {
			s.sentinel.stop(syscall.SIGKILL)
		}
	})

	if s.cfg.unix {
		// A socket path is limited to about 100 bytes; TempDir paths can be
		// longer, so the socket gets a short directory of its own.
		sockDir, err := os.MkdirTemp("", "redis")
		if err != nil {
			tb.Fatalf("redistest: %v", err)
		}
		tb.Cleanup(func() { os.RemoveAll(sockDir) })
		s.network, s.addr = "unix", filepath.Join(sockDir, "redis.sock")
		s.server.args = append(args, "--port", "0", "--unixsocket", s.addr, "--unixsocketperm", "700")
		s.url = "unix://" + s.addr
		if err := s.startServer(); err != nil {
			tb.Fatal(err)
		}
	} else {
		// A free port is found by listening and closing, so another process
		// may take it before redis-server binds it; try a few.
		s.network = "tcp"
		for try := 0; ; try++ {
			port, err := freePort()
			if err != nil {
				tb.Fatalf("redistest: %v", err)
			}
			s.addr = net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
			s.server.args = append(append([]string(nil), args...), "--port", strconv.Itoa(port))
			s.url = "redis://" + s.addr + "/0"
			if s.cfg.cluster {
				s.url = "redis+cluster://" + s.addr
			}
			err = s.startServer()
			if err == nil {
				break
			}
			if try == 4 {
				tb.Fatal(err)
			}
		}
	}
	if s.cfg.sentinel {
		if err := s.startSentinel(bin); err != nil {
			tb.Fatal(err)
		}
	}
	return s
}

// URL is the server's address in the form REDIS_URL takes.
func (s *Server) URL() string { return s.url }

// Addr is redis-server's own address (host:port, or a socket path), for
// tools that talk to it directly; empty for an external server.
func (s *Server) Addr() string { return s.addr }

// Kill ends redis-server at once with SIGKILL, as a crash would: without an
// append-only file its data is lost.
func (s *Server) Kill() {
	s.tb.Helper()
	s.skipExternal("Kill")
	s.mu.Lock()
	defer s.mu.Unlock()
	s.server.stop(syscall.SIGKILL)
}

// Pause freezes redis-server (SIGSTOP): connections stay open but nothing is
// answered, as with a hung server or a network partition. Resume undoes it.
func (s *Server) Pause() {
	s.tb.Helper()
	s.skipExternal("Pause")
	s.mu.Lock()
	defer s.mu.Unlock()
	s.server.signal(syscall.SIGSTOP)
}

// Resume lets a paused redis-server run again (SIGCONT).
func (s *Server) Resume() {
	s.tb.Helper()
	s.skipExternal("Resume")
	s.mu.Lock()
	defer s.mu.Unlock()
	s.server.signal(syscall.SIGCONT)
}

// Restart stops redis-server if it is running and starts it again on the same
// port or socket and directory, so that with AOF it reloads its data. It
// returns when the server answers PING (and, in a cluster, reports the
// cluster ok).
func (s *Server) Restart() {
	s.tb.Helper()
	s.skipExternal("Restart")
	s.mu.Lock()
	defer s.mu.Unlock()
	s.server.stop(syscall.SIGTERM)
	if err := s.startServer(); err != nil {
		s.tb.Fatal(err)
	}
}

func (s *Server) skipExternal(what string) {
	s.tb.Helper()
	if s.external {
		s.tb.Skipf("redistest: REDIS_URL is set; %s needs a redis-server of the test's own", what)
	}
}

func (s *Server) startServer() error {
	if err := s.server.start(); err != nil {
		return err
	}
	err := s.server.await(func() error {
		_, err := do(s.network, s.addr, "PING")
		return err
	})
	if err != nil || !s.cfg.cluster {
		return err
	}
	// A new node gets every slot; a restarted one has them in nodes.conf.
	info, err := do(s.network, s.addr, "CLUSTER", "INFO")
	if err != nil {
		return fmt.Errorf("redistest: CLUSTER INFO: %w", err)
	}
	if strings.Contains(info, "cluster_slots_assigned:0\r\n") {
		if _, err := do(s.network, s.addr, "CLUSTER", "ADDSLOTSRANGE", "0", "16383"); err != nil {
			return fmt.Errorf("redistest: CLUSTER ADDSLOTSRANGE: %w", err)
		}
	}
	return s.server.await(func() error {
		info, err := do(s.network, s.addr, "CLUSTER", "INFO")
		if err == nil && !strings.Contains(info, "cluster_state:ok\r\n") {
			err = errors.New("cluster_state is not ok")
		}
		return err
	})
}

func (s *Server) startSentinel(bin string) error {
	dir := s.tb.TempDir()
	port, err := freePort()
	if err != nil {
		return fmt.Errorf("redistest: %w", err)
	}
	host, mport, _ := net.SplitHostPort(s.addr)
	conf := filepath.Join(dir, "sentinel.conf")
	text := fmt.Sprintf("port %d\nbind 127.0.0.1\ndir %s\nsentinel monitor %s %s %s 1\n", port, dir, MasterName, host, mport)
	if err := os.WriteFile(conf, []byte(text), 0o600); err != nil {
		return fmt.Errorf("redistest: %w", err)
	}
	s.sentinel = &proc{bin: bin, dir: dir, args: []string{conf, "--sentinel", "--loglevel", "warning"}}
	if err := s.sentinel.start(); err != nil {
		return err
	}
	saddr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	err = s.sentinel.await(func() error {
		_, err := do("tcp", saddr, "SENTINEL", "GET-MASTER-ADDR-BY-NAME", MasterName)
		return err
	})
	if err != nil {
		return err
	}
	s.url = "redis+sentinel://" + saddr + "/" + MasterName + "/0"
	return nil
}

// A proc is one redis-server process, started and stopped again and again.
type proc struct {
	bin  string
	dir  string
	args []string

	cmd  *exec.Cmd
	done chan struct{}
	out  *syncBuffer
}

func (p *proc) start() error {
	out := &syncBuffer{}
	cmd := exec.Command(p.bin, p.args...)
	cmd.Stdout = out
	cmd.Stderr = out
	cmd.Dir = p.dir
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("redistest: start %s: %w", p.bin, err)
	}
	done := make(chan struct{})
	go func() {
		cmd.Wait()
		close(done)
	}()
	p.cmd, p.done, p.out = cmd, done, out
	return nil
}

// await polls ready until it succeeds, the process exits, or 10s pass.
func (p *proc) await(ready func() error) error {
	deadline := time.Now().Add(10 * time.Second)
	for {
		err := ready()
		if err == nil {
			return nil
		}
		select {
		case <-p.done:
			p.cmd = nil
			return fmt.Errorf("redistest: %s %s exited: %s", p.bin, strings.Join(p.args, " "), p.out.String())
		case <-time.After(10 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			p.stop(syscall.SIGKILL)
			return fmt.Errorf("redistest: %s %s not ready after 10s: %v\n%s", p.bin, strings.Join(p.args, " "), err, p.out.String())
		}
	}
}

func (p *proc) signal(sig syscall.Signal) {
	if p.cmd != nil {
		p.cmd.Process.Signal(sig)
	}
}

func (p *proc) stop(sig syscall.Signal) {
	if p.cmd == nil {
		return
	}
	p.cmd.Process.Signal(syscall.SIGCONT) // a paused server cannot act on SIGTERM
	p.cmd.Process.Signal(sig)
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
		p.cmd.Process.Kill()
		<-p.done
	}
	p.cmd = nil
}

// do sends one command over a fresh connection and returns a simple or bulk
// string reply; an error reply (e.g. -LOADING) is an error.
func do(network, addr string, args ...string) (string, error) {
	c, r, line, err := send(network, addr, args)
	if err != nil {
		return "", err
	}
	defer c.Close()
	switch {
	case strings.HasPrefix(line, "+"):
		return line[1:], nil
	case strings.HasPrefix(line, "-"):
		return "", errors.New(line[1:])
	case strings.HasPrefix(line, "$"):
		n, err := strconv.Atoi(line[1:])
		if err != nil || n < 0 {
			return "", fmt.Errorf("reply %q", line)
		}
		b := make([]byte, n+2)
		if _, err := io.ReadFull(r, b); err != nil {
			return "", err
		}
		return string(b[:n]), nil
	case strings.HasPrefix(line, "*"):
		return line, nil // an array (e.g. the master's address): enough to know it answered
	default:
		return "", fmt.Errorf("reply %q", line)
	}
}

// send sends one command over a fresh connection and reads the first line
// of its reply (without its CRLF); the caller reads the rest from r and
// closes c.
func send(network, addr string, args []string) (c net.Conn, r *bufio.Reader, line string, err error) {
	c, err = net.DialTimeout(network, addr, time.Second)
	if err != nil {
		return nil, nil, "", err
	}
	c.SetDeadline(time.Now().Add(2 * time.Second))
	var req bytes.Buffer
	fmt.Fprintf(&req, "*%d\r\n", len(args))
	for _, a := range args {
		fmt.Fprintf(&req, "$%d\r\n%s\r\n", len(a), a)
	}
	if _, err = c.Write(req.Bytes()); err == nil {
		r = bufio.NewReader(c)
		line, err = r.ReadString('\n')
	}
	if err != nil {
		c.Close()
		return nil, nil, "", err
	}
	return c, r, strings.TrimSuffix(line, "\r\n"), nil
}

// aofArgs are redis-server's arguments for the append-only file asked for.
func (c config) aofArgs() []string {
	switch {
	case c.always:
		return []string{"--appendonly", "yes", "--appendfsync", "always"}
	case c.aof:
		return []string{"--appendonly", "yes", "--appendfsync", "everysec"}
	}
	return []string{"--appendonly", "no"}
}

// startOnFreePort starts redis-server with args and --port of a free
// loopback port, and returns it with its address when it answers PING. A
// free port may be taken before redis-server binds it: it tries a few.
func startOnFreePort(bin, dir string, args []string) (*proc, string, error) {
	for try := 0; ; try++ {
		port, err := freePort()
		if err != nil {
			return nil, "", fmt.Errorf("redistest: %w", err)
		}
		addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
		p := &proc{bin: bin, dir: dir, args: append(append([]string(nil), args...), "--port", strconv.Itoa(port))}
		err = p.start()
		if err == nil {
			err = p.await(func() error { _, err := do("tcp", addr, "PING"); return err })
		}
		if err == nil {
			return p, addr, nil
		}
		if try == 4 {
			return nil, "", err
		}
	}
}

func findServer() (string, error) {
	if _, err := os.Stat("/usr/bin/redis-server"); err == nil {
		return "/usr/bin/redis-server", nil
	}
	if p, err := exec.LookPath("redis-server"); err == nil {
		return p, nil
	}
	return "", errors.New("redistest: redis-server not found at /usr/bin/redis-server or on PATH; " +
		"install it (apt-get install redis-server) or set REDIS_URL to a server the tests may write to")
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// syncBuffer collects a process's output for error messages.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
