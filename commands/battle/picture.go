package battle

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// A Painter draws the picture a battle's turn message carries, from a
// reader's view of it (view of g): nil when it has none to show (no map).
type Painter func(g, view *Game) (*interaction.File, error)

// PaintTurns sets the painter of the turn message's picture; the routes set
// it once, before any change is served, so that this package need not know
// who draws the map.
func (s *Service) PaintTurns(p Painter) { s.painter = p }

// sidePictures posts, with a new turn message under fog of war, each side
// with a channel of its own the picture of the table as that side sees it,
// drawn from its view (Fog.View: what it has not seen is not there to
// draw), when it is not the one last posted there (rec.Sides): a side's
// picture, and whether it is posted, depend on nothing it cannot see.
func (s *Service) sidePictures(g *Game, rec *TurnShown, resp *interaction.Response) error {
	if s.painter == nil || !g.Fogged() {
		return nil
	}
	for _, side := range g.Sides {
		if side.Channel == "" {
			continue // it reads the main channel's
		}
		view, err := s.ViewFor(g, Reader{Side: side.Name})
		if err != nil {
			return err
		}
		f, err := s.painter(g, view)
		if err != nil || f == nil {
			return err
		}
		key, sum := strings.ToLower(side.Name), digest(f)
		if rec.Sides[key] == sum {
			continue
		}
		if rec.Sides == nil {
			rec.Sides = map[string]string{}
		}
		rec.Sides[key] = sum
		resp.Posts = append(resp.Posts, interaction.Post{ChannelID: side.Channel, Message: interaction.Message{
			Content: fmt.Sprintf("Turn %d: the table as %s see it.", rec.Turn, render.Inert(side.Name)),
			Files:   []interaction.File{*f},
		}})
	}
	return nil
}

// digest is a picture's name and a short digest of its content.
func digest(f *interaction.File) string {
	sum := sha256.Sum256(f.Content)
	return f.Name + ":" + hex.EncodeToString(sum[:8])
}

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
	return msg, digest(f), nil
}
