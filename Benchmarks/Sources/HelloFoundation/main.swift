import Foundation

// The same hello world with Foundation loaded, as kiosk loads it.
print("Hello, \(ProcessInfo.processInfo.processName)!")
