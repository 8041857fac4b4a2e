package details

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/battle/working"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/state"
)

// Shower answers the Details buttons of a service's rulings.
type Shower struct{ svc *battle.Service }

// New is the Details of svc's rulings.
func New(svc *battle.Service) *Shower { return &Shower{svc: svc} }

// errNoDetails answers the Details button of a quick ruling whose stored
// answer the store no longer keeps.
var errNoDetails = interaction.Refuse("The working of that quick ruling is no longer kept (a quick ruling outside a battle keeps it for about 15 minutes). Ask again for a new one.")

// Show answers a Details button (v1/details/…): the full working of the
// ruling it is bound to, shown to the presser alone, footed with the number
// of its entry in his part of the log. A button is bound to its battle and,
// under fog of war, to the part of the log whose copy of the ruling carries
// it (v1/details/<battle>/<part>/<entry>/<i>); while the battle runs, a
// press by anyone who may not read that part's copy, or was not shown that
// ruling of the entry (gamelog.Entry.Ruled: each reader told his own of a
// turn's start), is refused. It is the one way a ruling's working is shown
// after the ruling.
func (d *Shower) Show(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	bad := interaction.Refuse("That Details button is not one this referee made.")
	args := req.Args
	if len(args) == 2 { // an older referee's, bound to no battle
		return interaction.Response{}, interaction.Refuse("That Details button is from an older version of the referee: `/game log` shows the entry.")
	}
	if len(args) != 3 && len(args) != 4 {
		return interaction.Response{}, bad
	}
	i, err := strconv.Atoi(args[len(args)-1])
	if err != nil || i < 0 {
		return interaction.Response{}, bad
	}
	if args[0] == "q" && len(args) == 3 {
		if args[1] == "" {
			return interaction.Response{}, bad
		}
		return d.quick(ctx, req, args[1], i)
	}
	key, part := args[0], rules.Umpire // the umpire's part is the whole log
	if len(args) == 4 {
		var ok bool
		if part, ok = view.PartReader(args[1]); !ok {
			return interaction.Response{}, bad
		}
	}
	n, err := strconv.Atoi(args[len(args)-2])
	if err != nil || n < 1 {
		return interaction.Response{}, bad
	}
	g, e, err := d.partEntry(ctx, req.ChannelID, part, n)
	switch {
	case errors.Is(err, state.ErrNotFound) && g != nil && g.Key() == key:
		if g.Fogged() { // a part he may not read is refused as when it holds the entry: its length is not his to count
			r, err := view.ReaderOf(d.svc, g, req.User.ID)
			if err != nil {
				return interaction.Response{}, err
			}
			if foreignPart(r, part) {
				return interaction.Response{}, notShown
			}
		}
		return interaction.Response{}, bad
	case errors.Is(err, state.ErrNotFound) && g == nil:
		return interaction.Response{}, interaction.Refuse("That ruling's battle is no longer kept in this channel.")
	case err != nil && !errors.Is(err, state.ErrNotFound):
		return interaction.Response{}, err
	case g.Key() != key:
		return interaction.Response{}, interaction.Refuse("That Details button is from another battle than this channel's.")
	}
	shown := e.N // the number of the entry in the presser's part
	if g.Fogged() {
		r, err := view.ReaderOf(d.svc, g, req.User.ID)
		if err != nil {
			return interaction.Response{}, err
		}
		mine, _ := e.For(r) // an entry logged before fog came on is every reader's
		if !e.ShownRuling(r, i) || e.Fog && foreignPart(r, part) {
			return interaction.Response{}, notShown
		}
		shown = mine
	}
	rs, err := kept(e)
	if err != nil {
		return interaction.Response{}, err
	}
	if i >= len(rs) {
		return interaction.Whisper(fmt.Sprintf("Log entry #%d keeps no working beyond what was shown (it was imported, or too long to keep): %s.", shown, render.Inert(e.Summary))), nil
	}
	return detailsOf(rs[i], fmt.Sprintf("log #%d", shown)), nil
}

// notShown refuses a Details press of a ruling its presser was not shown.
var notShown = interaction.Refuse("That ruling was not shown to you.")

// foreignPart reports whether part of the log is one r may not read under
// fog of war: the whole log (the umpire's), or another side's.
func foreignPart(r, part rules.Reader) bool {
	return !r.All && (part.All || part.Side != "" && !strings.EqualFold(part.Side, r.Side))
}

// partEntry reads the channel's game with the entry numbered n in reader's
// part of the log (gamelog.Entry.For; the umpire's is the whole log). The
// game is returned with state.ErrNotFound when it has no such entry.
func (d *Shower) partEntry(ctx context.Context, channel string, reader rules.Reader, n int) (*battle.Game, gamelog.Entry, error) {
	count := 0 // an entry's number in a part is at most its own
	if reader.All {
		count = 1
	}
	g, log, err := d.svc.ReadLog(ctx, channel, n-1, count)
	if err != nil {
		return nil, gamelog.Entry{}, err
	}
	for _, e := range log {
		if m, ok := e.For(reader); ok && m == n {
			return g, e, nil
		}
	}
	return g, gamelog.Entry{}, fmt.Errorf("details: no entry #%d in the %s's part of the log: %w", n, reader, state.ErrNotFound)
}

// quick answers the Details button of a quick ruling outside a battle from
// the rulings kept with the answer stored under its interaction id.
func (d *Shower) quick(ctx context.Context, req interaction.Request, id string, i int) (interaction.Response, error) {
	rs, ok, err := keptRulings(ctx, d.svc.Store(), req.ChannelID, id)
	switch {
	case err != nil:
		return interaction.Response{}, err
	case !ok || i >= len(rs):
		return interaction.Response{}, errNoDetails
	}
	return detailsOf(rs[i], "quick ruling, not logged"), nil
}

// detailsOf is the Details answer: the ruling in full, to the presser alone.
func detailsOf(r rules.Ruling, footer string) interaction.Response {
	m := interaction.Message{Embeds: []interaction.Embed{render.Ruling(r, footer, render.Full)}}
	return interaction.Response{Ephemeral: []interaction.Message{m}, Result: r}
}

// kept is the rulings an entry keeps (none for an entry without).
func kept(e gamelog.Entry) ([]rules.Ruling, error) {
	if len(e.Working) == 0 {
		return nil, nil
	}
	return working.Unpack(e.Working)
}

// keptIn are the rulings a quick ruling outside a battle showed, kept with
// its stored answer r for their Details buttons (r.Working; a reply stored
// before has them as r.Rulings, unpacked).
func keptIn(r battle.StoredReply) ([]rules.Ruling, error) {
	if len(r.Working) == 0 {
		return r.Rulings, nil
	}
	return working.Unpack(r.Working)
}

// keptRulings reads the rulings a quick ruling outside a battle showed,
// kept with the answer stored under its interaction id in channel
// (keptIn). The
// update it makes never applies: it is only asked for the stored answer.
// ok is false when the store no longer keeps one.
func keptRulings(ctx context.Context, store battle.Store, channel, id string) (rs []rules.Ruling, ok bool, err error) {
	errNone := errors.New("details: no answer stored")
	applied, err := store.UpdateLog(ctx, channel, id, func([]byte) (state.Change, error) { return state.Change{}, errNone })
	switch {
	case errors.Is(err, errNone), errors.Is(err, state.ErrAlreadyApplied):
		return nil, false, nil
	case err != nil:
		return nil, false, err
	case !applied.Replayed:
		return nil, false, nil
	}
	r, err := battle.DecodeReply(applied.Reply)
	if err != nil {
		return nil, false, err
	}
	rs, err = keptIn(r)
	return rs, err == nil, err
}
