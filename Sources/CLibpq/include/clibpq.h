// The few calls of libpq, PostgreSQL's client library, that TermFit's PostgresStore needs, reached
// through dlopen() the first time a PostgreSQL store is opened: the program neither links libpq
// nor needs its development headers (these declarations are TermFit's own), and a start without
// `--database` never loads it (nor OpenSSL, Kerberos and LDAP, which it pulls in).
//
// Every wait is bounded: connecting and each query use libpq's non-blocking calls and poll() on
// the connection's socket with a deadline, so a server that stops answering costs at most the
// timeout given, never a hung thread.
#ifndef TERMFIT_CLIBPQ_H
#define TERMFIT_CLIBPQ_H

#include <stddef.h>

/// A connection (libpq's PGconn), opaque here.
typedef struct clibpq_connection clibpq_connection;
/// A query's result (libpq's PGresult), opaque here.
typedef struct clibpq_result clibpq_result;

/// How a connection attempt or a query ended.
typedef enum {
    /// Done: connected, or the server answered (its answer may be an error: see the result).
    CLIBPQ_DONE = 0,
    /// The connection failed or broke: clibpq_error_message() says why.
    CLIBPQ_FAILED = 1,
    /// The deadline passed first: the connection is in an unknown state and must be finished.
    CLIBPQ_TIMED_OUT = 2,
} clibpq_outcome;

/// Loads libpq once (thread-safe); returns NULL when it is there, else why not (naming the
/// package to install).
const char *clibpq_load(void);

/// Connects with libpq's keywords and values (NULL-terminated arrays, as PQconnectStartParams
/// takes them), waiting at most `timeout_ms`. The connection is returned whatever the outcome
/// (NULL only when there was no memory) and must be given to clibpq_finish(); once connected it
/// is in non-blocking mode.
clibpq_connection *clibpq_connect(const char *const *keywords, const char *const *values, long timeout_ms,
                                  clibpq_outcome *outcome);

/// Sends one statement with `count` parameters, all as text (`types` holds their type OIDs, 0
/// for the server to infer; a NULL value is SQL NULL), and waits at most `timeout_ms` for the
/// whole answer. `*result` is the statement's result (the first error when there were several
/// results) or NULL; free it with clibpq_clear().
clibpq_outcome clibpq_query(clibpq_connection *connection, const char *sql, int count, const unsigned int *types,
                            const char *const *values, long timeout_ms, clibpq_result **result);

/// Whether the connection is still usable (libpq's CONNECTION_OK).
int clibpq_is_open(const clibpq_connection *connection);

/// libpq's last message on this connection (never NULL).
const char *clibpq_error_message(const clibpq_connection *connection);

/// Closes the connection without waiting for the server and frees it.
void clibpq_finish(clibpq_connection *connection);

/// Whether the result is a success (a command done or rows returned).
int clibpq_result_is_success(const clibpq_result *result);

/// The server's error of a failed result: its SQLSTATE, its primary message, libpq's whole
/// message. Each is NULL or "" when absent.
const char *clibpq_result_sqlstate(const clibpq_result *result);
const char *clibpq_result_primary_message(const clibpq_result *result);
const char *clibpq_result_error_message(const clibpq_result *result);

/// Rows and columns of a result, and a value as text (NULL for SQL NULL).
int clibpq_rows(const clibpq_result *result);
int clibpq_columns(const clibpq_result *result);
const char *clibpq_value(const clibpq_result *result, int row, int column);
/// The length in bytes of a value.
int clibpq_length(const clibpq_result *result, int row, int column);

/// How many rows an INSERT, UPDATE or DELETE changed (0 for any other statement).
long clibpq_changed_rows(const clibpq_result *result);

/// Frees a result.
void clibpq_clear(clibpq_result *result);

#endif
