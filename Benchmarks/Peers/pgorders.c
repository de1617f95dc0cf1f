/*
 * kiosk's juice orders on PostgreSQL in plain C with libpq, for `make compare` to time
 * `kiosk --database URL` against: reads `order banana [COUNT]` lines on stdin and runs each
 * as kiosk's PostgreSQL store does today, in four round trips of prepared statements:
 * BEGIN; lock and read the stock (the same SELECT … FOR UPDATE); the write (the same
 * statement: UPDATE the stock, INSERT the sale and its sale_fruit row, pg_notify); COMMIT.
 * Prints what kiosk prints. Creates the tables it needs on a new database, with the banana
 * shelf at 500,000 of at most 1,000,000, as the config `make compare` gives kiosk.
 *
 *   cc -O2 -o pgorders pgorders.c -I"$(pg_config --includedir)" -lpq
 *   ./pgorders CONNINFO < lines
 */
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static PGconn *connection;

static PGresult *check(PGresult *result, const char *what) {
    ExecStatusType status = PQresultStatus(result);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
        fprintf(stderr, "pgorders: %s: %s", what, PQerrorMessage(connection));
        exit(1);
    }
    return result;
}

static void exec(const char *sql) { PQclear(check(PQexec(connection, sql), sql)); }

static void prepare(const char *name, const char *sql) {
    PQclear(check(PQprepare(connection, name, sql, 0, NULL), name));
}

static PGresult *run(const char *name, int count, const char *const *values) {
    return check(PQexecPrepared(connection, name, count, values, NULL, NULL, 0), name);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: pgorders CONNINFO < lines\n");
        return 64;
    }
    connection = PQconnectdb(argv[1]);
    if (PQstatus(connection) != CONNECTION_OK) {
        fprintf(stderr, "pgorders: %s", PQerrorMessage(connection));
        return 1;
    }
    exec("CREATE TABLE IF NOT EXISTS stock (fruit text PRIMARY KEY, quantity bigint NOT NULL CHECK (quantity >= 0),"
         " maximum bigint NOT NULL CHECK (maximum >= 0), revision bigint NOT NULL DEFAULT 0);"
         "CREATE TABLE IF NOT EXISTS sale (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now(),"
         " kiosk text NOT NULL, juice text NOT NULL, count bigint NOT NULL CHECK (count > 0));"
         "CREATE INDEX IF NOT EXISTS sale_by_time ON sale (at);"
         "CREATE TABLE IF NOT EXISTS sale_fruit (sale_id bigint NOT NULL REFERENCES sale (id) ON DELETE CASCADE,"
         " fruit text NOT NULL, amount bigint NOT NULL CHECK (amount > 0), PRIMARY KEY (sale_id, fruit));"
         "INSERT INTO stock (fruit, quantity, maximum) VALUES ('banana', 500000, 1000000) ON CONFLICT DO NOTHING");
    prepare("begin", "BEGIN");
    prepare("commit", "COMMIT");
    prepare("rollback", "ROLLBACK");
    prepare("read_stock",
            "WITH locked AS ("
            " SELECT fruit, quantity, maximum, revision FROM stock"
            " WHERE fruit = ANY($1::text[]) ORDER BY fruit FOR UPDATE)"
            " SELECT fruit, quantity, maximum, revision FROM locked"
            " UNION ALL"
            " SELECT fruit, quantity, maximum, revision FROM stock WHERE NOT (fruit = ANY($1::text[]))");
    prepare("write_order",
            "WITH levels AS ("
            " UPDATE stock SET quantity = v.quantity, revision = stock.revision + 1"
            " FROM unnest($1::text[], $2::bigint[]) AS v(fruit, quantity) WHERE stock.fruit = v.fruit"
            "), sold AS ("
            " INSERT INTO sale (kiosk, juice, count) VALUES ($3, $4, $5) RETURNING id"
            "), used AS ("
            " INSERT INTO sale_fruit (sale_id, fruit, amount)"
            " SELECT sold.id, u.fruit, u.amount FROM sold, unnest($1::text[], $6::bigint[]) AS u(fruit, amount)"
            ") SELECT pg_notify('kiosk_stock', $7)");
    char kiosk[64];
    snprintf(kiosk, sizeof kiosk, "%d-c", (int)getpid());
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
            fprintf(stderr, "pgorders: only `order banana [COUNT]` is known\n");
            continue;
        }
        long long need = 2 * cups;
        PQclear(run("begin", 0, NULL));
        const char *locking[] = {"{banana}"};
        PGresult *stock = run("read_stock", 1, locking);
        long long old = -1, revision = 0;
        for (int row = 0; row < PQntuples(stock); row++)
            if (strcmp(PQgetvalue(stock, row, 0), "banana") == 0) {
                old = atoll(PQgetvalue(stock, row, 1));
                revision = atoll(PQgetvalue(stock, row, 3));
            }
        PQclear(stock);
        if (old < need) {
            PQclear(run("rollback", 0, NULL));
            printf("Not enough banana: %lld left, %lld needed.\n", old, need);
            continue;
        }
        long long new = old - need;
        char levels[32], cups_text[32], amounts[32], notice[160];
        snprintf(levels, sizeof levels, "{%lld}", new);
        snprintf(cups_text, sizeof cups_text, "%lld", cups);
        snprintf(amounts, sizeof amounts, "{%lld}", need);
        snprintf(notice, sizeof notice, "%s\nbanana %lld %lld %lld", kiosk, old, new, revision + 1);
        const char *values[] = {"{banana}", levels, kiosk, "banana", cups_text, amounts, notice};
        PQclear(run("write_order", 7, values));
        PQclear(run("commit", 0, NULL));
        printf("Made %lld Banana Juice.\nStock: banana %lld -> %lld\n", cups, old, new);
    }
    fflush(stdout);
    PQfinish(connection);
    return 0;
}
