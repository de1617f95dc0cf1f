import Foundation
import PackagePlugin

/// Compiles `config/kiosk.toml` and the bank presets in `config/presets/` into KioskCore,
/// so the binary carries its defaults and the files in `config/` stay the single source
/// of truth.
@main
struct EmbedDefaultConfig: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let input = context.package.directoryURL.appending(path: "config/kiosk.toml")
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultConfig+Embedded.swift")
        let presetDirectory = context.package.directoryURL.appending(path: "config/presets")
        let presets = try FileManager.default.contentsOfDirectory(atPath: presetDirectory.path())
            .filter { $0.hasSuffix(".toml") }.sorted()
            .map { presetDirectory.appending(path: $0) }
        let presetOutput = context.pluginWorkDirectoryURL.appending(path: "BankPresets+Embedded.swift")
        let tool = try context.tool(named: "EmbedResource").url
        return [
            .buildCommand(
                displayName: "Embedding config/kiosk.toml",
                executable: tool,
                arguments: [input.path(), output.path(), "embeddedDefaultConfig"],
                inputFiles: [input],
                outputFiles: [output]
            ),
            .buildCommand(
                displayName: "Embedding config/presets",
                executable: tool,
                arguments: ["--table", presetOutput.path(), "embeddedBankPresets"] + presets.map { $0.path() },
                inputFiles: presets,
                outputFiles: [presetOutput]
            ),
        ]
    }
}
