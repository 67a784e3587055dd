/// What `termfit hiit --help` says about the workout's keys: a test holds it to the
/// bindings (every key it names does something, every key on the help bar is named).
extension HIITWorkout {
    public static let commandLineHelp = """
        Four exercises, a countdown for each (30 s unless the hiit.exerciseSeconds setting or
        --seconds says otherwise), a 1-5 rating and your history. Enter starts the countdown and,
        once it reaches zero (the exercise is saved then), Done goes on; Space pauses; ← → go
        between pages; r resets; c runs the circuit hands-free (q stops it, back to the page); e
        lists the circuits: type to filter, Enter chooses one for c, Ctrl-N new, Ctrl-O edit,
        Ctrl-R rename, Ctrl-X delete (Enter, Tab or ↑ ↓ save the field, Esc puts it back). While a
        countdown runs or is paused, a page change, r and q ask first (y goes ahead, n stays).
        q or Esc leaves; at zero nothing is lost, so it does not ask. On an exercise, + and - give
        10 s more or less, t switches to Tabata intervals, p plays the demonstration, [ and ] rate
        the exercise; h shows your history and ? lists every key.
        """
}
