#include "ccurl.h"

#include <dlfcn.h>
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

ccurl_response ccurl_get(const char *url, long timeout_ms, size_t limit) {
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
    response.code = easy_perform(handle);
    easy_getinfo(handle, INFO_RESPONSE_CODE, &response.status);
    if (response.code != 0) {
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
