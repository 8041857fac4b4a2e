package greenjackets

import "strings"

// A Pick is a roster name as a list of choices offers it: what kind of name
// it is and where it stands ("Harris", "figure", "Chosen Men").
type Pick struct{ Name, Kind, Place string }

// SquadSide is the side of the squad's officer ("" when it has none).
func (b *Board) SquadSide(s *Squad) string {
	if o := b.Character(s.Officer); o != nil {
		return o.Side
	}
	return ""
}

// Listed are the squads named in list, or every squad when it names none.
func (b *Board) Listed(list string) []*Squad {
	var out []*Squad
	for _, n := range Names(list) {
		if s := b.Squad(n); s != nil {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return b.Squads
	}
	return out
}

// OwnSide is the side of the squad that acts (the first of squads) or of
// the observing officer, else of the user's first character; "" when none
// says.
func (b *Board) OwnSide(squads, officer, user string) string {
	if first, _, _ := strings.Cut(squads, ","); first != "" {
		if s := b.Squad(strings.TrimSpace(first)); s != nil {
			return b.SquadSide(s)
		}
	}
	if o := b.Character(officer); o != nil {
		return o.Side
	}
	return b.SideOf(user)
}

// CharacterPicks are the characters whose side keep accepts (nil: all).
func (b *Board) CharacterPicks(keep func(side string) bool) []Pick {
	var out []Pick
	for _, ch := range b.Characters {
		if keep == nil || keep(ch.Side) {
			out = append(out, Pick{ch.Name, ch.Rank, gone(ch.Side, ch.Dead)})
		}
	}
	return out
}

// SquadPicks are the squads whose side keep accepts (nil: all), placed by
// their officer and his side.
func (b *Board) SquadPicks(keep func(side string) bool) []Pick {
	var out []Pick
	for _, s := range b.Squads {
		if side := b.SquadSide(s); keep == nil || keep(side) {
			place := s.Officer
			if side != "" {
				place += " (" + side + ")"
			}
			out = append(out, Pick{s.Name, "squad", place})
		}
	}
	return out
}

// FigurePicks are the figures of the squads whose side keep accepts (nil:
// all).
func (b *Board) FigurePicks(keep func(side string) bool) []Pick {
	var squads []*Squad
	for _, s := range b.Squads {
		if keep == nil || keep(b.SquadSide(s)) {
			squads = append(squads, s)
		}
	}
	return FigurePicksOf(squads)
}

// FigurePicksOf are the figures of squads, placed by their squad.
func FigurePicksOf(squads []*Squad) []Pick {
	var out []Pick
	for _, s := range squads {
		for _, f := range s.Figures {
			out = append(out, Pick{f.Name, "figure", gone(s.Name, f.Dead)})
		}
	}
	return out
}

// gone marks the place of the dead.
func gone(place string, dead bool) string {
	if dead {
		return place + ", dead"
	}
	return place
}
