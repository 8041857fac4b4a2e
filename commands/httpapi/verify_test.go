package httpapi

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

var testNow = time.Unix(1_800_000_000, 0)

// signed builds a request as Discord would send it.
func signed(t *testing.T, priv ed25519.PrivateKey, at time.Time, body []byte) *http.Request {
	t.Helper()
	ts := strconv.FormatInt(at.Unix(), 10)
	sig := ed25519.Sign(priv, append([]byte(ts), body...))
	r := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
	r.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	r.Header.Set("X-Signature-Timestamp", ts)
	return r
}

func TestVerified(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	_, otherPriv, _ := ed25519.GenerateKey(nil)
	body := []byte(`{"type":1}`)
	tests := []struct {
		name string
		req  func() *http.Request
		want int
	}{
		{"good", func() *http.Request { return signed(t, priv, testNow, body) }, http.StatusOK},
		{"clock skew within five minutes", func() *http.Request { return signed(t, priv, testNow.Add(-4*time.Minute), body) }, http.StatusOK},
		{"stale timestamp", func() *http.Request { return signed(t, priv, testNow.Add(-6*time.Minute), body) }, http.StatusUnauthorized},
		{"future timestamp", func() *http.Request { return signed(t, priv, testNow.Add(6*time.Minute), body) }, http.StatusUnauthorized},
		{"signed by another key", func() *http.Request { return signed(t, otherPriv, testNow, body) }, http.StatusUnauthorized},
		{"body changed after signing", func() *http.Request {
			r := signed(t, priv, testNow, body)
			r.Body = http.NoBody
			return r
		}, http.StatusUnauthorized},
		{"timestamp changed after signing", func() *http.Request {
			r := signed(t, priv, testNow, body)
			r.Header.Set("X-Signature-Timestamp", strconv.FormatInt(testNow.Unix()+1, 10))
			return r
		}, http.StatusUnauthorized},
		{"no signature", func() *http.Request {
			r := signed(t, priv, testNow, body)
			r.Header.Del("X-Signature-Ed25519")
			return r
		}, http.StatusUnauthorized},
		{"signature not hex", func() *http.Request {
			r := signed(t, priv, testNow, body)
			r.Header.Set("X-Signature-Ed25519", strings.Repeat("zz", 64))
			return r
		}, http.StatusUnauthorized},
		{"no timestamp", func() *http.Request {
			r := signed(t, priv, testNow, body)
			r.Header.Del("X-Signature-Timestamp")
			return r
		}, http.StatusUnauthorized},
		{"body over 64 KiB", func() *http.Request {
			return signed(t, priv, testNow, bytes.Repeat([]byte("x"), MaxBody+1))
		}, http.StatusRequestEntityTooLarge},
		{"body over 64 KiB with no length declared", func() *http.Request {
			r := signed(t, priv, testNow, bytes.Repeat([]byte("x"), MaxBody+1))
			r.ContentLength = -1
			return r
		}, http.StatusRequestEntityTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, status, err := verified(tt.req(), pub, testNow)
			if status != tt.want {
				t.Errorf("verified() status = %d (%v), want %d", status, err, tt.want)
			}
			if (err == nil) != (tt.want == http.StatusOK) {
				t.Errorf("verified() err = %v, want error: %v", err, tt.want != http.StatusOK)
			}
		})
	}
}

func TestParsePublicKey(t *testing.T) {
	pub, _, _ := ed25519.GenerateKey(nil)
	if _, err := ParsePublicKey(hex.EncodeToString(pub)); err != nil {
		t.Errorf("ParsePublicKey(valid) = %v", err)
	}
	for _, bad := range []string{"", "abc", strings.Repeat("g", 64), hex.EncodeToString(pub[:31])} {
		if _, err := ParsePublicKey(bad); err == nil {
			t.Errorf("ParsePublicKey(%q) = nil error, want one", bad)
		}
	}
}
