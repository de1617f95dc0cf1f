/*
 * kiosk's juice orders in plain C with SQLite, for `make compare` to time `kiosk` against:
 * reads `order JUICE [COUNT]` lines on stdin and runs each as kiosk's SQLite store does, with
 * statements prepared once: BEGIN IMMEDIATE, read the fruit's stock, check it, UPDATE the
 * stock, INSERT the sale and its sale_fruit row, COMMIT. Prints what kiosk prints for it
 * (text, or with --json its JSON Lines). Same schema (the v3 tables kiosk's migrations
 * create), 1 KiB pages, foreign keys on, SQLite's memory statistics off; on a file database
 * WAL with synchronous = NORMAL, kiosk's default durability. Knows one juice, banana
 * (2 bananas each), and seeds the banana shelf with 500,000 of at most 1,000,000, as the
 * config `make compare` gives kiosk.
 *
 *   cc -O2 -o orders orders.c -l:libsqlite3.a -lm -ldl -lpthread
 *   ./orders [--json] (--in-memory | --data-dir DIR) < lines
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static sqlite3 *db;

static void fail(const char *what) {
    fprintf(stderr, "orders: %s: %s\n", what, sqlite3_errmsg(db));
    exit(1);
}

static void exec(const char *sql) {
    char *message = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &message) != SQLITE_OK) {
        fprintf(stderr, "orders: %s: %s\n", sql, message ? message : "?");
        exit(1);
    }
}

static sqlite3_stmt *prepare(const char *sql) {
    sqlite3_stmt *statement;
    if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, NULL) != SQLITE_OK) fail(sql);
    return statement;
}

static void run(sqlite3_stmt *statement, const char *what) {
    if (sqlite3_step(statement) != SQLITE_DONE) fail(what);
    sqlite3_reset(statement);
}

static long long now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static const char schema[] =
    "CREATE TABLE stock (fruit TEXT PRIMARY KEY NOT NULL, quantity INTEGER NOT NULL CHECK (quantity >= 0),"
    "  max INTEGER);"
    "CREATE TABLE sale (id INTEGER PRIMARY KEY, at_ms INTEGER NOT NULL, juice TEXT NOT NULL,"
    "  count INTEGER NOT NULL CHECK (count > 0));"
    "CREATE INDEX sale_by_time ON sale(at_ms);"
    "CREATE TABLE sale_fruit (sale_id INTEGER NOT NULL REFERENCES sale(id) ON DELETE CASCADE,"
    "  fruit TEXT NOT NULL, amount INTEGER NOT NULL CHECK (amount > 0), PRIMARY KEY (sale_id, fruit)) WITHOUT ROWID;"
    "CREATE TABLE stock_adjustment (id INTEGER PRIMARY KEY, at_ms INTEGER NOT NULL, fruit TEXT NOT NULL,"
    "  reason TEXT NOT NULL CHECK (reason IN ('seed', 'set', 'add', 'remove', 'reset')),"
    "  old INTEGER NOT NULL, new INTEGER NOT NULL);"
    "CREATE TABLE bank_session (id INTEGER PRIMARY KEY, opened_at_ms INTEGER NOT NULL, idle_at_ms INTEGER,"
    "  ended TEXT CHECK (ended IN ('reset', 'quit', 'interrupted')), served INTEGER NOT NULL DEFAULT 0,"
    "  business_ms INTEGER NOT NULL DEFAULT 0, owner_pid INTEGER);"
    "CREATE TABLE bank_session_task (session_id INTEGER NOT NULL REFERENCES bank_session(id) ON DELETE CASCADE,"
    "  position INTEGER NOT NULL, task TEXT NOT NULL, served INTEGER NOT NULL, PRIMARY KEY (session_id, task))"
    "  WITHOUT ROWID;";

int main(int argc, char **argv) {
    int json = 0;
    const char *directory = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) json = 1;
        else if (strcmp(argv[i], "--in-memory") == 0) directory = NULL;
        else if (strcmp(argv[i], "--data-dir") == 0 && i + 1 < argc) directory = argv[++i];
        else {
            fprintf(stderr, "usage: orders [--json] (--in-memory | --data-dir DIR)\n");
            return 64;
        }
    }
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    char path[4096] = ":memory:";
    if (directory) {
        mkdir(directory, 0700);
        snprintf(path, sizeof path, "%s/kiosk.sqlite", directory);
    }
    if (sqlite3_open(path, &db) != SQLITE_OK) fail(path);
    sqlite3_busy_timeout(db, 5000);
    exec("PRAGMA page_size = 1024; PRAGMA foreign_keys = ON");
    if (directory) exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL");
    exec("BEGIN IMMEDIATE");
    exec(schema);
    char seed[256];
    snprintf(seed, sizeof seed,
             "INSERT INTO stock VALUES ('banana', 500000, 1000000);"
             "INSERT INTO stock_adjustment (at_ms, fruit, reason, old, new) VALUES (%lld, 'banana', 'seed', 0, 500000)",
             now_ms());
    exec(seed);
    exec("COMMIT");

    sqlite3_stmt *begin = prepare("BEGIN IMMEDIATE"), *commit = prepare("COMMIT"), *rollback = prepare("ROLLBACK");
    sqlite3_stmt *read = prepare("SELECT quantity, max FROM stock WHERE fruit = ?");
    sqlite3_stmt *update = prepare("UPDATE stock SET quantity = ? WHERE fruit = ?");
    sqlite3_stmt *sale = prepare("INSERT INTO sale (at_ms, juice, count) VALUES (?, ?, ?)");
    sqlite3_stmt *sale_fruit = prepare("INSERT INTO sale_fruit (sale_id, fruit, amount) VALUES (?, ?, ?)");
    static char out[1 << 16];
    setvbuf(stdout, out, _IOFBF, sizeof out);

    char line[1024];
    while (fgets(line, sizeof line, stdin)) {
        char *words[4];
        int count = 0;
        for (char *word = strtok(line, " \t\r\n"); word && count < 4; word = strtok(NULL, " \t\r\n"))
            words[count++] = word;
        if (count == 0) continue;
        long long cups = count >= 3 ? atoll(words[2]) : 1;
        if (strcmp(words[0], "order") != 0 || count < 2 || count > 3 || strcmp(words[1], "banana") != 0 || cups < 1) {
            fprintf(stderr, "orders: only `order banana [COUNT]` is known\n");
            continue;
        }
        long long need = 2 * cups;
        run(begin, "BEGIN IMMEDIATE");
        sqlite3_bind_text(read, 1, "banana", 6, SQLITE_STATIC);
        if (sqlite3_step(read) != SQLITE_ROW) fail("read the stock");
        long long old = sqlite3_column_int64(read, 0);
        sqlite3_reset(read);
        if (old < need) {
            run(rollback, "ROLLBACK");
            if (json)
                printf("{\"type\":\"error\",\"command\":\"order\",\"code\":\"out_of_stock\"}\n");
            else
                printf("Not enough banana: %lld left, %lld needed.\n", old, need);
            continue;
        }
        long long new = old - need;
        sqlite3_bind_int64(update, 1, new);
        sqlite3_bind_text(update, 2, "banana", 6, SQLITE_STATIC);
        run(update, "UPDATE stock");
        sqlite3_bind_int64(sale, 1, now_ms());
        sqlite3_bind_text(sale, 2, "banana", 6, SQLITE_STATIC);
        sqlite3_bind_int64(sale, 3, cups);
        run(sale, "INSERT INTO sale");
        sqlite3_bind_int64(sale_fruit, 1, sqlite3_last_insert_rowid(db));
        sqlite3_bind_text(sale_fruit, 2, "banana", 6, SQLITE_STATIC);
        sqlite3_bind_int64(sale_fruit, 3, need);
        run(sale_fruit, "INSERT INTO sale_fruit");
        run(commit, "COMMIT");
        if (json)
            printf("{\"type\":\"event\",\"event\":\"stock_changed\",\"fruit\":\"banana\",\"old\":%lld,\"new\":%lld}\n"
                   "{\"type\":\"event\",\"event\":\"juice_served\",\"juice\":\"banana\",\"count\":%lld}\n"
                   "{\"type\":\"result\",\"command\":\"order\",\"juice\":\"banana\",\"count\":%lld,"
                   "\"stock\":{\"banana\":%lld}}\n",
                   old, new, cups, cups, new);
        else
            printf("Made %lld Banana Juice.\nStock: banana %lld -> %lld\n", cups, old, new);
    }
    fflush(stdout);
    sqlite3_close_v2(db);
    return 0;
}
