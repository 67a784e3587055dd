import Foundation
import Store
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `termfit kiosk`'s checks of a member's key and name, and its edits of the shared account's
/// `authorized_keys`, on real files.
@Suite("Kiosk members: keys, names and authorized_keys")
struct KioskMemberTests {
    static let alexKey =
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ957OMH54fsW9h62UC56S/Yf0zScwa97G5f9d7vM/NP alex@phone\n"
    static let samKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOIv/+ojvdy+yN+uixOa35JOqJkal2GQ4G8EhQqu2MmP"
    static let ecdsaKey =
        "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBJjKOm0oIzYLx91QqLmMqTuw7AEcDMgoW2psceUWdv6NNqFrJeCrdFUjCqtvrCuHdgFbUlGPbGp5ObpBW95a8JQ= root@vm"

    @Test("A .pub file's key is read; its comment is dropped")
    func validKeys() throws {
        let alex = try PublicKey(parsing: Self.alexKey)
        #expect(alex.type == "ssh-ed25519")
        #expect(alex.text == "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ957OMH54fsW9h62UC56S/Yf0zScwa97G5f9d7vM/NP")
        #expect(try PublicKey(parsing: Self.ecdsaKey).type == "ecdsa-sha2-nistp256")
        #expect(try PublicKey(parsing: Self.samKey + "\r\n").text == Self.samKey)
    }

    /// A hostile key, named for the test's output (a 9 KB key would fill it).
    struct HostileKey: Sendable, CustomTestStringConvertible {
        var text: String
        var reason: String
        var testDescription: String { String(text.debugDescription.prefix(60)) }

        init(_ text: String, _ reason: String) {
            self.text = text
            self.reason = reason
        }
    }

    @Test(
        "Hostile keys are refused",
        arguments: [
            HostileKey("command=\"/bin/sh\" " + samKey, "options"),
            HostileKey("restrict,command=\"sh\" " + samKey, "options"),
            HostileKey("environment=\"TERMFIT_DATA_DIR=/tmp\" " + samKey, "options"),
            HostileKey(samKey + "\n" + "ssh-ed25519 AAAA", "more than one line"),
            HostileKey(samKey + "\nextra", "more than one line"),
            HostileKey(samKey + "\r" + "x", "more than one line"),
            HostileKey(samKey + " a\u{0}b", "control characters"),
            HostileKey(samKey + " \u{1B}[2J", "control characters"),
            HostileKey("ssh-ed25519 " + String(repeating: "A", count: 9000), "longer than"),
            HostileKey("ssh-dss AAAAB3NzaC1kc3MAAACBAP", "key type"),
            HostileKey("rsa-sha2-512 AAAA", "key type"),
            HostileKey("ssh-ed25519 not*base64!", "not base64"),
            HostileKey("ssh-ed25519", "not base64"),
            HostileKey("", "empty"),
            // An ECDSA key's data under the ed25519 name.
            HostileKey("ssh-ed25519 " + ecdsaKey.split(separator: " ")[1], "not a ssh-ed25519 key"),
        ])
    func hostileKeys(key: HostileKey) {
        #expect {
            try PublicKey(parsing: key.text)
        } throws: { error in
            guard case .invalidKey(let message) = error as? KioskMemberError else { return false }
            return message.contains(key.reason)
        }
    }

    @Test("Member names: profile names a forced command carries as one word")
    func names() throws {
        for name in ["alex", "Sam.Lee", "jo_2", "m-17", "a"] { #expect(try KioskMemberName.validated(name) == name) }
        let refused = [
            "", " alex", "alex ", "two words", "al'ex", "al\"ex", "..", ".hidden", "-x", "--kiosk", "a/b", "a;b",
            "a$b", "a\\b", "a\nb", "a\u{0}b", "ålex", String(repeating: "a", count: 41), "a,b", "a=b",
        ]
        for name in refused {
            #expect(throws: KioskMemberError.self, "\(name.debugDescription)") { try KioskMemberName.validated(name) }
        }
    }

    @Test("A member's line is written as sshd reads it, and read back")
    func lineRoundTrip() throws {
        let line = KioskMemberLine(
            name: "alex", program: "/usr/local/bin/termfit", key: try PublicKey(parsing: Self.alexKey))
        #expect(
            line.text
                == "command=\"/usr/local/bin/termfit --kiosk --profile alex\",restrict,pty ssh-ed25519 "
                + "AAAAC3NzaC1lZDI1NTE5AAAAIJ957OMH54fsW9h62UC56S/Yf0zScwa97G5f9d7vM/NP alex")
        #expect(KioskMemberLine(line.text) == line)
        #expect(KioskMemberLine(Self.samKey) == nil)
        #expect(KioskMemberLine("command=\"/bin/sh\" " + Self.samKey) == nil)
    }

    @Test("Adding and removing members keeps every other line byte for byte, with modes 600 and 700")
    func atomicEdits() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(".ssh/authorized_keys").path
        let file = AuthorizedKeysFile(path: path)
        #expect(try file.members().isEmpty)
        try file.add(try Self.member("alex", Self.alexKey))
        // The admin's own key, with odd spacing, a comment line and no final line end.
        let admin = Array("# the admin\n\(Self.ecdsaKey)  \t trailing".utf8)
        var contents = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        contents += admin
        try Data(contents).write(to: URL(fileURLWithPath: path))
        try file.add(try Self.member("sam", Self.samKey))
        #expect(try file.members().map(\.name) == ["alex", "sam"])

        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(directory.appendingPathComponent(".ssh").path, &info) == 0 && info.st_mode & 0o777 == 0o700)

        try file.remove(member: "alex")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == "# the admin\n\(Self.ecdsaKey)  \t trailing\n\(try Self.member("sam", Self.samKey).text)\n")
        #expect(try file.members().map(\.name) == ["sam"])
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: directory.appendingPathComponent(".ssh").path)
        #expect(leftovers == ["authorized_keys"], "no temporary file is left")

        try file.rename(member: "sam", to: "samuel")
        #expect(try file.members().map(\.name) == ["samuel"])
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("# the admin\n"))
    }

    @Test("A duplicate member or key, and a missing member, change nothing")
    func refusals() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("authorized_keys").path
        let file = AuthorizedKeysFile(path: path)
        try file.add(try Self.member("alex", Self.alexKey))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: KioskMemberError.memberExists("alex")) { try file.add(try Self.member("alex", Self.samKey)) }
        #expect(throws: KioskMemberError.keyInUse(member: "alex")) {
            try file.add(try Self.member("sam", Self.alexKey))
        }
        #expect(throws: KioskMemberError.memberNotFound("sam")) { try file.remove(member: "sam") }
        #expect(throws: KioskMemberError.memberNotFound("sam")) { try file.rename(member: "sam", to: "jo") }
        try file.add(try Self.member("sam", Self.samKey))
        #expect(throws: KioskMemberError.memberExists("sam")) { try file.rename(member: "alex", to: "sam") }
        #expect(try file.members().map(\.name) == ["alex", "sam"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).starts(with: before))
    }

    @Test("A directory others may write to is refused (sshd would ignore the keys in it)")
    func groupWritableDirectory() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        chmod(directory.path, 0o775)
        let file = AuthorizedKeysFile(path: directory.appendingPathComponent("authorized_keys").path)
        #expect(throws: KioskMemberError.self) { try file.add(try Self.member("alex", Self.alexKey)) }
    }

    @Test("Members added from many processes' worth of threads at once are all kept")
    func concurrentAdds() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("authorized_keys").path
        let keys = try (0..<8).map { index in try Self.generatedKey(directory, index) }
        await withTaskGroup(of: Void.self) { group in
            for (index, key) in keys.enumerated() {
                group.addTask { try? AuthorizedKeysFile(path: path).add(try Self.member("m\(index)", key)) }
            }
        }
        #expect(try AuthorizedKeysFile(path: path).members().map(\.name).sorted() == (0..<8).map { "m\($0)" })
    }

    static func member(_ name: String, _ key: String) throws -> KioskMemberLine {
        KioskMemberLine(name: name, program: "/usr/local/bin/termfit", key: try PublicKey(parsing: key))
    }

    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "termfit-kiosk-members-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o700)
        return directory
    }

    /// A fresh ed25519 key from ssh-keygen.
    static func generatedKey(_ directory: URL, _ index: Int) throws -> String {
        let path = directory.appendingPathComponent("key\(index)").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ssh-keygen")
        process.arguments = ["-q", "-t", "ed25519", "-N", "", "-f", path]
        try process.run()
        process.waitUntilExit()
        return try String(contentsOfFile: path + ".pub", encoding: .utf8)
    }
}
