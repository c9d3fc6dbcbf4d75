package model

// How many tokens one frame may start. A token lives 0.6–1.8 s of wall
// time and a frame is 50 ms, so about a dozen of the MaxTokens finish per
// frame: starting more only cuts others short.
const (
	// minNewTokens a frame are drawn even when every slot is taken (the
	// oldest tokens make way).
	minNewTokens = 12
	// maxNewTokens bounds a frame's new tokens when slots are free.
	maxNewTokens = 24
)

// tokenRoom is how many token-worthy events of the next batch get tokens:
// the free slots, at least minNewTokens and at most maxNewTokens per
// frame, less those this frame already started (a frame absorbs a batch
// per timer it crosses). A run busy enough to make hundreds of tokens per
// frame thus shows a steady sample of its newest movements, each drawn to
// its end, and the browser builds a couple of dozen elements per frame,
// not a hundred or more. The counts on the canvas stay exact: only the
// drawn sample is bounded.
func (s *Session) tokenRoom() int {
	born := 0
	for i := len(s.tokens) - 1; i >= 0 && s.tokens[i].Born == s.wall; i-- {
		born++
	}
	room := min(maxNewTokens, max(MaxTokens-len(s.tokens), minNewTokens))
	return max(room-born, 0)
}
