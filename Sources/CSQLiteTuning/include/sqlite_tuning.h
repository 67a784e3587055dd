// SQLite's process-wide memory settings for TermFit's small database. The only C that calls
// sqlite3_config, which Swift cannot call (it takes variable arguments).
#ifndef TERMFIT_SQLITE_TUNING_H
#define TERMFIT_SQLITE_TUNING_H

/// Stops each connection from allocating its first 20 cache pages in one block (about 88 KB,
/// touched at once) before it has read any: pages are allocated as they are read. Must run before
/// SQLite opens its first connection; returns SQLite's result code (SQLITE_MISUSE afterwards).
int termfit_sqlite_allocate_pages_as_read(void);

/// Bytes of page cache SQLite allocated page by page rather than from a connection's block
/// (SQLITE_STATUS_PAGECACHE_OVERFLOW, now and at most since the process started).
long long termfit_sqlite_pages_allocated_singly(int highwater);

#endif
