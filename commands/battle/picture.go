package battle

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/referee-bot/referee/commands/interaction"
)

// A Painter draws the picture a battle's turn message carries, from a
// reader's view of it (view of g): nil when it has none to show (no map).
type Painter func(g, view *Game) (*interaction.File, error)

// PaintTurns sets the painter of the turn message's picture; the routes set
// it once, before any change is served, so that this package need not know
// who draws the map.
func (s *Service) PaintTurns(p Painter) { s.painter = p }

// withPicture is the turn message msg of view with the battle's picture
// attached, and the picture's digest ("" when there is none).
func (s *Service) withPicture(g, view *Game, msg interaction.Message) (interaction.Message, string, error) {
	if s.painter == nil {
		return msg, "", nil
	}
	f, err := s.painter(g, view)
	if err != nil || f == nil {
		return msg, "", err
	}
	msg.Files = append(append([]interaction.File(nil), msg.Files...), *f)
	sum := sha256.Sum256(f.Content)
	return msg, f.Name + ":" + hex.EncodeToString(sum[:8]), nil
}
