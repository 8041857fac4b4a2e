package render

import "github.com/referee-bot/referee/commands/interaction"

// Undelivered is what the umpire's desk is told of a DM that could not be
// delivered: to whom, and what it said, for the umpire to pass on.
func Undelivered(dm interaction.DM) interaction.Post {
	who := dm.UserName
	if who == "" {
		who = "user " + dm.UserID
	}
	m := dm.Message
	m.Content = Clip("A direct message to **"+Inert(who)+"** could not be delivered. It said:\n"+m.Content, MaxContent)
	m.Buttons, m.Ping = nil, ""
	return interaction.Post{ChannelID: dm.Desk, Message: m}
}
