package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/interaction"
)

// IdentifyEvery is Discord's pace for starting sessions: in each 5-second
// window, one IDENTIFY per rate-limit bucket, a shard's bucket being
// shard_id % max_concurrency (max_concurrency from GET /gateway/bot).
const IdentifyEvery = 5 * time.Second

// Shards serves several gateway shards of one bot in one process: one session
// per shard, the commands registered once for all, the sessions started at
// the pace Discord allows. Interactions of every shard go through the same
// router.
type Shards struct {
	// Token and APIURL make each shard's session (NewSession).
	Token, APIURL string
	// Count is the total number of shards (SHARD_COUNT); IDs are the shards
	// this process serves, every one from 0 to Count-1 when empty.
	Count int
	IDs   []int

	Router   *interaction.Router
	Commands []*discordgo.ApplicationCommand
	AppID    string
	GuildID  string
	Logger   *slog.Logger
	// DeferAfter, Drain, Events and DMRefused are each shard's Gateway's.
	DeferAfter time.Duration
	Drain      time.Duration
	Events     Events
	DMRefused  DMRefusedFunc
	// IdentifyEvery is the pause between two sessions of one bucket
	// (IdentifyEvery when 0; tests shorten it).
	IdentifyEvery time.Duration

	mu       sync.Mutex
	gateways []*Gateway
	want     int
}

// Connected reports whether every shard's session is up (for readiness).
func (s *Shards) Connected() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.want == 0 || len(s.gateways) < s.want {
		return false
	}
	for _, g := range s.gateways {
		if !g.Connected() {
			return false
		}
	}
	return true
}

// Run registers the commands, starts the shards' sessions at Discord's pace
// (max_concurrency shards at once, one per bucket; the next of a bucket
// IdentifyEvery after the previous is READY) and serves until ctx is done; then each shard drains its interactions
// in flight and closes. If a shard fails, the others are stopped and its error
// is returned.
func (s *Shards) Run(ctx context.Context) error {
	log := s.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	ids, err := s.shardIDs()
	if err != nil {
		return err
	}
	rest, err := NewSession(s.Token, s.APIURL)
	if err != nil {
		return err
	}
	gb, err := rest.GatewayBot(discordgo.WithContext(ctx))
	if err != nil {
		return refused(fmt.Errorf("discord: GET /gateway/bot: %w", err))
	}
	concurrency := max(1, gb.SessionStartLimit.MaxConcurrency)
	if left := gb.SessionStartLimit.Remaining; gb.SessionStartLimit.Total > 0 && left < len(ids) {
		return fmt.Errorf("discord: %d session starts left today (resets in %s), %d shards to start",
			left, time.Duration(gb.SessionStartLimit.ResetAfter)*time.Millisecond, len(ids))
	}
	if err := Register(ctx, rest, s.AppID, s.GuildID, s.Commands, log); err != nil {
		return err
	}
	log.Info("starting shards", "shards", ids, "of", s.Count, "max_concurrency", concurrency)

	s.mu.Lock()
	s.want = len(ids)
	s.mu.Unlock()
	run, cancel := context.WithCancel(ctx)
	errs := make(chan error, len(ids))
	var wg sync.WaitGroup
	// stop ends every shard started and returns the first failure, if any.
	stop := func() error {
		cancel()
		wg.Wait()
		return s.firstError(ctx, errs)
	}
	for k, wave := range waves(ids, concurrency) {
		if k > 0 {
			// The previous wave is READY: one IDENTIFY per bucket per window.
			select {
			case <-time.After(s.identifyEvery()):
			case <-run.Done():
				return stop()
			}
		}
		var started []*Gateway
		for _, id := range wave {
			session, err := NewSession(s.Token, s.APIURL)
			if err != nil {
				stop()
				return err
			}
			session.ShardID, session.ShardCount = id, s.Count
			g := &Gateway{
				Session: session, Router: s.Router, AppID: s.AppID, GuildID: s.GuildID,
				Logger: log.With("shard", id), DeferAfter: s.DeferAfter, Drain: s.Drain, Events: s.Events, DMRefused: s.DMRefused,
				Registered: true,
			}
			s.mu.Lock()
			s.gateways = append(s.gateways, g)
			s.mu.Unlock()
			started = append(started, g)
			wg.Go(func() {
				if err := g.Run(run); err != nil {
					errs <- fmt.Errorf("shard %d: %w", id, err)
					cancel()
				}
			})
		}
		if !awaitConnected(run, started) {
			return stop()
		}
	}
	<-run.Done()
	return stop()
}

// waves groups shards for starting together: the k-th wave holds the k-th
// shard of every bucket (shard_id % concurrency).
func waves(ids []int, concurrency int) [][]int {
	var out [][]int
	seen := map[int]int{} // bucket → shards of it so far
	for _, id := range ids {
		k := seen[id%concurrency]
		seen[id%concurrency]++
		if k == len(out) {
			out = append(out, nil)
		}
		out[k] = append(out[k], id)
	}
	return out
}

// awaitConnected waits until every gateway is connected; false when ctx ends
// first.
func awaitConnected(ctx context.Context, gs []*Gateway) bool {
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		if !slices.ContainsFunc(gs, func(g *Gateway) bool { return !g.Connected() }) {
			return true
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			return false
		}
	}
}

// firstError is a shard's error, if one failed; nil after a shutdown.
func (s *Shards) firstError(ctx context.Context, errs chan error) error {
	select {
	case err := <-errs:
		return err
	default:
		if ctx.Err() != nil {
			return nil
		}
		return errors.New("discord: shards stopped")
	}
}

func (s *Shards) identifyEvery() time.Duration {
	if s.IdentifyEvery <= 0 {
		return IdentifyEvery
	}
	return s.IdentifyEvery
}

// shardIDs checks Count and IDs and returns the shards to run, in order.
func (s *Shards) shardIDs() ([]int, error) {
	if s.Count < 1 {
		return nil, fmt.Errorf("discord: %d shards: want at least 1", s.Count)
	}
	if len(s.IDs) == 0 {
		ids := make([]int, s.Count)
		for i := range ids {
			ids[i] = i
		}
		return ids, nil
	}
	ids := slices.Clone(s.IDs)
	slices.Sort(ids)
	for i, id := range ids {
		if id < 0 || id >= s.Count || (i > 0 && ids[i-1] == id) {
			return nil, fmt.Errorf("discord: shards %v: each must be from 0 to %d, once", s.IDs, s.Count-1)
		}
	}
	return ids, nil
}
