package discordtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Defaults of a new Server.
const (
	DefaultToken = "test-token"
	DefaultAppID = "100000000000000001"
	DefaultGuild = "200000000000000002"
)

// A Server is a running Discord double. Its methods are safe for concurrent use.
type Server struct {
	// URL is the base URL to give the bot as DISCORD_API_URL.
	URL string
	// Token is the bot token it accepts; AppID is the application (and bot
	// user) id; Guild is the guild interactions come from.
	Token, AppID, Guild string
	// Timeout bounds every Wait (default a minute): a Wait returns as soon as
	// its condition holds, so this is only how long a lost answer takes to
	// fail the test, however loaded the machine.
	Timeout time.Duration

	http *httptest.Server

	mu         sync.Mutex
	wake       chan struct{}
	nextID     int
	calls      []Call
	commands   map[string][]*discordgo.ApplicationCommand
	replies    map[string]*Reply // by interaction id
	tokens     map[string]string // interaction token → id
	dms        map[string][]Message
	channels   map[string][]Message
	threads    []Thread
	refuseDM   map[string]bool
	rateLimits []string
	// lag is how many calls about its messages each interaction's answer
	// is refused 10015 after it is recorded (LagAnswers); lagged counts
	// them by interaction token.
	lag         int
	lagged      map[string]int
	rejectAll   bool
	rejectIdent bool
	attachments map[string][]byte
	// violations and checked are the requests checked against Discord's
	// API description (spec.go).
	violations []string
	checked    map[string]int

	gw gateway

	// httpm is the HTTP interactions mode (http.go), made on first use.
	httpOnce sync.Once
	httpm    *httpMode

	// shards records the IDENTIFYs' shards (shards.go); guarded by mu.
	shards shardLog
}

// Start runs a double until the test ends, and then fails the test for
// every request the bot sent that Discord's API v10 refuses (Violations).
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{
		Token: DefaultToken, AppID: DefaultAppID, Guild: DefaultGuild,
		Timeout:     time.Minute,
		wake:        make(chan struct{}),
		commands:    map[string][]*discordgo.ApplicationCommand{},
		replies:     map[string]*Reply{},
		tokens:      map[string]string{},
		dms:         map[string][]Message{},
		channels:    map[string][]Message{},
		refuseDM:    map[string]bool{},
		lagged:      map[string]int{},
		attachments: map[string][]byte{},
		checked:     map[string]int{},
	}
	s.http = httptest.NewServer(s.routes())
	s.URL = s.http.URL
	t.Cleanup(func() { s.failViolations(t) }) // last: once the server is closed
	t.Cleanup(s.Close)
	return s
}

// Close drops the gateway connection and stops the server.
func (s *Server) Close() {
	s.DropSocket()
	s.http.CloseClientConnections()
	s.http.Close()
}

// A Call is one REST request the bot made.
type Call struct {
	Method string
	// Path is the request path without the /api/vN prefix; Version is the
	// vN.
	Path    string
	Version string
	Query   string
	Auth    string
	// JSON is the request body, or the payload_json part of a multipart body.
	JSON json.RawMessage
	// Files are the uploaded files by name.
	Files  map[string]string
	Status int
}

// Calls returns every REST call so far.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Call(nil), s.calls...)
}

// Commands returns the command definitions last registered globally (guild
// "") or in a guild.
func (s *Server) Commands(guild string) []*discordgo.ApplicationCommand {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.commands[guild]
}

// DMs returns the direct messages delivered to a user.
func (s *Server) DMs(userID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.dms[userID]...)
}

// ChannelMessages returns the messages posted to a channel over REST (not
// as interaction responses), as they now read (edited, or Deleted): what a
// timer sends, and the battle's turn messages.
func (s *Server) ChannelMessages(channel string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.channels[channel]...)
}

// RefuseDMs makes every direct message to the user fail with 403, code 50007.
func (s *Server) RefuseDMs(userID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refuseDM[userID] = true
}

// RateLimitOnce answers the next REST call whose path contains fragment with
// 429 and a short retry_after.
func (s *Server) RateLimitOnce(fragment string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rateLimits = append(s.rateLimits, fragment)
}

// RejectToken refuses the token everywhere: 401 on authenticated REST calls and
// close 4004 on IDENTIFY.
func (s *Server) RejectToken() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rejectAll = true
}

// RejectIdentify accepts the token on REST but closes the gateway with 4004 on
// IDENTIFY.
func (s *Server) RejectIdentify() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rejectIdent = true
}

// Wait blocks until cond is true, failing the test after Timeout. cond is
// evaluated after every change the double records; it may call the Server's
// accessors (Calls, DMs, Commands, Gateway, Sent.Reply).
func (s *Server) Wait(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.NewTimer(s.Timeout)
	defer deadline.Stop()
	for {
		// Take the wake channel before evaluating cond: a change made after
		// this point closes it, so none is missed.
		s.mu.Lock()
		wake := s.wake
		s.mu.Unlock()
		if cond() {
			return
		}
		select {
		case <-wake:
		case <-deadline.C:
			t.Fatalf("discordtest: timed out after %v waiting for %s", s.Timeout, what)
		}
	}
}

// notify wakes every Wait; the caller holds s.mu.
func (s *Server) notify() {
	close(s.wake)
	s.wake = make(chan struct{})
}

func (s *Server) newID() string {
	s.nextID++
	return fmt.Sprintf("9%017d", s.nextID)
}

// routes is the REST surface and the gateway endpoint.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	// The bot speaks API v10 (discord.NewSession); a call on another version
	// gets 404, as an unknown route, and is recorded with its Version.
	s.handle(mux, "/api/", false, unknownRoute)
	{
		const api = "/api/v10"
		s.handle(mux, "GET "+api+"/gateway", true, s.getGateway)
		s.handle(mux, "GET "+api+"/gateway/bot", true, s.getGateway)
		s.handle(mux, "GET "+api+"/users/@me", true, s.getMe)
		s.handle(mux, "PUT "+api+"/applications/{app}/commands", true, s.putCommands)
		s.handle(mux, "PUT "+api+"/applications/{app}/guilds/{guild}/commands", true, s.putCommands)
		s.handle(mux, "POST "+api+"/interactions/{id}/{token}/callback", false, s.postCallback)
		s.handle(mux, "GET "+api+"/webhooks/{app}/{token}/messages/{msg}", false, s.taken(s.getWebhookMessage))
		s.handle(mux, "PATCH "+api+"/webhooks/{app}/{token}/messages/{msg}", false, s.taken(s.patchWebhookMessage))
		s.handle(mux, "DELETE "+api+"/webhooks/{app}/{token}/messages/{msg}", false, s.taken(s.deleteWebhookMessage))
		s.handle(mux, "POST "+api+"/webhooks/{app}/{token}", false, s.taken(s.postFollowup))
		s.handle(mux, "POST "+api+"/users/@me/channels", true, s.postDMChannel)
		s.handle(mux, "POST "+api+"/channels/{channel}/messages", true, s.postChannelMessage)
		s.handle(mux, "GET "+api+"/channels/{channel}/messages/{msg}", true, s.getChannelMessage)
		s.handle(mux, "PATCH "+api+"/channels/{channel}/messages/{msg}", true, s.patchChannelMessage)
		s.handle(mux, "DELETE "+api+"/channels/{channel}/messages/{msg}", true, s.deleteChannelMessage)
		s.handle(mux, "POST "+api+"/channels/{channel}/threads", true, s.postThread)
		s.handle(mux, "PUT "+api+"/channels/{channel}/thread-members/{user}", true, s.putThreadMember)
	}
	mux.HandleFunc("GET /attachments/{id}", s.getAttachment)
	mux.HandleFunc("GET /gateway-ws", s.serveGateway)
	mux.HandleFunc("GET /gateway-ws/", s.serveGateway)
	return mux
}

type handlerFunc func(w http.ResponseWriter, r *http.Request, c *Call) int

// handle records each call, applies the knobs, and runs h with the lock held.
func (s *Server) handle(mux *http.ServeMux, pattern string, auth bool, h handlerFunc) {
	mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		c := readCall(r)
		s.mu.Lock()
		defer s.mu.Unlock()
		defer s.notify()
		s.checkBody(c.Method, c.Path, c.JSON)
		switch {
		case s.limited(c.Path):
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusTooManyRequests)
			io.WriteString(w, `{"message":"You are being rate limited.","retry_after":0.05,"global":false}`)
			c.Status = http.StatusTooManyRequests
		case auth && (s.rejectAll || c.Auth != "Bot "+s.Token):
			writeJSON(w, http.StatusUnauthorized, map[string]any{"message": "401: Unauthorized", "code": 0})
			c.Status = http.StatusUnauthorized
		default:
			c.Status = h(w, r, &c)
		}
		s.calls = append(s.calls, c)
	})
}

// unknownRoute answers a call the double does not serve as Discord does.
func unknownRoute(w http.ResponseWriter, r *http.Request, c *Call) int {
	return writeJSON(w, http.StatusNotFound, map[string]any{"message": "404: Not Found", "code": 0})
}

func (s *Server) limited(path string) bool {
	for i, f := range s.rateLimits {
		if strings.Contains(path, f) {
			s.rateLimits = append(s.rateLimits[:i], s.rateLimits[i+1:]...)
			return true
		}
	}
	return false
}

// apiPrefix is the versioned API prefix a Call's path is given without.
var apiPrefix = regexp.MustCompile(`^/api/v[0-9]+`)

func readCall(r *http.Request) Call {
	c := Call{
		Method:  r.Method,
		Path:    apiPrefix.ReplaceAllString(r.URL.Path, ""),
		Version: strings.TrimPrefix(apiPrefix.FindString(r.URL.Path), "/api/"),
		Query:   r.URL.RawQuery,
		Auth:    r.Header.Get("Authorization"),
	}
	body, _ := io.ReadAll(r.Body)
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "multipart/form-data" {
		c.JSON = body
		return c
	}
	c.Files = map[string]string{}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	for {
		p, err := mr.NextPart()
		if err != nil {
			break
		}
		b, _ := io.ReadAll(p)
		if p.FormName() == "payload_json" {
			c.JSON = b
		} else {
			c.Files[p.FileName()] = string(b)
		}
	}
	return c
}

func writeJSON(w http.ResponseWriter, status int, v any) int {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
	return status
}

func (s *Server) getGateway(w http.ResponseWriter, r *http.Request, c *Call) int {
	return writeJSON(w, http.StatusOK, map[string]any{
		"url": s.gatewayURL(), "shards": 1,
		"session_start_limit": map[string]int{"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": s.maxConcurrency()},
	})
}

func (s *Server) gatewayURL() string { return "ws" + strings.TrimPrefix(s.URL, "http") + "/gateway-ws" }

func (s *Server) getMe(w http.ResponseWriter, r *http.Request, c *Call) int {
	return writeJSON(w, http.StatusOK, map[string]any{"id": s.AppID, "username": "Referee", "bot": true})
}

func (s *Server) putCommands(w http.ResponseWriter, r *http.Request, c *Call) int {
	var defs []*discordgo.ApplicationCommand
	if err := json.Unmarshal(c.JSON, &defs); err != nil {
		return writeJSON(w, http.StatusBadRequest, map[string]any{"message": "Invalid Form Body", "code": 50035})
	}
	for _, d := range defs {
		d.ID = s.newID()
		d.ApplicationID = r.PathValue("app")
	}
	s.commands[r.PathValue("guild")] = defs
	return writeJSON(w, http.StatusOK, defs)
}

func (s *Server) reply(token string) *Reply {
	if id, ok := s.tokens[token]; ok {
		return s.replies[id]
	}
	return nil
}

// LagAnswers makes the double take each interaction's answer late, as
// Discord may: after the answer is recorded, the first n calls about the
// interaction's messages (followups, edits, deletes) are still answered
// 404, code 10015 (Unknown Webhook). n is counted in calls, not time, so
// a test of the bot's retries does not depend on the machine's speed.
func (s *Server) LagAnswers(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lag = n
}

// taken wraps a handler of calls about an interaction's messages: while
// Discord has not taken the interaction's response (no callback recorded,
// or LagAnswers' calls not yet refused) it answers 404, code 10015.
func (s *Server) taken(h handlerFunc) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request, c *Call) int {
		token := r.PathValue("token")
		if rep := s.reply(token); rep != nil {
			late := rep.Callback != 0 && s.lagged[token] < s.lag
			if late {
				s.lagged[token]++
			}
			if rep.Callback == 0 || late {
				return writeJSON(w, http.StatusNotFound, map[string]any{"message": "Unknown Webhook", "code": 10015})
			}
		}
		return h(w, r, c)
	}
}

func unknownInteraction(w http.ResponseWriter) int {
	return writeJSON(w, http.StatusNotFound, map[string]any{"message": "Unknown interaction", "code": 10062})
}

func (s *Server) postCallback(w http.ResponseWriter, r *http.Request, c *Call) int {
	rep := s.reply(r.PathValue("token"))
	if rep == nil || rep.interaction.ID != r.PathValue("id") {
		return unknownInteraction(w)
	}
	if rep.Callback != 0 {
		return writeJSON(w, http.StatusBadRequest, map[string]any{"message": "Interaction has already been acknowledged.", "code": 40060})
	}
	var body struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data json.RawMessage                   `json:"data"`
	}
	if err := json.Unmarshal(c.JSON, &body); err != nil {
		return writeJSON(w, http.StatusBadRequest, map[string]any{"message": "Invalid Form Body", "code": 50035})
	}
	rep.Callback = body.Type
	rep.AckedAt = time.Now()
	switch body.Type {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseUpdateMessage:
		m := s.message(rep.interaction.ChannelID, body.Data, c.Files)
		if body.Type == discordgo.InteractionResponseUpdateMessage && rep.Original != nil {
			m.ID = rep.Original.ID
		}
		rep.Original = &m
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		m := s.message(rep.interaction.ChannelID, body.Data, nil)
		m.Thinking = true
		rep.Original = &m
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		var d discordgo.InteractionResponseData
		json.Unmarshal(body.Data, &d)
		rep.Choices = d.Choices
	}
	w.WriteHeader(http.StatusNoContent)
	return http.StatusNoContent
}

// webhookMessage finds the message a webhook request names, or answers as
// Discord does for an unknown interaction or message (and returns nil and the
// status written).
func (s *Server) webhookMessage(w http.ResponseWriter, r *http.Request) (*Message, int) {
	rep := s.reply(r.PathValue("token"))
	if rep == nil {
		return nil, unknownInteraction(w)
	}
	m := rep.find(r.PathValue("msg"))
	if m == nil || m.Deleted {
		return nil, writeJSON(w, http.StatusNotFound, map[string]any{"message": "Unknown Message", "code": 10008})
	}
	return m, 0
}

func (s *Server) getWebhookMessage(w http.ResponseWriter, r *http.Request, c *Call) int {
	m, status := s.webhookMessage(w, r)
	if m == nil {
		return status
	}
	return writeJSON(w, http.StatusOK, m.wire())
}

func (s *Server) patchWebhookMessage(w http.ResponseWriter, r *http.Request, c *Call) int {
	m, status := s.webhookMessage(w, r)
	if m == nil {
		return status
	}
	*m = s.edit(*m, c.JSON, c.Files)
	return writeJSON(w, http.StatusOK, m.wire())
}

func (s *Server) deleteWebhookMessage(w http.ResponseWriter, r *http.Request, c *Call) int {
	m, status := s.webhookMessage(w, r)
	if m == nil {
		return status
	}
	m.Deleted = true
	w.WriteHeader(http.StatusNoContent)
	return http.StatusNoContent
}

func (s *Server) postFollowup(w http.ResponseWriter, r *http.Request, c *Call) int {
	rep := s.reply(r.PathValue("token"))
	if rep == nil {
		return unknownInteraction(w)
	}
	m := s.message(rep.interaction.ChannelID, c.JSON, c.Files)
	rep.Followups = append(rep.Followups, m)
	return writeJSON(w, http.StatusOK, m.wire())
}

func dmChannel(userID string) string { return "dm-" + userID }

// postThread opens a thread of a channel: a channel of its own, named.
func (s *Server) postThread(w http.ResponseWriter, r *http.Request, c *Call) int {
	var body struct {
		Name string `json:"name"`
		Type int    `json:"type"`
	}
	if err := json.Unmarshal(c.JSON, &body); err != nil || body.Name == "" || len(body.Name) > 100 {
		return writeJSON(w, http.StatusBadRequest, map[string]any{"message": "Invalid Form Body", "code": 50035})
	}
	id := s.newID()
	s.threads = append(s.threads, Thread{ID: id, Parent: r.PathValue("channel"), Name: body.Name, Type: body.Type})
	return writeJSON(w, http.StatusCreated, map[string]any{"id": id, "name": body.Name, "type": body.Type, "parent_id": r.PathValue("channel")})
}

// putThreadMember adds a member to a thread the bot opened.
func (s *Server) putThreadMember(w http.ResponseWriter, r *http.Request, c *Call) int {
	for i := range s.threads {
		if s.threads[i].ID == r.PathValue("channel") {
			s.threads[i].Members = append(s.threads[i].Members, r.PathValue("user"))
			w.WriteHeader(http.StatusNoContent)
			return http.StatusNoContent
		}
	}
	return writeJSON(w, http.StatusNotFound, map[string]any{"message": "Unknown Channel", "code": 10003})
}

// A Thread is a thread a bot opened: Type 11 public, 12 private.
type Thread struct {
	ID, Parent, Name string
	Type             int
	Members          []string
}

// Threads returns the threads opened, oldest first.
func (s *Server) Threads() []Thread {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Thread(nil), s.threads...)
}

func (s *Server) postDMChannel(w http.ResponseWriter, r *http.Request, c *Call) int {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := json.Unmarshal(c.JSON, &body); err != nil || body.RecipientID == "" {
		return writeJSON(w, http.StatusBadRequest, map[string]any{"message": "Invalid Form Body", "code": 50035})
	}
	return writeJSON(w, http.StatusOK, map[string]any{
		"id": dmChannel(body.RecipientID), "type": 1,
		"recipients": []map[string]string{{"id": body.RecipientID}},
	})
}

func (s *Server) postChannelMessage(w http.ResponseWriter, r *http.Request, c *Call) int {
	ch := r.PathValue("channel")
	m := s.message(ch, c.JSON, c.Files)
	if user, ok := strings.CutPrefix(ch, "dm-"); ok {
		if s.refuseDM[user] {
			return writeJSON(w, http.StatusForbidden, map[string]any{"message": "Cannot send messages to this user", "code": 50007})
		}
		s.dms[user] = append(s.dms[user], m)
	} else {
		s.channels[ch] = append(s.channels[ch], m)
	}
	return writeJSON(w, http.StatusOK, m.wire())
}

// channelMessage finds a message posted in a channel over REST, or
// answers as Discord does for an unknown one (and returns nil and the
// status written).
func (s *Server) channelMessage(w http.ResponseWriter, r *http.Request) (*Message, int) {
	ms := s.channels[r.PathValue("channel")]
	for i := range ms {
		if ms[i].ID == r.PathValue("msg") && !ms[i].Deleted {
			return &ms[i], 0
		}
	}
	return nil, writeJSON(w, http.StatusNotFound, map[string]any{"message": "Unknown Message", "code": 10008})
}

func (s *Server) getChannelMessage(w http.ResponseWriter, r *http.Request, c *Call) int {
	m, status := s.channelMessage(w, r)
	if m == nil {
		return status
	}
	return writeJSON(w, http.StatusOK, m.wire())
}

// patchChannelMessage edits a message the bot posted, as Discord does: the
// fields given replace the message's.
func (s *Server) patchChannelMessage(w http.ResponseWriter, r *http.Request, c *Call) int {
	m, status := s.channelMessage(w, r)
	if m == nil {
		return status
	}
	*m = s.edit(*m, c.JSON, c.Files)
	return writeJSON(w, http.StatusOK, m.wire())
}

func (s *Server) deleteChannelMessage(w http.ResponseWriter, r *http.Request, c *Call) int {
	m, status := s.channelMessage(w, r)
	if m == nil {
		return status
	}
	m.Deleted = true
	w.WriteHeader(http.StatusNoContent)
	return http.StatusNoContent
}

// DeleteMessage deletes a message posted in a channel, as a moderator
// would: the bot's next edit of it finds it gone (404, code 10008).
func (s *Server) DeleteMessage(channel, id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.notify()
	for i := range s.channels[channel] {
		if s.channels[channel][i].ID == id {
			s.channels[channel][i].Deleted = true
		}
	}
}

func (s *Server) getAttachment(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	b, ok := s.attachments[r.PathValue("id")]
	s.mu.Unlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Write(b)
}
