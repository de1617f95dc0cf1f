import Foundation

/// The cores this process may use.
enum ProcessInfoCores {
    static var active: Int { ProcessInfo.processInfo.activeProcessorCount }
}
