#define _GNU_SOURCE
#include "CPseudoTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <pty.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/// Writes all of `length` bytes, retrying after signals; used only where failure is not reportable.
static void write_fully(int fd, const void *bytes, size_t length) {
    const char *cursor = bytes;
    while (length > 0) {
        ssize_t written = write(fd, cursor, length);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return;
        cursor += written;
        length -= (size_t)written;
    }
}

/// In the child, between fork and exec: only async-signal-safe calls.
static void become_program(int terminal, int controller, int report, const char *file, char *const argv[],
                           char *const envp[]) {
    // A terminal program starts with default signal handling and nothing blocked, whatever the
    // harness itself had set.
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (int signal_number = 1; signal_number < NSIG; signal_number++) {
        if (signal_number == SIGKILL || signal_number == SIGSTOP) continue;
        signal(signal_number, SIG_DFL);
    }
    close(controller);
    if (setsid() < 0 || ioctl(terminal, TIOCSCTTY, 0) < 0) goto failed;
    if (dup2(terminal, STDIN_FILENO) < 0 || dup2(terminal, STDOUT_FILENO) < 0 || dup2(terminal, STDERR_FILENO) < 0)
        goto failed;
    if (terminal > STDERR_FILENO) close(terminal);
    execvpe(file, argv, envp);
failed:;
    int error = errno;
    write_fully(report, &error, sizeof error);
    _exit(127);
}

int termfit_spawn_on_pseudo_terminal(const char *file, char *const argv[], char *const envp[], unsigned short rows,
                                     unsigned short columns, termfit_spawned_program *program) {
    struct winsize size = {.ws_row = rows, .ws_col = columns};
    int controller = -1, terminal = -1;
    if (openpty(&controller, &terminal, NULL, NULL, &size) < 0) return errno;
    struct termios initial_settings;
    if (tcgetattr(terminal, &initial_settings) < 0) {
        int error = errno;
        close(controller);
        close(terminal);
        return error;
    }
    // The exec-failure report: closed by a successful exec, so an empty read means success.
    int report[2];
    if (pipe2(report, O_CLOEXEC) < 0) {
        int error = errno;
        close(controller);
        close(terminal);
        return error;
    }
    pid_t pid = fork();
    if (pid < 0) {
        int error = errno;
        close(controller);
        close(terminal);
        close(report[0]);
        close(report[1]);
        return error;
    }
    if (pid == 0) {
        close(report[0]);
        become_program(terminal, controller, report[1], file, argv, envp);
    }
    close(report[1]);
    int child_error = 0;
    ssize_t got;
    do {
        got = read(report[0], &child_error, sizeof child_error);
    } while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == (ssize_t)sizeof child_error) {
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        close(controller);
        close(terminal);
        return child_error;
    }
    fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK);
    fcntl(controller, F_SETFD, FD_CLOEXEC);
    fcntl(terminal, F_SETFD, FD_CLOEXEC);
    program->controller = controller;
    program->terminal = terminal;
    program->pid = pid;
    program->initial_settings = initial_settings;
    return 0;
}

int termfit_set_window_size(int fd, unsigned short rows, unsigned short columns) {
    struct winsize size = {.ws_row = rows, .ws_col = columns};
    return ioctl(fd, TIOCSWINSZ, &size) < 0 ? errno : 0;
}

int termfit_open_process_descriptor(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}

int termfit_has_exited(pid_t pid) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) < 0) return errno == ECHILD;
    return info.si_pid == pid;
}

int termfit_wait(pid_t pid, int *exit_code, int *signal_number, struct rusage *usage) {
    int status = 0;
    while (wait4(pid, &status, 0, usage) < 0) {
        if (errno != EINTR) return errno;
    }
    *exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    *signal_number = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    return 0;
}
