package discord

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// DefaultAPIURL is Discord's own base URL.
const DefaultAPIURL = "https://discord.com"

// NewSession returns a bot session (not yet connected) whose REST calls go to
// apiURL instead of https://discord.com when they differ. discordgo keeps its
// endpoints in package variables; they are left alone: the session's HTTP
// client rewrites the scheme and host of every request for discord.com. The
// gateway websocket follows, because its URL is the one the (redirected)
// GET /api/v10/gateway returns.
func NewSession(token, apiURL string) (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, fmt.Errorf("discord: new session: %w", err)
	}
	transport, err := Redirect(http.DefaultTransport, apiURL)
	if err != nil {
		return nil, err
	}
	s.Client = &http.Client{Timeout: 20 * time.Second, Transport: transport}
	s.Identify.Intents = discordgo.IntentsNone
	s.StateEnabled = false
	return s, nil
}

// Redirect returns a RoundTripper that sends requests for discord.com to base
// (scheme, host and any path prefix) and passes every other request (an
// attachment on Discord's CDN, say) through unchanged. A base of
// https://discord.com returns next itself.
func Redirect(next http.RoundTripper, base string) (http.RoundTripper, error) {
	if base == "" || base == DefaultAPIURL {
		return next, nil
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("discord: API URL %q: want http(s)://host[:port]", base)
	}
	return redirect{next: next, to: u}, nil
}

type redirect struct {
	next http.RoundTripper
	to   *url.URL
}

func (t redirect) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host != "discord.com" {
		return t.next.RoundTrip(req)
	}
	out := req.Clone(req.Context())
	out.URL.Scheme = t.to.Scheme
	out.URL.Host = t.to.Host
	out.URL.Path = strings.TrimSuffix(t.to.Path, "/") + req.URL.Path
	if req.URL.RawPath != "" {
		out.URL.RawPath = strings.TrimSuffix(t.to.Path, "/") + req.URL.RawPath
	}
	out.Host = ""
	return t.next.RoundTrip(out)
}
