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

// APIVersion is the version of Discord's API the bot's REST calls use.
// discordgo v0.29 builds its endpoints for v9 (discordgo.APIVersion), in
// package variables set at init; they are left alone, and the session's
// transport moves each call to v10 (Redirect).
const APIVersion = "10"

// NewSession returns a bot session (not yet connected) whose REST calls go to
// Discord's API v10, at apiURL instead of https://discord.com when they
// differ. discordgo keeps its endpoints in package variables; they are left
// alone: the session's HTTP client rewrites the version and, for another
// base, the scheme and host of every request for discord.com. The gateway
// websocket follows the base, because its URL is the one the (redirected)
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

// Redirect returns a RoundTripper that sends requests for discord.com's API
// to version APIVersion at base (scheme, host and any path prefix; base
// https://discord.com keeps them), and passes every other request (an
// attachment on Discord's CDN, say) through unchanged.
func Redirect(next http.RoundTripper, base string) (http.RoundTripper, error) {
	if base == "" {
		base = DefaultAPIURL
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

// discordgoAPI is the path prefix of discordgo's endpoints, and api the one
// the bot calls.
var (
	discordgoAPI = "/api/v" + discordgo.APIVersion + "/"
	api          = "/api/v" + APIVersion + "/"
)

func (t redirect) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host != "discord.com" {
		return t.next.RoundTrip(req)
	}
	out := req.Clone(req.Context())
	out.URL.Scheme = t.to.Scheme
	out.URL.Host = t.to.Host
	prefix := strings.TrimSuffix(t.to.Path, "/")
	out.URL.Path = prefix + versioned(req.URL.Path)
	if req.URL.RawPath != "" {
		out.URL.RawPath = prefix + versioned(req.URL.RawPath)
	}
	if t.to.Host != "discord.com" {
		out.Host = ""
	}
	return t.next.RoundTrip(out)
}

// versioned is path with discordgo's API version replaced by APIVersion.
func versioned(path string) string {
	if rest, ok := strings.CutPrefix(path, discordgoAPI); ok {
		return api + rest
	}
	return path
}
