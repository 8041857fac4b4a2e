package mapcmd

import (
	"crypto/sha256"
	"encoding/json"
	"sync"

	"github.com/referee-bot/referee/rules/tabletop"
)

// keptPictures is how many turn pictures a Commands keeps drawn.
const keptPictures = 64

// pictures are the turn pictures drawn lately, by what each was drawn from:
// every change to a battle on a map shows its turn message again, and most
// move nothing on the table, so that its picture need not be drawn again
// (drawing and encoding it was three quarters of a change's time).
type pictures struct {
	mu    sync.Mutex
	drawn map[[sha256.Size]byte][]byte
}

// picture is the turn picture of s drawn by draw, or as drawn before from
// the same table, sides and rule set.
func (p *pictures) picture(ruleset string, s seen, draw func() ([]byte, error)) ([]byte, error) {
	key, err := pictureKey(ruleset, s)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	png, ok := p.drawn[key]
	p.mu.Unlock()
	if ok {
		return png, nil
	}
	if png, err = draw(); err != nil {
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

// pictureKey is the digest of all a turn picture is drawn from: the rule
// set (its kinds of ground), the table as seen, each unit's side and the
// sides' order (their colours).
func pictureKey(ruleset string, s seen) ([sha256.Size]byte, error) {
	sides := make(map[string]string, len(s.table.Units))
	for _, u := range s.table.Units {
		sides[u.Name] = s.sides[u.Name]
	}
	b, err := json.Marshal(struct {
		Ruleset string
		Table   tabletop.Table
		Sides   map[string]string
		Order   []string
	}{ruleset, s.table, sides, s.order})
	if err != nil {
		return [sha256.Size]byte{}, err
	}
	return sha256.Sum256(b), nil
}
