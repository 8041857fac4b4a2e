package fogproof_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/interaction"
)

// A battle played twice the same way sends every audience the same bytes:
// what the test tells apart is what side A's hidden units are and do, never
// the harness.
func TestTheSamePlayTwiceReadsTheSame(t *testing.T) {
	t.Parallel()
	for _, rs := range rulesets {
		one, again := newPlay(t, rs, replayed, false), newPlay(t, rs, replayed, false)
		one.battle()
		again.battle()
		for a, heard := range one.heard {
			if d := divergence(heard.String(), again.heard[a].String()); d != "" {
				t.Errorf("%s played twice the same way: %s is sent other bytes:\n%s", rs.id, a, d)
			}
		}
	}
}

// A deliberate leak is caught where it is: a command that tells side B how
// long the umpire's whole board is (a count, naming nothing hidden), which
// B's player asks before anything else he reads. The plays are set up and
// read once (setUp): the peek is told apart there, the first thing side B
// reads, and nothing after it could come first.
func TestADeliberateLeakIsCaught(t *testing.T) {
	t.Parallel()
	var plays [2]*play
	for i := range plays {
		p := newPlay(t, greenJackets, replayed, i == 1)
		svc := p.h.Service
		p.h.Router.Command("peek", func(ctx context.Context, _ interaction.Request) (interaction.Response, error) {
			g, err := svc.View(ctx, mainChannel)
			if err != nil {
				return interaction.Response{}, err
			}
			return interaction.Whisper(fmt.Sprintf("The umpire's board is %d bytes long.", len(g.Board))), nil
		})
		p.peek = true
		p.setUp()
		plays[i] = p
	}
	d := divergence(plays[0].heard[sideB].String(), plays[1].heard[sideB].String())
	if !strings.Contains(d, `one play:   ephemeral to 301 {"content":"The umpire's board is`) {
		t.Errorf("the peek at the umpire's board is not the first thing side B tells the plays apart by:\n%s", d)
	}
}

// A deliberate leak of a position is caught where it is: a command that
// tells side B where the last unit placed on the umpire's table stands
// (naming nothing hidden), which B's player asks before anything else he
// reads: the plays place side A's hidden units apart. The plays are set up
// and read once (setUp), as TestADeliberateLeakIsCaught's.
func TestADeliberatePositionLeakIsCaught(t *testing.T) {
	t.Parallel()
	var plays [2]*play
	for i := range plays {
		p := newPlay(t, greenJackets, replayed, i == 1)
		h := p.h
		p.h.Router.Command("peek", func(context.Context, interaction.Request) (interaction.Response, error) {
			units := h.Game(mainChannel).Map.Units
			return interaction.Whisper(fmt.Sprintf("The last unit placed stands at %v.", units[len(units)-1].At)), nil
		})
		p.peek = true
		p.setUp()
		plays[i] = p
	}
	d := divergence(plays[0].heard[sideB].String(), plays[1].heard[sideB].String())
	if !strings.Contains(d, `one play:   ephemeral to 301 {"content":"The last unit placed stands at`) {
		t.Errorf("the peek at where a hidden unit stands is not the first thing side B tells the plays apart by:\n%s", d)
	}
}
