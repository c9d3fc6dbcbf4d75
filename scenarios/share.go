package scenarios

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Share links carry the whole scenario in the URL fragment (docs/links-and-http.md "Fragment links"):
// `#s=1.<base64url, no padding, of raw deflate of the canonical JSON>`.
const (
	// LinkVersion is the version Encode writes.
	LinkVersion = "1"
	// MaxLinkSize bounds an encoded link (the part after "s=").
	MaxLinkSize = 64 << 10
	// MaxLinkDecoded bounds what a link inflates to.
	MaxLinkDecoded = MaxFileSize
)

// linkDecoders turn the payload of each link version into scenario
// bytes. Old versions stay here so old links always open.
var linkDecoders = map[string]func(payload string) ([]byte, error){
	"1": decodeV1,
}

// Encode makes the share-link value of a scenario: "1." + payload.
func Encode(sc *Scenario) (string, error) {
	js, err := CanonicalJSON(sc)
	if err != nil {
		return "", err
	}
	return encodeLink(js)
}

// EncodeJSON makes a link value from a scenario's canonical JSON: other
// broker families (scenarios/rocketmq) share the codec.
func EncodeJSON(js []byte) (string, error) { return encodeLink(js) }

// encodeLink deflates and base64url-encodes canonical JSON into a link
// value ("1." + payload), refusing one over MaxLinkSize. Delay-lab links
// (#d=) use it too.
func encodeLink(js []byte) (string, error) {
	var z bytes.Buffer
	fw, err := flate.NewWriter(&z, flate.BestCompression)
	if err != nil {
		return "", err
	}
	fw.Write(js) // writes to a bytes.Buffer do not fail
	fw.Close()
	s := LinkVersion + "." + base64.RawURLEncoding.EncodeToString(z.Bytes())
	if len(s) > MaxLinkSize {
		return "", fmt.Errorf("the share link would be %d characters; the limit is %d (MaxLinkSize): use a short link", len(s), MaxLinkSize)
	}
	return s, nil
}

// Decode reads a share-link value ("1.…"; a whole URL or "#s=…" works too)
// back into a validated scenario. It never panics: a damaged, oversized or
// hostile link is an error that says what is wrong.
func Decode(s string) (*Scenario, error) {
	data, err := DecodeBytes(s)
	if err != nil {
		return nil, err
	}
	return Parse("share link", data)
}

// DecodeBytes returns the scenario JSON a link carries, without parsing it.
func DecodeBytes(s string) ([]byte, error) {
	return decodeLink(s, "s=", "share link", "; a newer DLX Lab made it")
}

// decodeLink is the envelope both link kinds share: the value after
// key (a whole URL or "#key…" works too), size-checked, then "VERSION.payload"
// handed to that version's decoder. kind names the link in errors; unknown
// is added to the unknown-version error.
func decodeLink(s, key, kind, unknown string) ([]byte, error) {
	if i := strings.LastIndex(s, key); i >= 0 && strings.Contains(s[:i+len(key)], "#") {
		s = s[i+len(key):]
	}
	s = strings.TrimSpace(s)
	if len(s) > MaxLinkSize {
		return nil, fmt.Errorf("%s is %d characters; the limit is %d (MaxLinkSize)", kind, len(s), MaxLinkSize)
	}
	version, payload, ok := strings.Cut(s, ".")
	if !ok {
		return nil, fmt.Errorf("not a %s: expected a version and a dot, like 1.…", kind)
	}
	dec := linkDecoders[version]
	if dec == nil {
		return nil, fmt.Errorf("%s version %q is not known to this build (it reads version 1)%s", kind, clip(version), unknown)
	}
	return dec(payload)
}

func decodeV1(payload string) ([]byte, error) {
	z, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		var ce base64.CorruptInputError
		if errors.As(err, &ce) {
			return nil, fmt.Errorf("share link is damaged: not base64url at character %d (was it cut off or changed?)", int64(ce)+3)
		}
		return nil, fmt.Errorf("share link is damaged: %v", err)
	}
	// A bytes.Reader is an io.ByteReader, so flate reads exactly the
	// compressed stream and whatever follows its final block stays unread.
	br := bytes.NewReader(z)
	r := flate.NewReader(br)
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, MaxLinkDecoded+1))
	if len(data) > MaxLinkDecoded {
		return nil, fmt.Errorf("share link decodes to more than 1 MiB (MaxLinkDecoded); it is not a scenario this build will open")
	}
	if err != nil {
		return nil, fmt.Errorf("share link is damaged: the compressed data is invalid (%v)", err)
	}
	if br.Len() > 0 {
		return nil, fmt.Errorf("share link is damaged: %d bytes follow the end of the compressed data (was something appended?)", br.Len())
	}
	return data, nil
}
