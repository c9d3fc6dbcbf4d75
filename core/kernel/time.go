package kernel

// Time is virtual time in milliseconds since the scenario started. Nothing
// reads a wall clock: callers move time with Clock.RunUntil, which is what
// makes replays and long fast-forwards exact.
type Time int64

// Never is a time no timer reaches.
const Never Time = 1<<63 - 1
