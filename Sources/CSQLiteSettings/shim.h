#ifndef KIOSK_CSQLITESETTINGS_SHIM_H
#define KIOSK_CSQLITESETTINGS_SHIM_H

#include <sqlite3.h>

// sqlite3_config is variadic, which Swift does not import; these wrappers call it with
// fixed arguments.

/// Turns SQLite's memory statistics off: with them on, every allocation and free SQLite
/// makes takes a process-wide mutex to count bytes, which kiosk never reads. Works only
/// before SQLite initializes (the first connection opens); returns SQLITE_MISUSE after.
static inline int kiosk_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
