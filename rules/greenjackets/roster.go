package greenjackets

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// A Player is who plays a character: a Discord user id and the name shown.
type Player struct{ ID, Name string }

// A RosterOutcome is what a roster change did: one sentence, and the
// characters given to a player (who is told which he commands).
type RosterOutcome struct {
	Message  string
	Assigned []*Character
}

// A CharacterEdit adds a character or changes one; nil fields stay as they are.
type CharacterEdit struct {
	Name, NewName      string
	Rank, Side, Nation *string
	Quality            *Quality
	Possessions        *[]string
	Dead               *bool
	Serious, Light     *int
	Player             *Player
	// Hidden places his section hidden under fog of war (true), or back in
	// plain sight (false).
	Hidden *bool
}

// A SquadEdit adds a squad or changes one and adds figures to it.
type SquadEdit struct {
	Name, NewName, Officer string
	Arm                    *Arm
	Quality                *Quality
	Morale                 *Morale
	Limbered               *bool
	// Weapon and Melee arm the figures added (default: the arm's).
	Weapon  *Weapon
	Melee   *MeleeWeapon
	Figures []Entry
}

// A FigureEdit adds a figure to a squad, moves it to another or changes its state.
type FigureEdit struct {
	Name, NewName, Squad string
	Arm                  *Arm
	Weapon               *Weapon
	Melee                *MeleeWeapon
	Quality              *Quality
	Ammo                 *Ammo
	Sharpshooter         *bool
	Strongman            *bool
	European             *bool
	Loaded, Aimed, Prone *bool
	Dead                 *bool
	Stunned, Serious     *int
	// Horse is "" (sound), HorseStunned or HorseDown.
	Horse *string
}

// edit runs a roster change on a clone of b, keeping it only when the board it
// leaves is consistent.
func (b *Board) edit(fn func(b *Board) (RosterOutcome, error)) (RosterOutcome, error) {
	return atomically(b, func(c *Board) (RosterOutcome, error) {
		out, err := fn(c)
		if err != nil {
			return out, err
		}
		if err := c.Validate(); err != nil {
			return out, rules.Breachf("That would leave the roster inconsistent: %s.", err)
		}
		return out, nil
	})
}

// newName refuses a name the roster cannot take: too long, or already on it.
func (b *Board) newName(kind, name string) error {
	if err := CheckName(kind, name); err != nil {
		return rules.Breachf("%s.", rules.Capital(err.Error()))
	}
	if b.Taken(name) {
		return rules.Breachf("%s is already on the roster.", name)
	}
	return nil
}

// EditCharacter adds or changes a character.
func (b *Board) EditCharacter(e CharacterEdit) (RosterOutcome, error) {
	return b.edit(func(b *Board) (RosterOutcome, error) {
		c := b.Character(e.Name)
		verb := "changed"
		if c == nil {
			if err := b.newName("character", e.Name); err != nil {
				return RosterOutcome{}, err
			}
			c = &Character{Name: e.Name, Rank: RankOfficer, Side: Unassigned, Quality: Trained}
			b.Characters = append(b.Characters, c)
			verb = "added"
		}
		rules.Set(&c.Rank, e.Rank)
		if e.Side != nil && *e.Side != "" {
			if err := CheckName("side", *e.Side); err != nil {
				return RosterOutcome{}, rules.Breachf("%s.", rules.Capital(err.Error()))
			}
			c.Side = *e.Side
			c.KnownTo = slices.DeleteFunc(slices.Clone(c.KnownTo), func(k string) bool { return Same(k, c.Side) })
		}
		if e.Hidden != nil {
			c.Sight = rules.Sight{Hidden: *e.Hidden}
		}
		if e.Nation != nil {
			c.Nation = strings.ToLower(*e.Nation)
		}
		rules.Set(&c.Quality, e.Quality)
		rules.Set(&c.Possessions, e.Possessions)
		rules.Set(&c.Serious, e.Serious)
		rules.Set(&c.Light, e.Light)
		if e.Dead != nil {
			if *e.Dead {
				b.killCharacter(c)
			} else {
				c.Dead = false
			}
		}
		if e.NewName != "" && !Same(e.NewName, c.Name) {
			if err := b.newName("character", e.NewName); err != nil {
				return RosterOutcome{}, err
			}
			b.renameCharacter(c, e.NewName)
		}
		var out RosterOutcome
		if e.Player != nil && e.Player.ID != "" {
			c.Player, c.PlayerName = e.Player.ID, e.Player.Name
			out.Assigned = append(out.Assigned, c)
		}
		msg := fmt.Sprintf("%s %s: %s, %s, %s", c.Name, verb, c.Rank, c.Side, c.Quality)
		if c.Player != "" {
			msg += ", played by " + c.PlayerName
		}
		if c.Hidden && !c.Public {
			msg += ", hidden with his section"
		}
		if len(c.Possessions) > 0 {
			msg += "; carries " + strings.Join(c.Possessions, ", ")
		}
		out.Message = msg + c.Wounds() + "."
		return out, nil
	})
}

// Wounds says how a character is hurt: ": dead", ": seriously wounded, 1 light wound", or "".
func (c *Character) Wounds() string {
	var w []string
	switch {
	case c.Dead:
		return ": dead"
	case c.Serious > 0:
		w = append(w, "seriously wounded")
	}
	if c.Light > 0 {
		w = append(w, rules.Plural(c.Light, "light wound", "light wounds"))
	}
	if len(w) == 0 {
		return ""
	}
	return ": " + strings.Join(w, ", ")
}

func (b *Board) renameCharacter(c *Character, to string) {
	for _, s := range b.Squads {
		if Same(s.Officer, c.Name) {
			s.Officer = to
		}
	}
	for _, list := range [][]string{b.Turn.Order, b.Turn.Deal} {
		for i, n := range list {
			if Same(n, c.Name) {
				list[i] = to
			}
		}
	}
	for _, x := range b.Characters {
		for i := range x.Spotted {
			if Same(x.Spotted[i].Section, c.Name) {
				x.Spotted[i].Section = to
			}
		}
	}
	b.renameUnit(c.Name, to)
	c.Name = to
}

// newFigure makes a figure from an entry typed in a list, with the squad's defaults.
func newFigure(it Entry, w Weapon, m MeleeWeapon, q Quality) (*Figure, error) {
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
			f.Arm, f.Weapon, f.Melee, f.Loaded = Gun, Cannon, Bare, false
		case "unloaded":
			f.Loaded = false
		default:
			if q, err := ParseQuality(t); err == nil {
				f.Quality = q
			} else if w, err := ParseWeapon(t); err == nil {
				f.Weapon = w
			} else if m, err := ParseMeleeWeapon(t); err == nil {
				f.Melee = m
			} else if a, err := ParseArm(t); err == nil {
				f.Arm = a
			} else {
				return nil, rules.Breachf("%s: %q is not a trait (sharpshooter, strongman, european, gun, unloaded, a quality, a weapon or an arm).", it.Name, t)
			}
		}
	}
	return f, nil
}

// addFigures adds the entries to s as figures armed with w and m.
func (b *Board) addFigures(s *Squad, its []Entry, w Weapon, m MeleeWeapon) error {
	for _, it := range its {
		if err := b.newName("figure", it.Name); err != nil {
			return err
		}
		f, err := newFigure(it, w, m, s.Quality)
		if err != nil {
			return err
		}
		s.Figures = append(s.Figures, f)
	}
	return nil
}

// DefaultWeapon is the firearm a figure of the arm carries unless told otherwise.
func DefaultWeapon(a Arm) Weapon {
	switch a {
	case LightCavalry, HeavyCavalry:
		return Carbine
	case Artillery:
		return None
	case Gun:
		return Cannon
	}
	return Musket
}

// DefaultMelee is the melee weapon a figure of the arm carries unless told otherwise.
func DefaultMelee(a Arm) MeleeWeapon {
	switch a {
	case LightCavalry, HeavyCavalry:
		return Sword
	case Infantry:
		return Bayonet
	}
	return Bare
}

// EditSquad adds or changes a squad and adds figures to it.
func (b *Board) EditSquad(e SquadEdit) (RosterOutcome, error) {
	return b.edit(func(b *Board) (RosterOutcome, error) {
		s := b.Squad(e.Name)
		verb := "changed"
		if s == nil {
			if err := b.newName("squad", e.Name); err != nil {
				return RosterOutcome{}, err
			}
			s = &Squad{Name: e.Name, Arm: Infantry, Quality: Trained, Morale: Steady}
			b.Squads = append(b.Squads, s)
			verb = "added"
		}
		if e.Officer != "" {
			c := b.Character(e.Officer)
			if c == nil {
				return RosterOutcome{}, rules.Breachf("There is no character called %s: add him first with `/greenjackets roster character`.", rules.Inert(e.Officer))
			}
			s.Officer = c.Name
		}
		rules.Set(&s.Arm, e.Arm)
		rules.Set(&s.Quality, e.Quality)
		rules.Set(&s.Morale, e.Morale)
		rules.Set(&s.Limbered, e.Limbered)
		w, m := DefaultWeapon(s.Arm), DefaultMelee(s.Arm)
		rules.Set(&w, e.Weapon)
		rules.Set(&m, e.Melee)
		if err := b.addFigures(s, e.Figures, w, m); err != nil {
			return RosterOutcome{}, err
		}
		if e.NewName != "" && !Same(e.NewName, s.Name) {
			if err := b.newName("squad", e.NewName); err != nil {
				return RosterOutcome{}, err
			}
			b.renameUnit(s.Name, e.NewName)
			s.Name = e.NewName
		}
		officer := "no officer"
		if s.Officer != "" {
			officer = "under " + s.Officer
		}
		return RosterOutcome{Message: fmt.Sprintf("%s %s: %s, %s, %s, %s; %d figures.", s.Name, verb, s.Arm, s.Quality, officer, s.Morale, len(s.Figures))}, nil
	})
}

// EditFigure adds a figure, moves it to another squad or changes its state.
func (b *Board) EditFigure(e FigureEdit) (RosterOutcome, error) {
	return b.edit(func(b *Board) (RosterOutcome, error) {
		s, f := b.Figure(e.Name)
		verb := "changed"
		if e.Squad != "" {
			to := b.Squad(e.Squad)
			if to == nil {
				return RosterOutcome{}, rules.Breachf("There is no squad called %s.", rules.Inert(e.Squad))
			}
			switch {
			case f == nil:
				if err := b.newName("figure", e.Name); err != nil {
					return RosterOutcome{}, err
				}
				f = &Figure{Name: e.Name, Weapon: DefaultWeapon(to.Arm), Melee: DefaultMelee(to.Arm), Quality: to.Quality, Loaded: true}
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
			return RosterOutcome{}, rules.Breachf("There is no figure called %s; to add one, give its squad.", rules.Inert(e.Name))
		}
		rules.Set(&f.Arm, e.Arm)
		rules.Set(&f.Weapon, e.Weapon)
		rules.Set(&f.Melee, e.Melee)
		rules.Set(&f.Quality, e.Quality)
		rules.Set(&f.Ammo, e.Ammo)
		rules.Set(&f.Sharpshooter, e.Sharpshooter)
		rules.Set(&f.Strongman, e.Strongman)
		rules.Set(&f.European, e.European)
		rules.Set(&f.Loaded, e.Loaded)
		rules.Set(&f.Aimed, e.Aimed)
		rules.Set(&f.Prone, e.Prone)
		if f.Loaded {
			f.Reloading = 0
		}
		rules.Set(&f.StunnedUntil, e.Stunned)
		rules.Set(&f.Serious, e.Serious)
		if e.Horse != nil {
			f.Horse = *e.Horse
			if f.Horse == HorseStunned {
				f.HorseUntil = b.StunUntil(s.Officer)
			}
		}
		if e.Dead != nil {
			if *e.Dead {
				killFigure(s, f)
			} else {
				f.Dead = false
			}
		}
		if e.NewName != "" && !Same(e.NewName, f.Name) {
			if err := b.newName("figure", e.NewName); err != nil {
				return RosterOutcome{}, err
			}
			f.Name = e.NewName
		}
		st := b.FigureState(s, f)
		if st == "" {
			st = "ready"
		}
		return RosterOutcome{Message: fmt.Sprintf("%s %s (%s): %s, %s, %s; %s.", f.Name, verb, s.Name, s.ArmOf(f), f.Weapon, f.Quality, st)}, nil
	})
}

// Remove takes a character, squad or figure off the roster.
func (b *Board) Remove(name string) (RosterOutcome, error) {
	return b.edit(func(b *Board) (RosterOutcome, error) {
		if c := b.Character(name); c != nil {
			b.Characters = slices.DeleteFunc(b.Characters, func(x *Character) bool { return x == c })
			for _, s := range b.Squads {
				if Same(s.Officer, c.Name) {
					s.Officer = ""
				}
			}
			b.Turn.Order = slices.DeleteFunc(b.Turn.Order, func(n string) bool { return Same(n, c.Name) })
			b.dropUnit(c.Name)
			return RosterOutcome{Message: c.Name + " removed; his squads have no officer until one is given."}, nil
		}
		if s := b.Squad(name); s != nil {
			b.Squads = slices.DeleteFunc(b.Squads, func(x *Squad) bool { return x == s })
			b.dropUnit(s.Name)
			return RosterOutcome{Message: fmt.Sprintf("%s removed with its %d figures.", s.Name, len(s.Figures))}, nil
		}
		if s, f := b.Figure(name); f != nil {
			s.Figures = slices.DeleteFunc(s.Figures, func(x *Figure) bool { return x == f })
			return RosterOutcome{Message: fmt.Sprintf("%s removed from %s.", f.Name, s.Name)}, nil
		}
		return RosterOutcome{}, rules.Breachf("There is no %s on the roster.", name)
	})
}

// Import adds an order of battle to the roster.
func (b *Board) Import(ob OrderOfBattle) (RosterOutcome, error) {
	return b.edit(func(b *Board) (RosterOutcome, error) {
		var out RosterOutcome
		for _, oc := range ob.Characters {
			if err := b.newName("character", oc.Name); err != nil {
				return out, err
			}
			q, err := ParseQuality(oc.Quality)
			if err != nil {
				return out, err
			}
			rank := strings.ToLower(oc.Rank)
			if rank == "" {
				rank = RankOfficer
			}
			if !slices.Contains(Ranks, rank) {
				return out, rules.Breachf("%s: rank %q is officer, nco or hero.", oc.Name, oc.Rank)
			}
			side := oc.Side
			if side == "" {
				side = Unassigned
			}
			if err := CheckName("side", side); err != nil {
				return out, rules.Breachf("%s.", rules.Capital(err.Error()))
			}
			c := &Character{Name: oc.Name, Rank: rank, Side: side, Nation: strings.ToLower(oc.Nation), Quality: q, Possessions: oc.Possessions,
				Player: oc.Player, PlayerName: oc.PlayerName}
			b.Characters = append(b.Characters, c)
			if oc.Player != "" {
				out.Assigned = append(out.Assigned, c)
			}
		}
		figures := 0
		for _, os := range ob.Squads {
			if err := b.newName("squad", os.Name); err != nil {
				return out, err
			}
			arm, err := ParseArm(os.Arm)
			if err != nil {
				return out, err
			}
			q, err := ParseQuality(os.Quality)
			if err != nil {
				return out, err
			}
			s := &Squad{Name: os.Name, Arm: arm, Quality: q, Morale: Steady}
			if os.Officer != "" {
				c := b.Character(os.Officer)
				if c == nil {
					return out, rules.Breachf("Squad %s is under %s, who is not in the order of battle.", os.Name, os.Officer)
				}
				s.Officer = c.Name
			}
			w, m := DefaultWeapon(arm), DefaultMelee(arm)
			if os.Weapon != "" {
				if w, err = ParseWeapon(os.Weapon); err != nil {
					return out, err
				}
			}
			if os.Melee != "" {
				if m, err = ParseMeleeWeapon(os.Melee); err != nil {
					return out, err
				}
			}
			b.Squads = append(b.Squads, s)
			var its []Entry
			for _, of := range os.Figures {
				it := Entry{Name: of.Name, Traits: map[string]bool{}}
				for _, t := range of.Traits {
					it.Traits[strings.ToLower(t)] = true
				}
				its = append(its, it)
			}
			if err := b.addFigures(s, its, w, m); err != nil {
				return out, err
			}
			figures += len(its)
		}
		out.Message = fmt.Sprintf("order of battle imported: %s, %s, %s.", rules.Plural(len(ob.Characters), "character", "characters"),
			rules.Plural(len(ob.Squads), "squad", "squads"), rules.Plural(figures, "figure", "figures"))
		return out, nil
	})
}
