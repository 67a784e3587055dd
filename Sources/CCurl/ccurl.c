#include "ccurl.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Option and info numbers from curl.h (stable parts of libcurl's ABI).
#define OPT_WRITEDATA 10001
#define OPT_URL 10002
#define OPT_ERRORBUFFER 10010
#define OPT_USERAGENT 10018
#define OPT_WRITEFUNCTION 20011
#define OPT_NOSIGNAL 99
#define OPT_TIMEOUT_MS 155
#define OPT_CONNECTTIMEOUT_MS 156
#define OPT_PROTOCOLS 181
#define OPT_REDIR_PROTOCOLS 182
#define OPT_FOLLOWLOCATION 52
#define OPT_MAXREDIRS 68
#define OPT_OPENSOCKETFUNCTION 20163
#define OPT_OPENSOCKETDATA 10164
#define OPT_PROXY 10004
#define PROTO_HTTP_HTTPS 3L
#define INFO_RESPONSE_CODE 0x200002
#define GLOBAL_DEFAULT 3L

typedef void CURL;
static int (*global_init)(long);
static CURL *(*easy_init)(void);
static int (*easy_setopt)(CURL *, int, ...);
static int (*easy_perform)(CURL *);
static int (*easy_getinfo)(CURL *, int, ...);
static void (*easy_cleanup)(CURL *);
static const char *(*easy_strerror)(int);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *load_error = NULL;
static char load_message[512];

static void load(void) {
    // The OpenSSL build first; the GnuTLS and NSS builds export the same calls.
    const char *names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl-nss.so.4", "libcurl.so"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !library; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (!library) {
        snprintf(load_message, sizeof load_message,
                 "remote decks need libcurl (on Debian or Ubuntu: apt-get install libcurl4): %s", dlerror());
        load_error = load_message;
        return;
    }
    *(void **)&global_init = dlsym(library, "curl_global_init");
    *(void **)&easy_init = dlsym(library, "curl_easy_init");
    *(void **)&easy_setopt = dlsym(library, "curl_easy_setopt");
    *(void **)&easy_perform = dlsym(library, "curl_easy_perform");
    *(void **)&easy_getinfo = dlsym(library, "curl_easy_getinfo");
    *(void **)&easy_cleanup = dlsym(library, "curl_easy_cleanup");
    *(void **)&easy_strerror = dlsym(library, "curl_easy_strerror");
    if (!global_init || !easy_init || !easy_setopt || !easy_perform || !easy_getinfo || !easy_cleanup ||
        !easy_strerror) {
        load_error = "the libcurl found lacks curl_easy_* calls";
        return;
    }
    if (global_init(GLOBAL_DEFAULT) != 0) {
        load_error = "libcurl could not start";
    }
}

const char *ccurl_load(void) {
    pthread_once(&once, load);
    return load_error;
}

typedef struct {
    char *data;
    size_t length;
    size_t limit;
} buffer;

static size_t receive(char *chunk, size_t size, size_t count, void *context) {
    buffer *body = context;
    size_t bytes = size * count;
    if (body->length + bytes > body->limit) return 0;  // too long: libcurl stops with a write error
    char *grown = realloc(body->data, body->length + bytes + 1);
    if (!grown) return 0;
    memcpy(grown + body->length, chunk, bytes);
    body->data = grown;
    body->length += bytes;
    body->data[body->length] = 0;
    return bytes;
}

int ccurl_address_is_internal(int family, const unsigned char *bytes) {
    if (family == AF_INET) {
        unsigned a = bytes[0], b = bytes[1];
        return a == 0 || a == 10 || a == 127 || (a == 169 && b == 254) || (a == 172 && (b & 0xF0) == 16) ||
               (a == 192 && b == 168) || (a == 100 && (b & 0xC0) == 64) || a >= 224;
    }
    if (family == AF_INET6) {
        static const unsigned char zeros[16] = {0};
        static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF};
        if (memcmp(bytes, zeros, 15) == 0 && (bytes[15] == 0 || bytes[15] == 1)) return 1;  // :: and ::1
        if (memcmp(bytes, mapped, 12) == 0) return ccurl_address_is_internal(AF_INET, bytes + 12);
        return (bytes[0] & 0xFE) == 0xFC                         // unique local fc00::/7
               || (bytes[0] == 0xFE && (bytes[1] & 0xC0) == 0x80)  // link-local fe80::/10
               || bytes[0] == 0xFF;                              // multicast
    }
    return 1;
}

/// libcurl's `struct curl_sockaddr`: the address it is about to connect to.
typedef struct {
    int family;
    int socktype;
    int protocol;
    unsigned int addrlen;
    struct sockaddr_storage addr;
} connect_address;

typedef struct {
    int refused;
    char address[INET6_ADDRSTRLEN];
} connect_check;

/// Opens the socket for a connection, unless it goes to an address on this box or its private
/// network: every address a name resolves to, every redirect, is checked as it is connected.
static int open_checked_socket(void *context, int purpose, connect_address *address) {
    (void)purpose;
    connect_check *check = context;
    const unsigned char *bytes = NULL;
    if (address->family == AF_INET) {
        bytes = (const unsigned char *)&((struct sockaddr_in *)&address->addr)->sin_addr;
    } else if (address->family == AF_INET6) {
        bytes = (const unsigned char *)&((struct sockaddr_in6 *)&address->addr)->sin6_addr;
    }
    if (!bytes || ccurl_address_is_internal(address->family, bytes)) {
        check->refused = 1;
        if (bytes) inet_ntop(address->family, bytes, check->address, sizeof check->address);
        return -1;  // CURL_SOCKET_BAD: libcurl tries the next address, or fails
    }
    return socket(address->family, address->socktype, address->protocol);
}

ccurl_response ccurl_get(const char *url, long timeout_ms, size_t limit, int refuse_internal) {
    ccurl_response response = {0};
    const char *problem = ccurl_load();
    if (problem) {
        response.code = CCURL_NOT_LOADED;
        snprintf(response.message, sizeof response.message, "%s", problem);
        return response;
    }
    CURL *handle = easy_init();
    if (!handle) {
        response.code = CCURL_NOT_LOADED;
        snprintf(response.message, sizeof response.message, "libcurl could not make a request");
        return response;
    }
    buffer body = {NULL, 0, limit};
    char error[256] = {0};
    easy_setopt(handle, OPT_URL, url);
    easy_setopt(handle, OPT_WRITEFUNCTION, receive);
    easy_setopt(handle, OPT_WRITEDATA, &body);
    easy_setopt(handle, OPT_ERRORBUFFER, error);
    easy_setopt(handle, OPT_NOSIGNAL, 1L);
    easy_setopt(handle, OPT_TIMEOUT_MS, timeout_ms);
    easy_setopt(handle, OPT_CONNECTTIMEOUT_MS, timeout_ms);
    easy_setopt(handle, OPT_USERAGENT, "TermFit");
    easy_setopt(handle, OPT_FOLLOWLOCATION, 1L);
    easy_setopt(handle, OPT_MAXREDIRS, 3L);
    easy_setopt(handle, OPT_PROTOCOLS, PROTO_HTTP_HTTPS);
    easy_setopt(handle, OPT_REDIR_PROTOCOLS, PROTO_HTTP_HTTPS);
    connect_check check = {0};
    if (refuse_internal) {
        easy_setopt(handle, OPT_OPENSOCKETFUNCTION, open_checked_socket);
        easy_setopt(handle, OPT_OPENSOCKETDATA, &check);
        // No proxy from the environment: the address checked is the one connected to.
        easy_setopt(handle, OPT_PROXY, "");
    }
    response.code = easy_perform(handle);
    easy_getinfo(handle, INFO_RESPONSE_CODE, &response.status);
    if (response.code != 0 && check.refused) {
        response.code = CCURL_REFUSED_ADDRESS;
        snprintf(response.message, sizeof response.message,
                 "%s is on this box or its private network, which this kiosk does not connect to",
                 check.address[0] ? check.address : "(not IPv4 or IPv6)");
    } else if (response.code != 0) {
        snprintf(response.message, sizeof response.message, "%s", error[0] ? error : easy_strerror(response.code));
    }
    easy_cleanup(handle);
    response.body = body.data;
    response.length = body.length;
    return response;
}

void ccurl_free(ccurl_response *response) {
    free(response->body);
    response->body = NULL;
    response->length = 0;
}
