import JuiceMaker
import Synchronization

/// An in-memory store that runs `probe` inside its critical section, right after each
/// `announce`, and keeps what it returned.
final class ProbeStore<Probe: Sendable>: InventoryStore {
    private let inner: InMemoryInventoryStore
    private let probe: @Sendable () -> Probe
    private let results = Mutex<[Probe]>([])

    init(inner: InMemoryInventoryStore, probe: @escaping @Sendable () -> Probe) {
        self.inner = inner
        self.probe = probe
    }

    /// What each probe returned, in commit order.
    var probes: [Probe] { results.withLock { $0 } }

    func stock() -> Inventory {
        inner.stock()
    }

    func commit(_ change: StockChange, announce: (StockCommit) -> Void) throws -> StockCommit {
        try inner.commit(change) { commit in
            announce(commit)
            let result = probe()
            results.withLock { $0.append(result) }
        }
    }
}

/// An in-memory store that runs a one-shot `hook` at the start of its next commit, before
/// taking its own lock: the hook may call back into whatever uses the store.
final class CallbackStore: InventoryStore {
    private let inner: InMemoryInventoryStore
    private let hook = Mutex<(@Sendable () -> Void)?>(nil)

    init(inner: InMemoryInventoryStore) {
        self.inner = inner
    }

    /// Runs `action` at the start of the next commit.
    func beforeNextCommit(_ action: @escaping @Sendable () -> Void) {
        hook.withLock { $0 = action }
    }

    func stock() -> Inventory {
        inner.stock()
    }

    func commit(_ change: StockChange, announce: (StockCommit) -> Void) throws -> StockCommit {
        let action = hook.withLock { hook in
            defer { hook = nil }
            return hook
        }
        action?()
        return try inner.commit(change, announce: announce)
    }
}
