package battle

import (
	"fmt"

	segjson "github.com/segmentio/encoding/json"

	"github.com/referee-bot/referee/commands/interaction"
)

// decodedBoard is a game's board decoded, with the bytes it was decoded
// from: it stands for the board as long as the game holds those very bytes
// (a board is replaced whole, never changed in place).
type decodedBoard struct {
	raw   []byte
	board any // a *B
}

// BoardOf is g's board decoded as a B (a new B when g has no board yet). It
// is decoded once for as long as g holds the same board, and shared by every
// reader of it: the decoder resolving an order's names, the rule set's
// fog of war and turn, the views. No reader may change it; a change takes
// the board it changes with TakeBoard.
//
// Boards are decoded with segmentio's decoder, as the document is: it takes
// a tenth of encoding/json's time (BenchmarkCodecs/board/decode).
func BoardOf[B any](g *Game) (*B, error) {
	if d := g.decoded; d != nil && same(d.raw, g.Board) {
		if b, ok := d.board.(*B); ok {
			return b, nil
		}
	}
	b := new(B)
	if len(g.Board) > 0 {
		if err := segjson.Unmarshal(g.Board, b); err != nil {
			return nil, fmt.Errorf("decode the %s board: %w", g.Ruleset, err)
		}
	}
	g.decoded = &decodedBoard{raw: g.Board, board: b}
	return b, nil
}

// TakeBoard is the board of tx's game for the change to change and store
// (SetBoard), without decoding it again: a copy of the board BoardOf
// decoded when the board has a Clone (a deep copy), so that every reader
// still reads the board as stored until SetBoard; otherwise that board
// itself, handed over (a reader after TakeBoard, before SetBoard, decodes
// the stored board anew, and never sees one half changed). It refuses when
// the channel has no battle.
func TakeBoard[B any](tx *Tx) (*B, error) {
	g := tx.Game
	if g == nil || len(g.Board) == 0 {
		return nil, interaction.Refuse("There is no battle in this channel. The umpire starts one with `/game start`.")
	}
	b, err := BoardOf[B](g)
	if err != nil {
		return nil, err
	}
	if c, ok := any(b).(interface{ Clone() *B }); ok {
		return c.Clone(), nil
	}
	g.decoded = nil
	return b, nil
}

// holdDecoded makes board, decoded, g's board as raw encodes it.
func (g *Game) holdDecoded(raw []byte, board any) {
	g.decoded = &decodedBoard{raw: raw, board: board}
}

// WithBoard is a copy of g with board as its board: a view (Fog.View) made
// from the rule set's view of the decoded board.
func WithBoard(g *Game, board any) (*Game, error) {
	b, err := segjson.Marshal(board)
	if err != nil {
		return nil, fmt.Errorf("encode view: %w", err)
	}
	v := *g
	v.Board, v.Undo = b, nil
	v.holdDecoded(b, board)
	return &v, nil
}
