package record

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// campaignFile is a campaign with its whole log inline: the export file.
type campaignFile struct {
	*campaign.Campaign
	Log []gamelog.Entry `json:"log,omitempty"`
}

// ExportCampaign writes the campaign as a portable, indented JSON file: the
// document and its whole log.
func ExportCampaign(c *campaign.Campaign, log []gamelog.Entry) ([]byte, error) {
	d := *c
	d.Schema, d.LogLen = campaign.Schema, len(log)
	b, err := json.MarshalIndent(campaignFile{Campaign: &d, Log: log}, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("export campaign: %w", err)
	}
	return append(b, '\n'), nil
}

// ReadCampaign reads and checks a campaign file made by ExportCampaign, in
// full, as ReadExport checks a battle: the file (readFile), its rule set
// (found with find, and keeping campaigns), its umpire, name and times, its
// log's numbering and dates, its house rules (campaign.HouseRules), those out
// and the battles fought, and its forces: decoded strictly into the rule
// set's board type and checked by it (checkBoard). A battle listed twice
// (by its muster id or its seed commitment) is refused. The battles the
// file lists as mustered and not carried back are dropped: a battle carries
// back only into the campaign that mustered it (the importer keeps the
// replaced campaign's). The campaign is put on guild.
func ReadCampaign(b []byte, guild string, find func(id string) (battle.Ruleset, bool), now time.Time) (*campaign.Campaign, []gamelog.Entry, error) {
	bad := func(format string, args ...any) error {
		return interaction.Refusef("This file cannot be imported: "+format, args...)
	}
	var c campaign.Campaign
	file := campaignFile{Campaign: &c}
	if err := readFile(b, "campaign", "/campaign export", campaign.Schema, &file, bad); err != nil {
		return nil, nil, err
	}
	c.Forces = compact(c.Forces)
	rs, ok := find(c.Ruleset)
	switch {
	case c.Ruleset == "":
		return nil, nil, bad("it names no rule set.")
	case !ok:
		return nil, nil, bad("it is a campaign of \"%s\", a rule set this referee does not play.", render.Quote(c.Ruleset))
	}
	if _, ok := rs.(campaign.Campaigner); !ok { // its forces are checked as its boards are
		return nil, nil, bad("%s keeps no campaigns here.", rs.Name())
	}
	if err := campaign.CheckName(c.Name); err != nil {
		return nil, nil, bad("%s", reason(err))
	}
	if c.Umpire == "" {
		return nil, nil, bad("it names no umpire.")
	}
	if why := checkPeople(c.People()); why != "" {
		return nil, nil, bad("%s", why)
	}
	if why := checkTimes(&battle.Game{Started: c.Started}, file.Log, now); why != "" {
		return nil, nil, bad("%s", why)
	}
	if c.LogLen != len(file.Log) {
		return nil, nil, bad("it counts %d log entries but holds %d.", c.LogLen, len(file.Log))
	}
	for i, e := range file.Log {
		switch {
		case e.N != i+1:
			return nil, nil, bad("log entry %d is numbered #%d; entries are numbered 1, 2, 3… in order.", i+1, e.N)
		case e.Roll != 0 || len(e.Draws) > 0 || e.Secret || e.Voided != "" || len(e.Voids) > 0 || e.Reason != "":
			return nil, nil, bad("log entry #%d has dice, secrets or undos, which a campaign's log never has.", e.N)
		case len(e.Summary) > maxSummary || len(e.Command) > maxShort || len(e.User) > maxShort:
			return nil, nil, bad("log entry #%d has a field that is too long.", e.N)
		}
	}
	if why := checkSettings(c.HouseRules, campaign.HouseRules, "a campaign"); why != "" {
		return nil, nil, bad("%s", why)
	}
	musters, commitments := map[string]int{}, map[string]int{}
	for i, bt := range c.Battles {
		if first, ok := musters[bt.Muster]; ok && bt.Muster != "" {
			return nil, nil, bad("battles %d and %d are the same battle (mustered as %s): a battle is carried back once.", first, bt.N, render.Quote(bt.Muster))
		}
		if first, ok := commitments[bt.Commitment]; ok {
			return nil, nil, bad("battles %d and %d are the same battle (seed commitment %.16s…): a battle is carried back once.", first, bt.N, bt.Commitment)
		}
		musters[bt.Muster], commitments[bt.Commitment] = bt.N, bt.N
		switch {
		case bt.N != i+1:
			return nil, nil, bad("battle %d is numbered %d; battles are numbered 1, 2, 3… in order.", i+1, bt.N)
		case bt.Channel == "" || len(bt.Channel) > maxShort || len(bt.Name) > maxShort:
			return nil, nil, bad("battle %d has no channel, or a name or channel longer than %d characters.", bt.N, maxShort)
		case bt.Started.Before(c.Started.Add(-clockSkew)) || bt.Ended.Before(bt.Started) || bt.Ended.After(now.Add(clockSkew)):
			return nil, nil, bad("battle %d ends before it starts, starts before the campaign, or ends in the future.", bt.N)
		case len(bt.Muster) > maxShort:
			return nil, nil, bad("battle %d's muster id is longer than %d characters.", bt.N, maxShort)
		case !isHash(bt.Commitment):
			return nil, nil, bad("battle %d's seed commitment is not a SHA-256 in hex.", bt.N)
		case len(bt.Losses) > maxReport || len(bt.Sides) > maxSides:
			return nil, nil, bad("battle %d's record is too long.", bt.N)
		}
		if len(bt.Fought) > maxSides {
			return nil, nil, bad("battle %d's record is too long.", bt.N)
		}
		for side, names := range bt.Fought {
			if side == "" || len(side) > maxShort || len(names) > maxSides || slices.ContainsFunc(names, func(n string) bool { return n == "" || len(n) > maxShort }) {
				return nil, nil, bad("battle %d records forces the referee cannot have met.", bt.N)
			}
		}
		for _, ch := range bt.Changes {
			if ch.Name == "" || len(ch.Name) > maxShort || len(ch.Of) > maxShort || len(ch.Side) > maxShort || len(ch.What) > maxSummary || campaign.Readings[ch.Reading].ID == "" {
				return nil, nil, bad("battle %d carries back a change the referee cannot have made.", bt.N)
			}
		}
	}
	for _, a := range c.Out {
		if a.Name == "" || len(a.Name) > maxShort || len(a.Side) > maxShort || a.Until < 1 || a.Until > len(c.Battles)+1 {
			return nil, nil, bad("it has %s out until battle %d, which cannot be.", render.Quote(a.Name), a.Until)
		}
	}
	if len(c.Forces) == 0 {
		return nil, nil, bad("it has no forces.")
	}
	if why := checkBoard(rs, c.Forces); why != "" {
		return nil, nil, bad("its %s forces %s", rs.Name(), why)
	}
	c.Guild, c.Schema = guild, campaign.Schema
	c.Mustered = nil // battles carry back only into the campaign that mustered them, not a file of it
	return &c, file.Log, nil
}

// maxReport bounds a battle's losses as a campaign keeps them.
const maxReport = 16 << 10
