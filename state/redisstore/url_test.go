package redisstore

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestParseURL(t *testing.T) {
	type want struct {
		Addrs            []string
		DB               int
		Username         string
		Password         string
		MasterName       string
		SentinelPassword string
		Cluster          bool
		TLS              bool
		SkipVerify       bool
		Unix             bool
		DialTimeout      time.Duration
	}
	tests := []struct {
		url  string
		want want
	}{
		{"redis://localhost:6379/2", want{Addrs: []string{"localhost:6379"}, DB: 2}},
		{"redis://cache", want{Addrs: []string{"cache:6379"}}},
		{"rediss://bot:s3cret@redis.example:6380/0?dial_timeout=250ms",
			want{Addrs: []string{"redis.example:6380"}, Username: "bot", Password: "s3cret", TLS: true, DialTimeout: 250 * time.Millisecond}},
		{"unix:///run/redis/redis.sock?db=3", want{Addrs: []string{"/run/redis/redis.sock"}, DB: 3, Unix: true}},
		{"redis+sentinel://s1:26379,s2:26379,s3:26379/mymaster/1?sentinel_password=sp",
			want{Addrs: []string{"s1:26379", "s2:26379", "s3:26379"}, MasterName: "mymaster", DB: 1, SentinelPassword: "sp"}},
		{"redis+sentinel://:pw@10.0.0.1:26379/main",
			want{Addrs: []string{"10.0.0.1:26379"}, MasterName: "main", Password: "pw"}},
		{"redis+cluster://h1:7000,h2:7001,[::1]:7002?dial_timeout=200ms",
			want{Addrs: []string{"h1:7000", "h2:7001", "[::1]:7002"}, Cluster: true, DialTimeout: 200 * time.Millisecond}},
		{"rediss+cluster://u:p@h1:7000?skip_verify=true",
			want{Addrs: []string{"h1:7000"}, Username: "u", Password: "p", Cluster: true, TLS: true, SkipVerify: true}},
	}
	for _, tt := range tests {
		o, err := parseURL(tt.url)
		if err != nil {
			t.Errorf("parseURL(%q): %v", tt.url, err)
			continue
		}
		got := want{
			Addrs: o.Addrs, DB: o.DB, Username: o.Username, Password: o.Password,
			MasterName: o.MasterName, SentinelPassword: o.SentinelPassword, Cluster: o.IsClusterMode,
			TLS: o.TLSConfig != nil, SkipVerify: o.TLSConfig != nil && o.TLSConfig.InsecureSkipVerify,
			Unix: o.Dialer != nil, DialTimeout: o.DialTimeout,
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("parseURL(%q) (-want +got):\n%s", tt.url, diff)
		}
	}
}

func TestParseURLErrors(t *testing.T) {
	tests := []struct{ url, want string }{
		{"localhost:6379", "want scheme://"},
		{"http://localhost", "unknown scheme"},
		{"redis://localhost/1/2", "invalid URL path"},
		{"redis://localhost?bogus=1", "unexpected option"},
		{"redis+sentinel://s1:26379", "master name"},
		{"redis+sentinel://s1:26379/m/x", "database"},
		{"redis+sentinel://s1:26379/m?dial_timeout=soon", "dial_timeout"},
		{"redis+cluster://h1:7000/0", "remove the path"},
		{"redis+cluster://h1", "want host:port"},
		{"redis+cluster://:7000", "want host:port"},
		{"redis+cluster://h1:99999", "bad port"},
		{"redis+cluster://", "no host:port"},
		{"redis+cluster://h1:7000?skip_verify=true", "only with rediss"},
		{"redis+cluster://h1:7000?master=x&bogus=1", "unknown option bogus, master"},
		{"redis+cluster://admin:hunter2@h1", "want host:port"},
	}
	for _, tt := range tests {
		_, err := parseURL(tt.url)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("parseURL(%q) = %v; want an error containing %q", tt.url, err, tt.want)
		}
		if err != nil && strings.Contains(err.Error(), "hunter2") {
			t.Errorf("parseURL(%q) error shows the password: %v", tt.url, err)
		}
	}
}
