/* The floor of a first frame: a menu like TermFit's home screen drawn with ncurses by the
 * smallest C program, for Benchmarks/floor.sh. Not part of TermFit. */
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <unistd.h>

int main(void) {
    static const char *items[] = {"HIIT", "Dumbbells", "Card deck", "Flashcards"};
    setlocale(LC_ALL, "");
    WINDOW *window = initscr();
    cbreak();
    noecho();
    keypad(window, TRUE);
    curs_set(0);
    mvaddstr(1, 2, "TermFit · Workouts");
    for (int i = 0; i < 4; i++) {
        mvaddstr(4 + i * 2, 4, "▸ ");
        addstr(items[i]);
        addstr("  ─────────────────────────────");
    }
    mvaddstr(LINES - 1, 0, "↑↓ Move  Enter Open  ? Keys  q Quit");
    refresh();
    sleep(1);
    endwin();
    return 0;
}
