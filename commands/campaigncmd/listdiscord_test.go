package campaigncmd_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
)

// /campaign list and the campaign names' and qualities' autocomplete through
// the Discord double: the list in public, the suggestions as Discord's
// autocomplete result.
func TestCampaignListOverDiscord(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Seed(9), commandstest.Channel("400000000000000444"))
	d, ch := tb.D, tb.Channel
	ump := discordtest.User{ID: "300000000000000030", Name: "wellington"}
	opt := discordtest.Opt

	d.Slash(ump, ch, "campaign start", opt("name", "Peninsula"), opt("ruleset", "greenjackets")).WaitAnswered(t)
	d.Slash(ump, ch, "campaign start", opt("name", "Pyrenees"), opt("ruleset", "volleyfire")).WaitAnswered(t)
	r := d.Slash(ump, ch, "campaign list").WaitAnswered(t)
	if pub := r.Public(); len(pub) != 1 || !strings.Contains(pub[0].Text(), "**Peninsula** · Green Jackets · umpire wellington · 0 battles fought") ||
		!strings.Contains(pub[0].Text(), "**Pyrenees** · Volleyfire!") {
		t.Errorf("/campaign list: %+v", pub)
	}

	suggested := func(r discordtest.Reply) []string {
		var out []string
		for _, c := range r.Choices {
			out = append(out, c.Value.(string))
		}
		return out
	}
	answered := func(r discordtest.Reply) bool { return r.Callback != 0 }
	ac := d.Autocomplete(ump, ch, "campaign status", "name", opt("name", "py")).Wait(t, "names", answered)
	if got := suggested(ac); !slices.Equal(got, []string{"Pyrenees"}) {
		t.Errorf("autocomplete name:py = %q, want Pyrenees", got)
	}
	ac = d.Autocomplete(ump, ch, "game start", "campaign", opt("campaign", "")).Wait(t, "names", answered)
	if got := suggested(ac); !slices.Equal(got, []string{"Peninsula", "Pyrenees"}) {
		t.Errorf("autocomplete /game start campaign: = %q", got)
	}
	ac = d.Autocomplete(ump, ch, "campaign edit", "quality", opt("name", "Peninsula"), opt("entry", "Lt Sharpe"), opt("quality", "")).Wait(t, "qualities", answered)
	if got := suggested(ac); !slices.Equal(got, []string{"raw", "trained", "veteran"}) {
		t.Errorf("autocomplete quality: = %q", got)
	}
}
