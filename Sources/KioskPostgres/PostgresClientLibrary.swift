import CLibPQ

/// libpq, PostgreSQL's client library, which kiosk loads only when a PostgreSQL database is
/// used: the SQLite default never maps it (nor Kerberos, LDAP, GnuTLS and the rest libpq
/// links). ``PostgresTarget/init(_:clientLibrary:)`` loads it, so every connection finds it
/// loaded.
///
/// ```swift
/// try PostgresClientLibrary.load()                        // libpq.so.5, as the loader finds it
/// try PostgresClientLibrary.load("/opt/pg/lib/libpq.so.5") // or a file of one's choosing
/// ```
public enum PostgresClientLibrary {
    /// The file name the dynamic loader looks for when no other is given: libpq's
    /// run-time library (`libpq5` on Debian and Ubuntu).
    public static let defaultName = "libpq.so.5"

    /// Whether libpq is loaded into this process.
    package static var isLoaded: Bool { kiosk_libpq_is_loaded() == 1 }

    /// Loads libpq from `library` unless it is loaded already (then `library` is not looked
    /// at); safe from any thread.
    /// - Parameter library: a file name the dynamic loader searches for, or a path.
    /// - Throws: ``PostgresError/clientLibraryUnavailable(library:reason:)`` with the
    ///   loader's reason when it cannot be loaded or lacks a function kiosk calls.
    public static func load(_ library: String = defaultName) throws(PostgresError) {
        var reason = [CChar](repeating: 0, count: 1_024)
        let loaded = reason.withUnsafeMutableBufferPointer { buffer in
            kiosk_libpq_load(library, buffer.baseAddress, buffer.count)
        }
        guard loaded == 1 else {
            let text = reason.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { String(cString: $0) } ?? ""
            }
            throw .clientLibraryUnavailable(library: library, reason: text)
        }
    }
}
