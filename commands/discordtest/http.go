package discordtest

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"sync"
	"time"
)

// httpMode is the double acting as Discord does for an HTTP interactions
// endpoint: it signs each interaction with its own Ed25519 key and POSTs it to
// the bot, and takes the HTTP answer as the interaction's callback.
type httpMode struct {
	pub  ed25519.PublicKey
	priv ed25519.PrivateKey

	mu        sync.Mutex
	endpoints []string
	next      int
	status    map[string]int // interaction id → HTTP status of the POST
	client    *http.Client
}

// keys returns the HTTP mode's state, creating it (and the signing key) on
// first use.
func (s *Server) keys() *httpMode {
	s.httpOnce.Do(func() {
		pub, priv, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			panic(fmt.Sprintf("discordtest: generate the signing key: %v", err))
		}
		s.httpm = &httpMode{
			pub: pub, priv: priv,
			status: map[string]int{},
			client: &http.Client{Timeout: time.Minute},
		}
	})
	return s.httpm
}

// PublicKey is the hex public key the double signs with: the bot's
// DISCORD_PUBLIC_KEY.
func (s *Server) PublicKey() string { return hex.EncodeToString(s.keys().pub) }

// Sign returns the X-Signature-Ed25519 header Discord would send with
// timestamp and body.
func (s *Server) Sign(timestamp string, body []byte) string {
	return hex.EncodeToString(ed25519.Sign(s.keys().priv, append([]byte(timestamp), body...)))
}

// PostTo switches the double to HTTP interactions: from now on every
// interaction sent (Slash, Press, Autocomplete, Send) is signed and POSTed to
// the endpoints in turn instead of being dispatched on the gateway, and the
// HTTP answer is taken as its callback, so Reply, Wait and WaitAnswered work
// as on the gateway. Followups, edits and DMs are served over REST as before.
func (s *Server) PostTo(endpoints ...string) {
	h := s.keys()
	h.mu.Lock()
	defer h.mu.Unlock()
	h.endpoints = append([]string(nil), endpoints...)
	h.next = 0
}

// posting reports whether interactions go out as HTTP POSTs.
func (s *Server) posting() bool {
	h := s.keys()
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.endpoints) > 0
}

// deliver sends an interaction the way the double is set to: POSTed to the
// next endpoint, or dispatched on the gateway. The caller holds s.mu.
func (s *Server) deliver(id, token string, body []byte) {
	if !s.posting() {
		s.dispatch(body)
		return
	}
	h := s.keys()
	h.mu.Lock()
	endpoint := h.endpoints[h.next%len(h.endpoints)]
	h.next++
	h.mu.Unlock()
	go s.post(endpoint, id, token, body)
}

// post signs and POSTs one interaction and records the answer as its
// callback once it has read it whole: until then, as Discord does, the
// double answers every call about the interaction's messages 404, code
// 10015 (Unknown Webhook).
func (s *Server) post(endpoint, id, token string, body []byte) {
	h := s.keys()
	status, header, answer := s.Post(endpoint, body, time.Now())
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.notify()
	h.mu.Lock()
	h.status[id] = status
	h.mu.Unlock()
	if status != http.StatusOK {
		return
	}
	if mt, _, _ := mime.ParseMediaType(header.Get("Content-Type")); mt == "multipart/form-data" {
		// Discord takes files with the callback endpoint, edits and
		// followups, never in the HTTP answer: the interaction fails.
		s.replies[id].Failed = "the endpoint answered multipart (with files); Discord takes only JSON there"
		return
	}
	s.checkAnswer(id, token, answer)
	// The answer is what the gateway transport would have POSTed to the
	// callback endpoint: record it the same way.
	r := &http.Request{
		Method: http.MethodPost,
		URL:    &url.URL{Path: "/interactions/" + id + "/" + token + "/callback"},
		Header: header,
		Body:   io.NopCloser(bytes.NewReader(answer)),
	}
	c := readCall(r)
	r.SetPathValue("id", id)
	r.SetPathValue("token", token)
	s.postCallback(httptest.NewRecorder(), r, &c)
}

// Post sends body to endpoint signed as Discord would at time at, and returns
// the answer's status, header and body (status 0 when the endpoint could not
// be reached).
func (s *Server) Post(endpoint string, body []byte, at time.Time) (int, http.Header, []byte) {
	ts := strconv.FormatInt(at.Unix(), 10)
	return s.PostRaw(endpoint, body, map[string]string{
		"X-Signature-Ed25519":   s.Sign(ts, body),
		"X-Signature-Timestamp": ts,
	})
}

// PostRaw sends body to endpoint with exactly the headers given (to forge,
// drop or replay a signature), and returns the answer's status, header and
// body (status 0 when the endpoint could not be reached).
func (s *Server) PostRaw(endpoint string, body []byte, headers map[string]string) (int, http.Header, []byte) {
	req, err := http.NewRequest(http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return 0, nil, nil
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Discord-Interactions/1.0 (+https://discord.com)")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := s.keys().client.Do(req)
	if err != nil {
		return 0, nil, nil
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, answer
}

// HTTPStatus is the status the bot's endpoint answered the interaction's POST
// with (0 while it is in flight, or when it went out on the gateway).
func (x *Sent) HTTPStatus() int {
	h := x.s.keys()
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.status[x.ID]
}
