// The few pseudo-terminal calls `ptyrun` cannot make cleanly from Swift: fork and exec (nothing
// may run between them but async-signal-safe code), and the variadic ioctl and syscall.
#ifndef TERMFIT_CPSEUDOTERMINAL_H
#define TERMFIT_CPSEUDOTERMINAL_H

#include <sys/resource.h>
#include <sys/types.h>
#include <termios.h>

/// A program started on a new pseudo-terminal.
typedef struct {
    /// The harness's side, non-blocking: read what the program writes, write what a user would type.
    int controller;
    /// The program's side, kept open by the harness to read its termios after the program ends.
    int terminal;
    /// The program: a session leader whose controlling terminal is `terminal`.
    pid_t pid;
    /// The terminal's settings before the program started, to compare with those it leaves.
    struct termios initial_settings;
} termfit_spawned_program;

/// Opens a pseudo-terminal of `rows` × `columns` and runs `file` (searched in PATH) on it with
/// `argv` and `envp`, as the leader of a new session with the terminal as its standard input,
/// output and error. Both of the harness's descriptors are close-on-exec.
/// Returns 0, or an errno value (including the child's, when exec fails).
int termfit_spawn_on_pseudo_terminal(
    const char *file, char *const argv[], char *const envp[], unsigned short rows, unsigned short columns,
    termfit_spawned_program *program);

/// Sets the window size of the terminal behind `fd`; the kernel sends SIGWINCH to its foreground
/// process group. Returns 0 or an errno value.
int termfit_set_window_size(int fd, unsigned short rows, unsigned short columns);

/// A pidfd for `pid` that becomes readable when the process ends, or -1 where the kernel has none.
int termfit_open_process_descriptor(pid_t pid);

/// 1 when `pid` has ended (it is left unreaped, so the harness can still wait for it), else 0.
int termfit_has_exited(pid_t pid);

/// Reaps `pid` and reports how it ended: `exit_code` (-1 when killed by a signal), `signal_number`
/// (0 when it exited) and its resource usage. Returns 0 or an errno value.
int termfit_wait(pid_t pid, int *exit_code, int *signal_number, struct rusage *usage);

#endif
