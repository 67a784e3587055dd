#include "sqlite_tuning.h"

#include <sqlite3.h>

int termfit_sqlite_allocate_pages_as_read(void) {
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}

long long termfit_sqlite_pages_allocated_singly(int highwater) {
    sqlite3_int64 current = 0;
    sqlite3_int64 highest = 0;
    sqlite3_status64(SQLITE_STATUS_PAGECACHE_OVERFLOW, &current, &highest, 0);
    return highwater ? highest : current;
}
