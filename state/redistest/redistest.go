package redistest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
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
	aof  bool
	unix bool
}

// AOF turns the append-only file on with appendfsync always, so that every
// acknowledged write survives Kill and Restart.
func AOF() Option { return func(c *config) { c.aof = true } }

// Unix listens on a unix socket in the test's temporary directory instead of a
// loopback TCP port; URL then has the unix:// form.
func Unix() Option { return func(c *config) { c.unix = true } }

// A Server is a redis-server run by a test, or the external server named by
// REDIS_URL.
type Server struct {
	tb       testing.TB
	url      string
	external bool

	bin  string
	dir  string
	args []string

	mu   sync.Mutex
	cmd  *exec.Cmd
	done chan struct{}
	out  *syncBuffer
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
	var c config
	for _, o := range opts {
		o(&c)
	}
	bin, err := findServer()
	if err != nil {
		tb.Fatal(err)
	}
	s := &Server{tb: tb, bin: bin, dir: tb.TempDir()}
	args := []string{
		"--bind", "127.0.0.1",
		"--dir", s.dir,
		"--save", "",
		"--daemonize", "no",
		"--loglevel", "warning",
		"--databases", "1",
	}
	if c.aof {
		args = append(args, "--appendonly", "yes", "--appendfsync", "always")
	} else {
		args = append(args, "--appendonly", "no")
	}
	tb.Cleanup(func() { s.stop(syscall.SIGKILL) })

	if c.unix {
		// A socket path is limited to about 100 bytes; TempDir paths can be
		// longer, so the socket gets a short directory of its own.
		sockDir, err := os.MkdirTemp("", "redis")
		if err != nil {
			tb.Fatalf("redistest: %v", err)
		}
		tb.Cleanup(func() { os.RemoveAll(sockDir) })
		sock := filepath.Join(sockDir, "redis.sock")
		s.args = append(args, "--port", "0", "--unixsocket", sock, "--unixsocketperm", "700")
		s.url = "unix://" + sock
		if err := s.start(); err != nil {
			tb.Fatal(err)
		}
		return s
	}

	// The free port is found by listening and closing, so another process may
	// take it before redis-server binds it; try a few ports.
	for try := 0; ; try++ {
		port, err := freePort()
		if err != nil {
			tb.Fatalf("redistest: %v", err)
		}
		s.args = append(append([]string(nil), args...), "--port", strconv.Itoa(port))
		s.url = "redis://" + net.JoinHostPort("127.0.0.1", strconv.Itoa(port)) + "/0"
		err = s.start()
		if err == nil {
			return s
		}
		if try == 4 {
			tb.Fatal(err)
		}
	}
}

// URL is the server's address in the form REDIS_URL takes.
func (s *Server) URL() string { return s.url }

// External reports whether the server is the one named by REDIS_URL.
func (s *Server) External() bool { return s.external }

// Kill ends redis-server at once with SIGKILL, as a crash would: without an
// append-only file its data is lost.
func (s *Server) Kill() {
	s.tb.Helper()
	s.skipExternal("Kill")
	s.stop(syscall.SIGKILL)
}

// Stop shuts redis-server down gracefully (SIGTERM) and waits for it to exit.
func (s *Server) Stop() {
	s.tb.Helper()
	s.skipExternal("Stop")
	s.stop(syscall.SIGTERM)
}

// Restart stops redis-server if it is running and starts it again on the same
// port or socket and directory, so that with AOF it reloads its data. It
// returns when the server answers PING.
func (s *Server) Restart() {
	s.tb.Helper()
	s.skipExternal("Restart")
	s.stop(syscall.SIGTERM)
	if err := s.start(); err != nil {
		s.tb.Fatal(err)
	}
}

func (s *Server) skipExternal(what string) {
	s.tb.Helper()
	if s.external {
		s.tb.Skipf("redistest: REDIS_URL is set; %s needs a redis-server of the test's own", what)
	}
}

func (s *Server) start() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := &syncBuffer{}
	cmd := exec.Command(s.bin, s.args...)
	cmd.Stdout = out
	cmd.Stderr = out
	cmd.Dir = s.dir
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("redistest: start %s: %w", s.bin, err)
	}
	done := make(chan struct{})
	go func() {
		cmd.Wait()
		close(done)
	}()
	s.cmd, s.done, s.out = cmd, done, out

	deadline := time.Now().Add(10 * time.Second)
	for {
		err := ping(s.url)
		if err == nil {
			return nil
		}
		select {
		case <-done:
			s.cmd = nil
			return fmt.Errorf("redistest: redis-server %s exited: %s", strings.Join(s.args, " "), out.String())
		case <-time.After(10 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			<-done
			s.cmd = nil
			return fmt.Errorf("redistest: redis-server at %s not ready after 10s: %v\n%s", s.url, err, out.String())
		}
	}
}

func (s *Server) stop(sig syscall.Signal) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return
	}
	s.cmd.Process.Signal(sig)
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		s.cmd.Process.Kill()
		<-s.done
	}
	s.cmd = nil
}

// ping sends PING over a fresh connection and expects +PONG (not -LOADING).
func ping(u string) error {
	network, addr := "tcp", strings.TrimSuffix(strings.TrimPrefix(u, "redis://"), "/0")
	if rest, ok := strings.CutPrefix(u, "unix://"); ok {
		network, addr = "unix", rest
	}
	c, err := net.DialTimeout(network, addr, time.Second)
	if err != nil {
		return err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Second))
	if _, err := c.Write([]byte("PING\r\n")); err != nil {
		return err
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return err
	}
	if line != "+PONG\r\n" {
		return fmt.Errorf("PING: %q", strings.TrimSpace(line))
	}
	return nil
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

// syncBuffer collects redis-server's output for error messages.
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
