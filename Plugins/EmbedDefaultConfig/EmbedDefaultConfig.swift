import Foundation
import PackagePlugin

/// Compiles `config/kiosk.toml` into KioskCore, so the binary carries its defaults
/// and the file in `config/` stays the single source of truth.
@main
struct EmbedDefaultConfig: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let input = context.package.directoryURL.appending(path: "config/kiosk.toml")
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultConfig+Embedded.swift")
        return [
            .buildCommand(
                displayName: "Embedding config/kiosk.toml",
                executable: try context.tool(named: "EmbedResource").url,
                arguments: [input.path(), output.path(), "embeddedDefaultConfig"],
                inputFiles: [input],
                outputFiles: [output]
            )
        ]
    }
}
