// The PQ* functions KioskPostgres calls, each forwarding to libpq once kiosk_libpq_load has
// opened it with dlopen. They are hidden: were they exported, libpq's own calls to its
// public functions could bind to these forwarders instead of to themselves.

// The C library's headers come first, so that the pragma below hides libpq's declarations
// only, not those of the C library (stdio.h, which libpq-fe.h includes, among them).
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#pragma GCC visibility push(hidden)
#include "CLibPQ.h"
#pragma GCC visibility pop

#define KIOSK_LIBPQ_FUNCTIONS(X) \
    X(PQclear) X(PQconndefaults) X(PQconnectdbParams) X(PQconninfoFree) X(PQconninfoParse) \
    X(PQconsumeInput) X(PQenterPipelineMode) X(PQerrorMessage) X(PQexec) X(PQexecParams) X(PQexecPrepared) X(PQfinish) \
    X(PQflush) X(PQfreemem) X(PQgetisnull) X(PQgetResult) X(PQgetvalue) X(PQisBusy) X(PQnfields) \
    X(PQexitPipelineMode) X(PQnotifies) X(PQntuples) X(PQpipelineSync) X(PQprepare) X(PQresultErrorField) X(PQresultStatus) X(PQsendPrepare) \
    X(PQsendQuery) X(PQsendQueryParams) X(PQsendQueryPrepared) X(PQsetNoticeProcessor) \
    X(PQsetnonblocking) X(PQsocket) X(PQstatus) X(PQtransactionStatus)

#define KIOSK_LIBPQ_POINTER(name) __typeof__(name) *name;
static struct {
    KIOSK_LIBPQ_FUNCTIONS(KIOSK_LIBPQ_POINTER)
} libpq;

// Set (with release order) only after every pointer in `libpq` is written, and never
// cleared: a forwarder that reads it set (acquire) sees the whole table.
static int loaded;
static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;

int kiosk_libpq_is_loaded(void) {
    return __atomic_load_n(&loaded, __ATOMIC_ACQUIRE);
}

static void copy_reason(char *reason, size_t capacity, const char *text) {
    if (reason == NULL || capacity == 0) return;
    snprintf(reason, capacity, "%s", text != NULL ? text : "unknown error");
}

int kiosk_libpq_load(const char *library, char *reason, size_t capacity) {
    if (kiosk_libpq_is_loaded()) return 1;
    pthread_mutex_lock(&loading);
    if (kiosk_libpq_is_loaded()) {
        pthread_mutex_unlock(&loading);
        return 1;
    }
    // RTLD_LOCAL: libpq's symbols stay out of the global scope, so nothing else in the
    // process binds to them by accident.
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        copy_reason(reason, capacity, dlerror());
        pthread_mutex_unlock(&loading);
        return 0;
    }
    void *symbol;
#define KIOSK_LIBPQ_RESOLVE(name)                                                             \
    symbol = dlsym(handle, #name);                                                            \
    if (symbol == NULL) {                                                                     \
        char missing[512];                                                                    \
        snprintf(missing, sizeof missing, "%s has no %s (%s)", library, #name, dlerror());   \
        copy_reason(reason, capacity, missing);                                               \
        dlclose(handle);                                                                      \
        pthread_mutex_unlock(&loading);                                                       \
        return 0;                                                                             \
    }                                                                                         \
    libpq.name = (__typeof__(name) *)symbol;
    KIOSK_LIBPQ_FUNCTIONS(KIOSK_LIBPQ_RESOLVE)
#undef KIOSK_LIBPQ_RESOLVE
    // The handle stays open for the life of the process: connections and results live on it.
    __atomic_store_n(&loaded, 1, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&loading);
    return 1;
}

// Each forwarder answers as libpq does for a missing connection or result when libpq was
// never loaded; KioskPostgres loads it before it makes a target, so this is a guard only.
#define KIOSK_LIBPQ_READY kiosk_libpq_is_loaded()

void PQclear(PGresult *res) {
    if (KIOSK_LIBPQ_READY) libpq.PQclear(res);
}

PQconninfoOption *PQconndefaults(void) {
    return KIOSK_LIBPQ_READY ? libpq.PQconndefaults() : NULL;
}

PGconn *PQconnectdbParams(const char *const *keywords, const char *const *values, int expand_dbname) {
    return KIOSK_LIBPQ_READY ? libpq.PQconnectdbParams(keywords, values, expand_dbname) : NULL;
}

void PQconninfoFree(PQconninfoOption *connOptions) {
    if (KIOSK_LIBPQ_READY) libpq.PQconninfoFree(connOptions);
}

PQconninfoOption *PQconninfoParse(const char *conninfo, char **errmsg) {
    if (KIOSK_LIBPQ_READY) return libpq.PQconninfoParse(conninfo, errmsg);
    if (errmsg != NULL) *errmsg = NULL;
    return NULL;
}

int PQconsumeInput(PGconn *conn) {
    return KIOSK_LIBPQ_READY ? libpq.PQconsumeInput(conn) : 0;
}

char *PQerrorMessage(const PGconn *conn) {
    static char not_loaded[] = "libpq is not loaded";
    return KIOSK_LIBPQ_READY ? libpq.PQerrorMessage(conn) : not_loaded;
}

PGresult *PQexec(PGconn *conn, const char *query) {
    return KIOSK_LIBPQ_READY ? libpq.PQexec(conn, query) : NULL;
}

PGresult *PQexecParams(PGconn *conn, const char *command, int nParams, const Oid *paramTypes,
                       const char *const *paramValues, const int *paramLengths, const int *paramFormats,
                       int resultFormat) {
    if (!KIOSK_LIBPQ_READY) return NULL;
    return libpq.PQexecParams(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats,
                              resultFormat);
}

PGresult *PQexecPrepared(PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues,
                         const int *paramLengths, const int *paramFormats, int resultFormat) {
    if (!KIOSK_LIBPQ_READY) return NULL;
    return libpq.PQexecPrepared(conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat);
}

void PQfinish(PGconn *conn) {
    if (KIOSK_LIBPQ_READY) libpq.PQfinish(conn);
}

int PQflush(PGconn *conn) {
    return KIOSK_LIBPQ_READY ? libpq.PQflush(conn) : -1;
}

void PQfreemem(void *ptr) {
    if (KIOSK_LIBPQ_READY) libpq.PQfreemem(ptr);
}

int PQgetisnull(const PGresult *res, int tup_num, int field_num) {
    return KIOSK_LIBPQ_READY ? libpq.PQgetisnull(res, tup_num, field_num) : 1;
}

PGresult *PQgetResult(PGconn *conn) {
    return KIOSK_LIBPQ_READY ? libpq.PQgetResult(conn) : NULL;
}

char *PQgetvalue(const PGresult *res, int tup_num, int field_num) {
    static char empty[] = "";
    return KIOSK_LIBPQ_READY ? libpq.PQgetvalue(res, tup_num, field_num) : empty;
}

int PQisBusy(PGconn *conn) {
    return KIOSK_LIBPQ_READY ? libpq.PQisBusy(conn) : 0;
}

int PQnfields(const PGresult *res) {
    return KIOSK_LIBPQ_READY ? libpq.PQnfields(res) : 0;
}

PGnotify *PQnotifies(PGconn *conn) {
    return KIOSK_LIBPQ_READY ? libpq.PQnotifies(conn) : NULL;
}

int PQntuples(const PGresult *res) {
    return KIOSK_LIBPQ_READY ? libpq.PQntuples(res) : 0;
}

PGresult *PQprepare(PGconn *conn, const char *stmtName, const char *query, int nParams, const Oid *paramTypes) {
    return KIOSK_LIBPQ_READY ? libpq.PQprepare(conn, stmtName, query, nParams, paramTypes) : NULL;
}

char *PQresultErrorField(const PGresult *res, int fieldcode) {
    return KIOSK_LIBPQ_READY ? libpq.PQresultErrorField(res, fieldcode) : NULL;
}

ExecStatusType PQresultStatus(const PGresult *res) {
    return KIOSK_LIBPQ_READY ? libpq.PQresultStatus(res) : PGRES_FATAL_ERROR;
}

int PQsendPrepare(PGconn *conn, const char *stmtName, const char *query, int nParams, const Oid *paramTypes) {
    return KIOSK_LIBPQ_READY ? libpq.PQsendPrepare(conn, stmtName, query, nParams, paramTypes) : 0;
}

int PQsendQuery(PGconn *conn, const char *query) {
    return KIOSK_LIBPQ_READY ? libpq.PQsendQuery(conn, query) : 0;
}

int PQsendQueryParams(PGconn *conn, const char *command, int nParams, const Oid *paramTypes,
                      const char *const *paramValues, const int *paramLengths, const int *paramFormats,
                      int resultFormat) {
    if (!KIOSK_LIBPQ_READY) return 0;
    return libpq.PQsendQueryParams(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats,
                                   resultFormat);
}

int PQsendQueryPrepared(PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues,
                        const int *paramLengths, const int *paramFormats, int resultFormat) {
    if (!KIOSK_LIBPQ_READY) return 0;
    return libpq.PQsendQueryPrepared(conn, stmtName, nParams, paramValues, paramLengths, paramFormats,
                                     resultFormat);
}

int PQenterPipelineMode(PGconn *conn) {
    return KIOSK_LIBPQ_READY ? libpq.PQenterPipelineMode(conn) : 0;
}

int PQexitPipelineMode(PGconn *conn) {
    return KIOSK_LIBPQ_READY ? libpq.PQexitPipelineMode(conn) : 0;
}

int PQpipelineSync(PGconn *conn) {
    return KIOSK_LIBPQ_READY ? libpq.PQpipelineSync(conn) : 0;
}

int PQsetnonblocking(PGconn *conn, int arg) {
    return KIOSK_LIBPQ_READY ? libpq.PQsetnonblocking(conn, arg) : -1;
}

PQnoticeProcessor PQsetNoticeProcessor(PGconn *conn, PQnoticeProcessor proc, void *arg) {
    return KIOSK_LIBPQ_READY ? libpq.PQsetNoticeProcessor(conn, proc, arg) : NULL;
}

int PQsocket(const PGconn *conn) {
    return KIOSK_LIBPQ_READY ? libpq.PQsocket(conn) : -1;
}

ConnStatusType PQstatus(const PGconn *conn) {
    return KIOSK_LIBPQ_READY ? libpq.PQstatus(conn) : CONNECTION_BAD;
}

PGTransactionStatusType PQtransactionStatus(const PGconn *conn) {
    return KIOSK_LIBPQ_READY ? libpq.PQtransactionStatus(conn) : PQTRANS_UNKNOWN;
}
