package mapcmd

import (
	"crypto/sha256"
	"encoding/json"
	"sync"

	"github.com/referee-bot/referee/rules/tabletop"
)

// keptPictures is how many pictures a Commands keeps drawn.
const keptPictures = 64

// pictures are the pictures of the table drawn lately, by what each was
// drawn from: every change to a battle on a map shows its turn message
// again, and most move nothing on the table, so that its picture need not
// be drawn again (drawing and encoding it was three quarters of a change's
// time); a /map show of a table, a reader's view and an overlay drawn
// lately (each player asking for the same picture, a turn picture shown
// again) is not drawn again either.
type pictures struct {
	mu    sync.Mutex
	drawn map[[sha256.Size]byte][]byte
}

// picture is the picture of s with overlay o (drawPNG), or as drawn before
// from the same table, sides, overlay and rule set.
func (p *pictures) picture(ruleset string, s seen, o overlay) ([]byte, error) {
	key, err := pictureKey(ruleset, s, o)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	png, ok := p.drawn[key]
	p.mu.Unlock()
	if ok {
		return png, nil
	}
	if png, err = drawPNG(s, o); err != nil {
		return nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn == nil || len(p.drawn) >= keptPictures {
		p.drawn = make(map[[sha256.Size]byte][]byte, keptPictures)
	}
	p.drawn[key] = png
	return png, nil
}

// pictureKey is the digest of all a picture is drawn from: the rule set
// (its kinds of ground), the table as seen, each unit's side and the
// sides' order (their colours), and the overlay.
func pictureKey(ruleset string, s seen, o overlay) ([sha256.Size]byte, error) {
	sides := make(map[string]string, len(s.table.Units))
	for _, u := range s.table.Units {
		sides[u.Name] = s.sides[u.Name]
	}
	b, err := json.Marshal(struct {
		Ruleset string
		Table   tabletop.Table
		Sides   map[string]string
		Order   []string
		Unit    tabletop.Unit
		Kind    string
		Reach   tabletop.Reach
	}{ruleset, s.table, sides, s.order, o.unit, o.kind, o.reach})
	if err != nil {
		return [sha256.Size]byte{}, err
	}
	return sha256.Sum256(b), nil
}
