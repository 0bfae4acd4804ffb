import Foundation
import OperatingSystem
import Testing

/// Where an app keeps its files, as the platform says: the XDG base
/// directory rules on Linux, Application Support on Apple platforms.
struct DirectoryRuleTests {
    @Test(
        "Linux: data is $XDG_DATA_HOME when absolute, else ~/.local/share",
        .enabled(if: Platform.followsXDGBaseDirectories),
        arguments: [
            (["XDG_DATA_HOME": "/x/data", "HOME": "/home/a"], "/x/data"),
            (["XDG_DATA_HOME": "relative/data", "HOME": "/home/a"], "/home/a/.local/share"),
            (["HOME": "/home/a"], "/home/a/.local/share"),
            ([:], NSHomeDirectory() + "/.local/share"),
        ])
    func dataDirectory(_ variables: [String: String], _ expected: String) {
        #expect(Platform.dataDirectory(variables: variables) == expected)
    }

    @Test(
        "Linux: configuration is $XDG_CONFIG_HOME when absolute, else ~/.config",
        .enabled(if: Platform.followsXDGBaseDirectories),
        arguments: [
            (["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/a"], "/x/config"),
            (["XDG_CONFIG_HOME": "relative/config", "HOME": "/home/a"], "/home/a/.config"),
            (["HOME": "/home/a"], "/home/a/.config"),
            (["HOME": "relative"], NSHomeDirectory() + "/.config"),
            ([:], NSHomeDirectory() + "/.config"),
        ])
    func configurationDirectory(_ variables: [String: String], _ expected: String) {
        #expect(Platform.configurationDirectory(variables: variables) == expected)
    }

    @Test(
        "Apple platforms: data and configuration are in Application Support, whatever XDG says",
        .enabled(if: !Platform.followsXDGBaseDirectories))
    func applicationSupport() {
        let variables = ["XDG_DATA_HOME": "/x/data", "XDG_CONFIG_HOME": "/x/config"]
        #expect(Platform.dataDirectory(variables: variables).hasSuffix("/Application Support"))
        #expect(Platform.configurationDirectory(variables: variables).hasSuffix("/Application Support"))
    }

    @Test("The rules are said as they are followed")
    func rulesInWords() {
        if Platform.followsXDGBaseDirectories {
            #expect(Platform.dataDirectoryRule(for: "g") == "$XDG_DATA_HOME/g, else ~/.local/share/g")
            #expect(Platform.configurationDirectoryRule(for: "g") == "$XDG_CONFIG_HOME/g, else ~/.config/g")
        } else {
            #expect(Platform.dataDirectoryRule(for: "g") == "~/Library/Application Support/g")
        }
    }
}
