import Records
import TermUI

/// The root of TermFit's screens: the home menu, routing to each workout and back, the help
/// sheet, the profile picker, and the "terminal too small" notice.
public struct AppScene: Scene {
    /// The smallest window TermFit draws in; below it a notice asks for more room.
    public static let minimumSize = Size(width: 40, height: 12)

    /// A line of the home menu.
    public enum MenuItem: Equatable {
        case workout(Int)
        case profiles
        case help
        case quit
    }

    enum Overlay: Equatable {
        case help
        case profiles(ProfilePicker)
    }

    public private(set) var context: AppContext
    public private(set) var size = Size.zero
    public private(set) var selection = 0
    private(set) var overlay: Overlay?
    private let workouts: [WorkoutEntry]
    private var active: (index: Int, scene: any Scene)?
    /// Started straight into one workout (`termfit hiit`): leaving it quits.
    private let opensDirectly: Bool
    private let profiles: ProfileDirectory
    /// A one-line message shown over the help bar (an error, say).
    public private(set) var notice: String?
    /// Saves that workouts left for the menu still owed when they closed, oldest first.
    private var unsavedFromLeftWorkouts: [UnsavedWork] = []

    public init(
        context: AppContext, workouts: [WorkoutEntry], profiles: ProfileDirectory, opening identifier: String? = nil
    ) {
        self.context = context
        self.workouts = workouts
        self.profiles = profiles
        if let identifier, let index = workouts.firstIndex(where: { $0.identifier == identifier }) {
            active = (index, workouts[index].makeScene(context))
            opensDirectly = true
        } else {
            opensDirectly = false
        }
    }

    /// The home menu: the workouts, then Profile (not in kiosk mode), Help and Quit.
    public var menu: [MenuItem] {
        workouts.indices.map(MenuItem.workout) + (context.locksProfile ? [] : [.profiles]) + [.help, .quit]
    }

    /// Every save a workout could not carry out, oldest first, with whose it is: those of
    /// workouts already left, then the one on screen's. What TermFit writes to a recovery file
    /// when it ends.
    public var unsavedWork: [UnsavedWork] {
        let current = (active?.scene as? any HoldsUnsavedWork)?.unsavedSteps ?? []
        return unsavedFromLeftWorkouts
            + (current.isEmpty ? [] : [UnsavedWork(profile: context.profile, steps: current)])
    }

    /// The workout on screen, if any.
    public var activeWorkout: String? { active.map { workouts[$0.index].identifier } }

    public var isHelpOpen: Bool { overlay == .help }
    public var isProfilePickerOpen: Bool {
        if case .profiles = overlay { return true }
        return false
    }

    var isTooSmall: Bool { !size.contains(Self.minimumSize) }

    /// The question the workout on screen waits to have answered ("Leave? …"), if any.
    public var pendingQuestion: String? { (active?.scene as? any AsksQuestions)?.pendingQuestion }

    /// The keys that answer a question from the too-small notice.
    static let answerKeys: Set<Key> = [
        .character("y"), .character("Y"), .enter, .character("n"), .character("N"), .escape,
    ]

    // MARK: Events

    public mutating func handle(_ event: Event, at now: Instant) -> [Effect] {
        if case .resize(let newSize) = event { size = newSize }
        if case .terminate = event { return forwardToWorkout(event, at: now) }
        if isTooSmall {
            // Nothing on screen to act on; only leaving works, through the workout (which may
            // ask first: its question shows on the notice and takes its answer).
            guard case .key(let key) = event else { return forwardTimeEvent(event, at: now) }
            if active == nil { return key == .character("q") ? [.quit] : [] }
            if key == .character("q") || (pendingQuestion != nil && Self.answerKeys.contains(key)) {
                return forwardToWorkout(event, at: now)
            }
            return []
        }
        if active != nil { return forwardToWorkout(event, at: now) }
        switch overlay {
        case .help: return handleHelp(event)
        case .profiles(var picker):
            let effects = handleProfiles(event, picker: &picker)
            if case .profiles = overlay { overlay = .profiles(picker) }
            return effects
        case nil: return handleHome(event, at: now)
        }
    }

    /// Resize, suspend and tick still reach a workout hidden behind the too-small notice.
    private mutating func forwardTimeEvent(_ event: Event, at now: Instant) -> [Effect] {
        switch event {
        case .resize, .suspend, .resume, .tick, .focusIn, .focusOut, .message:
            return active != nil ? forwardToWorkout(event, at: now) : []
        default:
            return []
        }
    }

    private mutating func forwardToWorkout(_ event: Event, at now: Instant) -> [Effect] {
        guard let (index, current) = active else { return [] }
        var scene = current
        var effects = scene.handle(event, at: now)
        active = (index, scene)
        if effects.contains(.quit) && !opensDirectly && event != .terminate {
            // Leaving a workout opened from the menu goes back to the menu; what it could not
            // save is kept for the recovery file.
            if let steps = (scene as? any HoldsUnsavedWork)?.unsavedSteps, !steps.isEmpty {
                unsavedFromLeftWorkouts.append(UnsavedWork(profile: context.profile, steps: steps))
            }
            active = nil
            notice = nil
            effects.removeAll { $0 == .quit }
        }
        return effects
    }

    private mutating func handleHome(_ event: Event, at now: Instant) -> [Effect] {
        notice = nil
        switch event {
        case .key(.up), .key(.character("k")), .key(.backTab):
            selection = (selection + menu.count - 1) % menu.count
        case .key(.down), .key(.character("j")), .key(.tab):
            selection = (selection + 1) % menu.count
        case .mouse(let mouse) where mouse.kind == .scrollUp:
            selection = (selection + menu.count - 1) % menu.count
        case .mouse(let mouse) where mouse.kind == .scrollDown:
            selection = (selection + 1) % menu.count
        case .key(.home):
            selection = 0
        case .key(.end):
            selection = menu.count - 1
        case .key(.enter), .key(.character(" ")), .key(.right), .key(.character("l")):
            return open(menu[selection], at: now)
        case .key(.character("q")), .key(.escape):
            return [.quit]
        case .key(.character("?")), .key(.function(1)):
            overlay = .help
        case .key(.character("p")) where !context.locksProfile:
            return open(.profiles, at: now)
        case .key(.character(let digit)) where digit.wholeNumberValue.map { (1...menu.count).contains($0) } == true:
            if let number = digit.wholeNumberValue {
                selection = number - 1
                return open(menu[selection], at: now)
            }
        case .mouse(let mouse):
            let layout = HomeLayout(size: size, itemCount: menu.count)
            guard let row = layout.itemIndex(at: mouse.position) else { break }
            selection = row
            if mouse.kind == .release { return open(menu[row], at: now) }
        default:
            break
        }
        return []
    }

    private mutating func open(_ item: MenuItem, at now: Instant) -> [Effect] {
        switch item {
        case .workout(let index):
            var scene = workouts[index].makeScene(context)
            let effects = scene.handle(.resize(size), at: now)
            active = (index, scene)
            return effects
        case .profiles:
            do {
                overlay = .profiles(ProfilePicker(names: try profiles.profileNames(), current: context.profile))
            } catch {
                notice = "Cannot read the profiles: \(error)"
            }
        case .help:
            overlay = .help
        case .quit:
            return [.quit]
        }
        return []
    }

    private mutating func handleHelp(_ event: Event) -> [Effect] {
        switch event {
        case .key(.escape), .key(.character("?")), .key(.character("q")), .key(.enter), .key(.function(1)):
            overlay = nil
        case .mouse(let mouse) where mouse.kind == .release:
            if !HelpSheet.sheet(locksProfile: context.locksProfile).frame(in: Rect(size: size)).contains(mouse.position)
            {
                overlay = nil
            }
        default:
            break
        }
        return []
    }

    private mutating func handleProfiles(_ event: Event, picker: inout ProfilePicker) -> [Effect] {
        switch picker.handle(event, screen: Rect(size: size)) {
        case .none:
            break
        case .cancel:
            overlay = nil
        case .choose(let name):
            do {
                try profiles.createProfile(named: name)
                context.profile = name
                overlay = nil
                notice = "Now working out as \(name)"
            } catch {
                picker.error = "Cannot save the profile: \(error)"
            }
        }
        return []
    }

    // MARK: Rendering

    public func render(into composition: inout Composition, at now: Instant) {
        if isTooSmall {
            var text =
                "terminal too small: need \(Self.minimumSize.width)×\(Self.minimumSize.height), have \(size.width)×\(size.height)"
            if let question = pendingQuestion {
                let keys = ConfirmSheet.hints.map { "\($0.key) \($0.description)" }.joined(separator: " · ")
                text = question + "\n" + keys + "\n\n" + text
            }
            composition.add { canvas in
                let area = canvas.bounds
                let body = Text(text, style: .bold, alignment: .center, wraps: true)
                let height = min(area.height, body.laidOut(in: area.size).count)
                body.render(into: &canvas, in: area.centered(Size(width: area.width, height: height)))
            }
            return
        }
        if let active {
            active.scene.render(into: &composition, at: now)
            return
        }
        renderHome(into: &composition)
        switch overlay {
        case .help:
            HelpSheet.render(
                into: &composition, dataLocation: context.dataLocation, locksProfile: context.locksProfile)
        case .profiles(let picker): picker.render(into: &composition)
        case nil: break
        }
    }

    private func renderHome(into composition: inout Composition) {
        let layout = HomeLayout(size: size, itemCount: menu.count)
        let items = menu.map(describe)
        let selection = self.selection
        let profile = context.profile
        let notice = self.notice
        composition.add { canvas in
            Wordmark.render(into: &canvas, in: layout.wordmark, style: Palette.accent)
            Text("workouts at the keyboard", style: Palette.muted, alignment: .center)
                .render(into: &canvas, in: layout.tagline)
            Text("Profile: \(profile)", style: .plain, alignment: .center).render(into: &canvas, in: layout.profile)
            Panel(title: "Workouts", box: .rounded, borderStyle: Palette.muted, titleStyle: Palette.title)
                .render(into: &canvas, in: layout.panel)
            for (index, item) in items.enumerated() {
                let row = layout.itemRows[index]
                let selected = index == selection
                let style: Style = selected ? Palette.selected : .plain
                canvas.fill(row, with: Cell(.space, style: style))
                let marker = selected ? "▸" : " "
                let key = index < 9 ? "\(index + 1)" : " "
                let titleWidth = canvas.write(
                    "\(marker) \(key)  \(item.title)", at: Point(x: row.x + 1, y: row.y), style: style.adding(.bold),
                    clip: row)
                let summaryX = row.x + max(titleWidth + 3, 22)
                if summaryX < row.maxX {
                    Text(item.summary, style: selected ? style : Palette.muted)
                        .render(
                            into: &canvas, in: Rect(x: summaryX, y: row.y, width: row.maxX - summaryX - 1, height: 1))
                }
            }
            if let notice {
                Text(notice, style: Palette.title, alignment: .center).render(into: &canvas, in: layout.notice)
            }
            let profileHint = context.locksProfile ? [] : [HelpBar.Hint("p", "Profile")]
            HelpBar(
                [HelpBar.Hint("↑↓", "Move"), HelpBar.Hint("Enter", "Open")] + profileHint + [
                    HelpBar.Hint("?", "Help"), HelpBar.Hint("q", "Quit"),
                ]
            ).render(into: &canvas, in: layout.helpBar)
        }
    }

    private func describe(_ item: MenuItem) -> (title: String, summary: String) {
        switch item {
        case .workout(let index): return (workouts[index].title, workouts[index].summary)
        case .profiles: return ("Profile", "switch to someone else or add a new profile")
        case .help: return ("Help", "keys and where TermFit keeps your data")
        case .quit: return ("Quit", "")
        }
    }

    public func nextDeadline(after now: Instant) -> Instant? {
        active?.scene.nextDeadline(after: now)
    }
}

/// Where everything on the home screen goes, shared by drawing and mouse hit-testing.
struct HomeLayout {
    var wordmark: Rect
    var tagline: Rect
    var profile: Rect
    var panel: Rect
    var itemRows: [Rect]
    var notice: Rect
    var helpBar: Rect

    init(size: Size, itemCount: Int) {
        let screen = Rect(size: size)
        let (body, bar) = screen.splitBottom(1)
        helpBar = bar
        notice = body.row(body.height - 1)
        let roomy = body.height >= itemCount + 12
        let wordmarkHeight = roomy ? Wordmark.lines.count : 1
        wordmark = Rect(x: 0, y: roomy ? 1 : 0, width: size.width, height: wordmarkHeight)
        tagline = Rect(x: 0, y: wordmark.maxY, width: size.width, height: 1)
        profile = Rect(x: 0, y: tagline.maxY + (roomy ? 1 : 0), width: size.width, height: 1)
        let panelWidth = min(size.width - 2, 68)
        let panelHeight = min(itemCount + 2, max(0, notice.y - profile.maxY - 1))
        panel = Rect(x: (size.width - panelWidth) / 2, y: profile.maxY + 1, width: panelWidth, height: panelHeight)
        let inside = panel.inset(by: 1)
        itemRows = (0..<itemCount).map { Rect(x: inside.x, y: inside.y + $0, width: inside.width, height: 1) }
    }

    /// The menu line under `point`, if any (and visible).
    func itemIndex(at point: Point) -> Int? {
        let inside = panel.inset(by: 1)
        return itemRows.firstIndex { $0.contains(point) && inside.contains(point) }
    }
}
