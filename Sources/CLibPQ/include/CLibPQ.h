// libpq's declarations, and the loader that brings libpq into the process the first time a
// PostgreSQL database is used. kiosk does not link libpq: linking it made the dynamic loader
// map libpq and 22 libraries behind it (Kerberos, LDAP, GnuTLS, OpenSSL, ...) at every start,
// SQLite or not. The PQ* functions KioskPostgres calls are defined in CLibPQ.c and forward
// to the library kiosk_libpq_load opened.
#ifndef KIOSK_CLIBPQ_H
#define KIOSK_CLIBPQ_H

#include <stddef.h>

// Debian and Ubuntu keep libpq-fe.h under postgresql/ (what `pkg-config --cflags libpq`
// adds); Fedora and others in the default search path.
#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#else
#include <postgresql/libpq-fe.h>
#endif

/// Loads `library` (a file name the dynamic loader searches for, or a path) and resolves
/// the PQ* functions kiosk calls. Safe to call from any thread, as often as needed: once it
/// has succeeded it returns 1 at once, whatever `library` says; a failure is not remembered,
/// so a later call may try again.
/// Returns 1 when libpq is ready; else 0, with the loader's reason in `reason` (cut to
/// `capacity` bytes, NUL-terminated).
int kiosk_libpq_load(const char *library, char *reason, size_t capacity);

/// Whether libpq has been loaded into this process by kiosk_libpq_load.
int kiosk_libpq_is_loaded(void);

#endif
