package campaigncmd_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
)

// Under fog of war /campaign status and /campaign report are rendered from
// their reader's view of the campaign: of the French forces the British
// have not met, neither names nor players, qualities or figures reach a
// British player, nor the report posted in the channel; the umpire and the
// French read them all.
func TestAFoggedCampaignIsReadFromItsReadersView(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(3))
	bonaparte := interaction.User{ID: "p2", Name: "Bonaparte"}
	h.OK(umpire, "campaign start", "name", "Peninsula", "ruleset", "greenjackets")
	h.OK(umpire, "game start", "ruleset", "greenjackets", "name", "Muster")
	h.OK(umpire, "greenjackets roster import", "text", ob+"; character: Lt Lefevre | nco | French | raw | french; squad: Grenadiers | Lt Lefevre | infantry | raw | musket | bayonet | Roux, Blanc")
	h.OK(umpire, "greenjackets roster character", "name", "Lt Sharpe", "player", player)
	h.OK(umpire, "greenjackets roster character", "name", "Capt Ducos", "player", bonaparte)
	h.OK(umpire, "campaign forces", "name", "Peninsula")
	h.OK(umpire, "campaign settings", "name", "Peninsula", "fog", "on")

	read := func(u interaction.User) (asked, posted string) {
		var a, p strings.Builder
		a.WriteString(commandstest.Text(h.Do(u, "campaign status", "name", "Peninsula")))
		r := h.Do(u, "campaign report", "name", "Peninsula")
		for _, m := range r.Public {
			p.WriteString(m.Content)
			for _, f := range m.Files {
				p.WriteString(string(f.Content))
			}
		}
		a.WriteString(p.String())
		for _, m := range r.Ephemeral {
			for _, f := range m.Files {
				a.WriteString(string(f.Content))
			}
		}
		return a.String(), p.String()
	}
	french := []string{"Capt Ducos", "Voltigeurs", "Marceau", "Bonaparte", "Lt Lefevre", "(nco, raw)", "infantry, raw", "Roux"}
	british, posted := read(player)
	for _, n := range french {
		if strings.Contains(british, n) {
			t.Errorf("a British player read %q:\n%s", n, british)
		}
		if strings.Contains(posted, n) {
			t.Errorf("the channel was posted %q:\n%s", n, posted)
		}
	}
	for _, u := range []interaction.User{umpire, bonaparte} {
		got, _ := read(u)
		for _, n := range french {
			if !strings.Contains(got, n) {
				t.Errorf("%s never read %q:\n%s", u.Name, n, got)
			}
		}
	}
}
