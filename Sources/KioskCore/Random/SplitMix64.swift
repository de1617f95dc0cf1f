/// A small, fast, seedable random number generator (SplitMix64), so that `--seed`
/// makes customer counts and tasks reproducible, and random tests replay exactly.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let count = Int.random(in: 10...30, using: &random)   // the same on every run
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
