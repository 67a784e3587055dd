import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `termfit kiosk remove-member NAME --delete-data` while the member works out, with the real
/// binary in tmux: the member's session ends and says why, and no save of theirs makes the
/// profile again; a session the removal does not reach ends at its next save, which is refused.
@Suite(.serialized)
struct KioskRemovalEndToEndTests {
    /// A data directory with `m1` a member of its `authorized_keys`; returns it and the file.
    private func kioskWithMember() throws -> (data: URL, keys: String) {
        let data = try temporaryDataDirectory("kiosk-remove")
        let key = data.appendingPathComponent("m1-key").path
        try runCommand(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "m1", "-f", key])
        let keys = data.appendingPathComponent("authorized_keys").path
        let added = try runCommand([
            Binary.termfit, "kiosk", "add-member", "m1", "--key", key + ".pub", "--authorized-keys", keys,
            "--data-dir", data.path,
        ])
        #expect(added.status == 0, "\(added.output)\(added.error)")
        return (data, keys)
    }

    /// Opens Flashcards from the home menu and answers the first card right.
    private func answerACard(in session: TmuxSession, first: Bool = true) throws {
        if first {
            try session.openFromMenu("Flashcards")
            try session.waitFor("Flashcards · ")
        }
        try session.send("Space")
        try session.waitFor("Space Hide")
        try session.send("l")
    }

    /// TermFit started with `arguments`, in Flashcards, one card answered and saved.
    private func answeringACard(_ arguments: [String]) throws -> TmuxSession {
        let session = try TmuxSession([Binary.termfit] + arguments, width: 100, height: 30)
        try answerACard(in: session)
        try session.waitFor("✓ 1  ✗ 0")
        return session
    }

    /// `termfit kiosk remove-member m1 --delete-data`, as the operator runs it.
    private func removeM1(keys: String, data: URL) throws -> CommandResult {
        try runCommand([
            Binary.termfit, "kiosk", "remove-member", "m1", "--delete-data", "--authorized-keys", keys, "--data-dir",
            data.path,
        ])
    }

    /// What the database holds of `m1`: `termfit history` names no such profile, and no recovery
    /// file is waiting for it.
    private func expectNothingOfM1(in data: URL) throws {
        let history = try runCommand([Binary.termfit, "history", "--profile", "m1", "--data-dir", data.path])
        #expect(history.error.contains("There is no profile named 'm1'"), "\(history.output)\(history.error)")
        let files = try FileManager.default.contentsOfDirectory(atPath: data.path)
        #expect(!files.contains { $0.hasPrefix("termfit-recovery-") }, "\(files)")
    }

    @Test func removingAMemberDuringFlashcardsEndsTheSessionAndLeavesNoProfile() throws {
        let (data, keys) = try kioskWithMember()
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try answeringACard(["--kiosk", "--profile", "m1", "--data-dir", data.path])
        defer { session.close() }

        let removed = try removeM1(keys: keys, data: data)
        #expect(removed.status == 0, "\(removed.error)")
        #expect(removed.output.contains("m1's data deleted."), "\(removed.output)")
        #expect(removed.output.contains("m1's session ended."), "\(removed.output)")
        #expect(try session.waitForExit() != nil, "the member's session ended")
        #expect(try session.terminalIsRestored())
        let said = try session.screen().joined(separator: "\n")
        #expect(said.contains("the profile m1 was removed from this box"), "\(said)")
        try expectNothingOfM1(in: data)
    }

    @Test func aSessionTheRemovalDoesNotReachEndsAtItsNextSave() throws {
        let (data, keys) = try kioskWithMember()
        defer { try? FileManager.default.removeItem(at: data) }
        // Not a kiosk session (the operator's own, say): remove-member does not reach it.
        // Dumbbells: a set saves whatever the removal took away (Flashcards would show "no deck").
        let session = try TmuxSession(
            [Binary.termfit, "--profile", "m1", "--data-dir", data.path], width: 100, height: 30)
        defer { session.close() }
        try session.openFromMenu("Dumbbells")
        try session.waitFor("Dumbbells")
        for key in ["5", "Tab", "8", "Enter", "Enter"] {
            try session.send(key)
            Thread.sleep(forTimeInterval: 0.3)
        }

        let removed = try removeM1(keys: keys, data: data)
        #expect(removed.output.contains("m1's data deleted.") && !removed.output.contains("ended"), "\(removed.output)")
        // The next set's save is refused: the session ends there, saying why.
        for key in ["Escape", "5", "Tab", "8", "Enter", "Enter"] {
            try session.send(key)
            Thread.sleep(forTimeInterval: 0.3)
        }
        let status = try session.waitForExit()
        if status == nil {
            let shown = try session.screen().joined(separator: "\n"); Issue.record("still running:\n\(shown)")
        }
        #expect(status == 1, "the session ended, not saved")
        #expect(try session.terminalIsRestored())
        let said = try session.screen().joined(separator: "\n")
        #expect(said.contains("the profile m1 was removed from this box"), "\(said)")
        #expect(!said.contains("termfit-recovery-"), "\(said)")
        let list = try runCommand([Binary.termfit, "kiosk", "list", "--authorized-keys", keys, "--data-dir", data.path])
        #expect(list.status == 0 && !list.output.contains("m1"), "\(list.output)\(list.error)")
        try expectNothingOfM1(in: data)
    }
}
