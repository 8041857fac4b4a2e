package discord

import "sync"

// maxDMChannels is how many users' direct-message channels a Responder
// remembers.
const maxDMChannels = 10_000

// dmChannels remembers users' direct-message channel ids, which are stable
// per user, so that a direct message is one REST call instead of two. It holds
// at most max users (maxDMChannels when 0); when full, a user picked at random
// is forgotten to make room.
type dmChannels struct {
	max int

	mu  sync.Mutex
	ids map[string]string // user id → channel id
}

func (c *dmChannels) get(user string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	id, ok := c.ids[user]
	return id, ok
}

func (c *dmChannels) put(user, channel string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ids == nil {
		c.ids = map[string]string{}
	}
	limit := c.max
	if limit <= 0 {
		limit = maxDMChannels
	}
	if _, ok := c.ids[user]; !ok && len(c.ids) >= limit {
		for u := range c.ids { // map order is random: any one will do
			delete(c.ids, u)
			break
		}
	}
	c.ids[user] = channel
}

func (c *dmChannels) forget(user string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.ids, user)
}
