package campaigncmd

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/campaign"
	battleview "github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/rules"
)

// known reports whether r may know name under fog of war, of the
// campaign's names (each with its side: those of its forces and of every
// battle it recorded, the dead being gone from the forces, not from its
// history): the umpire knows everything; a side its own and the enemy it
// has met (Campaign.Met); the main channel what every side has met. A name
// with no side is known to all; one the campaign does not know, to the
// umpire alone.
func known(c *campaign.Campaign, r rules.Reader, names map[string]string, name string) bool {
	if r.All {
		return true
	}
	for n, side := range names {
		switch {
		case !strings.EqualFold(n, name):
			continue
		case side == "" || strings.EqualFold(side, r.Side):
			return true
		case r.Side != "":
			return c.Met(r.Side, n)
		}
		for _, s := range names {
			if s != "" && !strings.EqualFold(s, side) && !c.Met(s, n) {
				return false
			}
		}
		return true
	}
	return false
}

// view is the campaign c as r may know it under fog of war: the campaign
// itself for the umpire, or when fog is off; otherwise a copy whose forces
// hold only the names r knows (known: remove takes each other name off the
// forces, as /campaign remove does), whose battles carry back and whose
// absences are only those of names r knows, and whose battles show their
// losses only to a reader who knows every name that fought them. names are
// every name of the forces and of the battles fought, each with its side.
// Everything shown of a campaign to a player or in a channel is rendered
// from its reader's view.
func view(c *campaign.Campaign, r rules.Reader, names map[string]string, remove func(forces json.RawMessage, name string) (json.RawMessage, error)) (*campaign.Campaign, error) {
	if !c.Fog || r.All {
		return c, nil
	}
	isKnown := func(name string) bool { return known(c, r, names, name) }
	v := *c
	for _, n := range slices.Sorted(maps.Keys(names)) {
		if isKnown(n) {
			continue
		}
		var err error
		if v.Forces, err = remove(v.Forces, n); err != nil {
			return nil, err
		}
	}
	v.Battles = nil
	for _, b := range c.Battles {
		b.Changes = slices.DeleteFunc(slices.Clone(b.Changes), func(ch rules.Carry) bool { return !isKnown(ch.Name) })
		for _, fought := range b.Fought {
			if slices.ContainsFunc(fought, func(n string) bool { return !isKnown(n) }) {
				b.Losses = ""
			}
		}
		b.Fought = nil
		v.Battles = append(v.Battles, b)
	}
	v.Out = slices.DeleteFunc(slices.Clone(c.Out), func(a campaign.Absence) bool { return !isKnown(a.Name) })
	return &v, nil
}

// campaignFog is what a fogged campaign's views are made of: its names,
// with their sides, and the rule set's removal from its forces.
type campaignFog struct {
	names  map[string]string
	remove func(forces json.RawMessage, name string) (json.RawMessage, error)
	sideOf func(user string) (string, error)
}

// campaignFogOf is the fog of cp, or false when cp is not fogged (or its
// rule set has no fog of war, or keeps no campaigns).
func (c *Commands) campaignFogOf(cp *campaign.Campaign) (*campaignFog, bool, error) {
	rs, _ := c.svc.Ruleset(cp.Ruleset)
	f, ok := rs.(battleview.Fog)
	k, kept := rs.(campaign.Campaigner)
	if !cp.Fog || !ok || !kept {
		return nil, false, nil
	}
	forces := func(board json.RawMessage) *battle.Game {
		return &battle.Game{Ruleset: cp.Ruleset, Umpire: cp.Umpire, Board: board, Fog: true}
	}
	names, err := f.Names(forces(cp.Forces))
	if err != nil {
		return nil, false, err
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
	remove := func(board json.RawMessage, name string) (json.RawMessage, error) {
		now, err := f.Names(forces(board))
		if _, there := now[name]; err != nil || !there { // gone with what it belonged to
			return board, err
		}
		next, _, err := k.Forces().RemoveForces(board, name)
		return next, err
	}
	sideOf := func(user string) (string, error) { return f.SideOf(forces(cp.Forces), user) }
	return &campaignFog{names: names, remove: remove, sideOf: sideOf}, true, nil
}

// campaignReader is whom a campaign shows to user: everything to its
// umpire, and to everyone when it is not fogged; his side to a player (the
// side of what he commands in the forces); what every side knows to anyone
// else.
func (c *Commands) campaignReader(cp *campaign.Campaign, user string) (rules.Reader, error) {
	cf, ok, err := c.campaignFogOf(cp)
	if !ok || err != nil || user == cp.Umpire {
		return rules.Umpire, err
	}
	side, err := cf.sideOf(user)
	return rules.Reader{Side: side}, err
}

// campaignView is cp as r may know it (view).
func (c *Commands) campaignView(cp *campaign.Campaign, r rules.Reader) (*campaign.Campaign, error) {
	cf, ok, err := c.campaignFogOf(cp)
	if !ok || err != nil {
		return cp, err
	}
	return view(cp, r, cf.names, cf.remove)
}

// campaignReaders are the readers of a fogged campaign (the main channel
// and each side) who know every one of subjects, the names of the forces a
// change named or changed: those its answer and its log entry are shown
// to (campaign.Tx.LogFor); nil when the campaign is not fogged.
func (c *Commands) campaignReaders(cp *campaign.Campaign, subjects []string) ([]rules.Reader, bool, error) {
	cf, ok, err := c.campaignFogOf(cp)
	if !ok || err != nil {
		return nil, false, err
	}
	var sides []string
	for _, side := range cf.names {
		if side != "" && !slices.ContainsFunc(sides, func(s string) bool { return strings.EqualFold(s, side) }) {
			sides = append(sides, side)
		}
	}
	slices.Sort(sides)
	var out []rules.Reader
	for _, r := range append([]rules.Reader{rules.Main}, sideReaders(sides)...) {
		if !slices.ContainsFunc(subjects, func(n string) bool { return !known(cp, r, cf.names, n) }) {
			out = append(out, r)
		}
	}
	return out, true, nil
}

func sideReaders(sides []string) []rules.Reader {
	out := make([]rules.Reader, len(sides))
	for i, s := range sides {
		out[i] = rules.Reader{Side: s}
	}
	return out
}

// campaignNames are the names of cp's forces and of the battles it
// recorded, in order, when it is fogged (none otherwise): what a change's
// subjects are told apart by.
func (c *Commands) campaignNames(cp *campaign.Campaign) ([]string, error) {
	cf, ok, err := c.campaignFogOf(cp)
	if !ok || err != nil {
		return nil, err
	}
	return slices.Sorted(maps.Keys(cf.names)), nil
}
