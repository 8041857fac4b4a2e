package mapcmd

import (
	"crypto/sha256"
	"encoding/json"
	"sync"

	"github.com/referee-bot/referee/rules/tabletop"
)

// keptPictures is how many pictures a Pictures keeps drawn at the least:
// it keeps the last keptPictures drawn or asked for, and up to as many
// before them.
const keptPictures = 64

// Pictures are the pictures of the table drawn lately, by all each was
// drawn from: every change to a battle on a map shows its turn message
// again, and most move nothing on the table, so that its picture need not
// be drawn again (drawing and encoding it was three quarters of a change's
// time); a /map show of a table, a reader's view and an overlay drawn
// lately (each player asking for the same picture, a turn picture shown
// again) is not drawn again either.
//
// A picture is kept by the whole of what it is drawn from, so that one
// kept is, byte for byte, the one a fresh draw gives: the process keeps
// one Pictures for all its battles (cmd/bot makes it, commands.Deps hands
// it in), and replays of a battle may share one. The zero value is empty
// and ready; a Pictures is safe for concurrent use.
type Pictures struct {
	mu sync.Mutex
	// recent are the pictures drawn or asked for since older was recent;
	// when recent is full it becomes older, and older is dropped.
	recent, older map[[sha256.Size]byte][]byte
}

// picture is the picture of s with overlay o (drawPNG), or the one drawn
// before from the same.
func (p *Pictures) picture(s seen, o overlay) ([]byte, error) {
	key, err := pictureKey(s, o)
	if err != nil {
		return nil, err
	}
	if png, ok := p.kept(key); ok {
		return png, nil
	}
	png, err := drawPNG(s, o)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.keep(key, png)
	return png, nil
}

// kept is the picture kept under key, now among the recent ones.
func (p *Pictures) kept(key [sha256.Size]byte) ([]byte, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if png, ok := p.recent[key]; ok {
		return png, true
	}
	png, ok := p.older[key]
	if ok {
		p.keep(key, png)
	}
	return png, ok
}

// keep keeps png under key among the recent pictures (p.mu held).
func (p *Pictures) keep(key [sha256.Size]byte, png []byte) {
	if p.recent == nil || len(p.recent) >= keptPictures {
		p.older, p.recent = p.recent, make(map[[sha256.Size]byte][]byte, keptPictures)
	}
	p.recent[key] = png
}

// pictureKey is the digest of all a picture is drawn from (draw): the
// table as seen, the kinds of ground, the side of each unit it colours
// (those on the table, and the overlay's) and the sides' order (their
// colours), and the overlay.
func pictureKey(s seen, o overlay) ([sha256.Size]byte, error) {
	sides := make(map[string]string, len(s.table.Units)+1)
	for _, u := range s.table.Units {
		sides[u.Name] = s.sides[u.Name]
	}
	sides[o.unit.Name] = s.sides[o.unit.Name]
	b, err := json.Marshal(struct {
		Table tabletop.Table
		Kinds []tabletop.Kind
		Sides map[string]string
		Order []string
		Unit  tabletop.Unit
		Kind  string
		Reach tabletop.Reach
	}{s.table, s.kinds, sides, s.order, o.unit, o.kind, o.reach})
	if err != nil {
		return [sha256.Size]byte{}, err
	}
	return sha256.Sum256(b), nil
}
