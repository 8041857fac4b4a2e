package greenjackets

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// rosterChange runs an umpire's change to the roster and says what changed.
func rosterChange(tx *battle.Tx, fn func(b *Board) (string, []interaction.DM, error)) (interaction.Response, error) {
	if err := tx.RequireUmpire("change the roster"); err != nil {
		return interaction.Response{}, err
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	msg, dms, err := fn(b)
	if err != nil {
		return interaction.Response{}, err
	}
	if err := b.Validate(); err != nil {
		return interaction.Response{}, interaction.Refusef("That would leave the roster inconsistent: %s.", render.Inert(err.Error()))
	}
	if err := roster.Save(tx, b, "roster: "+render.Clip(msg, 200)); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Response{Public: []interaction.Message{{Content: render.Clip("**Roster:** "+render.Inert(msg), render.MaxContent)}}, DMs: dms}, nil
}

func boolOpt(tx *battle.Tx, name string, v *bool) {
	if tx.Req.Has(name) {
		*v = tx.Req.Bool(name)
	}
}

// commandDM tells a player which character he commands: a DM that fails tells the umpire at once.
func commandDM(g *battle.Game, c *Character) interaction.DM {
	battleName := "this battle"
	if g.Name != "" {
		battleName = render.Inert(g.Name)
	}
	return interaction.DM{UserID: c.Player, UserName: c.PlayerName,
		Message: interaction.Message{Content: fmt.Sprintf("You command **%s** (%s, %s) in %s. Each turn your secret card comes by direct message; `/card` shows it, `/act` acts.",
			render.Inert(c.Name), c.Rank, render.Inert(c.Side), battleName)},
		Fallback: fmt.Sprintf("Could not DM %s: they will not receive their cards by DM until they allow direct messages from this server (they can still use `/card`).", render.Inert(c.PlayerName)),
	}
}

func assign(tx *battle.Tx, c *Character, u interaction.User) interaction.DM {
	c.Player, c.PlayerName = u.ID, u.Name
	roster.AddPlayer(tx.Game, u)
	if u.Name == "" {
		c.PlayerName = tx.Game.Player(u.ID)
	}
	return commandDM(tx.Game, c)
}

// RosterCharacter is /greenjackets roster character: add or change a character.
func (*Ruleset) RosterCharacter(tx *battle.Tx) (interaction.Response, error) {
	return rosterChange(tx, func(b *Board) (string, []interaction.DM, error) {
		name := tx.Req.String(optName)
		c := b.Character(name)
		verb := "changed"
		if c == nil {
			if b.Taken(name) {
				return "", nil, interaction.Refusef("%s already names a squad or figure.", render.Inert(name))
			}
			c = &Character{Name: name, Rank: RankOfficer, Side: "Unassigned", Quality: gj.Trained}
			b.Characters = append(b.Characters, c)
			verb = "added"
		}
		if tx.Req.Has(optRank) {
			c.Rank = tx.Req.String(optRank)
		}
		if s := tx.Req.String(optSide); s != "" {
			c.Side = s
		}
		if tx.Req.Has(optNation) {
			c.Nation = strings.ToLower(tx.Req.String(optNation))
		}
		q, err := quality(tx, optQuality, c.Quality)
		if err != nil {
			return "", nil, err
		}
		c.Quality = q
		if tx.Req.Has(optPossessions) {
			c.Possessions = names(tx.Req.String(optPossessions))
		}
		if tx.Req.Has(optSerious) {
			c.Serious = tx.Req.IntOr(optSerious, 0)
		}
		if tx.Req.Has(optLight) {
			c.Light = tx.Req.IntOr(optLight, 0)
		}
		if tx.Req.Has(optDead) {
			if tx.Req.Bool(optDead) {
				killCharacter(b, c)
			} else {
				c.Dead = false
			}
		}
		if nn := tx.Req.String(optNewName); nn != "" && !same(nn, c.Name) {
			if b.Taken(nn) {
				return "", nil, interaction.Refusef("%s is already on the roster.", render.Inert(nn))
			}
			renameCharacter(b, c, nn)
		}
		var dms []interaction.DM
		if u, ok := tx.Req.UserOption(optPlayer); ok && u.ID != "" {
			dms = append(dms, assign(tx, c, u))
		}
		msg := fmt.Sprintf("%s %s: %s, %s, %s", c.Name, verb, c.Rank, c.Side, c.Quality)
		if c.Player != "" {
			msg += ", played by " + c.PlayerName
		}
		if len(c.Possessions) > 0 {
			msg += "; carries " + strings.Join(c.Possessions, ", ")
		}
		return msg + characterWounds(c) + ".", dms, nil
	})
}

func renameCharacter(b *Board, c *Character, to string) {
	for _, s := range b.Squads {
		if same(s.Officer, c.Name) {
			s.Officer = to
		}
	}
	for i, n := range b.Turn.Order {
		if same(n, c.Name) {
			b.Turn.Order[i] = to
		}
	}
	for i, n := range b.Turn.Deal {
		if same(n, c.Name) {
			b.Turn.Deal[i] = to
		}
	}
	c.Name = to
}

// newFigure makes a figure from an item typed in a list, with the squad's defaults.
func newFigure(it item, w gj.Weapon, m gj.MeleeWeapon, q gj.Quality) (*Figure, error) {
	f := &Figure{Name: it.Name, Weapon: w, Melee: m, Quality: q, Loaded: true}
	for t := range it.Traits {
		switch t {
		case "sharpshooter":
			f.Sharpshooter = true
		case "strongman":
			f.Strongman = true
		case "european":
			f.European = true
		case "gun":
			f.Arm, f.Weapon, f.Melee, f.Loaded = gj.Gun, gj.Cannon, gj.Bare, false
		case "unloaded":
			f.Loaded = false
		default:
			if q, err := gj.ParseQuality(t); err == nil {
				f.Quality = q
			} else if w, err := gj.ParseWeapon(t); err == nil {
				f.Weapon = w
			} else if m, err := gj.ParseMeleeWeapon(t); err == nil {
				f.Melee = m
			} else if a, err := gj.ParseArm(t); err == nil {
				f.Arm = a
			} else {
				return nil, interaction.Refusef("%s: %q is not a trait (sharpshooter, strongman, european, gun, unloaded, a quality, a weapon or an arm).", render.Inert(it.Name), t)
			}
		}
	}
	return f, nil
}

// RosterSquad is /greenjackets roster squad: add or change a squad and add figures.
func (*Ruleset) RosterSquad(tx *battle.Tx) (interaction.Response, error) {
	return rosterChange(tx, func(b *Board) (string, []interaction.DM, error) {
		name := tx.Req.String(optName)
		s := b.Squad(name)
		verb := "changed"
		if s == nil {
			if b.Taken(name) {
				return "", nil, interaction.Refusef("%s already names a character or figure.", render.Inert(name))
			}
			s = &Squad{Name: name, Arm: gj.Infantry, Quality: gj.Trained, Morale: gj.Steady}
			b.Squads = append(b.Squads, s)
			verb = "added"
		}
		if o := tx.Req.String(optOfficer); o != "" {
			c := b.Character(o)
			if c == nil {
				return "", nil, interaction.Refusef("There is no character called %s: add him first with `/greenjackets roster character`.", render.Inert(o))
			}
			s.Officer = c.Name
		}
		if tx.Req.Has(optArm) {
			a, err := gj.ParseArm(tx.Req.String(optArm))
			if err != nil {
				return "", nil, err
			}
			s.Arm = a
		}
		q, err := quality(tx, optQuality, s.Quality)
		if err != nil {
			return "", nil, err
		}
		s.Quality = q
		if tx.Req.Has(optMorale) {
			m, err := gj.ParseMorale(tx.Req.String(optMorale))
			if err != nil {
				return "", nil, err
			}
			s.Morale = m
		}
		boolOpt(tx, optLimbered, &s.Limbered)
		w := defaultWeapon(s.Arm)
		if tx.Req.Has(optWeapon) {
			if w, err = gj.ParseWeapon(tx.Req.String(optWeapon)); err != nil {
				return "", nil, err
			}
		}
		m := defaultMelee(s.Arm)
		if tx.Req.Has(optMelee) {
			if m, err = gj.ParseMeleeWeapon(tx.Req.String(optMelee)); err != nil {
				return "", nil, err
			}
		}
		its, err := items(tx.Req.String(optFigures))
		if err != nil {
			return "", nil, err
		}
		for _, it := range its {
			if b.Taken(it.Name) {
				return "", nil, interaction.Refusef("%s is already on the roster.", render.Inert(it.Name))
			}
			f, err := newFigure(it, w, m, s.Quality)
			if err != nil {
				return "", nil, err
			}
			s.Figures = append(s.Figures, f)
		}
		if nn := tx.Req.String(optNewName); nn != "" && !same(nn, s.Name) {
			if b.Taken(nn) {
				return "", nil, interaction.Refusef("%s is already on the roster.", render.Inert(nn))
			}
			s.Name = nn
		}
		officer := "no officer"
		if s.Officer != "" {
			officer = "under " + s.Officer
		}
		return fmt.Sprintf("%s %s: %s, %s, %s, %s; %d figures.", s.Name, verb, s.Arm, s.Quality, officer, s.Morale, len(s.Figures)), nil, nil
	})
}

func defaultWeapon(a gj.Arm) gj.Weapon {
	switch a {
	case gj.LightCavalry, gj.HeavyCavalry:
		return gj.Carbine
	case gj.Artillery:
		return gj.None
	case gj.Gun:
		return gj.Cannon
	}
	return gj.Musket
}

func defaultMelee(a gj.Arm) gj.MeleeWeapon {
	switch a {
	case gj.LightCavalry, gj.HeavyCavalry:
		return gj.Sword
	case gj.Infantry:
		return gj.Bayonet
	}
	return gj.Bare
}

// RosterFigure is /greenjackets roster figure: add a figure or change its state.
func (*Ruleset) RosterFigure(tx *battle.Tx) (interaction.Response, error) {
	return rosterChange(tx, func(b *Board) (string, []interaction.DM, error) {
		name := tx.Req.String(optName)
		s, f := b.Figure(name)
		verb := "changed"
		if sq := tx.Req.String(optSquad); sq != "" {
			to := b.Squad(sq)
			if to == nil {
				return "", nil, interaction.Refusef("There is no squad called %s.", render.Inert(sq))
			}
			switch {
			case f == nil:
				if b.Taken(name) {
					return "", nil, interaction.Refusef("%s already names a character or squad.", render.Inert(name))
				}
				f = &Figure{Name: name, Weapon: defaultWeapon(to.Arm), Melee: defaultMelee(to.Arm), Quality: to.Quality, Loaded: true}
				to.Figures = append(to.Figures, f)
				verb = "added"
			case s != to:
				s.Figures = slices.DeleteFunc(s.Figures, func(x *Figure) bool { return x == f })
				to.Figures = append(to.Figures, f)
				verb = "moved"
			}
			s = to
		}
		if f == nil {
			return "", nil, interaction.Refusef("There is no figure called %s; to add one, give its squad.", render.Inert(name))
		}
		var err error
		if tx.Req.Has(optArm) {
			if f.Arm, err = gj.ParseArm(tx.Req.String(optArm)); err != nil {
				return "", nil, err
			}
		}
		if tx.Req.Has(optWeapon) {
			if f.Weapon, err = gj.ParseWeapon(tx.Req.String(optWeapon)); err != nil {
				return "", nil, err
			}
		}
		if tx.Req.Has(optMelee) {
			if f.Melee, err = gj.ParseMeleeWeapon(tx.Req.String(optMelee)); err != nil {
				return "", nil, err
			}
		}
		if f.Quality, err = quality(tx, optQuality, f.Quality); err != nil {
			return "", nil, err
		}
		if tx.Req.Has(optAmmo) {
			if f.Ammo, err = gj.ParseAmmo(tx.Req.String(optAmmo)); err != nil {
				return "", nil, err
			}
		}
		boolOpt(tx, optSharpshooter, &f.Sharpshooter)
		boolOpt(tx, optStrongman, &f.Strongman)
		boolOpt(tx, optEuropean, &f.European)
		boolOpt(tx, optLoaded, &f.Loaded)
		boolOpt(tx, optAimed, &f.Aimed)
		boolOpt(tx, optProne, &f.Prone)
		if f.Loaded {
			f.Reloading = 0
		}
		if tx.Req.Has(optStunned) {
			f.StunnedUntil = tx.Req.IntOr(optStunned, 0)
		}
		if tx.Req.Has(optSerious) {
			f.Serious = tx.Req.IntOr(optSerious, 0)
		}
		if tx.Req.Has(optHorse) {
			switch h := tx.Req.String(optHorse); h {
			case "sound":
				f.Horse = ""
			case "stunned":
				f.Horse, f.HorseUntil = "stunned", b.StunUntil(s.Officer)
			case "down":
				f.Horse = "down"
			default:
				return "", nil, interaction.Refuse("horse is sound, stunned or down.")
			}
		}
		if tx.Req.Has(optDead) {
			if tx.Req.Bool(optDead) {
				killFigure(s, f)
			} else {
				f.Dead = false
			}
		}
		if nn := tx.Req.String(optNewName); nn != "" && !same(nn, f.Name) {
			if b.Taken(nn) {
				return "", nil, interaction.Refusef("%s is already on the roster.", render.Inert(nn))
			}
			f.Name = nn
		}
		st := figureState(b, s, f)
		if st == "" {
			st = "ready"
		}
		return fmt.Sprintf("%s %s (%s): %s, %s, %s; %s.", f.Name, verb, s.Name, s.ArmOf(f), f.Weapon, f.Quality, st), nil, nil
	})
}

// RosterRemove is /greenjackets roster remove.
func (*Ruleset) RosterRemove(tx *battle.Tx) (interaction.Response, error) {
	return rosterChange(tx, func(b *Board) (string, []interaction.DM, error) {
		name := tx.Req.String(optName)
		if c := b.Character(name); c != nil {
			b.Characters = slices.DeleteFunc(b.Characters, func(x *Character) bool { return x == c })
			for _, s := range b.Squads {
				if same(s.Officer, c.Name) {
					s.Officer = ""
				}
			}
			b.Turn.Order = slices.DeleteFunc(b.Turn.Order, func(n string) bool { return same(n, c.Name) })
			return c.Name + " removed; his squads have no officer until one is given.", nil, nil
		}
		if s := b.Squad(name); s != nil {
			b.Squads = slices.DeleteFunc(b.Squads, func(x *Squad) bool { return x == s })
			return fmt.Sprintf("%s removed with its %d figures.", s.Name, len(s.Figures)), nil, nil
		}
		if s, f := b.Figure(name); f != nil {
			s.Figures = slices.DeleteFunc(s.Figures, func(x *Figure) bool { return x == f })
			return fmt.Sprintf("%s removed from %s.", f.Name, s.Name), nil, nil
		}
		return "", nil, interaction.Refusef("There is no %s on the roster.", render.Inert(name))
	})
}

// RosterShow is /greenjackets roster show: every character, squad and figure's state (never a card).
func (r *Ruleset) RosterShow(tx *battle.Tx) (interaction.Response, error) {
	if _, err := load(tx); err != nil {
		return interaction.Response{}, err
	}
	fields, err := r.Status(tx.Game)
	if err != nil {
		return interaction.Response{}, err
	}
	if len(fields) > render.MaxFields {
		fields = fields[:render.MaxFields]
	}
	return interaction.Response{Ephemeral: []interaction.Message{{Embeds: []interaction.Embed{{Title: "Green Jackets roster", Fields: fields, Color: render.ColourRuling}}}}}, nil
}

// An order of battle file: JSON, or compact text (see ParseOrderOfBattle).
type orderOfBattle struct {
	Characters []obCharacter `json:"characters"`
	Squads     []obSquad     `json:"squads"`
}

type obCharacter struct {
	Name        string   `json:"name"`
	Rank        string   `json:"rank"`
	Side        string   `json:"side"`
	Nation      string   `json:"nation"`
	Player      string   `json:"player"`
	PlayerName  string   `json:"player_name"`
	Quality     string   `json:"quality"`
	Possessions []string `json:"possessions"`
}

type obSquad struct {
	Name    string     `json:"name"`
	Officer string     `json:"officer"`
	Arm     string     `json:"arm"`
	Quality string     `json:"quality"`
	Weapon  string     `json:"weapon"`
	Melee   string     `json:"melee"`
	Figures []obFigure `json:"figures"`
}

// obFigure is a figure: a JSON string "Harris (sharpshooter)" or an object.
type obFigure struct {
	Name   string   `json:"name"`
	Traits []string `json:"traits"`
}

func (f *obFigure) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		its, err := items(s)
		if err != nil || len(its) != 1 {
			return fmt.Errorf("figure %q: give one name with traits in brackets", s)
		}
		f.Name = its[0].Name
		for t := range its[0].Traits {
			f.Traits = append(f.Traits, t)
		}
		slices.Sort(f.Traits)
		return nil
	}
	type plain obFigure
	return json.Unmarshal(b, (*plain)(f))
}

// parseText reads the compact order of battle: one entry a line (or separated by ';'):
//
//	character: Captain Fothergill | officer | British | veteran | british
//	squad: Rifles 1 | Captain Fothergill | infantry | veteran | rifle | sword | Harris (sharpshooter), Hagman, Cooper
func parseText(s string) (orderOfBattle, error) {
	var ob orderOfBattle
	for _, line := range strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == ';' }) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		kind, rest, ok := strings.Cut(line, ":")
		if !ok {
			return ob, interaction.Refusef("%q: start each line with `character:` or `squad:`.", render.Clip(line, 80))
		}
		parts := strings.Split(rest, "|")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		at := func(i int) string {
			if i < len(parts) {
				return parts[i]
			}
			return ""
		}
		switch strings.ToLower(strings.TrimSpace(kind)) {
		case "character":
			ob.Characters = append(ob.Characters, obCharacter{Name: at(0), Rank: at(1), Side: at(2), Quality: at(3), Nation: at(4)})
		case "squad":
			sq := obSquad{Name: at(0), Officer: at(1), Arm: at(2), Quality: at(3), Weapon: at(4), Melee: at(5)}
			its, err := items(at(6))
			if err != nil {
				return ob, err
			}
			for _, it := range its {
				f := obFigure{Name: it.Name}
				for t := range it.Traits {
					f.Traits = append(f.Traits, t)
				}
				slices.Sort(f.Traits)
				sq.Figures = append(sq.Figures, f)
			}
			ob.Squads = append(ob.Squads, sq)
		default:
			return ob, interaction.Refusef("%q: start each line with `character:` or `squad:`.", render.Clip(line, 80))
		}
	}
	return ob, nil
}

// RosterImport is /greenjackets roster import: add an order of battle to the roster.
func (*Ruleset) RosterImport(tx *battle.Tx) (interaction.Response, error) {
	return rosterChange(tx, func(b *Board) (string, []interaction.DM, error) {
		var ob orderOfBattle
		var err error
		file, hasFile := tx.Req.FileOption(optFile)
		text := tx.Req.String(optText)
		switch {
		case hasFile && strings.HasPrefix(strings.TrimSpace(string(file.Content)), "{"):
			dec := json.NewDecoder(strings.NewReader(string(file.Content)))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&ob); err != nil {
				return "", nil, interaction.Refusef("The order of battle is not valid JSON for Green Jackets: %s.", render.Inert(render.Clip(err.Error(), 200)))
			}
		case hasFile:
			ob, err = parseText(string(file.Content))
		case text != "":
			ob, err = parseText(text)
		default:
			return "", nil, interaction.Refuse("Attach the order of battle (file:) or type it (text:).")
		}
		if err != nil {
			return "", nil, err
		}
		return addOrderOfBattle(tx, b, ob)
	})
}

func addOrderOfBattle(tx *battle.Tx, b *Board, ob orderOfBattle) (string, []interaction.DM, error) {
	var dms []interaction.DM
	for _, oc := range ob.Characters {
		if b.Taken(oc.Name) || strings.TrimSpace(oc.Name) == "" {
			return "", nil, interaction.Refusef("Character %q is unnamed or already on the roster.", render.Inert(oc.Name))
		}
		q, err := gj.ParseQuality(oc.Quality)
		if err != nil {
			return "", nil, err
		}
		rank := strings.ToLower(oc.Rank)
		if rank == "" {
			rank = RankOfficer
		}
		if rank != RankOfficer && rank != RankNCO && rank != RankHero {
			return "", nil, rules.Breachf("%s: rank %q is officer, nco or hero.", oc.Name, oc.Rank)
		}
		side := oc.Side
		if side == "" {
			side = "Unassigned"
		}
		c := &Character{Name: oc.Name, Rank: rank, Side: side, Nation: strings.ToLower(oc.Nation), Quality: q, Possessions: oc.Possessions}
		b.Characters = append(b.Characters, c)
		if oc.Player != "" {
			dms = append(dms, assign(tx, c, interaction.User{ID: oc.Player, Name: oc.PlayerName}))
		}
	}
	figures := 0
	for _, os := range ob.Squads {
		if b.Taken(os.Name) || strings.TrimSpace(os.Name) == "" {
			return "", nil, interaction.Refusef("Squad %q is unnamed or already on the roster.", render.Inert(os.Name))
		}
		arm, err := gj.ParseArm(os.Arm)
		if err != nil {
			return "", nil, err
		}
		q, err := gj.ParseQuality(os.Quality)
		if err != nil {
			return "", nil, err
		}
		s := &Squad{Name: os.Name, Arm: arm, Quality: q, Morale: gj.Steady}
		if os.Officer != "" {
			c := b.Character(os.Officer)
			if c == nil {
				return "", nil, interaction.Refusef("Squad %s is under %s, who is not in the order of battle.", render.Inert(os.Name), render.Inert(os.Officer))
			}
			s.Officer = c.Name
		}
		w := defaultWeapon(arm)
		if os.Weapon != "" {
			if w, err = gj.ParseWeapon(os.Weapon); err != nil {
				return "", nil, err
			}
		}
		m := defaultMelee(arm)
		if os.Melee != "" {
			if m, err = gj.ParseMeleeWeapon(os.Melee); err != nil {
				return "", nil, err
			}
		}
		b.Squads = append(b.Squads, s)
		for _, of := range os.Figures {
			if b.Taken(of.Name) {
				return "", nil, interaction.Refusef("Figure %q is already on the roster.", render.Inert(of.Name))
			}
			it := item{Name: of.Name, Traits: map[string]bool{}}
			for _, t := range of.Traits {
				it.Traits[strings.ToLower(t)] = true
			}
			f, err := newFigure(it, w, m, q)
			if err != nil {
				return "", nil, err
			}
			s.Figures = append(s.Figures, f)
			figures++
		}
	}
	return fmt.Sprintf("order of battle imported: %s, %s, %s.", plural(len(ob.Characters), "character", "characters"),
		plural(len(ob.Squads), "squad", "squads"), plural(figures, "figure", "figures")), dms, nil
}
