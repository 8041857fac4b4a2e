package greenjackets

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// rd are the readings of ids.
func rd(ids ...string) []rules.Reading {
	out := make([]rules.Reading, len(ids))
	for i, id := range ids {
		out[i] = Readings[id]
	}
	return out
}

// cell is a chart value as the chart prints it.
func cell(v int) string {
	switch v {
	case Automatic:
		return "Auto"
	case OutOfRange:
		return "–"
	}
	return fmt.Sprint(v)
}

// code is lines as a fixed-width block.
func code(lines ...string) string { return "```\n" + strings.Join(lines, "\n") + "\n```" }

// Topics are every chart of the text and the readings, for /rules.
func Topics() []rules.Topic {
	var spot []string
	spot = append(spot, fmt.Sprintf("%-8s %-6s %-6s %-6s", "Inches", "Open", "Soft", "Hard"))
	for i, b := range SpottingBands {
		spot = append(spot, fmt.Sprintf("%-8s %-6s %-6s %-6s", b.Name, cell(SpottingChart[Open][i]), cell(SpottingChart[Soft][i]), cell(SpottingChart[Hard][i])))
	}
	fire := []string{fmt.Sprintf("%-6s %-6s %-6s %-7s %-7s %-7s %-6s", "Range", "Rifle", "Musket", "Carbine", "Volley", "Blunder", "Pistol")}
	for i, b := range FireBands {
		row := fmt.Sprintf("%-6s", b.Name)
		for _, w := range Weapons {
			col := FireChart[w]
			v := cell(col.Values[i])
			if col.Chances > 1 && col.Values[i] != OutOfRange {
				v = fmt.Sprintf("%dx%d", col.Chances, col.Values[i])
			}
			width := 6
			if w == Carbine || w == VolleyGun || w == Blunderbuss {
				width = 7
			}
			row += fmt.Sprintf(" %-*s", width, v)
		}
		fire = append(fire, row)
	}
	move := []string{fmt.Sprintf("%-14s %-6s %-6s %-11s %-4s", "Figure type", "Crawl", "Jog", "Run", "MAX")}
	for _, a := range []Arm{Infantry, HeavyCavalry, LightCavalry, Artillery} {
		s := MovementChart[a]
		run := fmt.Sprintf("%d\"", s.Run)
		if s.RunOneInThree {
			run += " 1 in 3"
		}
		move = append(move, fmt.Sprintf("%-14s %-6s %-6s %-11s %-4s", a, fmt.Sprintf("%d\"", s.Crawl), fmt.Sprintf("%d\"", s.Jog), run, fmt.Sprintf("%d\"", s.Max)))
	}
	var effect []string
	for _, r := range EffectChart {
		effect = append(effect, fmt.Sprintf("%2d-%-2d %s", r.From, r.To, r.Effect))
	}
	var char []string
	for n := 2; n <= 12; n++ {
		r := CharacterChart[n]
		char = append(char, fmt.Sprintf("%2d %s: %s", n, r.Location, r.Effect))
	}
	var round []string
	for _, r := range RoundshotChart {
		e := string(r.Effect)
		if r.Effect == NoEffect {
			e = "missed completely"
		}
		round = append(round, fmt.Sprintf("%2d-%-2d %s", r.From, r.To, e))
	}
	zones := func(z []Zone) []string {
		out := []string{fmt.Sprintf("%-18s %-6s %s", "Zone", "Rolls", "Chance (d20)")}
		for _, x := range z {
			out = append(out, fmt.Sprintf("%-18s %-6d %d", x.Name, x.Rolls, x.Chance))
		}
		return out
	}
	var burst []string
	for _, x := range BurstChart {
		burst = append(burst, fmt.Sprintf("%2d-%-2d %s", x.From, x.To, x.Result))
	}
	var morale []string
	for _, r := range MoraleChart {
		morale = append(morale, fmt.Sprintf("%2d-%-2d %s", r.From, r.To, r.Text))
	}
	var reload []string
	for _, w := range []Weapon{Musket, Pistol, Carbine, Rifle, Blunderbuss, VolleyGun, Cannon} {
		note := ""
		switch w {
		case Rifle:
			note = " (1 tap-loaded: fires at the carbine column)"
		case Cannon:
			note = " + 1 per crewman dead or seriously wounded"
		}
		reload = append(reload, fmt.Sprintf("%-12s %d%s", w, ReloadChart[w], note))
	}
	var readings []rules.Reading
	for _, id := range ReadingIDs {
		readings = append(readings, Readings[id])
	}
	return []rules.Topic{
		{Name: "cards", Title: "Cards and the turn (sections 3–4)", Readings: rd("G1", "G2", "G3", "G4", "G5"),
			Body: "Each officer, NCO and hero draws a secret card, Ace to 6, by DM. The count runs down from 6; a holder acts when it reaches his card with that many AP, or delays and acts at a lower count with AP equal to the count, ahead of that count's holder.\n" +
				"Actions (1 AP each): observe, move, take cover / go prone, get up, limber, unlimber, take aim, fire, reload, rally.\n" +
				"A squad more than 6\" from its officer costs 1 + ceil((d − 6) / 6) AP per action: 8\" costs 2.\n" +
				"`/turn new` deals · `/turn next` calls the count · `/act` acts now · `/card` shows your card · `/greenjackets pass` ends your move. A holder delays by not acting when his count is called."},
		{Name: "spotting", Title: "Spotting chart (section 5): d20 at or under", Readings: rd("G6", "G6a"),
			Body: code(spot...) + "\nModifiers: officer jogging −1, officer charging −3, enemy firing +5, enemy prone −2. Contact spots automatically.\n" +
				"One roll per officer per move. A section spotted is recorded for the turn: his squads may fire at it or move into melee with it (melee contact:true spots automatically). Figures in contact stay in contact, and spotted, across turns until one side moves. House rule spotting=off leaves it to the umpire."},
		{Name: "movement", Title: "Movement chart (section 6)", Readings: rd("G7", "G7a"),
			Body: code(move...) + "\nOne move order per AP. Road +2\" to every speed. A seriously wounded figure moves at most 1\" a move order and his squad at his pace, unless the order names the figures that go; a light-wounded character moves at half speed; a cavalryman whose horse is down goes on foot. Woods/marsh: crawl speed, no charging; impassable to artillery unless declared passable. It takes 1 action to limber or unlimber. " +
				"A charge at an enemy (`speed:charge target:`) ends in contact with it; on a map the referee measures it and brings the charger against the target's front. " +
				"On a map a move `to:\"x,y\"` (through `via:`) is measured along the path of the squad's centre, woods, marsh and rough ground counting as hard going and a road +2\" when kept to all the way; beyond the allowance it is refused with both distances, within it the squad is moved there."},
		{Name: "fire", Title: "Small arms fire chart (section 7): d20 at or under", Readings: rd("G8", "G8a", "G9", "G10"),
			Body: code(fire...) + "\nModifiers: hard cover −4, soft cover −2, target running −2, target charging −4, target prone −2, firer seriously wounded −4, firer jogging −2, firer charging −6, veteran +1, sharpshooter +1, novice −1, aimed +2, European rifle −2.\n" +
				"The firers' move in this move and the target's in this turn come from the record; speed: and target-moving: override it.\n" +
				"A natural 20 misfires: roll again, 1–5 phut, 6–15 firer stunned, 16–20 firer seriously wounded."},
		{Name: "effect-of-hits", Title: "Effect of hits (section 7): d20", Readings: rd("G12"),
			Body: code(effect...) + "\nA second serious wound kills. Cavalry: even hits the rider, odd the horse (a rifle within 20\" chooses); any wound to a horse incapacitates it."},
		{Name: "character-hits", Title: "Hits on heroes, NCOs and officers (section 10): 2d6", Readings: rd("G13"), Body: code(char...)},
		{Name: "roundshot", Title: "Artillery: roundshot (section 7)", Readings: rd("G14", "half"),
			Body: "0° elevation: up to 70\"; 1° elevation: 70\"–100\". Each figure on the line rolls d20:\n" + code(round...) +
				"\n+2 the first figure; −1 for every figure after the first figure hit (cumulative). Hard cover half chance; soft cover −2. Cavalry: an even roll hits the horse, the rider is thrown and stunned 1 turn.\nOn a gun: 1–2 destroyed, 3–4 wheel shot off (half chance in hard cover)."},
		{Name: "canister", Title: "Artillery: canister (section 7), 30° triangle", Readings: rd("G15", "half"),
			Body: code(zones(CanisterChart)...) + "\nEach success is a hit on the effect of hits chart. Hard cover half chance; soft cover −2."},
		{Name: "shell", Title: "Artillery: common shell (section 7), 3\" circle", Readings: rd("G16", "half"),
			Body: "Burst, d20:\n" + code(burst...) + "\n" + code(zones(ShellChart)...) + "\nHard cover half chance; soft cover −2."},
		{Name: "shrapnel", Title: "Artillery: shrapnel (section 7), British only, beyond 50\"", Readings: rd("G17", "half"),
			Body: "Burst as common shell.\n" + code(zones(ShrapnelChart)...) + "\nHard cover half chance; soft cover −2."},
		{Name: "reloading", Title: "Reloading actions (section 8)", Readings: rd("G11"),
			Body: code(reload...) + "\nNo reloading in a move in which the figure charges."},
		{Name: "melee", Title: "Melee (section 9): d20 each, highest wins", Readings: rd("G18", "G19", "G19a", "G20"),
			Body: "The loser takes a hit on the effect of hits chart (character chart for characters).\nModifiers: stunned −3, seriously wounded −3, novice −1, veteran +1, strongman +1, hero +1, bayonet +1, sword +2, axe +3, lance +3 first round then −2, charging +2, mounted in the open +2, mounted in woods/built-up −2.\n" +
				"Two or more on one: the outnumbered figure rolls against each and may wound only one, the one it names or else the one it beat by most; beating another is a parry. Cavalry that charged foot: rider and horse (charging +2, impact +2) attack in the first round."},
		{Name: "morale", Title: "Morale (section 11) and rally (section 12): d20", Readings: rd("G21", "G22", "G5"),
			Body: code(morale...) + "\nVeteran −2, raw +2, +1 per dead figure in the squad (reading; house rule morale-dead-figures=literal: −1 as printed).\n" +
				"Rally: pinned and running squads, one rally action; routing squads need their officer or a hero within 3\", a rally action and 16–20 on d20 (the officer may only move and rally that turn)."},
		{Name: "readings", Title: "Readings the referee takes (G1–G23, G6a, G7a, G8a, G19a)", Readings: readings,
			Body: "Where the text is damaged or silent the referee reads it so, and says so where it applies; the umpire switches some with `/game house-rule`. docs/readings.md states each with the rule it rests on."},
	}
}
