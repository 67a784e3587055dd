// The one place TermFit includes zstd.h: the streaming decompressor that reads Anki's current
// packages (collection.anki21b and its media map are zstd frames).
#ifndef TERMFIT_ZSTD_SHIM_H
#define TERMFIT_ZSTD_SHIM_H

#include <zstd.h>

#endif
