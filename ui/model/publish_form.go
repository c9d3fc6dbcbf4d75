package model

import (
	"strconv"
	"strings"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// PublishText is what the publish panel collects, as typed.
type PublishText struct {
	Exchange, Key, Body, Expiration, Priority, MessageID, Headers string
	Mandatory                                                     bool
	Count, Interval                                               string
}

// NewPublishText is the panel's starting text: one message, no interval.
func NewPublishText() PublishText { return PublishText{Count: "1", Interval: "0"} }

// Read turns the text into a publish: priority 0–255, a count of at
// least 1, an interval as a duration and header lines must read; the
// error names the field that does not.
func (f PublishText) Read() (PublishForm, FieldError) {
	p := PublishForm{Exchange: f.Exchange, RoutingKey: f.Key, Body: f.Body, Expiration: strings.TrimSpace(f.Expiration),
		MessageID: strings.TrimSpace(f.MessageID), Mandatory: f.Mandatory, Count: 1}
	if s := strings.TrimSpace(f.Priority); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > 255 {
			return p, NotNumber("priority")
		}
		p.Priority = &n
	}
	if s := strings.TrimSpace(f.Count); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return p, FieldError{Field: "count", Key: "fielderr.count"}
		}
		p.Count = n
	}
	if s := strings.TrimSpace(f.Interval); s != "" && s != "0" {
		d, err := scenarios.ParseDuration(s)
		if err != nil {
			return p, FieldError{Field: "interval", Key: "fielderr.duration", Args: []string{err.Error()}}
		}
		p.Interval = d
	}
	hdrs, err := ParseHeaders(f.Headers)
	if err != nil {
		return p, tableError("headers", err)
	}
	p.Headers = hdrs
	return p, FieldError{}
}

// ParseHeaders reads "key = value" lines; "[a, b]" is an array of
// strings (CC / BCC routing keys).
func ParseHeaders(text string) (core.Table, error) {
	t, err := ParseTable(nil, text)
	if err != nil || t == nil {
		return t, err
	}
	for k, v := range t {
		if s, ok := v.(string); ok && strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
			var arr []any
			for _, item := range strings.Split(strings.Trim(s, "[]"), ",") {
				if item = strings.TrimSpace(item); item != "" {
					arr = append(arr, item)
				}
			}
			t[k] = arr
		}
	}
	return t, nil
}
