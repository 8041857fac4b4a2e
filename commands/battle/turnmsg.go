package battle

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/state"
)

// A TurnShown is the battle's turn message: the one message of its channel
// that shows the turn, edited in place as the turn moves, as the referee
// last asked for it to be shown.
type TurnShown struct {
	// Seq numbers the turn messages the battle has had posted; ID is the
	// message of the latest, once its transport has recorded it
	// (NoteTurnMessage); "" while it is being posted.
	Seq int    `json:"seq"`
	ID  string `json:"id,omitempty"`
	// Turn is the turn it shows; Moment the key of the moment its buttons
	// are bound to. Live is false once its buttons are disabled, or when
	// it has none (its turn is over): it is then left as it reads.
	Turn   int    `json:"turn"`
	Moment string `json:"moment"`
	Live   bool   `json:"live,omitempty"`
	// News is the news of the turn step that brought that moment, shown
	// above the turn; Hash is of the message as shown (deadlines and bound
	// buttons included), so that a change that leaves it as it reads
	// edits nothing.
	News string `json:"news,omitempty"`
	Hash string `json:"hash"`
	// Picture is the digest of the picture the message carries (the map as
	// its reader sees it; "" none): an edit uploads it again only when it
	// changed.
	Picture string `json:"picture,omitempty"`
	// Sides are the digests of the pictures last posted to each side's
	// channel under fog of war (the table as that side sees it), by side in
	// lower case: a new turn posts a side its picture only when it changed.
	Sides map[string]string `json:"sides,omitempty"`
	// Superseded is the turn message this one replaced, while this one is
	// not known to be posted (ID ""): its buttons were to be disabled with
	// the posting, and a redraw disables them again.
	Superseded string `json:"superseded,omitempty"`
}

// showTurn turns a change into what the transport does with the battle's
// turn message (resp.Turn): a turn step (news in resp.Turn) of a new turn
// posts a message of its own and retires the one before (its buttons
// disabled); any other change that alters what the turn message shows (its
// news, the turn engine's TurnView, the deadlines, the picture of the table)
// edits it in place. An
// ended battle's turn message is retired.
//
// The turn message is the main channel's: all it shows is rendered from
// the main channel's view (Service.ViewFor), the moment, whom it waits on
// and the deadlines included, with the news lines that speak only of what
// that view holds. A step whose news has none of those is, to the turn
// message, no step at all: what an unseen holder does shows exactly as a
// count no one holds.
func (s *Service) showTurn(tx *Tx, te TurnEngine, resp *interaction.Response) error {
	g := tx.Game
	rec, news := g.TurnMessage, resp.Turn
	resp.Turn = nil
	live := rec != nil && rec.Live
	redraw := tx.redraw && rec != nil
	told, err := s.newsRead(g, news)
	if err != nil {
		return err
	}
	if err := s.tellUnread(tx, news, resp); err != nil {
		return err
	}
	if told == "" && news != nil && len(news.News) > 0 {
		news = nil // none of it is the main channel's to read
	}
	if news == nil && !redraw && !(live && (!g.Running() || g.Pace.On() || !bytes.Equal(tx.read, g.Board) || g.Map != tx.readMap)) {
		return nil // nothing it shows can have changed, its picture included
	}
	if !g.Running() {
		if live || redraw {
			resp.Turn = retire(g, rec)
		}
		return nil
	}
	seen, err := s.ViewFor(g, Main) // the battle's channel reads it
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
		next := &TurnShown{Seq: 1, Turn: m.Turn}
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
	msg, picture, err := s.withPicture(g, seen, msg)
	if err != nil {
		return err
	}
	if fresh {
		if err := s.sidePictures(g, rec, resp); err != nil {
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
	out.Posted = func(ctx context.Context, id string) (bool, error) { return s.NoteTurnMessage(ctx, channel, seq, id) }
	resp.Turn = &out
	return nil
}

// RedrawTurn shows the channel's turn message as the battle now stands,
// editing it even when the record says it already reads so (or posting it,
// when the record has no message, and disabling the buttons of the one it
// superseded): after a stalled write the store applied, what that write
// asked of the turn message never reached the channel, and replaying it
// could undo changes made since. An ended battle's turn message has its
// buttons disabled. id names the redraw, so that it is made once. It
// returns what the transport is to do with the message (nil: nothing, as
// when the battle has no turn message).
func (s *Service) RedrawTurn(ctx context.Context, channel, id string) (*interaction.TurnMessage, error) {
	req := interaction.Request{ID: "redraw/" + id, ChannelID: channel, Path: "turn message"}
	resp, err := s.ChangeAny(ctx, req, func(tx *Tx) (interaction.Response, error) {
		tx.KeepUndo()
		tx.bookkeeping, tx.redraw = true, true
		return interaction.Response{}, nil
	})
	return resp.Turn, err
}

// retire is the turn message's buttons disabled, and those of the one it
// superseded if it was never known to be posted.
func retire(g *Game, rec *TurnShown) *interaction.TurnMessage {
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

// newsRead is a turn step's news as the main channel reads it ("" when
// there is none).
func (s *Service) newsRead(g *Game, news *interaction.TurnMessage) (string, error) {
	if news == nil {
		return "", nil
	}
	seen, err := s.ViewFor(g, Main)
	if err != nil {
		return "", err
	}
	sees, err := s.sees(g, seen)
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
func (s *Service) tellUnread(tx *Tx, news *interaction.TurnMessage, resp *interaction.Response) error {
	g := tx.Game
	if _, fogged := s.fogOf(g); !fogged || news == nil {
		return nil
	}
	r, err := s.ReaderOf(g, tx.Req.User.ID)
	if err != nil || r.Side == "" {
		return err
	}
	var sees [2]func(string) bool // the main channel's, the invoker's
	for i, reader := range []Reader{Main, r} {
		v, err := s.ViewFor(g, reader)
		if err != nil {
			return err
		}
		if sees[i], err = s.sees(g, v); err != nil {
			return err
		}
	}
	var lines []string
	for _, l := range news.News {
		if l.ReadBy(sees[1]) && !l.ReadBy(sees[0]) {
			lines = append(lines, l.Text)
		}
	}
	if len(lines) == 0 {
		return nil
	}
	m := interaction.Message{Content: render.Clip(strings.Join(lines, "\n"), render.MaxContent)}
	if ch := ChannelOf(g, r); ch != "" {
		resp.Posts = append(resp.Posts, interaction.Post{ChannelID: ch, Message: m})
	} else {
		resp.Ephemeral = append(resp.Ephemeral, m)
	}
	return nil
}

// sees tells whether view (a reader's view of g) holds a roster name:
// every name, when g is not fogged.
func (s *Service) sees(g, view *Game) (func(name string) bool, error) {
	f, ok := s.fogOf(g)
	if !ok {
		return func(string) bool { return true }, nil
	}
	names, err := f.Names(view)
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
func turnView(g *Game, m rules.Moment, msg interaction.Message) interaction.Message {
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

// NoteTurnMessage records that the battle's turn message number seq
// (TurnShown.Seq) was posted in channel as message id, and reports whether
// it is still the battle's turn message: false when a later one took its
// place meanwhile, or the battle has ended (its transport then disables
// the buttons of the message it posted). It is idempotent.
func (s *Service) NoteTurnMessage(ctx context.Context, channel string, seq int, id string) (bool, error) {
	req := interaction.Request{ID: fmt.Sprintf("turn-message/%s/%d/%s", channel, seq, id), ChannelID: channel, Path: "turn message"}
	resp, err := s.Change(ctx, req, func(tx *Tx) (interaction.Response, error) {
		tx.KeepUndo()
		tx.bookkeeping = true
		rec := tx.Game.TurnMessage
		if rec == nil || rec.Seq != seq {
			return interaction.Response{Result: false}, nil
		}
		rec.ID, rec.Superseded = id, ""
		return interaction.Response{Result: true}, nil
	})
	switch {
	case errors.Is(err, state.ErrNotFound), errors.Is(err, errEnded):
		return false, nil
	case err != nil:
		return true, err
	}
	current, _ := resp.Result.(bool)
	return current, nil
}
