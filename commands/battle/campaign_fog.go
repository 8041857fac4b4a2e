package battle

import (
	"slices"

	"github.com/referee-bot/referee/commands/interaction"
)

// campaignFog is the fog of war of a fogged campaign.
type campaignFog struct {
	sieve    *sieve
	forces   *Game // the campaign's forces as a game the rule set's fog reads
	readerOf func(user string) (Reader, error)
}

// campaignSieve is the fog of a fogged campaign, or nil when the campaign
// is not fogged (or its rule set has no fog of war). Its names are those of
// the forces and of every battle the campaign recorded (the dead are gone
// from the forces, not from its history); what a reader may not see is
// Campaign.Unseen of them.
func (s *Service) campaignSieve(cp *Campaign) (*campaignFog, error) {
	f, ok := s.rulesets[cp.Ruleset].(Fog)
	if !cp.Fog || !ok {
		return nil, nil
	}
	g := &Game{Ruleset: cp.Ruleset, Umpire: cp.Umpire, Board: cp.Forces, Fog: true}
	names, err := f.Names(g)
	if err != nil {
		return nil, err
	}
	for _, b := range cp.Battles {
		for side, ns := range b.Fought {
			for _, n := range ns {
				if _, ok := names[n]; !ok {
					names[n] = side
				}
			}
		}
	}
	unseen := func(side string) ([]string, error) { return cp.Unseen(names, side), nil }
	return &campaignFog{
		sieve:    &sieve{unseenOf: unseen, names: names, unseen: map[string][]string{}},
		forces:   g,
		readerOf: func(user string) (Reader, error) { return campaignReaderOf(cp, f, g, user) },
	}, nil
}

// campaignReaderOf is whom a fogged campaign shows to user: everything to
// its umpire, his side to a player (the side of what he commands in the
// forces), what every side knows to anyone else.
func campaignReaderOf(cp *Campaign, f Fog, g *Game, user string) (Reader, error) {
	if user == cp.Umpire {
		return Umpire, nil
	}
	side, err := f.SideOf(g, user)
	return Reader{Side: side}, err
}

// CutCampaign cuts the response of a /campaign command to its readers when
// the campaign is fogged (/campaign settings fog:on), by the battles' own
// cut (route): its public messages show in the channel what every side
// knows, the invoker being shown his own view privately when it differs;
// its private messages (status, log) are his view, each line naming what
// he may not see left out. Nothing changes when the campaign is not fogged.
func (s *Service) CutCampaign(cp *Campaign, req interaction.Request, resp *interaction.Response) error {
	cf, err := s.campaignSieve(cp)
	if cf == nil || err != nil {
		return err
	}
	actor, err := cf.readerOf(req.User.ID)
	if err != nil {
		return err
	}
	return (&router{v: cf.sieve, g: cf.forces, from: req.ChannelID}).cut(resp, Main, actor, cf.readerOf, cf.sieve.drop)
}

// CampaignHides reports which of names user may not see in the campaign
// (none when it is not fogged, or he is its umpire).
func (s *Service) CampaignHides(cp *Campaign, user string, names []string) ([]string, error) {
	cf, err := s.campaignSieve(cp)
	if cf == nil || err != nil {
		return nil, err
	}
	r, err := cf.readerOf(user)
	if err != nil {
		return nil, err
	}
	hidden, err := cf.sieve.hidden(r)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, n := range names {
		if carries(n, hidden) {
			out = append(out, n)
		}
	}
	return out, nil
}

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
