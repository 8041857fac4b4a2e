package battle

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/commands/battle/working"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/state"
)

// RulingsFull is the battle setting (/game settings rulings:full) under which
// every ruling is shown with its whole working; unset, rulings are short and
// carry a Details button.
const RulingsFull = "full"

// maxWorking is the most a log entry keeps of its rulings' working, packed;
// a working past it is not kept, and its Details answer says so.
const maxWorking = 8 << 10

// Ruling is the message of a ruling as this battle shows rulings: short, with
// a Details button that shows its full working to whoever presses it, or in
// full under /game settings rulings:full. footer is added as given. The
// working is kept for the button: in a battle with the command's first log
// entry (Service.Details reads it from there, after any restart), outside one
// with the stored answer of the interaction, for as long as the store keeps
// it. Both forms render the same value (render.Ruling), so that each reader
// can be given his own.
func (tx *Tx) Ruling(r rules.Ruling, footer string) interaction.Message {
	i := len(tx.rulings)
	tx.rulings = append(tx.rulings, r)
	mark := 0 // each reader's copy is footed from its part of the log (deliver)
	if tx.Game != nil && tx.Game.Fogged() {
		mark = i + 1
	}
	if tx.Game != nil && tx.Game.Rulings == RulingsFull {
		full := render.Ruling(r, footer, render.Full)
		full.Ruling = mark
		return interaction.Message{Embeds: []interaction.Embed{full}}
	}
	short := render.Ruling(r, footer, render.Short)
	short.Ruling = mark
	m := interaction.Message{Embeds: []interaction.Embed{short}}
	// The full form is rendered only to be compared when no roll tells
	// already that the short form leaves part of the working out.
	if render.Shortened(r) || !sameEmbed(short, render.Ruling(r, footer, render.Full)) {
		m.Buttons = []interaction.Button{{Label: "Details", ID: tx.detailsID(i), Style: interaction.Secondary}}
	}
	return m
}

// Whole is the embed of a ruling always shown whole (a roll), with no
// Details button, footed as given: under fog of war, as Ruling's, each
// reader's copy is footed from his part of the log, and only the umpire's
// keeps the footer given.
func (tx *Tx) Whole(r rules.Ruling, footer string) interaction.Embed {
	e := render.Ruling(r, footer, render.Full)
	if tx.Game != nil && tx.Game.Fogged() {
		tx.rulings = append(tx.rulings, r)
		e.Ruling = len(tx.rulings)
	}
	return e
}

// detailsID is the id of the Details button of the command's i-th ruling:
// v1/details/<battle>/<entry>/<i> in a battle (Game.Key), the entry being
// the command's first (flush keeps the working there);
// v1/details/q/<interaction>/<i> outside one.
func (tx *Tx) detailsID(i int) string {
	if tx.Game == nil {
		return ButtonDetails + "/q/" + tx.Req.ID + "/" + strconv.Itoa(i)
	}
	first := tx.Game.LogLen - len(tx.logged) + 1
	return ButtonDetails + "/" + tx.Game.Key() + "/" + strconv.Itoa(first) + "/" + strconv.Itoa(i)
}

// keepWorking puts the rulings shown by the command with its first log
// entry, logging one for them when the command logged none. A working that
// cannot be kept small enough is not kept (its Details answer says so).
// Under fog of war every entry of the command is written into the parts of
// the log of the readers who may read what the change says (numberParts).
func (tx *Tx) keepWorking() error {
	if tx.Game == nil {
		return nil
	}
	if len(tx.rulings) > 0 && len(tx.logged) == 0 {
		tx.Log(render.Clip("ruling: "+tx.rulings[0].Title, 120))
	}
	if tx.svc != nil && len(tx.logged) > 0 {
		if _, ok := tx.svc.fogOf(tx.Game); ok {
			if err := tx.numberParts(); err != nil {
				return err
			}
		} else {
			tx.Game.Parts = nil // every reader reads the whole log: parts start afresh if fog comes on again
		}
	}
	if len(tx.rulings) == 0 {
		return nil
	}
	if w, err := working.Pack(tx.rulings); err == nil && len(w) <= maxWorking {
		tx.logged[0].Working = w
		if tx.logged[0].Fog { // each ruling's readers, for its Details (none: the umpire's alone)
			tx.logged[0].Ruled = make([][]Reader, len(tx.rulings))
			copy(tx.logged[0].Ruled, tx.ruled)
		}
	}
	return nil
}

func sameEmbed(a, b interaction.Embed) bool {
	if a.Title != b.Title || a.Description != b.Description || len(a.Fields) != len(b.Fields) {
		return false
	}
	for i := range a.Fields {
		if a.Fields[i] != b.Fields[i] {
			return false
		}
	}
	return true
}

// errNoDetails, from the update Details makes to read an interaction's stored
// answer, changes nothing.
var errNoDetails = interaction.Refuse("The working of that quick ruling is no longer kept (a quick ruling outside a battle keeps it for about 15 minutes). Ask again for a new one.")

// Details answers a Details button (v1/details/…): the full working of the
// ruling it is bound to, shown to the presser alone, footed with the number
// of its entry in his part of the log. A button is bound to its battle and,
// under fog of war, to the part of the log whose copy of the ruling carries
// it (v1/details/<battle>/<part>/<entry>/<i>); while the battle runs, a
// press by anyone who may not read that part's copy, or was not shown that
// ruling of the entry (Entry.Ruled: each reader told his own of a turn's
// start), is refused. It is the one way a ruling's working is shown after
// the ruling.
func (s *Service) Details(ctx context.Context, req interaction.Request) (interaction.Response, error) {
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
		return s.quickDetails(ctx, req, args[1], i)
	}
	key, part := args[0], Umpire // the umpire's part is the whole log
	if len(args) == 4 {
		var ok bool
		if part, ok = partReader(args[1]); !ok {
			return interaction.Response{}, bad
		}
	}
	n, err := strconv.Atoi(args[len(args)-2])
	if err != nil || n < 1 {
		return interaction.Response{}, bad
	}
	g, e, err := s.partEntry(ctx, req.ChannelID, part, n)
	switch {
	case errors.Is(err, state.ErrNotFound) && g != nil && g.Key() == key:
		if g.Fogged() { // a part he may not read is refused as when it holds the entry: its length is not his to count
			r, err := s.ReaderOf(g, req.User.ID)
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
		r, err := s.ReaderOf(g, req.User.ID)
		if err != nil {
			return interaction.Response{}, err
		}
		mine, _ := e.For(r) // an entry logged before fog came on is every reader's
		if !e.ShownRuling(r, i) || e.Fog && foreignPart(r, part) {
			return interaction.Response{}, notShown
		}
		shown = mine
	}
	rs, err := e.working()
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
func foreignPart(r, part Reader) bool {
	return !r.All && (part.All || part.Side != "" && !strings.EqualFold(part.Side, r.Side))
}

// partEntry reads the channel's game with the entry numbered n in reader's
// part of the log (Entry.For; the umpire's is the whole log). The game is
// returned with state.ErrNotFound when it has no such entry.
func (s *Service) partEntry(ctx context.Context, channel string, reader Reader, n int) (*Game, Entry, error) {
	count := 0 // an entry's number in a part is at most its own
	if reader.All {
		count = 1
	}
	g, log, err := s.readLog(ctx, channel, n-1, count)
	if err != nil {
		return nil, Entry{}, err
	}
	for _, e := range log {
		if m, ok := e.For(reader); ok && m == n {
			return g, e, nil
		}
	}
	return g, Entry{}, fmt.Errorf("battle: no entry #%d in the %s's part of the log: %w", n, reader, state.ErrNotFound)
}

// quickDetails answers the Details button of a quick ruling outside a battle
// from the answer stored under its interaction id (storedReply.Working). The
// update it makes never applies: it is only asked for the stored answer.
func (s *Service) quickDetails(ctx context.Context, req interaction.Request, id string, i int) (interaction.Response, error) {
	applied, err := s.store.UpdateLog(ctx, req.ChannelID, id, func([]byte) (state.Change, error) { return state.Change{}, errNoDetails })
	switch {
	case errors.Is(err, state.ErrAlreadyApplied):
		return interaction.Response{}, errNoDetails
	case err != nil:
		return interaction.Response{}, err
	case !applied.Replayed:
		return interaction.Response{}, errNoDetails
	}
	r, err := decodeReply(applied.Reply)
	if err != nil {
		return interaction.Response{}, err
	}
	rs, err := r.rulings()
	if err != nil {
		return interaction.Response{}, err
	}
	if i >= len(rs) {
		return interaction.Response{}, errNoDetails
	}
	return detailsOf(rs[i], "quick ruling, not logged"), nil
}

// detailsOf is the Details answer: the ruling in full, to the presser alone.
func detailsOf(r rules.Ruling, footer string) interaction.Response {
	m := interaction.Message{Embeds: []interaction.Embed{render.Ruling(r, footer, render.Full)}}
	return interaction.Response{Ephemeral: []interaction.Message{m}, Result: r}
}

// working is the rulings an entry keeps (none for an entry without).
func (e Entry) working() ([]rules.Ruling, error) {
	if len(e.Working) == 0 {
		return nil, nil
	}
	return working.Unpack(e.Working)
}
