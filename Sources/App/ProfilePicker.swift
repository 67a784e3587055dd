import TermUI

/// The profile sheet: TermUI's list picker of the profiles on this machine. Typing finds a
/// profile (any case) or names a new one, offered as "+ New profile “Kim”"; Enter or a click
/// uses it, Esc closes. The field follows the spreadsheet rule like every field of TermFit.
enum ProfilePicker {
    /// The longest profile name.
    static let nameLimit = 32

    /// The picker over the profiles `names` (the current one among them), `current` highlighted;
    /// `message` says why the last choice could not be used.
    static func make(names: [String], current: String, theme: Theme, message: String? = nil) -> ListPicker<String> {
        let all = names.contains(current) ? names : (names + [current]).sorted()
        var picker = ListPicker(
            title: "Profiles", items: all.map { ListPicker.Item($0, label: $0, isOwn: true) }, selected: current,
            prompt: "Who is working out?", fieldLabel: "Name", newLabel: "New profile", commitLabel: "Use",
            nameLimit: nameLimit, theme: theme)
        picker.message = message
        return picker
    }

    /// Profile names are what people call themselves; anything printable, trimmed, not empty.
    static func isValid(_ name: String) -> Bool {
        let trimmed = name.trimmingSpaces
        return !trimmed.isEmpty && trimmed.count <= nameLimit
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }
}
