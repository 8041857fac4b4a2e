package redisstore

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// parseURL turns a REDIS_URL into options for redis.NewUniversalClient. The
// forms are documented on Open.
func parseURL(raw string) (*redis.UniversalOptions, error) {
	scheme, rest, ok := strings.Cut(raw, "://")
	if !ok {
		return nil, fmt.Errorf("redisstore: REDIS_URL %q: want scheme://…, e.g. redis://localhost:6379/0", redact(raw))
	}
	switch scheme {
	case "redis", "rediss", "unix":
		o, err := redis.ParseURL(raw)
		if err != nil {
			return nil, fmt.Errorf("redisstore: REDIS_URL %q: %w", redact(raw), err)
		}
		return fromSimple(o), nil
	case "redis+sentinel", "rediss+sentinel", "redis+cluster", "rediss+cluster":
		o, err := parseMulti(scheme, rest)
		if err != nil {
			return nil, fmt.Errorf("redisstore: REDIS_URL %q: %w", redact(raw), err)
		}
		return o, nil
	default:
		return nil, fmt.Errorf("redisstore: REDIS_URL %q: unknown scheme %q; want redis, rediss, unix, redis+sentinel, rediss+sentinel, redis+cluster or rediss+cluster", redact(raw), scheme)
	}
}

func fromSimple(o *redis.Options) *redis.UniversalOptions {
	return &redis.UniversalOptions{
		Addrs:           []string{o.Addr},
		Dialer:          unixDialer(o),
		ClientName:      o.ClientName,
		DB:              o.DB,
		Protocol:        o.Protocol,
		Username:        o.Username,
		Password:        o.Password,
		MaxRetries:      o.MaxRetries,
		MinRetryBackoff: o.MinRetryBackoff,
		MaxRetryBackoff: o.MaxRetryBackoff,
		DialTimeout:     o.DialTimeout,
		ReadTimeout:     o.ReadTimeout,
		WriteTimeout:    o.WriteTimeout,
		PoolFIFO:        o.PoolFIFO,
		PoolSize:        o.PoolSize,
		PoolTimeout:     o.PoolTimeout,
		MinIdleConns:    o.MinIdleConns,
		MaxIdleConns:    o.MaxIdleConns,
		MaxActiveConns:  o.MaxActiveConns,
		ConnMaxIdleTime: o.ConnMaxIdleTime,
		ConnMaxLifetime: o.ConnMaxLifetime,
		TLSConfig:       o.TLSConfig,
	}
}

// unixDialer returns a dialer for a unix socket URL (UniversalOptions has no
// Network field) and nil for TCP, which keeps go-redis's own dialer.
func unixDialer(o *redis.Options) func(ctx context.Context, network, addr string) (net.Conn, error) {
	if o.Network != "unix" {
		return nil
	}
	return func(ctx context.Context, _, addr string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "unix", addr)
	}
}

// parseMulti parses the Sentinel and Cluster forms:
//
//	redis+sentinel://[user:pass@]host:port[,host:port…]/master[/db][?options]
//	redis+cluster://[user:pass@]host:port[,host:port…][?options]
func parseMulti(scheme, rest string) (*redis.UniversalOptions, error) {
	o := &redis.UniversalOptions{}
	sentinel := strings.HasSuffix(scheme, "+sentinel")

	rest, query, _ := strings.Cut(rest, "?")
	authority, path, _ := strings.Cut(rest, "/")
	if i := strings.LastIndex(authority, "@"); i >= 0 {
		u, err := url.Parse("redis://" + authority[:i+1] + "host")
		if err != nil {
			return nil, fmt.Errorf("user and password: %w", err)
		}
		o.Username = u.User.Username()
		o.Password, _ = u.User.Password()
		authority = authority[i+1:]
	}
	if authority == "" {
		return nil, errors.New("no host:port; list them separated by commas")
	}
	for _, a := range strings.Split(authority, ",") {
		host, port, err := net.SplitHostPort(a)
		if err != nil || host == "" {
			return nil, fmt.Errorf("address %q: want host:port", a)
		}
		if n, err := strconv.Atoi(port); err != nil || n <= 0 || n > 65535 {
			return nil, fmt.Errorf("address %q: bad port", a)
		}
		o.Addrs = append(o.Addrs, a)
	}

	segs := strings.FieldsFunc(path, func(r rune) bool { return r == '/' })
	if sentinel {
		if len(segs) == 0 || len(segs) > 2 {
			return nil, errors.New("want the master name after the sentinel addresses: redis+sentinel://host:26379,host2:26379/mymaster[/db]")
		}
		name, err := url.PathUnescape(segs[0])
		if err != nil {
			return nil, fmt.Errorf("master name %q: %w", segs[0], err)
		}
		o.MasterName = name
		if len(segs) == 2 {
			db, err := strconv.Atoi(segs[1])
			if err != nil || db < 0 {
				return nil, fmt.Errorf("database %q: want a number", segs[1])
			}
			o.DB = db
		}
	} else {
		if len(segs) > 0 {
			return nil, errors.New("a cluster has only database 0; remove the path")
		}
		o.IsClusterMode = true
	}

	if strings.HasPrefix(scheme, "rediss") {
		host, _, _ := net.SplitHostPort(o.Addrs[0])
		o.TLSConfig = &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	}
	q, err := url.ParseQuery(query)
	if err != nil {
		return nil, fmt.Errorf("options: %w", err)
	}
	if err := applyQuery(o, q, sentinel); err != nil {
		return nil, err
	}
	return o, nil
}

// applyQuery sets the options a Sentinel or Cluster URL may carry and rejects
// any other.
func applyQuery(o *redis.UniversalOptions, q url.Values, sentinel bool) error {
	var errs []error
	dur := func(name string, dst *time.Duration) {
		if v := q.Get(name); v != "" {
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				errs = append(errs, fmt.Errorf("option %s=%q: want a positive duration such as 500ms", name, v))
			}
			*dst = d
		}
		q.Del(name)
	}
	num := func(name string, dst *int) {
		if v := q.Get(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				errs = append(errs, fmt.Errorf("option %s=%q: want a whole number", name, v))
			}
			*dst = n
		}
		q.Del(name)
	}
	str := func(name string, dst *string) {
		*dst = q.Get(name)
		q.Del(name)
	}
	dur("dial_timeout", &o.DialTimeout)
	dur("read_timeout", &o.ReadTimeout)
	dur("write_timeout", &o.WriteTimeout)
	dur("pool_timeout", &o.PoolTimeout)
	num("pool_size", &o.PoolSize)
	num("max_retries", &o.MaxRetries)
	num("protocol", &o.Protocol)
	str("client_name", &o.ClientName)
	if sentinel {
		str("sentinel_username", &o.SentinelUsername)
		str("sentinel_password", &o.SentinelPassword)
	} else {
		num("max_redirects", &o.MaxRedirects)
	}
	if v := q.Get("skip_verify"); v != "" {
		switch {
		case o.TLSConfig == nil:
			errs = append(errs, errors.New("option skip_verify: only with rediss+sentinel or rediss+cluster"))
		case v == "true":
			o.TLSConfig.InsecureSkipVerify = true
		case v != "false":
			errs = append(errs, fmt.Errorf("option skip_verify=%q: want true or false", v))
		}
	}
	q.Del("skip_verify")
	if len(q) > 0 {
		var names []string
		for k := range q {
			names = append(names, k)
		}
		slices.Sort(names)
		errs = append(errs, fmt.Errorf("unknown option %s", strings.Join(names, ", ")))
	}
	return errors.Join(errs...)
}

// redact hides a password in a URL shown in an error.
func redact(raw string) string {
	scheme, rest, ok := strings.Cut(raw, "://")
	if !ok {
		return raw
	}
	at := strings.LastIndex(strings.SplitN(rest, "/", 2)[0], "@")
	if at < 0 {
		return raw
	}
	user := rest[:at]
	if name, _, ok := strings.Cut(user, ":"); ok {
		return scheme + "://" + name + ":xxxxx" + rest[at:]
	}
	return raw
}
