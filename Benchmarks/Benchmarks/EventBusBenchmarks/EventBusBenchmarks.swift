import Benchmark
import Foundation
import KioskCore

// One scaled iteration is one delivered event: with n subscribers, each publish delivers
// n events, so the inner loop publishes 1000 / n times. The results therefore read as
// "time per delivered event" for the typed bus and for NotificationCenter alike.
//
// The bus only appends to mailboxes; a delivery is complete when the consumer has taken
// the event out of its mailbox, so the measured work is publish plus drain. A
// NotificationCenter post runs every observer before it returns.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 100_000)

    for subscribers in [1, 8] {
        Benchmark("EventBus publish and drain, \(subscribers) subscriber(s), per delivered event") { benchmark in
            let bus = EventBus<KioskEvent>()
            let publishes = benchmark.scaledIterations.count / subscribers
            // Room for every event of the run, so nothing is dropped and every event is delivered.
            let mailboxes = (0..<subscribers).map { _ in bus.subscribe(capacity: publishes) }
            let event = KioskEvent.stockChanged(fruit: "banana", old: 10, new: 8)
            benchmark.startMeasurement()
            for _ in 0..<publishes {
                bus.publish(event)
            }
            for mailbox in mailboxes {
                for case .stockChanged(let fruit, let old, let new) in mailbox.drainEvents() {
                    blackHole((fruit, old, new))
                }
            }
            benchmark.stopMeasurement()
            for mailbox in mailboxes { mailbox.cancel() }
        }

        Benchmark("NotificationCenter post, \(subscribers) observer(s), per delivered event") { benchmark in
            let center = NotificationCenter()
            let name = Notification.Name("stockChanged")
            let observers = (0..<subscribers).map { _ in
                center.addObserver(forName: name, object: nil, queue: nil) { notification in
                    let info = notification.userInfo
                    if let fruit = info?["fruit"] as? String, let old = info?["old"] as? Int,
                        let new = info?["new"] as? Int
                    {
                        blackHole((fruit, old, new))
                    }
                }
            }
            let userInfo: [AnyHashable: Any] = ["fruit": "banana", "old": 10, "new": 8]
            let publishes = benchmark.scaledIterations.count / subscribers
            benchmark.startMeasurement()
            for _ in 0..<publishes {
                center.post(name: name, object: nil, userInfo: userInfo)
            }
            benchmark.stopMeasurement()
            for observer in observers { center.removeObserver(observer) }
        }
    }

    // A KioskEvent is boxed when it is built, so that subscribers share it: the benchmarks
    // above publish one event built beforehand, as NotificationCenter posts one userInfo.
    // This one builds every event it publishes, allocation included, as the bank and the
    // shop do.
    Benchmark("EventBus build, publish and drain, 1 subscriber, per delivered event") { benchmark in
        let bus = EventBus<KioskEvent>()
        let publishes = benchmark.scaledIterations.count
        let mailbox = bus.subscribe(capacity: publishes)
        benchmark.startMeasurement()
        for index in 0..<publishes {
            bus.publish(.stockChanged(fruit: "banana", old: index, new: index - 2))
        }
        for case .stockChanged(let fruit, let old, let new) in mailbox.drainEvents() {
            blackHole((fruit, old, new))
        }
        benchmark.stopMeasurement()
        mailbox.cancel()
    }

    // The shape of the kiosk at work: a command publishes while the transcript's task waits
    // on its mailbox and drains it on another thread. Measured until the consumer has taken
    // every event, so the time includes the wake-ups and the contention on the mailbox.
    Benchmark("EventBus publish while a consumer drains on another thread, per delivered event") { benchmark in
        let bus = EventBus<KioskEvent>()
        let events = benchmark.scaledIterations.count
        let mailbox = bus.subscribe(capacity: events)
        let event = KioskEvent.stockChanged(fruit: "banana", old: 10, new: 8)
        let consumer = Task {
            var received = 0
            while received < events, await mailbox.wait() {
                for case .stockChanged(let fruit, let old, let new) in mailbox.drainEvents() {
                    blackHole((fruit, old, new))
                    received += 1
                }
            }
            return received
        }
        benchmark.startMeasurement()
        for _ in 0..<events {
            bus.publish(event)
        }
        let received = await consumer.value
        benchmark.stopMeasurement()
        precondition(received == events, "the consumer took \(received) of \(events) events")
        mailbox.cancel()
    }
}
