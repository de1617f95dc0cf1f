import Foundation
import PackagePlugin

/// Compiles the bank presets in `config/presets/` into KioskCore, so the binary carries
/// them and the files in `config/` stay the single source of truth. (`config/kiosk.toml`
/// is compiled in as a value, `make builtin-config`, so that starting costs no parsing.)
@main
struct EmbedBankPresets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let presetDirectory = context.package.directoryURL.appending(path: "config/presets")
        let presets = try FileManager.default.contentsOfDirectory(atPath: presetDirectory.path())
            .filter { $0.hasSuffix(".toml") }.sorted()
            .map { presetDirectory.appending(path: $0) }
        let presetOutput = context.pluginWorkDirectoryURL.appending(path: "BankPresets+Embedded.swift")
        let tool = try context.tool(named: "EmbedResource").url
        return [
            .buildCommand(
                displayName: "Embedding config/presets",
                executable: tool,
                arguments: ["--table", presetOutput.path(), "embeddedBankPresets"] + presets.map { $0.path() },
                inputFiles: presets,
                outputFiles: [presetOutput]
            )
        ]
    }
}
