// The floor of a first frame in Swift: the C program beside this file, line for line, built
// with TermFit's release link (Benchmarks/floor.sh). Not part of TermFit.
import CNcursesw

#if canImport(Glibc)
import Glibc
#endif

let items = ["HIIT", "Dumbbells", "Card deck", "Flashcards"]
setlocale(LC_ALL, "")
let window = initscr()
cbreak()
noecho()
keypad(window, true)
curs_set(0)
mvaddstr(1, 2, "TermFit · Workouts")
for (index, item) in items.enumerated() {
    mvaddstr(Int32(4 + index * 2), 4, "▸ ")
    addstr(item)
    addstr("  ─────────────────────────────")
}
mvaddstr(termfit_lines() - 1, 0, "↑↓ Move  Enter Open  ? Keys  q Quit")
refresh()
sleep(1)
endwin()
