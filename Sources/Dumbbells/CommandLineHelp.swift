/// What `termfit dumbbells --help` says about the workout's keys: a test holds it to the
/// bindings (every key it names does something, every key on the help bar is named).
extension DumbbellsWorkout {
    public static let commandLineHelp = """
        Each finished set is saved at once. Keys are shown at the bottom of the screen; ? lists \
        every key (F1 while typing in a field). Enter or s starts a set and Enter or f finishes it; k opens a number pad, l \
        copies last time's numbers into the set. A field moved onto is selected: the first digit typed replaces its value \
        (a finished set's too), Enter, Tab or an arrow keeps it (a correction is saved) and Esc \
        puts it back. --sets and --exercise apply to this run only; inside the workout, a adds a \
        set and d deletes one (it asks first), e chooses the exercise (your own ones always \
        listed; a name in another case is the same exercise) and u the unit, and those are kept \
        for the profile; during a rest + and - make it 15 s longer or shorter, and r offers any \
        length typed besides the presets (digits and : type it, Backspace erases); x ends the workout (it asks first) and q or Esc leaves \
        (it asks first when work would be lost); h lists past workouts, to correct or delete \
        their sets. w marks the selected finished set warm-up, drop or failure (a warm-up counts \
        towards no volume or record); E gives a finished set (the selected one, else the set just \
        done; on h a past one) an RPE, 6 to 10 in halves, and n a note. o opens the routines: \
        Enter starts one, its per-set targets filled in to confirm; Ctrl-O edits the highlighted \
        one as text (Bench press 3×10 @ 20; Row 10@30, 8@32.5), Ctrl-R renames it (it keeps its place), Ctrl-T and Ctrl-G \
        move it up and down the list, Ctrl-X deletes it.
        """
}
