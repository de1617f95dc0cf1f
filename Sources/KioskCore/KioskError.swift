/// An error the presenter shows: `code` is its stable JSON name, and the conforming type's
/// cases carry the values that explain it. The wording lives in the presenter's catalog.
///
/// Each module has its own conforming type; only the executable maps them to exit codes.
public protocol KioskError: Error, Sendable {
    /// The stable machine-readable name, e.g. `"unknown_command"`, `"out_of_stock"`.
    var code: String { get }
}

/// An error of the storage itself (the database cannot be read or written), as opposed to a
/// command refused by a rule: a script stops at the first one (exit code 74) rather than
/// failing every line after it the same way. Each storage backend's error type adopts it.
public protocol StorageFailure: KioskError {
    /// Whether the store cannot serve the next command either (a script stops here); false
    /// for a failure of this command alone, such as a row lock that waited too long.
    var endsScript: Bool { get }
}

extension StorageFailure {
    /// Most storage failures leave the store unusable until someone acts.
    public var endsScript: Bool { true }
}
