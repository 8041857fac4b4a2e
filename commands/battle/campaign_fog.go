package battle

import "slices"

// Met are the names of the board of the ended battle g by side, as its
// campaign records them (CampaignBattle.Fought): nil when its rule set has
// no fog of war.
func (s *Service) Met(g *Game) (map[string][]string, error) {
	f, ok := s.rulesets[g.Ruleset].(Fog)
	if !ok {
		return nil, nil
	}
	names, err := f.Names(g)
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for n, side := range names {
		if side != "" {
			out[side] = append(out[side], n)
		}
	}
	for _, ns := range out {
		slices.Sort(ns)
	}
	return out, nil
}
