package turnmsg

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/state"
)

// Turns shows the turn messages of a service's battles.
type Turns struct {
	svc   *battle.Service
	paint Painter
}

// New is the turn messages of svc's battles, their picture drawn by paint
// (nil: none).
func New(svc *battle.Service, paint Painter) *Turns { return &Turns{svc: svc, paint: paint} }

// Show is what every change of a battle played in turns does with its turn
// message (battle.Service.ShowTurns): it shows the message as the change
// leaves the battle (show), then binds the turn buttons of the response to
// the moment the change leaves (bindTurnButtons).
func (t *Turns) Show(tx *battle.Tx, te battle.TurnEngine, resp *interaction.Response) error {
	if err := t.show(tx, te, resp); err != nil {
		return err
	}
	return bindTurnButtons(t.svc, te, tx.Game, resp)
}

// show turns a change into what the transport does with the battle's
// turn message (resp.Turn): a turn step (news in resp.Turn) of a new turn
// posts a message of its own and retires the one before (its buttons
// disabled); any other change that alters what the turn message shows (its
// news, the turn engine's TurnView, the deadlines, the picture of the table)
// edits it in place. An
// ended battle's turn message is retired.
//
// The turn message is the main channel's: all it shows is rendered from
// the main channel's view (view.For), the moment, whom it waits on
// and the deadlines included, with the news lines that speak only of what
// that view holds. A step whose news has none of those is, to the turn
// message, no step at all: what an unseen holder does shows exactly as a
// count no one holds.
func (t *Turns) show(tx *battle.Tx, te battle.TurnEngine, resp *interaction.Response) error {
	g := tx.Game
	rec, news := g.TurnMessage, resp.Turn
	resp.Turn = nil
	live := rec != nil && rec.Live
	redraw := tx.Redrawing() && rec != nil
	told, err := MainReads(t.svc, g, news)
	if err != nil {
		return err
	}
	if err := tellUnread(t.svc, tx, news, resp); err != nil {
		return err
	}
	if told == "" && news != nil && len(news.News) > 0 {
		news = nil // none of it is the main channel's to read
	}
	if news == nil && !redraw && !(live && (!g.Running() || g.Pace.On() || tx.Moved())) {
		return nil // nothing it shows can have changed, its picture included
	}
	if !g.Running() {
		if live || redraw {
			resp.Turn = retire(g, rec)
		}
		return nil
	}
	seen, err := view.For(t.svc, g, rules.Main) // the battle's channel reads it
	if err != nil {
		return err
	}
	m, err := te.Moment(seen)
	if err != nil {
		return err
	}
	var out interaction.TurnMessage
	fresh := false // a new turn message: each side is posted its picture
	switch {
	case news == nil && rec.ID == "" && !redraw:
		return nil // being posted: the next change shows what this one changed
	case news != nil && (rec == nil || rec.Turn != m.Turn || rec.ID == ""):
		next := &battle.TurnShown{Seq: 1, Turn: m.Turn}
		if rec != nil {
			next.Seq = rec.Seq + 1
			switch {
			case rec.ID == "": // never known posted: the one before is still to retire
				next.Superseded = rec.Superseded
			case rec.Live:
				out.Retire, next.Superseded = []string{rec.ID}, rec.ID
			}
			next.Sides = rec.Sides
		}
		rec, fresh = next, true
		g.TurnMessage = rec
	case redraw && rec.ID == "" && rec.Superseded != "":
		out.Retire = []string{rec.Superseded}
	}
	switch {
	case news != nil:
		rec.News = render.Clip(told, render.MaxDescription)
	case m.Key != rec.Moment:
		rec.News = "" // the news of a moment past
	}
	view, err := te.TurnView(seen)
	if err != nil {
		return err
	}
	waits, err := te.Waiting(seen)
	if err != nil {
		return err
	}
	msg := turnView(seen, m, withNews(leading(view, WaitingOn(seen, waits, false)), rec.News))
	msg, picture, err := t.withPicture(g, seen, msg)
	if err != nil {
		return err
	}
	if fresh {
		if err := t.sidePictures(g, rec, resp); err != nil {
			return err
		}
	}
	hash, err := hashOf(msg)
	if err != nil {
		return err
	}
	if rec.ID != "" && rec.Live && hash == rec.Hash && picture == rec.Picture && !redraw {
		return nil
	}
	out.KeepFiles = rec.ID != "" && picture == rec.Picture && !redraw
	rec.Moment, rec.Hash, rec.Live, rec.Picture = m.Key, hash, len(msg.Buttons) > 0, picture
	out.Message, out.Show, out.ChannelID, out.Edit = msg, true, g.Channel, rec.ID
	channel, seq := g.Channel, rec.Seq
	out.Posted = func(ctx context.Context, id string) (bool, error) { return t.note(ctx, channel, seq, id) }
	resp.Turn = &out
	return nil
}

// retire is the turn message's buttons disabled, and those of the one it
// superseded if it was never known to be posted.
func retire(g *battle.Game, rec *battle.TurnShown) *interaction.TurnMessage {
	rec.Live = false
	var ids []string
	for _, id := range []string{rec.ID, rec.Superseded} {
		if id != "" {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	return &interaction.TurnMessage{ChannelID: g.Channel, Retire: ids}
}

// MainReads is a turn step's news as g's main channel reads it ("" when
// there is none).
func MainReads(svc *battle.Service, g *battle.Game, news *interaction.TurnMessage) (string, error) {
	if news == nil {
		return "", nil
	}
	seen, err := view.For(svc, g, rules.Main)
	if err != nil {
		return "", err
	}
	sees, err := sees(svc, g, seen)
	if err != nil {
		return "", err
	}
	return news.Read(sees), nil
}

// tellUnread tells a player who gives a turn step the lines of its news
// that his side's view reads and the main channel's does not (a hidden
// character acts): the turn message, the main channel's, shows none of
// them. They are his side's alone: posted in his side's channel (the
// answer, when he gave the command there), or else told him privately.
// The umpire, who reads the whole board wherever he asks, is told nothing more.
func tellUnread(svc *battle.Service, tx *battle.Tx, news *interaction.TurnMessage, resp *interaction.Response) error {
	g := tx.Game
	if _, ok := view.FogOf(svc, g); !ok || !g.Fogged() || news == nil {
		return nil
	}
	r, err := view.ReaderOf(svc, g, tx.Req.User.ID)
	if err != nil || r.Side == "" {
		return err
	}
	var reads [2]func(string) bool // the main channel's, the invoker's
	for i, reader := range []rules.Reader{rules.Main, r} {
		v, err := view.For(svc, g, reader)
		if err != nil {
			return err
		}
		if reads[i], err = sees(svc, g, v); err != nil {
			return err
		}
	}
	var lines []string
	for _, l := range news.News {
		if l.ReadBy(reads[1]) && !l.ReadBy(reads[0]) {
			lines = append(lines, l.Text)
		}
	}
	if len(lines) == 0 {
		return nil
	}
	m := interaction.Message{Content: render.Clip(strings.Join(lines, "\n"), render.MaxContent)}
	if ch := view.ChannelOf(g, r); ch != "" {
		resp.Posts = append(resp.Posts, interaction.Post{ChannelID: ch, Message: m})
	} else {
		resp.Ephemeral = append(resp.Ephemeral, m)
	}
	return nil
}

// sees tells whether seen (a reader's seen of g) holds a roster name:
// every name, when g is not fogged.
func sees(svc *battle.Service, g, seen *battle.Game) (func(name string) bool, error) {
	f, ok := view.FogOf(svc, g)
	if !ok || !g.Fogged() {
		return func(string) bool { return true }, nil
	}
	names, err := f.Names(seen)
	if err != nil {
		return nil, err
	}
	held := make(map[string]bool, len(names))
	for n := range names {
		held[strings.ToLower(n)] = true
	}
	return func(name string) bool { return held[strings.ToLower(name)] }, nil
}

// withNews is a turn engine's view with the news of its moment above it: at
// the head of its first embed, or as its content.
func withNews(view interaction.Message, news string) interaction.Message {
	switch {
	case news == "":
	case len(view.Embeds) == 0:
		view.Content = render.Clip(news, render.MaxContent)
	default:
		e := view.Embeds[0]
		e.Description = render.Clip(strings.TrimSpace(news+"\n\n"+e.Description), render.MaxDescription)
		view.Embeds = append([]interaction.Embed{e}, view.Embeds[1:]...)
	}
	return view
}

// leading is a turn engine's view with line at its head: of its first
// embed's description, or of its content.
func leading(view interaction.Message, line string) interaction.Message {
	if len(view.Embeds) == 0 {
		view.Content = render.Clip(strings.TrimSpace(line+"\n"+view.Content), render.MaxContent)
		return view
	}
	e := view.Embeds[0]
	e.Description = render.Clip(strings.TrimSpace(line+"\n"+e.Description), render.MaxDescription)
	view.Embeds = append([]interaction.Embed{e}, view.Embeds[1:]...)
	return view
}

// turnView is the turn message as shown at moment m of view g: the turn
// engine's view, each move pending in g with its deadline, and its turn
// buttons bound to m.
func turnView(g *battle.Game, m rules.Moment, msg interaction.Message) interaction.Message {
	bindButtons(msg.Buttons, m.Key)
	if !g.Pace.On() || len(g.Pace.Pending) == 0 {
		return msg
	}
	var b strings.Builder
	for _, q := range g.Pace.Pending {
		fmt.Fprintf(&b, "• **%s**: %s — due <t:%d:R>", render.Inert(g.Player(q.User)), q.What, q.Due.Unix())
		if q.Late {
			b.WriteString(" (**late**)")
		}
		b.WriteString("\n")
	}
	if g.Pace.Paused != nil {
		b.WriteString("Deadlines are paused.")
	}
	lines := render.Clip(strings.TrimSpace(b.String()), render.MaxFieldValue)
	with := msg
	if n := len(with.Embeds); n > 0 {
		e := with.Embeds[n-1]
		e.Fields = append(append([]interaction.Field(nil), e.Fields...), interaction.Field{Name: "Deadlines", Value: lines})
		with.Embeds = append(append([]interaction.Embed(nil), with.Embeds[:n-1]...), e)
	} else {
		with.Content = strings.TrimSpace(with.Content + "\n\n**Deadlines**\n" + lines)
	}
	if interaction.Check(interaction.Response{Public: []interaction.Message{with}}) != nil {
		return msg // no room: /turn status shows them
	}
	return with
}

// hashOf is a short digest of a message as shown.
func hashOf(m interaction.Message) (string, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return "", fmt.Errorf("battle: turn message: %w", err)
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:8]), nil
}

// note records that the battle's turn message number seq
// (battle.TurnShown.Seq) was posted in channel as message id, and reports
// whether it is still the battle's turn message: false when a later one
// took its place meanwhile, or the battle has ended (its transport then
// disables the buttons of the message it posted). It is idempotent.
func (t *Turns) note(ctx context.Context, channel string, seq int, id string) (bool, error) {
	req := interaction.Request{ID: fmt.Sprintf("turn-message/%s/%d/%s", channel, seq, id), ChannelID: channel, Path: "turn message"}
	resp, err := t.svc.Change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		tx.KeepUndo()
		tx.Bookkeep()
		rec := tx.Game.TurnMessage
		if rec == nil || rec.Seq != seq {
			return interaction.Response{Result: false}, nil
		}
		rec.ID, rec.Superseded = id, ""
		return interaction.Response{Result: true}, nil
	})
	switch {
	case errors.Is(err, state.ErrNotFound), errors.Is(err, battle.ErrEnded):
		return false, nil
	case err != nil:
		return true, err
	}
	current, _ := resp.Result.(bool)
	return current, nil
}

// Redraw shows the channel's turn message as the battle now stands,
// editing it even when the record says it already reads so (or posting it,
// when the record has no message, and disabling the buttons of the one it
// superseded): after a stalled write the store applied, what that write
// asked of the turn message never reached the channel, and replaying it
// could undo changes made since. An ended battle's turn message has its
// buttons disabled. id names the redraw, so that it is made once. It
// returns what the transport is to do with the message (nil: nothing, as
// when the battle has no turn message).
func Redraw(ctx context.Context, svc *battle.Service, channel, id string) (*interaction.TurnMessage, error) {
	req := interaction.Request{ID: "redraw/" + id, ChannelID: channel, Path: "turn message"}
	resp, err := svc.ChangeAny(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		tx.KeepUndo()
		tx.Bookkeep()
		tx.Redraw()
		return interaction.Response{}, nil
	})
	return resp.Turn, err
}
