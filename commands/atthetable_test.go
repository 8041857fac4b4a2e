package commands_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/gamecmd"
)

// Issue 25 played through the Discord double, as a table-top group asks
// (cmd/bot's atthetable_test.go plays the same through the console).

var player = discordtest.User{ID: "300000000000000501", Name: "Harper"}

// publicText is the text of the one public message r shows.
func publicText(t *testing.T, what string, r discordtest.Reply) string {
	t.Helper()
	pub := r.Public()
	if len(pub) != 1 {
		t.Fatalf("%s: %d public messages, want 1: %+v", what, len(pub), r.All())
	}
	return pub[0].Text()
}

// Musket at 8" is 10 on the chart; soft cover −2 and an aimed shot +2 leave
// it 10, and the line says so. A Firing 2007 line of 2 strength points, in
// column and shaken, scores its 2d6 −2, −2 and −1. The odds name the
// outcome rolled.
func TestShortRulingsShowTheirArithmeticOverDiscord(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Seed(3))
	o := discordtest.Opt

	fire := publicText(t, "/greenjackets fire", tb.Say(player, "greenjackets fire", o("weapon", "musket"), o("count", 4),
		o("range", 8.0), o("aimed", true), o("cover", "soft")))
	if !strings.Contains(fire, "need ≤ 10 (10 −2 soft cover +2 aimed shot)") {
		t.Errorf("the fire does not show its need worked:\n%s", fire)
	}
	hits := regexp.MustCompile(`Result:\*\* (\d+ hits?) `).FindStringSubmatch(fire)
	if hits == nil || !strings.Contains(commandstest.Odds(fire), hits[1]) {
		t.Errorf("the odds of the fire leave out the outcome rolled (%v):\n%s", hits, fire)
	}

	volley := publicText(t, "/firing2007 fire", tb.Say(player, "firing2007 fire", o("distance", 5.0), o("firer-type", "line"),
		o("strength", 2), o("column", true), o("shaken", true)))
	if !strings.Contains(volley, "−2 1–2 strength points −2 in column −1 shaken = ") {
		t.Errorf("the volley does not show its score worked:\n%s", volley)
	}
	outcome := regexp.MustCompile(`→ \*\*score \d+: ([^*]+)\*\*`).FindStringSubmatch(volley)
	if outcome == nil || !strings.Contains(commandstest.Odds(volley), outcome[1]) {
		t.Errorf("the odds of the volley leave out the outcome rolled (%v):\n%s", outcome, volley)
	}

	for _, text := range []string{fire, volley} {
		if n, wrong := commandstest.Arithmetic(text); n == 0 || len(wrong) > 0 {
			t.Errorf("%d worked lines, not adding up: %q\n%s", n, wrong, text)
		}
	}
}

// Volleyfire!: cavalry of 4 bases charging roll 5 dice, with 4 rerolls
// (mounted against infantry 2, swords 2); the infantry's 6 dice have 1
// (bayonets). Seed 9 has the defender win and the charger lose a base, and
// the odds keep both, however many others they leave out. Crimea: four
// stands of British infantry at 25% each make 100%, and a column target
// multiplies it by 1.5: 150%, one stand automatic and 50% left to roll.
func TestCrimeaAndVolleyfireShowTheirArithmeticOverDiscord(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Seed(9))
	o := discordtest.Opt

	fight := publicText(t, "/volleyfire fight", tb.Say(player, "volleyfire fight", o("c-type", "cavalry"), o("c-bases", 4),
		o("d-type", "infantry"), o("d-bases", 6)))
	for _, want := range []string{
		"the charger: 5 dice (4 bases +1 charging; 4 rerolls: 2 mounted against infantry, 2 swords) — 5d6",
		"the defender: 6 dice (1 reroll: bayonets) — 6d6",
	} {
		if !strings.Contains(fight, want) {
			t.Errorf("the fight does not show %q:\n%s", want, fight)
		}
	}
	if !strings.Contains(fight, "**Result:** the defender wins") || !strings.Contains(fight, "1 base destroyed; the charger has 3 bases left") {
		t.Fatalf("seed 9 no longer has the defender win and the charger lose a base:\n%s", fight)
	}
	odds := commandstest.Odds(fight)
	for _, rolled := range []string{"the defender wins", "the charger loses a base"} {
		if !strings.Contains(odds, rolled) {
			t.Errorf("the odds of the fight leave out %q, which was rolled: %s", rolled, odds)
		}
	}

	fire := publicText(t, "/crimea fire", tb.Say(player, "crimea fire", o("stands", 4), o("column", true),
		o("nationality", "British"), o("type", "heavy infantry")))
	if !strings.Contains(fire, "chance of a hit (4 stands × 25% British infantry = 100% × 1.5 column target = 150%) → **1 stand automatic, 50% left to roll**") {
		t.Errorf("the fire does not show its chance worked:\n%s", fire)
	}
}

// /help lists every command group in one message; /help command: is
// autocompleted and shows one command's options with an example.
func TestHelpAnswersOverDiscord(t *testing.T) {
	tb := commandstest.Discord(t)
	o := discordtest.Opt

	r := tb.Say(player, "help")
	if eph := r.Ephemeral(); len(eph) != 1 {
		t.Fatalf("/help: %+v, want one message only Harper sees", r.All())
	}
	help := r.Ephemeral()[0].Text()
	for _, d := range tb.Commands {
		if !strings.Contains(help, "/"+d.Name+"`") {
			t.Errorf("/help does not list /%s:\n%s", d.Name, help)
		}
	}

	ac := tb.D.Autocomplete(player, tb.Channel, "help", "command", o("command", "campaign st")).
		Wait(t, "the commands offered", func(r discordtest.Reply) bool { return r.Callback != 0 })
	if !slices.ContainsFunc(ac.Choices, func(c *discordgo.ApplicationCommandOptionChoice) bool { return c.Value == "campaign start" }) {
		t.Errorf("/help command:campaign st offers %+v, not campaign start", ac.Choices)
	}

	r = tb.Say(player, "help", o("command", "campaign start"))
	one := r.Ephemeral()[0].Text()
	for _, want := range []string{"`name`", "`ruleset`", "Example: `/campaign start name:"} {
		if !strings.Contains(one, want) {
			t.Errorf("/help command:campaign start lacks %q:\n%s", want, one)
		}
	}
}

// The small things: d66 is a tens die and a units die, 11–66, with its
// odds; a deadline of a week is 1w; a battle of one roll says "1 roll".
func TestSmallThingsOverDiscord(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Seed(3))
	o := discordtest.Opt

	tb.Say(player, "game start", o("ruleset", "firing2007"))
	d66 := publicText(t, "/roll d66", tb.Say(player, "roll", o("dice", "d66")))
	m := regexp.MustCompile(`d66: \[([1-6]),([1-6])\] = ([1-6][1-6])\b`).FindStringSubmatch(d66)
	if m == nil || m[3] != m[1]+m[2] || !strings.Contains(commandstest.Odds(d66), "exactly "+m[3]+" 2.8%") {
		t.Errorf("/roll d66 is not a tens die and a units die with its odds:\n%s", d66)
	}

	week := publicText(t, "/game deadline move:1w", tb.Say(player, "game deadline", o("move", "1w")))
	if !strings.Contains(week, "**7d** a move") {
		t.Errorf("/game deadline move:1w:\n%s", week)
	}

	if end := commandstest.Texts(tb.Say(player, "game end").All()); !strings.Contains(end, "So far: 1 roll and") {
		t.Errorf("/game end after one roll:\n%s", end)
	}
}

// The campaign report's headings nest: the rule set's sides under the
// battle's losses, the battle under the battles, all under the campaign.
func TestCampaignReportHeadingsNestOverDiscord(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Seed(3))
	o := discordtest.Opt

	tb.Say(player, "campaign start", o("name", "Peninsula"), o("ruleset", "greenjackets"))
	tb.Say(player, "campaign forces", o("name", "Peninsula"), o("text", "character: Lt Sharpe | officer | British | veteran | british; "+
		"character: Capt Ducos | officer | French | trained | french; "+
		"squad: Chosen Men | Lt Sharpe | infantry | veteran | rifle | sword | Harris, Hagman, Cooper; "+
		"squad: Voltigeurs | Capt Ducos | infantry | trained | musket | bayonet | Lebrun, Marceau"))
	tb.Say(player, "game start", o("campaign", "Peninsula"), o("name", "The bridge"))
	tb.Say(player, "greenjackets roster figure", o("name", "Cooper"), o("dead", true))
	tb.End(player)
	tb.Delivered() // the carry-back follows the end

	var report string
	for _, m := range tb.Say(player, "campaign report", o("name", "Peninsula")).All() {
		for name, body := range m.Files {
			if strings.HasSuffix(name, ".md") {
				report = body
			}
		}
	}
	if !strings.Contains(report, "#### Losses\n\n##### British") {
		t.Errorf("/campaign report: the bridge's losses by side are not under its Losses:\n%s", report)
	}
	if wrong := commandstest.HeadingsNest(report); len(wrong) > 0 {
		t.Errorf("the campaign report's headings do not nest: %q\n%s", wrong, report)
	}
}

// At count Ace holding back gains nothing, so nothing offers it: not the
// turn message, the holder's DM or the deadline line, which all offer it to
// the holder of the 4. (Seed 3 deals Lt Sharpe the 4, Capt Leclerc the Ace.)
func TestTheAceIsNotOfferedToHoldBackOverDiscord(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Seed(3))
	o := discordtest.Opt
	bob := discordtest.User{ID: "300000000000000502", Name: "bob"}
	ann := discordtest.User{ID: "300000000000000503", Name: "ann"}

	tb.Say(player, "game start", o("ruleset", "greenjackets"))
	tb.Say(player, "greenjackets roster character", o("name", "Lt Sharpe"), o("rank", "officer"), o("side", "British"), o("quality", "veteran"), o("player", bob))
	tb.Say(player, "greenjackets roster character", o("name", "Capt Leclerc"), o("rank", "officer"), o("side", "French"), o("quality", "veteran"), o("player", ann))
	tb.Say(player, "game deadline", o("move", "24h"))
	next := func() string {
		_, turn := tb.Turned(func() *discordtest.Sent { return tb.D.Slash(player, tb.Channel, "turn next") })
		return turn.Text()
	}
	tb.Turned(func() *discordtest.Sent { return tb.D.Slash(player, tb.Channel, "turn new") })
	// A holder has a DM on joining, one with his card, and at his count
	// one calling it, with his deadline.
	called := func(u discordtest.User) string { return commandstest.Texts(tb.WaitDMs(u, 3)[2:]) }

	next() // 6
	next() // 5
	four := next()
	if !strings.Contains(four, "or holds back and acts at a later count") || !strings.Contains(four, "**bob**: act with Lt Sharpe at count 4 (`/act`), or hold back") {
		t.Errorf("count 4's turn message does not offer to hold back:\n%s", four)
	}
	if dms := called(bob); !strings.Contains(dms, "Act now with 4 AP") || !strings.Contains(dms, "or hold back and act at a later count") {
		t.Errorf("Lt Sharpe's DMs at count 4 do not offer to hold back:\n%s", dms)
	}
	next() // 3
	next() // 2
	ace := next()
	if !strings.Contains(ace, "Count **Ace** is called") || !strings.Contains(ace, "**ann**: act with Capt Leclerc at count Ace (`/act`) — due") ||
		strings.Contains(ace, "hold back") || strings.Contains(ace, "holds back") {
		t.Errorf("count Ace's turn message offers to hold back:\n%s", ace)
	}
	if dms := called(ann); !strings.Contains(dms, "Act now with 1 AP") || strings.Contains(dms, "hold back") {
		t.Errorf("Capt Leclerc's DMs at count Ace offer to hold back:\n%s", dms)
	}
}

// /rules topic:readings shows each rule set's readings, by id, and where
// the project states them: docs/readings.md.
func TestReadingsShownOverDiscord(t *testing.T) {
	tb := commandstest.Discord(t)
	for _, rs := range commands.Rulesets() {
		ids := commandstest.ReadingIDs(t, rs)
		sent := tb.D.Slash(player, tb.Channel, "rules", discordtest.Opt("ruleset", rs.ID()), discordtest.Opt("topic", gamecmd.ReadingsTopic))
		sent.Wait(t, "/rules answered", commandstest.Answered)
		tb.Delivered() // a long topic follows up
		shown := commandstest.Texts(sent.Reply().All())
		if !strings.Contains(shown, "docs/readings.md") {
			t.Errorf("/rules ruleset:%s topic:readings does not say where the readings are stated:\n%s", rs.ID(), shown)
		}
		for _, id := range ids {
			if !strings.Contains(shown, "**"+id+"**") {
				t.Errorf("/rules ruleset:%s topic:readings does not show %s", rs.ID(), id)
			}
		}
	}
}
