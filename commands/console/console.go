package console

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// Defaults of Console.
const (
	DefaultChannel = "console"
	DefaultUser    = "player"
	guild          = "console"
)

// A Console serves command lines read from an input.
type Console struct {
	Router *interaction.Router
	// Commands are the slash-command definitions lines are parsed against.
	Commands []*discordgo.ApplicationCommand
	// Channel is the channel every line is played in; User speaks unless a line
	// names another with @name.
	Channel, User string
	// JSON prints one JSON object per command line instead of text.
	JSON bool
	// Echo repeats each command line before its answer (for piped input, so
	// that a transcript reads on its own).
	Echo bool
	// Stop ends the run at the first line refused (a mistyped line, a
	// refusal, an error): a script goes no further than what it meant.
	Stop bool
	// Clock, when set, is the battles' clock, which !advance moves on; Timer
	// then fires what falls due, delivering it to Outbox.
	Clock  *Clock
	Timer  Ticker
	Outbox *Outbox

	run     string
	n       int
	read    int                    // lines read
	buttons [][]interaction.Button // of each message shown
	outcome interaction.Outcome
	// laters brings answers that follow up earlier ones (Later); pending
	// counts those still owed.
	laters  chan followup
	pending int
}

// A followup is an answer that comes after a line's own, for its speaker.
type followup struct {
	speaker string
	resp    interaction.Response
}

// Run reads lines from in until it ends or ctx is done, and writes the answers
// to out. Errors in a line are answered and reading goes on, unless Stop is
// set: then Run ends at the first line refused with a *Refused. Run fails
// otherwise only when out cannot be written or in cannot be read.
func (c *Console) Run(ctx context.Context, in io.Reader, out io.Writer) error {
	if c.Channel == "" {
		c.Channel = DefaultChannel
	}
	if c.User == "" {
		c.User = DefaultUser
	}
	// Interaction ids are unique across runs: the store remembers the ids it
	// has applied.
	var b [6]byte
	rand.Read(b[:])
	c.run = hex.EncodeToString(b[:])
	c.laters = make(chan followup)

	// Learn each request's outcome (ok, refused…) from the router, keeping any
	// observer already set.
	prev := c.Router.Observer
	c.Router.Observer = observerFunc(func(req interaction.Request, o interaction.Outcome, d time.Duration) {
		c.outcome = o
		if prev != nil {
			prev.Observe(req, o, d)
		}
	})
	defer func() { c.Router.Observer = prev }()

	lines := make(chan string)
	readErr := make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64<<10), interaction.MaxFileSize)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
		readErr <- sc.Err()
		close(lines)
	}()
	w := bufio.NewWriter(out)
	for {
		select {
		case <-ctx.Done():
			return w.Flush()
		case f := <-c.laters:
			c.pending--
			c.print(w, f.speaker, f.resp, "")
		case l, ok := <-lines:
			if !ok {
				if err := <-readErr; err != nil {
					return fmt.Errorf("console: read input: %w", err)
				}
				lines = nil // the input is over: wait for the answers still owed
				break
			}
			c.read++
			if !c.line(ctx, w, l) && c.Stop {
				if err := w.Flush(); err != nil {
					return fmt.Errorf("console: write output: %w", err)
				}
				return &Refused{Line: c.read, Text: strings.TrimSpace(l)}
			}
		}
		if err := w.Flush(); err != nil {
			return fmt.Errorf("console: write output: %w", err)
		}
		if lines == nil && c.pending == 0 {
			return nil
		}
	}
}

// later is a line's interaction.Later: its answer is printed when it comes,
// after whatever lines were served meanwhile.
func (c *Console) later(speaker string) interaction.Later {
	return func(ctx context.Context, resp interaction.Response) error {
		select {
		case c.laters <- followup{speaker, resp}:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

type observerFunc func(interaction.Request, interaction.Outcome, time.Duration)

func (f observerFunc) Observe(req interaction.Request, o interaction.Outcome, d time.Duration) {
	f(req, o, d)
}

// Refused is the end of a run at a line refused, when Console.Stop is set.
type Refused struct {
	Line int    // its number in the input, from 1
	Text string // the line
}

func (e *Refused) Error() string {
	return fmt.Sprintf("console: stopped at line %d, refused: %s (-keep-going plays on)", e.Line, e.Text)
}

// userID is a console user's stable id.
func userID(name string) string { return "console:" + strings.ToLower(name) }

// line serves one input line and reports whether it was served: false
// when it was mistyped or refused.
func (c *Console) line(ctx context.Context, w io.Writer, raw string) bool {
	l, err := splitLine(raw)
	if errors.Is(err, errSkip) {
		if !c.JSON && c.Echo && strings.HasPrefix(strings.TrimSpace(raw), "#") {
			fmt.Fprintln(w, strings.TrimSpace(raw))
		}
		return true
	}
	speaker := c.User
	if l.As != "" {
		speaker = l.As
	}
	here := c.Channel
	if l.In != "" {
		here = l.In
	}
	if c.Echo && !c.JSON {
		said := strings.TrimSpace(raw)
		if l.As != "" {
			said = strings.TrimSpace(strings.TrimPrefix(said, "@"+l.As))
		}
		where := ""
		if l.In != "" {
			said, where = strings.TrimSpace(strings.TrimPrefix(said, "#"+l.In)), " in #"+l.In
		}
		fmt.Fprintf(w, "\n» %s%s: %s\n", speaker, where, said)
	}
	if err != nil {
		c.print(w, speaker, interaction.Response{}, render.Sentence(err.Error()))
		return false
	}
	if l.Advance != "" {
		return c.advance(ctx, w, speaker, l.Advance)
	}
	c.n++
	req := interaction.Request{
		ID:          fmt.Sprintf("console-%s-%d", c.run, c.n),
		GuildID:     guild,
		ChannelID:   here,
		User:        interaction.User{ID: userID(speaker), Name: speaker},
		Permissions: discordgo.PermissionAll,
	}
	switch {
	case l.Command != "":
		req.Kind = interaction.KindCommand
		p := parser{defs: c.Commands, userID: userID}
		if err := p.parse(l.Command, &req); err != nil {
			c.print(w, speaker, interaction.Response{}, render.Sentence(err.Error()))
			return false
		}
	case l.Label != "":
		b, source, ok := c.button(l.Label)
		if !ok {
			c.print(w, speaker, interaction.Response{}, fmt.Sprintf("No button [%s] has been shown.", l.Label))
			return false
		}
		req.Kind, req.CustomID, req.Source = interaction.KindComponent, b.ID, source
	default:
		req.Kind, req.CustomID = interaction.KindComponent, l.PressID
		if _, source, ok := c.button(l.PressID); ok {
			req.Source = source
		}
	}
	c.outcome = interaction.OutcomeOK
	resp := c.Router.Serve(interaction.WithLater(ctx, c.later(speaker)), req)
	if c.outcome == interaction.OutcomeIndeterminate {
		c.pending++ // the truth follows
	}
	ok := c.outcome == interaction.OutcomeOK || c.outcome == interaction.OutcomeIndeterminate
	if err := postTurn(ctx, resp.Turn); err != nil {
		c.print(w, speaker, interaction.Response{}, render.Sentence(err.Error()))
		ok = false
	}
	errText := ""
	if c.outcome != interaction.OutcomeOK && len(resp.Ephemeral) > 0 && len(resp.Public) == 0 {
		errText = resp.Ephemeral[0].Content
		resp.Ephemeral = resp.Ephemeral[1:]
	}
	c.remember(resp)
	if here != c.Channel { // said in another channel: what it shows is posted there
		posts := make([]interaction.Post, 0, len(resp.Public)+len(resp.Posts))
		for _, m := range resp.Public {
			posts = append(posts, interaction.Post{ChannelID: here, Message: m})
		}
		resp.Public, resp.Posts = nil, append(posts, resp.Posts...)
	}
	c.print(w, speaker, resp, errText)
	return ok
}

// remember keeps the buttons of the messages shown, a message's together,
// newest last.
func (c *Console) remember(resp interaction.Response) {
	shown := resp.Public
	if tm := resp.Turn; tm != nil && tm.Show {
		shown = append([]interaction.Message{tm.Message}, shown...)
	}
	for _, group := range [][]interaction.Message{shown, resp.Ephemeral} {
		for _, m := range group {
			if len(m.Buttons) > 0 {
				c.buttons = append(c.buttons, m.Buttons)
			}
		}
	}
	if len(c.buttons) > 100 {
		c.buttons = c.buttons[len(c.buttons)-100:]
	}
}

// button finds the newest button shown with a label (or id), or else whose
// label starts with the text given ([Next] presses [Next count (umpire)]),
// with the buttons of its message (the press's Source).
func (c *Console) button(label string) (interaction.Button, []interaction.Button, bool) {
	for _, match := range []func(interaction.Button) bool{
		func(b interaction.Button) bool { return strings.EqualFold(b.Label, label) || b.ID == label },
		func(b interaction.Button) bool {
			return strings.HasPrefix(strings.ToLower(b.Label), strings.ToLower(label))
		},
	} {
		for i := len(c.buttons) - 1; i >= 0; i-- {
			for _, b := range slices.Backward(c.buttons[i]) {
				if match(b) {
					return b, c.buttons[i], true
				}
			}
		}
	}
	return interaction.Button{}, nil, false
}

func (c *Console) print(w io.Writer, speaker string, resp interaction.Response, errText string) {
	if c.JSON {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		enc.Encode(toJSON(resp, errText))
		return
	}
	writeText(w, speaker, resp, errText)
}
