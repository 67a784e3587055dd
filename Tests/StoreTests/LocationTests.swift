import Foundation
import Records
import Store
import Testing

@Suite("Where the database lives")
struct LocationTests {
    @Test("--data-dir wins over everything")
    func argumentWins() throws {
        let location = try StoreLocation.resolve(
            dataDirectory: "/srv/gym",
            environment: ["TERMFIT_DATA_DIR": "/env", "XDG_DATA_HOME": "/xdg", "HOME": "/home/anna"])
        #expect(location == StoreLocation(directory: "/srv/gym", origin: .argument))
        #expect(location.databasePath == "/srv/gym/termfit.sqlite")
    }

    @Test("TERMFIT_DATA_DIR wins over XDG_DATA_HOME and HOME")
    func environmentVariable() throws {
        let location = try StoreLocation.resolve(
            dataDirectory: nil, environment: ["TERMFIT_DATA_DIR": "/env/", "XDG_DATA_HOME": "/xdg", "HOME": "/h"])
        #expect(location == StoreLocation(directory: "/env/", origin: .termfitDataDirectory))
        #expect(location.databasePath == "/env/termfit.sqlite")
    }

    @Test("XDG_DATA_HOME/termfit when it is absolute")
    func xdgDataHome() throws {
        let location = try StoreLocation.resolve(
            dataDirectory: nil, environment: ["XDG_DATA_HOME": "/home/anna/data", "HOME": "/home/anna"])
        #expect(location == StoreLocation(directory: "/home/anna/data/termfit", origin: .xdgDataHome))
    }

    @Test("A relative or empty XDG_DATA_HOME is ignored, as the XDG specification asks")
    func relativeXDGIgnored() throws {
        for xdg in ["relative/data", ""] {
            let location = try StoreLocation.resolve(
                dataDirectory: nil, environment: ["XDG_DATA_HOME": xdg, "TERMFIT_DATA_DIR": "", "HOME": "/home/anna"])
            #expect(location == StoreLocation(directory: "/home/anna/.local/share/termfit", origin: .home))
        }
    }

    @Test("HOME unset gives a clear error, not a crash")
    func homeUnset() {
        #expect(throws: StoreError.homeNotSet) {
            try StoreLocation.resolve(dataDirectory: nil, environment: [:])
        }
        #expect(throws: StoreError.homeNotSet) {
            try StoreLocation.resolve(dataDirectory: nil, environment: ["HOME": ""])
        }
        #expect(StoreError.homeNotSet.description.contains("HOME is not set"))
        #expect(StoreError.homeNotSet.description.contains("--data-dir"))
    }

    @Test("HOME is not needed when the directory is given")
    func noHomeNeeded() throws {
        let location = try StoreLocation.resolve(dataDirectory: nil, environment: ["TERMFIT_DATA_DIR": "/env"])
        #expect(location.directory == "/env")
    }

    @Test("A leading ~/ is expanded with HOME")
    func tilde() throws {
        let location = try StoreLocation.resolve(dataDirectory: "~/gym", environment: ["HOME": "/home/anna"])
        #expect(location.directory == "/home/anna/gym")
        #expect(throws: StoreError.homeNotSet) { try StoreLocation.resolve(dataDirectory: "~/gym", environment: [:]) }
    }

    @Test("An empty --data-dir is refused")
    func emptyArgument() {
        #expect(throws: StoreError.invalidDataDirectory("")) {
            try StoreLocation.resolve(dataDirectory: "", environment: ["HOME": "/h"])
        }
    }

    @Test("The default profile is the login name, else \"default\"")
    func defaultProfile() {
        #expect(Profile.defaultName(environment: ["USER": "anna"]) == "anna")
        #expect(Profile.defaultName(environment: ["USER": ""]) == "default")
        #expect(Profile.defaultName(environment: [:]) == "default")
    }
}
