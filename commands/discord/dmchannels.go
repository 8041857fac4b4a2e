package discord

import (
	"sync"

	"github.com/bwmarrin/discordgo"
	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/referee-bot/referee/commands/interaction"
)

// maxDMChannels is how many users' direct-message channels a Responder
// remembers.
const maxDMChannels = 10_000

// dmChannels remembers users' direct-message channel ids, which are stable
// per user, so that a direct message is one REST call instead of two: the
// last maxDMChannels users sent one. Its zero value is ready to use.
type dmChannels struct {
	once sync.Once
	ids  *lru.Cache[string, string] // user id → channel id
}

func (c *dmChannels) cache() *lru.Cache[string, string] {
	c.once.Do(func() {
		c.ids, _ = lru.New[string, string](maxDMChannels) // a positive size: no error
	})
	return c.ids
}

func (c *dmChannels) get(user string) (string, bool) { return c.cache().Get(user) }
func (c *dmChannels) put(user, channel string)       { c.cache().Add(user, channel) }
func (c *dmChannels) forget(user string)             { c.cache().Remove(user) }

// send sends m to user directly over rest, opening his DM channel the first
// time; a channel that fails for another reason than the user refusing DMs
// is forgotten, to be opened afresh next time.
func (c *dmChannels) send(rest *discordgo.Session, user string, m interaction.Message, opts ...discordgo.RequestOption) error {
	ch, ok := c.get(user)
	if !ok {
		dm, err := rest.UserChannelCreate(user, opts...)
		if err != nil {
			return err
		}
		ch = dm.ID
		c.put(user, ch)
	}
	_, err := postMessage(rest, ch, Render(m, false), opts...)
	if err != nil && !RefusesDMs(err) {
		c.forget(user)
	}
	return err
}
