package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// An Ack sends an interaction's initial response (callback types 4 to 8). The
// gateway transport posts it to the interaction callback endpoint (Callback); an
// HTTP interactions endpoint writes it as the body of its HTTP response. Handle
// calls it exactly once, within Discord's 3 seconds.
type Ack func(a *Answer) error

// Callback is the Ack of the gateway: a POST to the interaction's callback
// endpoint through the session.
func Callback(ctx context.Context, s *discordgo.Session, i *discordgo.Interaction) Ack {
	return func(a *Answer) error {
		return respond(s, i.ID, i.Token, a, discordgo.WithContext(ctx))
	}
}

// DefaultDeferAfter is how long a fast handler may run before its interaction is
// deferred anyway: well inside Discord's 3 seconds.
const DefaultDeferAfter = 2 * time.Second

// Messages the referee adds itself.
const (
	msgDone = "Done."
	msgDMed = "Sent by direct message."
	// msgTurn links the turn message a command changed: guild, channel, message.
	msgTurn = "Done: the [turn message](https://discord.com/channels/%s/%s/%s) shows it."
)

// A Responder runs interactions through a router and delivers the responses:
// the first public message is the interaction's own response (the callback, or
// an edit of the deferred original), further public messages are followups,
// ephemeral messages are followups flagged ephemeral (or the callback itself
// when there is no public message), a button press answered with UpdateSource
// edits the message the button is on, direct messages go to the users' DM
// channels (each opened once and remembered), with a fallback for users who
// refuse them, and the battle's turn message is edited in place (or posted)
// over REST with the bot token before anything else is answered, the
// interaction deferred for it (showTurn).
//
// A route marked Slow is deferred at once (a public "thinking…"); a fast one is
// answered directly unless its handler has not returned after DeferAfter, when
// it is deferred too. When a deferred command ends up with only ephemeral
// messages (a refusal, a secret), the public placeholder is deleted and the
// messages are sent as ephemeral followups.
type Responder struct {
	// REST sends followups, edits and direct messages; its Client fetches
	// attachments.
	REST   *discordgo.Session
	Router *interaction.Router
	Logger *slog.Logger
	// DeferAfter bounds the wait for a fast handler (DefaultDeferAfter when 0).
	DeferAfter time.Duration
	// Events, when set, is told of failed direct messages.
	Events Events
	// DMRefused, when set, is told of each direct message Discord refused,
	// and says whether the invoker should be told
	// (commands/battle/view.DMRefusals: once a turn for each player).
	DMRefused DMRefusedFunc
	// Backoff paces the retries of a followup or edit Discord answers
	// 10015 Unknown Webhook, its interaction's response not taken yet
	// (the zero value: 100 ms doubled up to 2 s, 15 s in all).
	Backoff Backoff

	dms dmChannels
}

// A DMRefusedFunc is told that Discord refused a direct message to user, sent
// in answer to req, and reports whether the invoker should be told.
type DMRefusedFunc func(ctx context.Context, req interaction.Request, user string) (bool, error)

// Events are what a transport reports for metrics (monitor.Metrics has them).
type Events interface {
	DMFailed()
	GatewayReconnected()
	// FollowupLost is a followup or edit given up after the Backoff's
	// budget of 10015 answers.
	FollowupLost()
}

// Handle runs one interaction to the end: conversion, acknowledgement, handler,
// delivery. ctx should outlive a shutdown signal so that an interaction in
// flight is finished (the router's timeout bounds the handler).
func (r *Responder) Handle(ctx context.Context, i *Interaction, ack Ack) {
	d := &delivery{r: r, ctx: ctx, i: i, ack: ack}

	// Fetching attachments may take a while: defer before downloading them.
	if hasAttachments(i) && !d.deferNow() {
		return
	}
	req, err := ToRequest(ctx, r.REST.Client, i)
	if err != nil {
		msg, _ := interaction.Explain(err)
		d.log().Warn("interaction not understood", "err", err)
		d.finish(interaction.Whisper(msg))
		return
	}
	d.req = req
	ctx = interaction.WithLater(ctx, d.later)
	if req.Kind == interaction.KindAutocomplete {
		d.choices(r.Router.Serve(ctx, req))
		return
	}
	if d.deferred || r.Router.Slow(req) {
		if !d.deferred && !d.deferNow() {
			return
		}
		d.finish(r.Router.Serve(ctx, req))
		return
	}
	// The handler runs on this goroutine; if it has not returned after
	// DeferAfter, the timer's goroutine defers the interaction meanwhile.
	var (
		mu       sync.Mutex
		returned bool
		refused  bool // the deferral Discord did not take
	)
	timer := time.AfterFunc(r.deferAfter(), func() {
		mu.Lock()
		defer mu.Unlock()
		if !returned {
			refused = !d.deferNow()
		}
	})
	resp := r.Router.Serve(ctx, req)
	timer.Stop()
	mu.Lock()
	returned = true
	mu.Unlock()
	if !refused {
		d.finish(resp)
	}
}

func (r *Responder) logger() *slog.Logger {
	if r.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return r.Logger
}

func (r *Responder) deferAfter() time.Duration {
	if r.DeferAfter <= 0 {
		return DefaultDeferAfter
	}
	return r.DeferAfter
}

func hasAttachments(i *Interaction) bool {
	return i.Type == discordgo.InteractionApplicationCommand && i.Data.Resolved != nil && len(i.Data.Resolved.Attachments) > 0
}

// delivery is one interaction's conversation with Discord.
type delivery struct {
	r        *Responder
	ctx      context.Context
	i        *Interaction
	req      interaction.Request
	logger   *slog.Logger // made by log
	ack      Ack
	deferred bool
}

// log is the interaction's logger, made on its first record: With costs as
// much as a record, and most interactions log nothing.
func (d *delivery) log() *slog.Logger {
	if d.logger == nil {
		d.logger = d.r.logger().With("interaction", d.i.ID, "guild", d.i.GuildID, "channel", d.i.ChannelID)
	}
	return d.logger
}

func (d *delivery) component() bool { return d.i.Type == discordgo.InteractionMessageComponent }

// deferNow acknowledges without an answer: "thinking…" for a command, nothing
// visible for a button press. It reports whether Discord took it.
func (d *delivery) deferNow() bool {
	t := discordgo.InteractionResponseDeferredChannelMessageWithSource
	if d.component() {
		t = discordgo.InteractionResponseDeferredMessageUpdate
	}
	if err := d.ack(&Answer{Type: t}); err != nil {
		d.log().Error("defer failed", "err", err)
		return false
	}
	d.deferred = true
	return true
}

func (d *delivery) choices(resp interaction.Response) {
	out := []Choice{}
	for _, c := range resp.Choices {
		if len(out) == 25 {
			break
		}
		out = append(out, Choice{Name: render.Clip(c.Name, 100), Value: c.Value})
	}
	err := d.ack(&Answer{Type: discordgo.InteractionApplicationCommandAutocompleteResult, Choices: out})
	if err != nil {
		d.log().Error("autocomplete answer failed", "err", err)
	}
}

// finish delivers a handler's response, answering the interaction itself when
// it has not been deferred.
func (d *delivery) finish(resp interaction.Response) {
	public, ephemeral := resp.Public, resp.Ephemeral
	// The turn message is shown first, the interaction deferred for it, so
	// that the answer comes after it and can point at it.
	turnShown := ""
	if resp.Turn != nil {
		if !d.deferred && !d.deferNow() {
			return
		}
		turnShown = d.showTurn(resp.Turn)
	}
	// A press whose answer is the turn message edited says nothing more.
	quiet := d.component() && (len(resp.DMs) == 0 || resp.Turn != nil && resp.Turn.Show)
	if len(public) == 0 && len(ephemeral) == 0 && !quiet {
		note := msgDone
		switch {
		case turnShown != "":
			note = fmt.Sprintf(msgTurn, d.i.GuildID, d.i.ChannelID, turnShown)
		case len(resp.DMs) > 0:
			note = msgDMed
		}
		ephemeral = []interaction.Message{{Content: note}}
	}
	update := d.component() && resp.UpdateSource && len(public) > 0
	if d.component() && resp.DisableSource && !update && len(d.req.Source) > 0 && !turnCovers(resp.Turn, d.i.Message) && !d.disableSource() {
		return
	}

	switch {
	case d.deferred && len(public) > 0 && (update || !d.component()):
		edit := Render(public[0], false).Edit()
		d.r.webhook(d.ctx, d.log(), "edit original", edit.Files, func() error {
			return editOriginal(d.r.REST, d.i.AppID, d.i.Token, edit, edit.Files, d.opt())
		})
		public = public[1:]
	case d.deferred && !d.component():
		// Only ephemeral messages: take the public placeholder away.
		d.r.webhook(d.ctx, d.log(), "delete deferred original", nil, func() error {
			return d.r.REST.InteractionResponseDelete(d.webhook(), d.opt())
		})
	case d.deferred:
		// A button press deferred as an update: everything is a followup.
	case update:
		if !d.answer(discordgo.InteractionResponseUpdateMessage, public[0], false) {
			return
		}
		public = public[1:]
	case len(public) > 0:
		if !d.answer(discordgo.InteractionResponseChannelMessageWithSource, public[0], false) {
			return
		}
		public = public[1:]
	case len(ephemeral) > 0:
		if !d.answer(discordgo.InteractionResponseChannelMessageWithSource, ephemeral[0], true) {
			return
		}
		ephemeral = ephemeral[1:]
	default:
		// A button press with nothing to show but direct messages.
		if !d.deferNow() {
			return
		}
	}
	for _, m := range public {
		d.followup(m, false)
	}
	for _, m := range ephemeral {
		d.followup(m, true)
	}
	d.sendDMs(resp.DMs)
	d.sendPosts(resp.Posts)
}

// showTurn shows the response's turn message (showTurn) and returns its id
// ("" when none is shown); a failure is logged.
func (d *delivery) showTurn(tm *interaction.TurnMessage) string {
	id, err := showTurn(d.ctx, d.r.REST, tm)
	if err != nil {
		d.log().Warn("turn message not shown", "err", err)
	}
	return id
}

// turnCovers reports whether the turn message's own work takes care of the
// message pressed: it is the message edited, or one retired.
func turnCovers(tm *interaction.TurnMessage, pressed *Message) bool {
	if tm == nil || pressed == nil {
		return false
	}
	return tm.Show && tm.Edit == pressed.ID || slices.Contains(tm.Retire, pressed.ID)
}

// disableSource shows the buttons of the message pressed disabled, editing
// only its components (deferring the press first, as an update, so that
// the edit is of that message). It reports whether Discord took the deferral.
func (d *delivery) disableSource() bool {
	if !d.deferred && !d.deferNow() {
		return false
	}
	buttons := make([]interaction.Button, len(d.req.Source))
	for i, b := range d.req.Source {
		b.Disabled = true
		buttons[i] = b
	}
	rows := Components(interaction.Message{Buttons: buttons})
	d.r.webhook(d.ctx, d.log(), "disable superseded buttons", nil, func() error {
		return editOriginal(d.r.REST, d.i.AppID, d.i.Token, buttonsEdit{Components: rows}, nil, d.opt())
	})
	return true
}

func (d *delivery) opt() discordgo.RequestOption { return discordgo.WithContext(d.ctx) }

// webhook is the interaction as discordgo's delete of its original takes
// it: it reads its application id and token.
func (d *delivery) webhook() *discordgo.Interaction {
	return &discordgo.Interaction{AppID: d.i.AppID, Token: d.i.Token}
}

func (d *delivery) answer(t discordgo.InteractionResponseType, m interaction.Message, ephemeral bool) bool {
	if err := d.ack(&Answer{Type: t, Message: Render(m, ephemeral)}); err != nil {
		d.log().Error("interaction response failed", "err", err)
		return false
	}
	d.deferred = true // answered: from now on everything is an edit or a followup
	return true
}

func (d *delivery) followup(m interaction.Message, ephemeral bool) error {
	what := "followup"
	if ephemeral {
		what = "ephemeral followup"
	}
	body := Render(m, ephemeral)
	return d.r.webhook(d.ctx, d.log(), what, body.Files, func() error {
		return postFollowup(d.r.REST, d.i.AppID, d.i.Token, body, d.opt())
	})
}

// later is the interaction's interaction.Later: an answer that comes after
// its own (the truth about a change the store did not confirm in time),
// delivered as the battle's turn message shown (showTurn), then followups,
// public and ephemeral, then its direct messages. It runs on a goroutine of
// its own, with a delivery of its own.
func (d *delivery) later(ctx context.Context, resp interaction.Response) error {
	l := &delivery{r: d.r, ctx: ctx, i: d.i, req: d.req, ack: d.ack, deferred: true}
	if resp.Turn != nil {
		l.showTurn(resp.Turn)
	}
	var errs []error
	for _, m := range resp.Public {
		errs = append(errs, l.followup(m, false))
	}
	for _, m := range resp.Ephemeral {
		errs = append(errs, l.followup(m, true))
	}
	l.sendDMs(resp.DMs)
	l.sendPosts(resp.Posts)
	return errors.Join(errs...)
}

// sendDMs delivers direct messages in order. A user who does not accept them
// is covered by an ephemeral followup to the invoker: the message itself when
// it was for the invoker, otherwise a note with the DM's fallback.
func (d *delivery) sendDMs(dms []interaction.DM) {
	for _, dm := range dms {
		err := d.sendDM(dm)
		if err == nil {
			continue
		}
		if d.r.Events != nil {
			d.r.Events.DMFailed()
		}
		if dm.UserID == d.req.User.ID {
			d.log().Warn("direct message to the invoker failed; shown ephemerally", "to", dm.UserID, "err", err)
			d.followup(dm.Message, true)
			continue
		}
		switch {
		case len(dm.Instead) > 0:
			d.sendPosts(dm.Instead)
		case dm.Desk != "": // every one, with what it said, for the umpire to pass on
			d.sendPosts([]interaction.Post{render.Undelivered(dm)})
		}
		if RefusesDMs(err) && !d.tellRefused(dm.UserID) {
			d.log().Debug("direct message refused; said already this turn", "to", dm.UserID)
			continue
		}
		who := "<@" + dm.UserID + ">" // a mention that pings no one: mentions are disabled
		if dm.UserName != "" {
			who = render.Inert(dm.UserName)
		}
		d.log().Warn("direct message failed", "to", dm.UserID, "err", err)
		d.followup(interaction.Message{Content: dmFailedNote(who, RefusesDMs(err), dm.Fallback)}, true)
	}
}

// tellRefused reports whether the invoker should be told that user refuses
// direct messages (always, without a DMRefused to ask, or when it fails).
func (d *delivery) tellRefused(user string) bool {
	if d.r.DMRefused == nil {
		return true
	}
	tell, err := d.r.DMRefused(d.ctx, d.req, user)
	if err != nil {
		d.log().Warn("recording a refused direct message failed", "to", user, "err", err)
		return true
	}
	return tell
}

// dmFailedNote is the one sentence that tells the invoker a direct message
// to who did not arrive (refused: who does not accept them), ending with the
// DM's fallback, the clause that says what to do instead ("they can see it
// with /card").
func dmFailedNote(who string, refused bool, fallback string) string {
	note := who + " does not accept direct messages from the referee"
	if !refused {
		note = "The referee could not send a direct message to " + who
	}
	if fallback != "" {
		note += "; " + strings.TrimSuffix(fallback, ".")
	}
	return note + "."
}

// sendDM sends a direct message to the user's DM channel, opened (and
// remembered) on the first message. A channel that fails for any other
// reason than the user refusing DMs is opened anew next time.
func (d *delivery) sendDM(dm interaction.DM) error {
	return d.r.dms.send(d.r.REST, dm.UserID, dm.Message, d.opt())
}

// RefusesDMs reports whether err is Discord refusing a direct message: code
// 50007 (the user does not accept DMs from this bot) or a bare 403.
func RefusesDMs(err error) bool {
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) {
		return false
	}
	if rest.Message != nil && rest.Message.Code == discordgo.ErrCodeCannotSendMessagesToThisUser {
		return true
	}
	return rest.Response != nil && rest.Response.StatusCode == http.StatusForbidden
}
