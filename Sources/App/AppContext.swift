import TermUI

/// What every screen of TermFit needs to know about how it is run.
public struct AppContext: Sendable {
    /// The person working out (a profile on a shared kiosk).
    public var profile: String
    /// Show changes at once instead of animating them (`--reduce-motion`).
    public var reducesMotion: Bool
    /// `false` with `--no-color`/`NO_COLOR` or a monochrome terminal: screens must not rely on colour.
    public var usesColor: Bool
    /// Where the database is, shown in the help sheet.
    public var dataLocation: String?
    /// `--kiosk`: the profile is the one the operator set; nobody can switch to, list or create
    /// another from the screen.
    public var locksProfile: Bool
    /// The worker that carries out every command and read of the member's data, off the run
    /// loop (``StoreWorker/inline`` carries them out at once, for tests that drive a scene step
    /// by step).
    public var worker: StoreWorker

    public init(
        profile: String, reducesMotion: Bool = false, usesColor: Bool = true, dataLocation: String? = nil,
        locksProfile: Bool = false, worker: StoreWorker = .inline
    ) {
        self.worker = worker
        self.profile = profile
        self.reducesMotion = reducesMotion
        self.usesColor = usesColor
        self.dataLocation = dataLocation
        self.locksProfile = locksProfile
    }

    /// The styles every screen draws with: TermUI's one theme, colour-free when `usesColor` is off.
    public var theme: Theme { Theme(usesColor: usesColor) }
}

/// A workout on the home menu: its name, a line about it, and how to open its scene.
public struct WorkoutEntry: Sendable {
    public var identifier: String
    public var title: String
    public var summary: String
    public var makeScene: @Sendable (AppContext) -> any Scene

    public init(
        identifier: String, title: String, summary: String, makeScene: @escaping @Sendable (AppContext) -> any Scene
    ) {
        self.identifier = identifier
        self.title = title
        self.summary = summary
        self.makeScene = makeScene
    }
}
