package core

// Properties are the AMQP basic properties. Empty strings and zero values
// mean "not set"; Priority and Timestamp have explicit Has flags because 0
// is a legal value for them.
type Properties struct {
	ContentType     string
	ContentEncoding string
	DeliveryMode    uint8
	Priority        uint8
	HasPriority     bool
	CorrelationID   string
	ReplyTo         string
	Expiration      string
	MessageID       string
	Timestamp       int64
	HasTimestamp    bool
	Type            string
	UserID          string
	AppID           string
}

// Message is a message as the broker holds it. A Message is never changed
// once created: dead-lettering makes a new one, so copies in several queues
// and pointers kept by events can share it.
type Message struct {
	Lineage  uint64 // id of the publish this message descends from (survives dead-lettering)
	Exchange string // exchange it was last published or dead-lettered to
	// Keys are the routing keys: the publish key, then CC, then BCC keys
	// (spec §1.5, §7.1). The last NBCC of them came from BCC, which x-death omits.
	Keys    []string
	NBCC    int
	Props   Properties
	Headers Table // client headers (BCC stripped at publish)
	Body    string

	// ttl is the parsed per-message expiration in ms, or -1.
	ttl int64
	// Deaths is the broker's death history, most recent first (spec §1.2).
	Deaths []Death
	// first is the first broker-recorded death (x-first-death-*), kept apart
	// because Deaths is reordered (spec §1.3).
	first *Death
	// last is the most recent death (x-last-death-*, 3.13+): its exchange is
	// the one before that death, which the compressed entry may not show.
	last *Death
	// size is the body size used for x-max-length-bytes (spec §2.4: bodies only).
	size int64
}

// RoutingKey is the key a consumer sees in basic.deliver: the first key.
func (m *Message) RoutingKey() string {
	if len(m.Keys) == 0 {
		return ""
	}
	return m.Keys[0]
}

// Death is one x-death entry: deaths from the same (queue, reason) share an
// entry whose count rises while the other fields keep their first values.
type Death struct {
	Queue    string
	Reason   string
	Count    int64
	Time     Time // first death for this (queue, reason)
	LastTime Time // internal; 0-9-1 does not show it
	Exchange string
	Keys     []string // routing keys before the first death, BCC excluded
	// OrigExpiration is the original-expiration value, "" when the message
	// had no per-message expiration at its first death here.
	OrigExpiration string
}

// nonBCCKeys are the keys x-death records (spec §1.5).
func (m *Message) nonBCCKeys() []string { return m.Keys[:len(m.Keys)-m.NBCC] }
