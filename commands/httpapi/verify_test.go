package httpapi

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
	"os"
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
	key := mustParse(t, pub)
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
			body, status, err := verified(tt.req(), key, testNow)
			if status != tt.want {
				t.Errorf("verified() status = %d (%v), want %d", status, err, tt.want)
			}
			if (err == nil) != (tt.want == http.StatusOK) {
				t.Errorf("verified() err = %v, want error: %v", err, tt.want != http.StatusOK)
			}
			if err == nil && !bytes.Equal(body, []byte(`{"type":1}`)) {
				t.Errorf("verified() body = %q, want the body signed", body)
			}
		})
	}
}

func TestParsePublicKey(t *testing.T) {
	pub, _, _ := ed25519.GenerateKey(nil)
	if _, err := ParsePublicKey(hex.EncodeToString(pub)); err != nil {
		t.Errorf("ParsePublicKey(valid) = %v", err)
	}
	notOnTheCurve := "02" + strings.Repeat("00", 31)
	for _, bad := range []string{"", "abc", strings.Repeat("g", 64), hex.EncodeToString(pub[:31]), notOnTheCurve} {
		if _, err := ParsePublicKey(bad); err == nil {
			t.Errorf("ParsePublicKey(%q) = nil error, want one", bad)
		}
	}
}

func mustParse(t *testing.T, pub ed25519.PublicKey) *PublicKey {
	t.Helper()
	key, err := ParsePublicKey(hex.EncodeToString(pub))
	if err != nil {
		t.Fatal(err)
	}
	return key
}

// TestVerifyAsStdlib: the expanded key accepts exactly what crypto/ed25519
// accepts: honest, tampered and malformed signatures, small order and
// non-canonical keys and R, non-canonical S, and the edge cases of "Taming the
// many EdDSAs" (Chalkias, Garillot, Nikolaenko), whose vectors are in
// testdata/ed25519_speccheck.json (ed25519-speccheck's cases.json). A key
// ParsePublicKey refuses must be one that crypto/ed25519 verifies nothing
// with.
func TestVerifyAsStdlib(t *testing.T) {
	type vector struct{ pub, msg, sig []byte }
	var vectors []vector

	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	msg := []byte(`1800000000{"type":2,"data":{"name":"roll"}}`)
	sig := ed25519.Sign(priv, msg)
	vectors = append(vectors, vector{pub, msg, sig})
	for _, bit := range []int{0, 7, 255, 256, 300, 511} {
		bad := bytes.Clone(sig)
		bad[bit/8] ^= 1 << (bit % 8)
		vectors = append(vectors, vector{pub, msg, bad})
	}
	for _, bit := range []int{0, 100} {
		bad := bytes.Clone(msg)
		bad[bit/8] ^= 1 << (bit % 8)
		vectors = append(vectors, vector{pub, bad, sig})
	}
	vectors = append(vectors,
		vector{pub, msg, withS(sig, addL(sig[32:]))}, // S + L: the same S mod L, not canonical
		vector{pub, msg, withS(sig, orTop(sig[32:]))},
		vector{pub, msg[:len(msg)-1], sig},
		vector{pub, nil, sig},
	)

	// The points of small order, canonical and not, as keys and as R, with
	// S = 0 (then R = -hA decides) and S = L.
	smallOrder := []string{
		"0100000000000000000000000000000000000000000000000000000000000000", // identity
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // order 2
		"0000000000000000000000000000000000000000000000000000000000000000", // order 4
		"0000000000000000000000000000000000000000000000000000000000000080",
		"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a", // order 8
		"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
		"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
		"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
		"0100000000000000000000000000000000000000000000000000000000000080", // identity, x = -0
		"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // identity, y = p + 1
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // order 2, x = -0
		"0200000000000000000000000000000000000000000000000000000000000000", // not on the curve
	}
	zero := make([]byte, 32)
	for _, a := range smallOrder {
		for _, r := range smallOrder {
			for _, s := range [][]byte{zero, addL(zero)} {
				vectors = append(vectors, vector{mustHex(t, a), msg, append(mustHex(t, r), s...)})
			}
		}
		// An honest key's signature with a small-order R, and the honest
		// signature under a small-order key.
		vectors = append(vectors, vector{pub, msg, append(mustHex(t, a), sig[32:]...)}, vector{mustHex(t, a), msg, sig})
	}

	b, err := os.ReadFile("testdata/ed25519_speccheck.json")
	if err != nil {
		t.Fatal(err)
	}
	var speccheck []struct {
		Message   string `json:"message"`
		PubKey    string `json:"pub_key"`
		Signature string `json:"signature"`
	}
	if err := json.Unmarshal(b, &speccheck); err != nil {
		t.Fatal(err)
	}
	for _, v := range speccheck {
		vectors = append(vectors, vector{mustHex(t, v.PubKey), mustHex(t, v.Message), mustHex(t, v.Signature)})
	}

	accepted := 0
	for _, v := range vectors {
		want := ed25519.Verify(v.pub, v.msg, v.sig)
		key, err := ParsePublicKey(hex.EncodeToString(v.pub))
		if err != nil {
			if want {
				t.Errorf("ParsePublicKey(%x) = %v, but crypto/ed25519 verifies %x with it", v.pub, err, v.sig)
			}
			continue
		}
		if got := key.Verify(v.msg, v.sig); got != want {
			t.Errorf("Verify(key %x, msg %x, sig %x) = %v, crypto/ed25519 says %v", v.pub, v.msg, v.sig, got, want)
		}
		if want {
			accepted++
		}
	}
	// The honest signature, six speccheck cases and a few of small order: the
	// comparison covers acceptances as well as refusals.
	if accepted < 10 {
		t.Errorf("crypto/ed25519 accepts %d of %d vectors; want both outcomes well covered", accepted, len(vectors))
	}
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// order is L, the order of the prime subgroup.
var order, _ = new(big.Int).SetString("1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed", 16)

func reverse(b []byte) []byte {
	out := make([]byte, len(b))
	for i := range b {
		out[len(b)-1-i] = b[i]
	}
	return out
}

// addL returns the little-endian scalar s + L.
func addL(s []byte) []byte {
	n := new(big.Int).SetBytes(reverse(s))
	n.Add(n, order)
	return reverse(n.FillBytes(make([]byte, 32)))
}

// orTop sets the top three bits of the scalar s.
func orTop(s []byte) []byte {
	s = bytes.Clone(s)
	s[31] |= 0xe0
	return s
}

func withS(sig, s []byte) []byte { return append(bytes.Clone(sig[:32]), s...) }
