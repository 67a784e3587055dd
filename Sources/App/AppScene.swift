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
        /// The help: the home screen's keys sheet.
        case help(KeysSheet)
        /// The profile picker (and its keys sheet, F1).
        case profiles(SheetStack<ListPicker<String>>)
    }

    /// Whom the worker answers when it has opened the database (``DataOpened``).
    public static let dataRecipient = StoreAnswer.Recipient()

    public private(set) var context: AppContext
    public private(set) var size = Size.zero
    public private(set) var selection = 0
    /// Where the menu is scrolled to when the window is too short for all of it.
    private var menuScroll = ScrollState()
    private(set) var overlay: Overlay?
    private let workouts: [WorkoutEntry]
    private var active: (index: Int, scene: any Scene)?
    /// Started straight into one workout (`termfit hiit`): leaving it quits.
    private let opensDirectly: Bool
    private let profiles: ProfileDirectory
    /// A one-line message shown over the help bar (an error, say).
    public private(set) var notice: String?
    /// Workouts left for the menu that still owed commands when they closed, oldest first: they
    /// still take the worker's answers (and are tried again when the program ends).
    private var leftWorkouts: [(profile: String, scene: any Scene)] = []
    /// Whose the worker's answers to the home screen are.
    private let recipient = StoreAnswer.Recipient()
    /// The profile a workout's save was refused for because it was removed while TermFit ran:
    /// the program then ends, keeping nothing more for it.
    public private(set) var removedProfile: String?

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
        func work(of scene: any Scene, for profile: String) -> UnsavedWork? {
            guard let holder = scene as? any HoldsUnsavedWork, !holder.unsavedSteps.isEmpty else { return nil }
            return UnsavedWork(profile: profile, steps: holder.unsavedSteps, commandIDs: holder.unsavedCommandIDs)
        }
        let left = leftWorkouts.compactMap { work(of: $0.scene, for: $0.profile) }
        return left + (active.flatMap { work(of: $0.scene, for: context.profile) }.map { [$0] } ?? [])
    }

    /// The workout on screen, if any.
    public var activeWorkout: String? { active.map { workouts[$0.index].identifier } }

    public var isHelpOpen: Bool {
        if case .help = overlay { return true }
        return false
    }
    public var isProfilePickerOpen: Bool {
        if case .profiles = overlay { return true }
        return false
    }

    var isTooSmall: Bool { !size.contains(Self.minimumSize) }

    /// What the window-too-small notice says, wrapped to the window: each sentence on lines of its
    /// own, so none breaks in the middle of a size; a workout's pending question comes first.
    var tooSmallLines: [String] {
        var paragraphs = [
            "The window is too small.",
            "TermFit needs \(Self.minimumSize.width)×\(Self.minimumSize.height);",
            "this one is \(size.width)×\(size.height).",
            active == nil ? "Make it bigger, or press q to quit." : "Make it bigger, or press q to leave.",
        ]
        if let question = pendingQuestion {
            // The question's own labels ("y Delete · n Keep") when the workout hands it over.
            let keys = (pendingConfirmation ?? ConfirmSheet(question)).keysLine()
            paragraphs = [question, keys, ""] + paragraphs
        }
        let width = max(1, size.width)
        return paragraphs.flatMap { paragraph in
            paragraph.isEmpty
                ? [""] : Text(paragraph, wraps: true).laidOut(in: Size(width: width, height: paragraph.count))
        }
    }

    /// The question the workout on screen waits to have answered ("Leave? …"), if any.
    public var pendingQuestion: String? { (active?.scene as? any AsksQuestions)?.pendingQuestion }

    /// The question itself, when the workout on screen hands it over.
    public var pendingConfirmation: ConfirmSheet? { (active?.scene as? any AsksQuestions)?.pendingConfirmation }

    // MARK: Events

    public mutating func handle(_ event: Event, at now: Instant) -> [Effect] {
        if case .resize(let newSize) = event { size = newSize }
        if let opened = StoreAnswer.value(in: event, for: Self.dataRecipient, as: DataOpened.self) {
            // The database could not be opened: the program ends and says why.
            return opened == .failed ? [.quit] : []
        }
        if let answer = StoreAnswer.value(in: event, for: recipient, as: HomeAnswer.self) {
            receive(answer)
            return []
        }
        if case .message(let message) = event, message.name == StoreAnswer.messageName {
            forwardToLeftWorkouts(event, at: now)
            return forwardToWorkout(event, at: now)
        }
        if case .terminate = event {
            forwardToLeftWorkouts(event, at: now)
            return forwardToWorkout(event, at: now)
        }
        if isTooSmall {
            // Nothing on screen to act on; only leaving works, through the workout (which may
            // ask first: its question shows on the notice and takes its answer).
            guard case .key(let key) = event else { return forwardTimeEvent(event, at: now) }
            if active == nil { return key == .character("q") ? [.quit] : [] }
            if key == .character("q") || (pendingQuestion != nil && ConfirmSheet.answerKeys.contains(key)) {
                return forwardToWorkout(event, at: now)
            }
            return []
        }
        if active != nil { return forwardToWorkout(event, at: now) }
        switch overlay {
        case .help(let sheet): return handleHelp(event, sheet: sheet)
        case .profiles(let stack):
            handleProfiles(event, stack: stack)
            return []
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
        if let removed = (scene as? any HoldsUnsavedWork)?.removedProfile {
            removedProfile = removed
            leftWorkouts.removeAll { $0.profile == removed }
            return effects.contains(.quit) ? effects : effects + [.quit]
        }
        if effects.contains(.quit) && !opensDirectly && event != .terminate {
            // Leaving a workout opened from the menu goes back to the menu; what it could not
            // save is kept for the recovery file.
            if let steps = (scene as? any HoldsUnsavedWork)?.unsavedSteps, !steps.isEmpty {
                leftWorkouts.append((context.profile, scene))
            }
            active = nil
            notice = nil
            effects.removeAll { $0 == .quit }
        }
        return effects
    }

    /// Hands a worker's answer (or the end of the program) to the workouts left with commands
    /// still owed; those that owe nothing more are let go.
    private mutating func forwardToLeftWorkouts(_ event: Event, at now: Instant) {
        leftWorkouts = leftWorkouts.compactMap { left in
            var scene = left.scene
            _ = scene.handle(event, at: now)
            let steps = (scene as? any HoldsUnsavedWork)?.unsavedSteps ?? []
            return steps.isEmpty ? nil : (left.profile, scene)
        }
    }

    /// The home screen's keys for this run (no profile switching in kiosk mode).
    var homeBindings: KeyBindings<HomeAction> {
        HomeBindings.bindings(menuCount: menu.count, locksProfile: context.locksProfile)
    }

    private var homeLayout: HomeLayout { HomeLayout(size: size, itemCount: menu.count) }

    private mutating func handleHome(_ event: Event, at now: Instant) -> [Effect] {
        switch event {
        case .key(let key):
            guard let action = homeBindings.action(for: key) else { return [] }
            notice = nil
            return perform(action, at: now)
        case .mouse(let mouse):
            switch mouse.kind {
            case .scrollUp: return perform(.up, at: now)
            case .scrollDown: return perform(.down, at: now)
            case .drag: return []
            case .press, .release: break
            }
            let layout = homeLayout
            if mouse.kind == .release, let action = homeBindings.barAction(at: mouse.position, in: layout.helpBar) {
                return perform(action, at: now)
            }
            guard let row = layout.itemIndex(at: mouse.position, itemCount: menu.count, scroll: menuScroll) else {
                return []
            }
            select(row)
            return mouse.kind == .release ? open(menu[row], at: now) : []
        case .resize:
            select(selection)
            return []
        default:
            return []
        }
    }

    private mutating func perform(_ action: HomeAction, at now: Instant) -> [Effect] {
        let count = menu.count
        switch action {
        case .up: select((selection + count - 1) % count)
        case .down: select((selection + 1) % count)
        case .first: select(0)
        case .last: select(count - 1)
        case .openSelected: return open(menu[selection], at: now)
        case .open(let number):
            guard (1...count).contains(number) else { return [] }
            select(number - 1)
            return open(menu[selection], at: now)
        case .profiles: return open(.profiles, at: now)
        case .help: openHelp()
        case .quit: return [.quit]
        }
        return []
    }

    /// Selects menu entry `index` and scrolls the menu to keep it in view.
    private mutating func select(_ index: Int) {
        selection = min(max(0, index), menu.count - 1)
        menuScroll.select(selection, count: menu.count)
        _ = menuScroll.visibleRows(count: menu.count, height: homeLayout.list.height)
    }

    private mutating func open(_ item: MenuItem, at now: Instant) -> [Effect] {
        switch item {
        case .workout(let index):
            var scene = workouts[index].makeScene(context)
            let effects = scene.handle(.resize(size), at: now)
            active = (index, scene)
            return effects
        case .profiles:
            openProfiles()
        case .help:
            openHelp()
        case .quit:
            return [.quit]
        }
        return []
    }

    /// The help sheet at the current width.
    private var helpSheet: KeysSheet {
        HelpSheet.sheet(
            bindings: homeBindings, locksProfile: context.locksProfile, dataLocation: context.dataLocation,
            screenWidth: size.width)
    }

    private mutating func openHelp() { overlay = .help(helpSheet) }

    /// The help sheet takes every event: it scrolls itself and closes on its keys or a click; a
    /// new width wraps the data's place again, keeping the scroll.
    private mutating func handleHelp(_ event: Event, sheet: KeysSheet) -> [Effect] {
        var sheet = sheet
        if case .resize = event {
            let scroll = sheet.scroll
            sheet = helpSheet
            sheet.scroll = scroll
        }
        overlay = sheet.update(event, in: componentContext) == nil ? .help(sheet) : nil
        return []
    }

    /// The keys the bar shows now: the home screen's, or those of the sheet over it.
    var currentHelpBar: HelpBar {
        switch overlay {
        case .help(let sheet): return sheet.bindings.helpBar
        case .profiles(let stack): return stack.bindings.helpBar
        case nil: return homeBindings.helpBar
        }
    }

    /// Where a component is: this screen, its help bar on the last row.
    private var componentContext: ComponentContext { ComponentContext(screen: size) }

    /// Opens the profile picker over the menu, saying `message` (why the last choice failed).
    /// The names are read by the worker; the picker opens when they arrive.
    private mutating func openProfiles(message: String? = nil) {
        let profiles = self.profiles
        let answer = context.worker.run(for: recipient) {
            HomeAnswer.profiles(Result { try profiles.profileNames() }, message: message)
        }
        if let answer { receive(answer) }
    }

    /// Applies an answer of the worker to the home screen's profile work.
    private mutating func receive(_ answer: HomeAnswer) {
        switch answer {
        case .profiles(.success(let names), let message):
            guard active == nil else { return }
            var stack = SheetStack<ListPicker<String>>()
            stack.push(
                ProfilePicker.make(names: names, current: context.profile, theme: context.theme, message: message))
            overlay = .profiles(stack)
        case .profiles(.failure(let error), _):
            overlay = nil
            notice = "Cannot read the profiles: \(error)"
        case .created(let name, .success):
            context.profile = name
            overlay = nil
            notice = "Now working out as \(context.profile)"
        case .created(_, .failure(let error)):
            openProfiles(message: "Cannot save the profile: \(error)")
        }
    }

    private mutating func handleProfiles(_ event: Event, stack: SheetStack<ListPicker<String>>) {
        var stack = stack
        switch stack.update(event, in: componentContext) {
        case .screen, .closed(.cancelled):
            overlay = nil
        case .handled:
            overlay = .profiles(stack)
        case .closed(.committed(.existing(let name))), .closed(.committed(.new(let name))):
            guard ProfilePicker.isValid(name) else {
                return openProfiles(message: "A name needs at least one letter")
            }
            // The picker closes; the worker makes the profile, and the notice says so when it has.
            let (profiles, trimmed) = (self.profiles, name.trimmingSpaces)
            overlay = nil
            let answer = context.worker.run(for: recipient) {
                HomeAnswer.created(trimmed, Result { try profiles.createProfile(named: trimmed) })
            }
            if let answer { receive(answer) }
        }
    }

    // MARK: Rendering

    public func render(into composition: inout Composition, at now: Instant) {
        if isTooSmall {
            let lines = tooSmallLines
            composition.add { canvas in
                let area = canvas.bounds
                let shown = Array(lines.prefix(area.height))
                Text(lines: shown, style: .bold, alignment: .center)
                    .render(into: &canvas, in: area.centered(Size(width: area.width, height: shown.count)))
            }
            return
        }
        if let active {
            active.scene.render(into: &composition, at: now)
            return
        }
        renderHome(into: &composition)
        switch overlay {
        case .help(let sheet):
            sheet.render(into: &composition, state: sheet.scroll, headingStyle: context.theme.heading)
        case .profiles(let stack): stack.render(into: &composition, in: componentContext)
        case nil: break
        }
    }

    private func renderHome(into composition: inout Composition) {
        let layout = homeLayout
        let items = menu.map(describe)
        let selection = self.selection
        let profile = context.profile
        let notice = self.notice
        let helpBar = currentHelpBar
        let theme = context.theme
        var scroll = menuScroll
        scroll.select(selection, count: items.count)
        composition.add { canvas in
            if let area = layout.wordmark { Wordmark.render(into: &canvas, in: area, style: theme.accent) }
            if let area = layout.tagline {
                Text("workouts at the keyboard", style: theme.muted, alignment: .center).render(
                    into: &canvas, in: area)
            }
            if let area = layout.profile {
                Text("Profile: \(profile)", style: .plain, alignment: .center).render(into: &canvas, in: area)
            }
            Panel(title: "Workouts", box: .rounded, borderStyle: theme.muted, titleStyle: theme.title)
                .render(into: &canvas, in: layout.panel)
            ScrollList.render(
                count: items.count, into: &canvas, in: layout.list, state: &scroll, markerStyle: theme.muted
            ) { canvas, row, index, selected in
                let item = items[index]
                let style: Style = selected ? theme.selection : .plain
                canvas.fill(row, with: Cell(.space, style: style))
                let marker = selected ? "▸" : " "
                let key = index < 9 ? "\(index + 1)" : " "
                let titleWidth = canvas.write(
                    "\(marker) \(key)  \(item.title)", at: Point(x: row.x + 1, y: row.y), style: style.adding(.bold),
                    clip: row)
                let summaryX = row.x + max(titleWidth + 3, 22)
                if summaryX < row.maxX {
                    Text(item.summary, style: selected ? style : theme.muted)
                        .render(
                            into: &canvas, in: Rect(x: summaryX, y: row.y, width: row.maxX - summaryX - 1, height: 1))
                }
            }
            if let notice {
                Text(notice, style: theme.title, alignment: .center).render(into: &canvas, in: layout.notice)
            }
            helpBar.render(into: &canvas, in: layout.helpBar)
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
