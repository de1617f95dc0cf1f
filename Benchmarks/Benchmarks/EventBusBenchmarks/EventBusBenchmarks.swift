import Benchmark
import Foundation
import KioskCore

// One scaled iteration is one delivered event: with n subscribers, each publish delivers
// n events, so the inner loop publishes 1000 / n times. The results therefore read as
// "time per delivered event" for the typed bus and for NotificationCenter alike.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 100_000)

    for subscribers in [1, 8] {
        Benchmark("EventBus publish, \(subscribers) subscriber(s), per delivered event") { benchmark in
            let bus = EventBus<KioskEvent>()
            let tokens = (0..<subscribers).map { _ in
                bus.subscribe { event in
                    if case .stockChanged(let fruit, let old, let new) = event {
                        blackHole((fruit, old, new))
                    }
                }
            }
            let event = KioskEvent.stockChanged(fruit: "banana", old: 10, new: 8)
            let publishes = benchmark.scaledIterations.count / subscribers
            benchmark.startMeasurement()
            for _ in 0..<publishes {
                bus.publish(event)
            }
            benchmark.stopMeasurement()
            for token in tokens { token.cancel() }
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
}
