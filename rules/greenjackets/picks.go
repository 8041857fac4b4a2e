package greenjackets

import "strings"

// A Pick is a roster name as a list of choices offers it: what kind of name
// it is, where it stands ("Harris", "figure", "Chosen Men") and its side (""
// when it has none).
type Pick struct{ Name, Kind, Place, Side string }

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

// CharacterPicks are the characters, placed by their side.
func (b *Board) CharacterPicks() []Pick {
	var out []Pick
	for _, ch := range b.Characters {
		out = append(out, Pick{ch.Name, ch.Rank, gone(ch.Side, ch.Dead), ch.Side})
	}
	return out
}

// SquadPicks are the squads, placed by their officer and his side.
func (b *Board) SquadPicks() []Pick {
	var out []Pick
	for _, s := range b.Squads {
		side, place := b.SquadSide(s), s.Officer
		if side != "" {
			place += " (" + side + ")"
		}
		out = append(out, Pick{s.Name, "squad", place, side})
	}
	return out
}

// FigurePicks are the figures of squads, placed by their squad.
func (b *Board) FigurePicks(squads []*Squad) []Pick {
	var out []Pick
	for _, s := range squads {
		for _, f := range s.Figures {
			out = append(out, Pick{f.Name, "figure", gone(s.Name, f.Dead), b.SquadSide(s)})
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
