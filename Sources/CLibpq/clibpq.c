#include "clibpq.h"

#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

// Values from libpq-fe.h and postgres_ext.h (stable parts of libpq's ABI since PostgreSQL 7.4).
#define CONNECTION_OK 0
#define CONNECTION_BAD 1
#define POLLING_FAILED 0
#define POLLING_READING 1
#define POLLING_WRITING 2
#define POLLING_OK 3
#define RESULT_COMMAND_OK 1
#define RESULT_TUPLES_OK 2
#define RESULT_COPY_OUT 3
#define RESULT_COPY_IN 4
#define RESULT_BAD_RESPONSE 5
#define RESULT_FATAL_ERROR 7
#define RESULT_COPY_BOTH 8
#define DIAG_SQLSTATE 'C'
#define DIAG_MESSAGE_PRIMARY 'M'

typedef struct clibpq_connection PGconn;
typedef struct clibpq_result PGresult;

static PGconn *(*connect_start_params)(const char *const *, const char *const *, int);
static int (*connect_poll)(PGconn *);
static int (*status)(const PGconn *);
static int (*socket_of)(const PGconn *);
static int (*set_nonblocking)(PGconn *, int);
static char *(*error_message)(const PGconn *);
static void (*finish)(PGconn *);
static int (*send_query_params)(PGconn *, const char *, int, const unsigned int *, const char *const *, const int *,
                                const int *, int);
static int (*flush)(PGconn *);
static int (*consume_input)(PGconn *);
static int (*is_busy)(PGconn *);
static PGresult *(*get_result)(PGconn *);
static int (*result_status)(const PGresult *);
static char *(*result_error_message)(const PGresult *);
static char *(*result_error_field)(const PGresult *, int);
static int (*ntuples)(const PGresult *);
static int (*nfields)(const PGresult *);
static char *(*get_value)(const PGresult *, int, int);
static int (*get_is_null)(const PGresult *, int, int);
static int (*get_length)(const PGresult *, int, int);
static char *(*cmd_tuples)(PGresult *);
static void (*clear)(PGresult *);
static void *(*set_notice_processor)(PGconn *, void (*)(void *, const char *), void *);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *load_error = NULL;
static char load_message[512];

#define FIND(pointer, name)                                  \
    do {                                                     \
        *(void **)&(pointer) = dlsym(library, name);         \
        if (!(pointer)) missing = name;                      \
    } while (0)

static void load(void) {
    void *library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_message, sizeof load_message,
                 "PostgreSQL needs libpq (on Debian or Ubuntu: apt-get install libpq5): %s", dlerror());
        load_error = load_message;
        return;
    }
    const char *missing = NULL;
    FIND(connect_start_params, "PQconnectStartParams");
    FIND(connect_poll, "PQconnectPoll");
    FIND(status, "PQstatus");
    FIND(socket_of, "PQsocket");
    FIND(set_nonblocking, "PQsetnonblocking");
    FIND(error_message, "PQerrorMessage");
    FIND(finish, "PQfinish");
    FIND(send_query_params, "PQsendQueryParams");
    FIND(flush, "PQflush");
    FIND(consume_input, "PQconsumeInput");
    FIND(is_busy, "PQisBusy");
    FIND(get_result, "PQgetResult");
    FIND(result_status, "PQresultStatus");
    FIND(result_error_message, "PQresultErrorMessage");
    FIND(result_error_field, "PQresultErrorField");
    FIND(ntuples, "PQntuples");
    FIND(nfields, "PQnfields");
    FIND(get_value, "PQgetvalue");
    FIND(get_is_null, "PQgetisnull");
    FIND(get_length, "PQgetlength");
    FIND(cmd_tuples, "PQcmdTuples");
    FIND(clear, "PQclear");
    FIND(set_notice_processor, "PQsetNoticeProcessor");
    if (missing) {
        snprintf(load_message, sizeof load_message, "the libpq found (libpq.so.5) lacks %s: install libpq5", missing);
        load_error = load_message;
    }
}

const char *clibpq_load(void) {
    pthread_once(&once, load);
    return load_error;
}

static long long now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/// Waits until the connection's socket is ready for `events` or the deadline passes: the events
/// that came (POLLERR and POLLHUP count as readable, for libpq to find out), 0 at the deadline,
/// -1 when there is no socket.
static int wait_for(const PGconn *connection, short events, long long deadline) {
    int socket = socket_of(connection);
    if (socket < 0) return -1;
    for (;;) {
        long long left = deadline - now_ms();
        if (left <= 0) return 0;
        struct pollfd descriptor = {.fd = socket, .events = events};
        int ready = poll(&descriptor, 1, left > 60000 ? 60000 : (int)left);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) return -1;
        if (ready == 0) continue;
        short came = descriptor.revents;
        if (came & (POLLERR | POLLHUP | POLLNVAL)) came |= POLLIN;
        return came;
    }
}

/// The server's notices and warnings (`NOTICE: relation … already exists, skipping`) are not
/// errors: libpq would print them on stderr, over the member's screen.
static void ignore_notice(void *context, const char *message) {
    (void)context;
    (void)message;
}

clibpq_connection *clibpq_connect(const char *const *keywords, const char *const *values, long timeout_ms,
                                  clibpq_outcome *outcome) {
    *outcome = CLIBPQ_FAILED;
    if (clibpq_load()) return NULL;
    long long deadline = now_ms() + timeout_ms;
    PGconn *connection = connect_start_params(keywords, values, 0);
    if (!connection || status(connection) == CONNECTION_BAD) return connection;
    set_notice_processor(connection, ignore_notice, NULL);
    // As libpq asks: wait until the socket is writable, then call PQconnectPoll until it says OK
    // or FAILED, waiting each time for what it asked (the socket may change between addresses).
    int polling = POLLING_WRITING;
    for (;;) {
        if (polling == POLLING_OK) {
            set_nonblocking(connection, 1);
            *outcome = CLIBPQ_DONE;
            return connection;
        }
        if (polling == POLLING_FAILED) return connection;
        int came = wait_for(connection, polling == POLLING_READING ? POLLIN : POLLOUT, deadline);
        if (came == 0) {
            *outcome = CLIBPQ_TIMED_OUT;
            return connection;
        }
        if (came < 0) return connection;
        polling = connect_poll(connection);
    }
}

static int is_error(const PGresult *result) {
    int kind = result_status(result);
    return kind == RESULT_FATAL_ERROR || kind == RESULT_BAD_RESPONSE;
}

clibpq_outcome clibpq_query(clibpq_connection *connection, const char *sql, int count, const unsigned int *types,
                            const char *const *values, long timeout_ms, clibpq_result **result) {
    *result = NULL;
    if (!send_query_params(connection, sql, count, types, values, NULL, NULL, 0)) return CLIBPQ_FAILED;
    long long deadline = now_ms() + timeout_ms;
    // Sending: a large statement may not go out at once; the server's answers are read meanwhile.
    for (;;) {
        int sent = flush(connection);
        if (sent == 0) break;
        if (sent < 0) return CLIBPQ_FAILED;
        int came = wait_for(connection, POLLIN | POLLOUT, deadline);
        if (came == 0) return CLIBPQ_TIMED_OUT;
        if (came < 0) return CLIBPQ_FAILED;
        if ((came & POLLIN) && !consume_input(connection)) return CLIBPQ_FAILED;
    }
    // Receiving every result up to the end of the statement's answer.
    PGresult *kept = NULL;
    for (;;) {
        while (is_busy(connection)) {
            int came = wait_for(connection, POLLIN, deadline);
            if (came <= 0 || !consume_input(connection)) {
                if (kept) clear(kept);
                return came == 0 ? CLIBPQ_TIMED_OUT : CLIBPQ_FAILED;
            }
        }
        PGresult *next = get_result(connection);
        if (!next) break;
        int kind = result_status(next);
        if (kind == RESULT_COPY_IN || kind == RESULT_COPY_OUT || kind == RESULT_COPY_BOTH) {
            // TermFit sends no COPY: a statement that starts one cannot be finished here.
            clear(next);
            if (kept) clear(kept);
            return CLIBPQ_FAILED;
        }
        if (kept && is_error(kept)) {
            clear(next);
        } else {
            if (kept) clear(kept);
            kept = next;
        }
    }
    *result = kept;
    return kept ? CLIBPQ_DONE : CLIBPQ_FAILED;
}

int clibpq_is_open(const clibpq_connection *connection) {
    return connection && status(connection) == CONNECTION_OK;
}

const char *clibpq_error_message(const clibpq_connection *connection) {
    if (!connection) return load_error ? load_error : "out of memory";
    const char *message = error_message(connection);
    return message ? message : "";
}

void clibpq_finish(clibpq_connection *connection) {
    if (connection) finish(connection);
}

int clibpq_result_is_success(const clibpq_result *result) {
    int kind = result_status(result);
    return kind == RESULT_COMMAND_OK || kind == RESULT_TUPLES_OK;
}

const char *clibpq_result_sqlstate(const clibpq_result *result) { return result_error_field(result, DIAG_SQLSTATE); }

const char *clibpq_result_primary_message(const clibpq_result *result) {
    return result_error_field(result, DIAG_MESSAGE_PRIMARY);
}

const char *clibpq_result_error_message(const clibpq_result *result) { return result_error_message(result); }

int clibpq_rows(const clibpq_result *result) { return ntuples(result); }

int clibpq_columns(const clibpq_result *result) { return nfields(result); }

const char *clibpq_value(const clibpq_result *result, int row, int column) {
    if (get_is_null(result, row, column)) return NULL;
    return get_value(result, row, column);
}

int clibpq_length(const clibpq_result *result, int row, int column) { return get_length(result, row, column); }

long clibpq_changed_rows(const clibpq_result *result) {
    const char *text = cmd_tuples((PGresult *)result);
    return text && *text ? strtol(text, NULL, 10) : 0;
}

void clibpq_clear(clibpq_result *result) {
    if (result) clear(result);
}
