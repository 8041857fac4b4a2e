package battle_test

import (
	"encoding/json"
	"testing"

	segjson "github.com/segmentio/encoding/json"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/greenjackets"
)

// BenchmarkCodecs holds each fast path of the change pipeline against the
// plain path it stands in for, on the document of BenchmarkChange (a Green
// Jackets battle of 50 figures, about 9 KB): every change in a battle
// decodes that document and encodes it again, and a command on the roster
// decodes and encodes its board.
//   - document/decode: segmentio's decoder (unmarshalGame) or encoding/json's;
//   - document/encode: the spliced encoder, the board copied as read
//     (Game.encode), or json.Marshal of the whole document;
//   - board/decode and board/encode: segmentio's (BoardOf, Tx.SetBoard) or
//     encoding/json's.
func BenchmarkCodecs(b *testing.B) {
	_, store := fiftyFigures(b)
	doc := store.doc
	g, err := battle.DecodeDocument(doc)
	if err != nil {
		b.Fatal(err)
	}
	var board greenjackets.Board
	if err := json.Unmarshal(g.Board, &board); err != nil {
		b.Fatal(err)
	}
	for _, bench := range []struct {
		name string
		run  func() error
	}{
		{"document/decode/segmentio", func() error { _, err := battle.DecodeDocument(doc); return err }},
		{"document/decode/plain", func() error { var g battle.Game; return json.Unmarshal(doc, &g) }},
		{"document/encode/spliced", func() error { _, err := battle.EncodeDocument(g, true); return err }},
		{"document/encode/plain", func() error { _, err := json.Marshal(g); return err }},
		{"board/decode/segmentio", func() error { var v greenjackets.Board; return segjson.Unmarshal(g.Board, &v) }},
		{"board/decode/plain", func() error { var v greenjackets.Board; return json.Unmarshal(g.Board, &v) }},
		{"board/encode/segmentio", func() error { _, err := segjson.Marshal(&board); return err }},
		{"board/encode/plain", func() error { _, err := json.Marshal(&board); return err }},
	} {
		b.Run(bench.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := bench.run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
