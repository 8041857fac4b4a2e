package battle

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"sync"

	kgzip "github.com/klauspost/compress/gzip"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/state"
)

// RulingsFull is the battle setting (/game settings rulings:full) under which
// every ruling is shown with its whole working; unset, rulings are short and
// carry a Details button.
const RulingsFull = "full"

// maxWorking is the most a log entry keeps of its rulings' working, gzipped;
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
	if tx.Game != nil && tx.Game.Rulings == RulingsFull {
		return interaction.Message{Embeds: []interaction.Embed{render.Ruling(r, footer, render.Full)}}
	}
	short := render.Ruling(r, footer, render.Short)
	m := interaction.Message{Embeds: []interaction.Embed{short}}
	// The full form is rendered only to be compared when no roll tells
	// already that the short form leaves part of the working out.
	if render.Shortened(r) || !sameEmbed(short, render.Ruling(r, footer, render.Full)) {
		m.Buttons = []interaction.Button{{Label: "Details", ID: tx.detailsID(i), Style: interaction.Secondary}}
	}
	return m
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
// Under fog of war every entry of the command is marked so, and its first
// keeps the readers route showed the rulings to: Details answers them alone.
func (tx *Tx) keepWorking() {
	if tx.Game == nil {
		return
	}
	if len(tx.rulings) > 0 && len(tx.logged) == 0 {
		tx.Log(render.Clip("ruling: "+tx.rulings[0].Title, 120))
	}
	if tx.Game.Fogged() {
		for i := range tx.logged {
			tx.logged[i].Fog = true
		}
		if len(tx.logged) > 0 {
			for _, r := range slices.Compact(tx.shown) {
				tx.logged[0].Shown = append(tx.logged[0].Shown, Seen{Reader: r})
			}
		}
	}
	if len(tx.rulings) == 0 {
		return
	}
	if w, err := packWorking(tx.rulings); err == nil && len(w) <= maxWorking {
		tx.logged[0].Working = w
	}
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

// packWorking is rulings as gzipped JSON, as a log entry keeps them. Every
// ruling in a battle is packed, so it takes a pooled writer: a new one
// allocates more than the rest of a command (BenchmarkPackWorking).
func packWorking(rs []rules.Ruling) ([]byte, error) {
	var b bytes.Buffer
	z := workingWriters.Get().(*kgzip.Writer)
	defer workingWriters.Put(z)
	z.Reset(&b)
	if err := json.NewEncoder(z).Encode(rs); err != nil {
		return nil, fmt.Errorf("encode working: %w", err)
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// workingWriters are klauspost/compress's gzip at its fastest level: on a
// working of a few hundred bytes it compresses as well as the default level,
// in a third of the time.
var workingWriters = sync.Pool{New: func() any {
	w, _ := kgzip.NewWriterLevel(io.Discard, kgzip.BestSpeed) // a valid level: no error
	return w
}}

func unpackWorking(w []byte) ([]rules.Ruling, error) {
	z, err := gzip.NewReader(bytes.NewReader(w))
	if err != nil {
		return nil, fmt.Errorf("decode working: %w", err)
	}
	b, err := io.ReadAll(io.LimitReader(z, 1<<20))
	if err != nil {
		return nil, fmt.Errorf("decode working: %w", err)
	}
	var rs []rules.Ruling
	if err := json.Unmarshal(b, &rs); err != nil {
		return nil, fmt.Errorf("decode working: %w", err)
	}
	return rs, nil
}

// errNoDetails, from the update Details makes to read an interaction's stored
// answer, changes nothing.
var errNoDetails = interaction.Refuse("The working of that quick ruling is no longer kept (a quick ruling outside a battle keeps it for about 15 minutes). Ask again for a new one.")

// Details answers a Details button (v1/details/…): the full working of the
// ruling it is bound to, shown to the presser alone, cut to what he may see
// in a fogged battle. It is the one way a ruling's working is shown after
// the ruling.
func (s *Service) Details(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	bad := interaction.Refuse("That Details button is not one this referee made.")
	if len(req.Args) == 2 { // an older referee's, bound to no battle
		return interaction.Response{}, interaction.Refuse("That Details button is from an older version of the referee: `/game log` shows the entry.")
	}
	if len(req.Args) != 3 {
		return interaction.Response{}, bad
	}
	i, err := strconv.Atoi(req.Args[2])
	if err != nil || i < 0 {
		return interaction.Response{}, bad
	}
	if req.Args[0] == "q" {
		if req.Args[1] == "" {
			return interaction.Response{}, bad
		}
		return s.quickDetails(ctx, req, req.Args[1], i)
	}
	key := req.Args[0]
	n, err := strconv.Atoi(req.Args[1])
	if err != nil || n < 1 {
		return interaction.Response{}, bad
	}
	g, e, err := s.entry(ctx, req.ChannelID, n)
	switch {
	case errors.Is(err, state.ErrNotFound):
		return interaction.Response{}, interaction.Refuse("That ruling's battle is no longer kept in this channel.")
	case err != nil:
		return interaction.Response{}, err
	case g.Key() != key:
		return interaction.Response{}, interaction.Refuse("That Details button is from another battle than this channel's.")
	}
	if g.Running() {
		r, err := s.ReaderOf(g, req.User.ID)
		if err != nil {
			return interaction.Response{}, err
		}
		if _, ok := e.For(r); g.Fogged() && !ok {
			return interaction.Response{}, interaction.Refuse("That ruling was not shown to you.")
		}
	}
	rs, err := e.working()
	if err != nil {
		return interaction.Response{}, err
	}
	if i >= len(rs) {
		return interaction.Whisper(fmt.Sprintf("Log entry #%d keeps no working beyond what was shown (it was imported, or too long to keep): %s.", e.N, render.Inert(e.Summary))), nil
	}
	resp := detailsOf(rs[i], fmt.Sprintf("log #%d", e.N))
	if g.Running() {
		err = s.Cut(g, req, &resp)
	}
	return resp, err
}

// quickDetails answers the Details button of a quick ruling outside a battle
// from the answer stored under its interaction id (storedReply.Rulings). The
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
	if i >= len(r.Rulings) {
		return interaction.Response{}, errNoDetails
	}
	return detailsOf(r.Rulings[i], "quick ruling, not logged"), nil
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
	return unpackWorking(e.Working)
}
