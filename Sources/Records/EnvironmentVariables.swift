#if canImport(Glibc)
    import Glibc
#endif

/// The `TERMFIT_*` environment variables TermFit reads, and the one place that decides which
/// of them count: in kiosk mode none does (a member's SSH client can send any variable the
/// server's `AcceptEnv` lets through), and the forced command's options take their place.
///
/// Every full-screen start reads its environment through ``effective(_:kiosk:)``, and the
/// variables are read from what it returns, never from the process. A test checks this list
/// against every `TERMFIT_` name in the sources.
public enum TermFitEnvironment {
    /// Every `TERMFIT_*` variable TermFit reads, with what it does and the option a kiosk's
    /// forced command uses instead.
    public static let variables: [String: String] = [
        "TERMFIT_ASCII": "draw with ASCII characters only (--ascii)",
        "TERMFIT_BENCH_SAVE_DELAY_MS": "benchmarks only: milliseconds every save waits, a slowed store (no option)",
        "TERMFIT_DATA_DIR": "the data directory (--data-dir)",
        "TERMFIT_DATABASE_URL": "the PostgreSQL database several boxes share (--database)",
        "TERMFIT_LINK_TIMEOUT": "seconds an SSH link may leave the terminal's status unanswered (--link-timeout)",
        "TERMFIT_OUTPUT_TIMEOUT": "seconds a write to the terminal may block (--output-timeout)",
        "TERMFIT_STATS": "print rendering and saving figures on exit (--stats)",
    ]

    /// The process's environment, read from `environ` as the C library keeps it. Of two entries
    /// with one name the first counts, as for `getenv`; an entry without `=` is skipped.
    /// Foundation's `ProcessInfo.processInfo.environment` gives the same, but a full-screen start
    /// reads it before its first frame, and Foundation's process information set itself up first
    /// (docs/DECISIONS.md, D-255). An environment emptied with `clearenv` (`environ` null) is empty.
    public static var process: [String: String] {
        var environment: [String: String] = [:]
        var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        while let current = entry, let pointer = current.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if environment[name] == nil { environment[name] = String(text[text.index(after: equals)...]) }
            }
            entry = current + 1
        }
        return environment
    }

    /// The environment a start goes by: `environment` as it is, or in kiosk mode without any
    /// `TERMFIT_*` variable (known or not).
    public static func effective(_ environment: [String: String], kiosk: Bool) -> [String: String] {
        kiosk ? environment.filter { !$0.key.hasPrefix("TERMFIT_") } : environment
    }
}
