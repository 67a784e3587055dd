import TermUI

/// Checks that a screen's key table is the whole truth about its keys: every key that does
/// something is declared, a key declared disabled does nothing, and every enabled binding is on
/// the keys sheet.
public enum KeyProbe {
    /// The keys a member might press on any screen: printable ASCII, the editing and moving keys,
    /// F1 and F5, and a few Ctrl keys.
    public static let plausibleKeys: [Key] = {
        let characters =
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
        return characters.map { Key.character($0) } + [
            .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .enter, .tab, .backTab, .escape,
            .function(1), .function(5), .backspace, .delete, .insert, .control("a"), .control("u"),
        ]
    }()

    /// What is wrong with `bindings` for the keys in `keys`, each a sentence; `doesSomething`
    /// presses a key on a copy of the screen and says whether anything changed or came out.
    public static func undeclaredEffects<Action>(
        of bindings: KeyBindings<Action>, keys: [Key] = plausibleKeys, doesSomething: (Key) -> Bool
    ) -> [String] {
        keys.compactMap { key in
            let changed = doesSomething(key)
            if changed && !bindings.declares(key) { return "\(key.name) does something but is not declared" }
            if changed && bindings.action(for: key) == nil {
                return "\(key.name) is declared disabled but does something"
            }
            return nil
        }
    }

    /// The enabled bindings whose meaning or keys do not show in `sheet` (the keys sheet's text).
    public static func missingFromSheet<Action>(_ bindings: KeyBindings<Action>, sheet: String) -> [String] {
        bindings.enabled.compactMap { binding in
            sheet.contains(binding.meaning) && sheet.contains(binding.allKeys)
                ? nil : "\(binding.allKeys) \(binding.meaning) is not on the keys sheet"
        }
    }
}

extension WorkoutDriver {
    /// `KeyProbe.undeclaredEffects` on the workout as it is now: each key pressed on a copy,
    /// counted as doing something when it gives an output or changes what `look` says.
    public func undeclaredKeyEffects<Action>(
        of bindings: KeyBindings<Action>, look: (WorkoutDriver) -> String
    ) -> [String] {
        let before = look(self)
        return KeyProbe.undeclaredEffects(of: bindings) { key in
            var copy = self
            return !copy.press(key).isEmpty || look(copy) != before
        }
    }

    /// The enabled `bindings` the keys sheet leaves out: `key` (`?`) pressed on a copy in a window big
    /// enough for the whole sheet.
    public func bindingsMissingFromKeysSheet<Action>(
        _ bindings: (Model) -> KeyBindings<Action>, openedBy key: Key = .character("?")
    ) -> [String] {
        var copy = self
        copy.send(.resize(Size(width: 200, height: 60)))
        let listed = bindings(copy.workout)
        copy.press(key)
        return KeyProbe.missingFromSheet(listed, sheet: copy.frame().joined(separator: "\n"))
    }
}
