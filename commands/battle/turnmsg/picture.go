package turnmsg

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
)

// A Painter draws the picture a battle's turn message carries, from a
// reader's view of it (view of g): nil when it has none to show (no map).
// The routes give it (New), so that this package need not know who draws
// the map.
type Painter func(g, view *battle.Game) (*interaction.File, error)

// sidePictures posts, with a new turn message under fog of war, each side
// with a channel of its own the picture of the table as that side sees it,
// drawn from its view (Fog.View: what it has not seen is not there to
// draw), when it is not the one last posted there (rec.Sides): a side's
// picture, and whether it is posted, depend on nothing it cannot see.
func (t *Turns) sidePictures(g *battle.Game, rec *battle.TurnShown, resp *interaction.Response) error {
	if t.paint == nil || !g.Fogged() {
		return nil
	}
	for _, side := range g.Sides {
		if side.Channel == "" {
			continue // it reads the main channel's
		}
		seen, err := view.For(t.svc, g, rules.Reader{Side: side.Name})
		if err != nil {
			return err
		}
		f, err := t.paint(g, seen)
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
func (t *Turns) withPicture(g, view *battle.Game, msg interaction.Message) (interaction.Message, string, error) {
	if t.paint == nil {
		return msg, "", nil
	}
	f, err := t.paint(g, view)
	if err != nil || f == nil {
		return msg, "", err
	}
	msg.Files = append(append([]interaction.File(nil), msg.Files...), *f)
	return msg, digest(f), nil
}
