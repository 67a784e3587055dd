// The one place TermFit includes curses.h. Every macro and global TermFit uses is wrapped in a
// static inline accessor here, so Swift never touches a C global (stdscr, LINES, COLS) directly.
#ifndef TERMFIT_NCURSES_SHIM_H
#define TERMFIT_NCURSES_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <locale.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>
#include <langinfo.h>
#include <errno.h>
#include <sys/ioctl.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// MARK: Globals

static inline WINDOW *termfit_stdscr(void) { return stdscr; }
static inline WINDOW *termfit_curscr(void) { return curscr; }
static inline WINDOW *termfit_newscr(void) { return newscr; }
static inline int termfit_lines(void) { return LINES; }
static inline int termfit_cols(void) { return COLS; }
static inline int termfit_colors(void) { return COLORS; }
static inline int termfit_color_pairs(void) { return COLOR_PAIRS; }
static inline int termfit_ok(void) { return OK; }

// MARK: Attributes and colour pairs

static inline attr_t termfit_a_normal(void) { return A_NORMAL; }
static inline attr_t termfit_a_bold(void) { return A_BOLD; }
static inline attr_t termfit_a_dim(void) { return A_DIM; }
static inline attr_t termfit_a_reverse(void) { return A_REVERSE; }
static inline attr_t termfit_a_underline(void) { return A_UNDERLINE; }
static inline attr_t termfit_a_italic(void) { return A_ITALIC; }
static inline attr_t termfit_color_pair(int pair) { return (attr_t)COLOR_PAIR(pair); }

/// Defines colour pair `pair`; uses the extended call so pairs above 32767 work where supported.
static inline int termfit_init_pair(int pair, int foreground, int background) {
    return init_extended_pair(pair, foreground, background);
}

// MARK: Drawing

/// Writes one cell: `text` is a NUL-terminated wide string (a base character and its combining
/// marks). The extended pair number goes through setcchar's `opts` pointer.
static inline int termfit_put_cell(WINDOW *window, int row, int column, const wchar_t *text,
                                   attr_t attributes, int pair) {
    cchar_t cell;
    int extendedPair = pair;
    if (setcchar(&cell, text, attributes, (short)0, &extendedPair) == ERR) return ERR;
    return mvwadd_wch(window, row, column, &cell);
}

// MARK: Keys and mouse

// None: TermFit reads the terminal's bytes and decodes keys and mouse reports itself
// (Sources/Terminal/InputDecoder.swift), whatever the terminfo entry says.

// MARK: Terminal size

/// Asks the kernel for the window size of `fd`; returns 0 on success.
static inline int termfit_window_size(int fd, int *out_rows, int *out_columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *out_rows = size.ws_row;
    *out_columns = size.ws_col;
    return 0;
}

static inline const char *termfit_codeset(void) { return nl_langinfo(CODESET); }

/// The terminal's capability string `name` ("cup", "smcup"), or NULL where it has none.
static inline const char *termfit_capability(const char *name) {
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return NULL;
    return value;
}

/// Checks a terminal type without starting ncurses (newterm() on an unusable type would print
/// and exit). Returns 1 when the type is known and can address the cursor, 0 when it is known but
/// cannot, -1 when the terminfo database does not know it.
static inline int termfit_probe_terminal(const char *name) {
    int status = 0;
    if (setupterm(name, STDOUT_FILENO, &status) != OK) return -1;
    int usable = termfit_capability("cup") != NULL ? 1 : 0;
    TERMINAL *probe = cur_term;
    set_curterm(NULL);
    del_curterm(probe);
    return usable;
}

/// Starts ncurses on standard input and output.
static inline SCREEN *termfit_newterm(const char *name) { return newterm(name, stdout, stdin); }

#endif
