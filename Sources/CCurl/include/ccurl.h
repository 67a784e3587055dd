// The few calls of libcurl's easy interface TermFit's deck client needs, reached through
// dlopen() the first time a remote deck is used: the program neither links libcurl nor needs its
// development headers, and a start without a remote deck never loads it (nor the twenty-odd
// libraries it pulls in).
#ifndef TERMFIT_CCURL_H
#define TERMFIT_CCURL_H

#include <stddef.h>

/// What one GET gave: the transfer's result code (0 is CURLE_OK), the HTTP status, the body
/// (malloc'd, NUL-terminated) and libcurl's message when the transfer failed.
typedef struct {
    int code;
    long status;
    char *body;
    size_t length;
    char message[256];
} ccurl_response;

/// libcurl's result codes the client tells apart.
enum {
    CCURL_OK = 0,
    CCURL_COULDNT_RESOLVE_HOST = 6,
    CCURL_COULDNT_CONNECT = 7,
    CCURL_WRITE_ERROR = 23,
    CCURL_OPERATION_TIMEDOUT = 28,
    /// Not libcurl's: the library could not be loaded (message says why).
    CCURL_NOT_LOADED = -1,
};

/// Loads libcurl once (thread-safe); returns NULL when it is there, else why not.
const char *ccurl_load(void);

/// GETs `url` with a total time limit of `timeout_ms`, keeping at most `limit` bytes of the
/// body (a longer body fails with CCURL_WRITE_ERROR). Blocks the calling thread; safe to call
/// from several threads at once. Free the body with ccurl_free().
ccurl_response ccurl_get(const char *url, long timeout_ms, size_t limit);

/// Frees the body of a response.
void ccurl_free(ccurl_response *response);

#endif
