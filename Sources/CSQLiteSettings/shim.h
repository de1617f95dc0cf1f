#ifndef KIOSK_CSQLITESETTINGS_SHIM_H
#define KIOSK_CSQLITESETTINGS_SHIM_H

#include <sqlite3.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

// sqlite3_config is variadic, which Swift does not import; these wrappers call it with
// fixed arguments.

/// Turns SQLite's memory statistics off: with them on, every allocation and free SQLite
/// makes takes a process-wide mutex to count bytes, which kiosk never reads. Works only
/// before SQLite initializes (the first connection opens); returns SQLITE_MISUSE after.
static inline int kiosk_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/// pwrite(2) made with syscall(2), which is no cancellation point: glibc's pwrite is one, and
/// in a process of several threads it marks the thread cancellable around the call and back
/// (two atomic exchanges on the thread's cancel flag for every write). kiosk never cancels a
/// thread. Same arguments, result and errno as pwrite.
static inline ssize_t kiosk_pwrite64(int descriptor, const void *bytes, size_t count, off_t offset) {
    return syscall(SYS_pwrite64, descriptor, bytes, count, offset);
}

/// Has the default VFS write its files through ``kiosk_pwrite64``: a WAL commit is several
/// writes (a frame header and a page each), every order on a file database. Returns
/// SQLITE_NOTFOUND when the VFS makes no such call, or where the system call takes its
/// offset in two halves (a 32-bit system): it then writes as before.
static inline int kiosk_sqlite_write_without_cancellation(void) {
    if (sizeof(long) != 8 || sizeof(off_t) != 8) return SQLITE_NOTFOUND;
    sqlite3_vfs *vfs = sqlite3_vfs_find(0);
    if (vfs == 0 || vfs->iVersion < 3 || vfs->xSetSystemCall == 0) return SQLITE_NOTFOUND;
    return vfs->xSetSystemCall(vfs, "pwrite64", (sqlite3_syscall_ptr)kiosk_pwrite64);
}

/// glibc's, which <unistd.h> declares only under _LARGEFILE64_SOURCE (SQLite calls it by name).
extern ssize_t pwrite64(int descriptor, const void *bytes, size_t count, __off64_t offset);

/// Whether the default VFS writes through something other than glibc's pwrite64 (through
/// ``kiosk_pwrite64``, whose address each module that includes this header has a copy of).
static inline int kiosk_sqlite_writes_without_cancellation(void) {
    sqlite3_vfs *vfs = sqlite3_vfs_find(0);
    if (vfs == 0 || vfs->iVersion < 3 || vfs->xGetSystemCall == 0) return 0;
    sqlite3_syscall_ptr current = vfs->xGetSystemCall(vfs, "pwrite64");
    return current != 0 && current != (sqlite3_syscall_ptr)pwrite64;
}

#endif
