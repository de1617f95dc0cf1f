import Foundation

/// A directory under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The permission bits of `relativePath`.
    func mode(of relativePath: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path + "/" + relativePath)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
