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
    /// Not libcurl's: every address was on this box or a private network, and those were refused.
    CCURL_REFUSED_ADDRESS = -2,
};

/// Loads libcurl once (thread-safe); returns NULL when it is there, else why not.
const char *ccurl_load(void);

/// GETs `url` with a total time limit of `timeout_ms`, keeping at most `limit` bytes of the
/// body (a longer body fails with CCURL_WRITE_ERROR). With `refuse_internal`, no connection is
/// made to an address ccurl_address_is_internal() names, whatever name resolved to it (the
/// transfer fails with CCURL_REFUSED_ADDRESS), and no proxy is used. Blocks the calling thread;
/// safe to call from several threads at once. Free the body with ccurl_free().
ccurl_response ccurl_get(const char *url, long timeout_ms, size_t limit, int refuse_internal);

/// Whether an address (4 bytes for AF_INET, 16 for AF_INET6, network order) is on this box or a
/// network that is not the Internet: unspecified, loopback, private (RFC 1918), shared (RFC 6598),
/// link-local, unique-local IPv6, multicast and reserved, and IPv4-mapped IPv6 forms of these.
int ccurl_address_is_internal(int family, const unsigned char *bytes);

/// Frees the body of a response.
void ccurl_free(ccurl_response *response);

#endif
