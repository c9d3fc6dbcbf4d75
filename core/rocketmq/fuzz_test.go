package rocketmq

import "testing"

// FuzzBroker runs random operations and checks the invariants after each.
func FuzzBroker(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Add([]byte{3, 3, 3, 9, 9, 9, 9, 1, 7, 7, 2, 200, 100})
	f.Fuzz(func(t *testing.T, ops []byte) {
		profiles := []Profile{RocketMQ49, RocketMQ510, RocketMQ53}
		p := RocketMQ53
		if len(ops) > 0 {
			p = profiles[int(ops[0])%3]
		}
		b, err := New(p, Config{MaxEvents: 20000})
		if err != nil {
			t.Fatal(err)
		}
		_ = b.CreateTopic("t", 2)
		results := []Result{Success, Later, Throw, Null, Suspend, NoAck, Timeout}
		clients := []ClientKind{Remoting, Remoting, GrpcPush, Simple}
		for i, op := range ops {
			arg := int(op) >> 3
			switch op % 8 {
			case 0, 1:
				_, _ = b.Send(SendRequest{Topic: "t", QueueID: arg%3 - 1, Keys: []string{"k"}, DelayLevel: arg % 4,
					DeliverAt: b.Now() + Time(arg%3*1500)})
			case 2:
				cfg := DefaultGroupConfig("g" + string(rune('a'+arg%3)))
				cfg.Client = clients[arg%4]
				cfg.Orderly = arg&4 != 0
				cfg.Broadcasting = arg&8 != 0 && cfg.Client == Remoting
				cfg.MaxReconsumeTimes = arg%5 - 1
				cfg.RetryMaxTimes = arg % 3
				cfg.RetryQueueNums = arg % 2
				if b.CreateGroup(cfg) == nil {
					_ = b.Subscribe(cfg.Name, "t", "*")
				}
			case 3:
				l := Listener{Rules: []Rule{{Actions: []Action{{Result: results[arg%7], TakeMs: int64(arg%3) * 1000,
					DelayLevel: arg%4 - 1}, {Result: results[(arg+i)%7]}}}}}
				_ = b.AddConsumer("g"+string(rune('a'+arg%3)), "c"+string(rune('0'+i%4)), l)
			case 4:
				_ = b.RemoveConsumer("g"+string(rune('a'+arg%3)), "c"+string(rune('0'+arg%4)))
			case 5:
				_ = b.ResetOffsetByTime("g"+string(rune('a'+arg%3)), "t", Time(arg*100))
			case 6:
				if m := b.Copy(uint64(arg + 1)); m != nil {
					_, _ = b.Resend("ga", m.ID)
					_, _ = b.Republish(m.ID)
				}
			case 7:
				_ = b.Advance(int64(arg) * int64(arg) * 997)
			}
			if err := b.CheckInvariants(); err != nil {
				t.Fatalf("after op %d (%d): %v", i, op, err)
			}
		}
		_ = b.Advance(80 * 3600 * 1000)
		if err := b.CheckInvariants(); err != nil {
			t.Fatalf("at the end: %v", err)
		}
		_ = b.View()
	})
}
