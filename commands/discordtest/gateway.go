package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/gorilla/websocket"
)

// gateway is the websocket side of the double; its fields are guarded by
// Server.mu.
type gateway struct {
	conn       *wsConn
	ready      bool
	sessionID  string
	seq        int64
	identifies int
	resumes    int
	intents    int
	pending    []json.RawMessage
	closeCodes []int
}

type wsConn struct {
	mu sync.Mutex
	c  *websocket.Conn
}

func (w *wsConn) send(v any) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.c.WriteJSON(v)
}

func (w *wsConn) closeWith(code int, text string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(code, text))
	w.c.Close()
}

type frame struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d,omitempty"`
	S  int64           `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

var upgrader = websocket.Upgrader{}

// heartbeatInterval is what HELLO announces, in milliseconds.
const heartbeatInterval = 41250

func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	c, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	conn := &wsConn{c: c}
	defer func() {
		s.mu.Lock()
		if s.gw.conn == conn {
			s.gw.conn, s.gw.ready = nil, false
		}
		s.notify()
		s.mu.Unlock()
		c.Close()
	}()
	if conn.send(map[string]any{"op": 10, "d": map[string]int{"heartbeat_interval": heartbeatInterval}}) != nil {
		return
	}
	for {
		var f frame
		if err := c.ReadJSON(&f); err != nil {
			return
		}
		switch f.Op {
		case 1:
			conn.send(map[string]any{"op": 11})
		case 2:
			if !s.identify(conn, f.D) {
				return
			}
		case 6:
			if !s.resume(conn, f.D) {
				return
			}
		}
	}
}

func (s *Server) identify(conn *wsConn, d json.RawMessage) bool {
	var id struct {
		Token   string `json:"token"`
		Intents int    `json:"intents"`
	}
	json.Unmarshal(d, &id)
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.notify()
	if s.rejectAll || s.rejectIdent || id.Token != "Bot "+s.Token {
		s.gw.closeCodes = append(s.gw.closeCodes, 4004)
		conn.closeWith(4004, "Authentication failed.")
		return false
	}
	s.gw.identifies++
	s.gw.intents = id.Intents
	s.identified(d)
	s.gw.sessionID = fmt.Sprintf("session-%d", s.gw.identifies)
	s.gw.seq = 0
	s.gw.seq++
	ready := map[string]any{
		"v":                  10,
		"user":               map[string]any{"id": s.AppID, "username": "Referee", "bot": true},
		"session_id":         s.gw.sessionID,
		"resume_gateway_url": s.gatewayURL(),
		"guilds":             []any{},
		"application":        map[string]any{"id": s.AppID, "flags": 0},
	}
	b, _ := json.Marshal(ready)
	if conn.send(frame{Op: 0, T: "READY", S: s.gw.seq, D: b}) != nil {
		return false
	}
	s.gw.conn, s.gw.ready = conn, true
	s.flush()
	return true
}

func (s *Server) resume(conn *wsConn, d json.RawMessage) bool {
	var r struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	json.Unmarshal(d, &r)
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.notify()
	if s.rejectAll || r.Token != "Bot "+s.Token {
		s.gw.closeCodes = append(s.gw.closeCodes, 4004)
		conn.closeWith(4004, "Authentication failed.")
		return false
	}
	if r.SessionID != s.gw.sessionID {
		conn.send(map[string]any{"op": 9, "d": false})
		return true
	}
	s.gw.resumes++
	s.gw.conn, s.gw.ready = conn, true
	s.flush()
	s.gw.seq++
	return conn.send(frame{Op: 0, T: "RESUMED", S: s.gw.seq, D: json.RawMessage(`{}`)}) == nil
}

// flush sends the dispatches queued while no session was ready; the caller
// holds s.mu.
func (s *Server) flush() {
	for len(s.gw.pending) > 0 && s.gw.ready {
		s.gw.seq++
		if s.gw.conn.send(frame{Op: 0, T: "INTERACTION_CREATE", S: s.gw.seq, D: s.gw.pending[0]}) != nil {
			s.gw.seq--
			return
		}
		s.gw.pending = s.gw.pending[1:]
	}
}

// dispatch sends (or queues) an INTERACTION_CREATE; the caller holds s.mu.
func (s *Server) dispatch(d json.RawMessage) {
	s.gw.pending = append(s.gw.pending, d)
	s.flush()
}

// DropSocket closes the gateway connection abruptly, as a network failure
// would; interactions sent before the bot is back are queued.
func (s *Server) DropSocket() {
	s.mu.Lock()
	conn := s.gw.conn
	s.gw.conn, s.gw.ready = nil, false
	s.mu.Unlock()
	if conn != nil {
		conn.c.NetConn().Close()
	}
}

// WaitReady waits until a bot has identified (or resumed) and is connected.
func (s *Server) WaitReady(t testing.TB) {
	t.Helper()
	s.Wait(t, "the bot to connect to the gateway", func() bool {
		return s.Gateway().Connected
	})
}

// GatewayState is what the gateway has seen of the bot.
type GatewayState struct {
	Identifies int  // IDENTIFYs accepted
	Resumes    int  // RESUMEs accepted
	Intents    int  // the intents of the last IDENTIFY
	Connected  bool // a bot is connected and ready
}

// Gateway reports what the gateway has seen of the bot.
func (s *Server) Gateway() GatewayState {
	s.mu.Lock()
	defer s.mu.Unlock()
	return GatewayState{Identifies: s.gw.identifies, Resumes: s.gw.resumes, Intents: s.gw.intents, Connected: s.gw.ready}
}
