/*
 * The classic bank of config/kiosk.toml in a plain C loop, for `make compare` to time
 * kiosk's virtual-time engine against: 2 deposit clerks (0.7 s) and 1 loan clerk (1.1 s);
 * N customers take tickets at time 0, each for a random task drawn as kiosk draws it
 * (SplitMix64 from the seed, the high half of a 128-bit product over the task shares), and
 * are served in ticket order, as kiosk orders each instant. Prints what
 *   kiosk --in-memory --speed max --seed S -c 'bank open N' -c 'bank wait'
 * prints: two lines per customer (started, finished), the admission line, and the summary.
 *
 *   cc -O2 -o bank bank.c && ./bank [customers] [seed]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { DEPOSIT, LOAN, TASKS };
static const char *task_id[TASKS] = {"deposit", "loan"};
static const char *desk_name[TASKS] = {"Deposit", "Loan"};
static const int clerks_at[TASKS] = {2, 1};
static const int64_t service_ms[TASKS] = {700, 1100};

/* Output goes through one buffer written out when full, as kiosk's terminal writer does. */
static char out[1 << 16];
static size_t used;

static void flush_out(void) {
    fwrite(out, 1, used, stdout);
    used = 0;
}

static void put(const char *text, size_t length) {
    if (used + length > sizeof out) flush_out();
    memcpy(out + used, text, length);
    used += length;
}

static void puts_(const char *text) { put(text, strlen(text)); }

static void put_int(int64_t value) {
    char digits[24];
    int at = sizeof digits;
    do {
        digits[--at] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0);
    put(digits + at, sizeof digits - at);
}

/* [H:]MM:SS.mmm, hours only when there are some (Duration.appendClockText). */
static void put_clock(int64_t ms) {
    char text[32];
    int64_t hours = ms / 3600000;
    int length = 0;
    if (hours > 0) length = snprintf(text, sizeof text, "%lld:", (long long)hours);
    int minutes = (int)(ms / 60000 % 60), seconds = (int)(ms / 1000 % 60), millis = (int)(ms % 1000);
    char *p = text + length;
    p[0] = (char)('0' + minutes / 10);
    p[1] = (char)('0' + minutes % 10);
    p[2] = ':';
    p[3] = (char)('0' + seconds / 10);
    p[4] = (char)('0' + seconds % 10);
    p[5] = '.';
    p[6] = (char)('0' + millis / 100);
    p[7] = (char)('0' + millis / 10 % 10);
    p[8] = (char)('0' + millis % 10);
    put(text, (size_t)length + 9);
}

static uint64_t state;

static uint64_t next_random(void) {
    state += 0x9E3779B97F4A7C15ULL;
    uint64_t mixed = state;
    mixed = (mixed ^ (mixed >> 30)) * 0xBF58476D1CE4E5B9ULL;
    mixed = (mixed ^ (mixed >> 27)) * 0x94D049BB133111EBULL;
    return mixed ^ (mixed >> 31);
}

/* A clerk's service in progress; services end in order of time, then of start. */
struct service {
    int busy, task, number;
    int32_t ticket;
    int64_t ends;
    uint64_t order;
};

static struct service clerk[3];
static uint64_t started_count;

static void event(int64_t at, int32_t ticket, int task, const char *what, int number) {
    put("[", 1);
    put_clock(at);
    put("] #", 3);
    put_int(ticket);
    put(" ", 1);
    puts_(task_id[task]);
    puts_(what);
    puts_(desk_name[task]);
    puts_(" clerk ");
    put_int(number);
    put("\n", 1);
}

static void start(struct service *s, int32_t ticket, int64_t now) {
    s->busy = 1;
    s->ticket = ticket;
    s->ends = now + service_ms[s->task];
    s->order = started_count++;
    event(now, ticket, s->task, " started at ", s->number);
}

/* Nearest rank, as WaitSummary: the smallest wait at least p% of customers did not exceed.
 * Waits of one task are served in ticket order, so they are already sorted. */
static int64_t nearest_rank(const int64_t *sorted, int64_t count, int64_t p) {
    int64_t rank = (p * count + 99) / 100;
    if (rank < 1) rank = 1;
    if (rank > count) rank = count;
    return sorted[rank - 1];
}

static void pad_left(const char *text, int width) {
    for (int i = (int)strlen(text); i < width; i++) put(" ", 1);
    puts_(text);
}

static void pad_right(const char *text, int width) {
    puts_(text);
    for (int i = (int)strlen(text); i < width; i++) put(" ", 1);
}

int main(int argc, char **argv) {
    int64_t customers = argc > 1 ? atoll(argv[1]) : 1000000;
    state = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    if (customers < 1) return 64;

    int32_t *line[TASKS];
    int64_t count[TASKS] = {0, 0}, head[TASKS] = {0, 0};
    int64_t *waits[TASKS];
    for (int t = 0; t < TASKS; t++) {
        line[t] = malloc(sizeof(int32_t) * (size_t)customers);
        waits[t] = malloc(sizeof(int64_t) * (size_t)customers);
        if (!line[t] || !waits[t]) return 71;
    }
    int clerks = 0;
    for (int t = 0; t < TASKS; t++)
        for (int n = 1; n <= clerks_at[t]; n++) clerk[clerks++] = (struct service){.task = t, .number = n};

    /* Admission at time 0: each customer draws a task and starts at once if a clerk is free. */
    int64_t served_waits[TASKS] = {0, 0};
    for (int32_t ticket = 1; ticket <= customers; ticket++) {
        int task = (int)(((unsigned __int128)next_random() * TASKS) >> 64);
        count[task]++;
        struct service *free_clerk = NULL;
        for (int c = 0; c < clerks && !free_clerk; c++)
            if (clerk[c].task == task && !clerk[c].busy) free_clerk = &clerk[c];
        if (free_clerk) {
            waits[task][served_waits[task]++] = 0;
            start(free_clerk, ticket, 0);
        } else {
            line[task][count[task] - 1] = ticket;
        }
    }
    /* The first customers of each task went straight to a clerk: their line starts after them. */
    for (int t = 0; t < TASKS; t++) head[t] = served_waits[t];
    puts_("Bank open: ");
    put_int(customers);
    puts_(customers == 1 ? " customer took ticket #1 (" : " customers took tickets #1–#");
    if (customers != 1) {
        put_int(customers);
        puts_(" (");
    }
    /* Tasks nobody took are left out here (not in the closing line). */
    for (int t = 0, listed = 0; t < TASKS; t++) {
        if (count[t] == 0) continue;
        if (listed++ > 0) puts_(", ");
        puts_(task_id[t]);
        put(" ", 1);
        put_int(count[t]);
    }
    puts_(").\n");

    /* At each instant, as kiosk's floor: every service ending then ends (in the order the
     * services started), then free clerks take the waiting customers, lowest ticket first
     * across the desks, each the lowest-numbered free clerk of its desk. */
    int64_t now = 0;
    for (;;) {
        struct service *next = NULL;
        for (int c = 0; c < clerks; c++)
            if (clerk[c].busy &&
                (!next || clerk[c].ends < next->ends || (clerk[c].ends == next->ends && clerk[c].order < next->order)))
                next = &clerk[c];
        if (!next) break;
        now = next->ends;
        do {
            next->busy = 0;
            event(now, next->ticket, next->task, " finished at ", next->number);
            next = NULL;
            for (int c = 0; c < clerks; c++)
                if (clerk[c].busy && clerk[c].ends == now && (!next || clerk[c].order < next->order)) next = &clerk[c];
        } while (next);
        for (;;) {
            int best = -1;
            struct service *free_clerk[TASKS] = {NULL, NULL};
            for (int c = clerks - 1; c >= 0; c--)
                if (!clerk[c].busy) free_clerk[clerk[c].task] = &clerk[c];
            for (int t = 0; t < TASKS; t++)
                if (free_clerk[t] && head[t] < count[t] && (best < 0 || line[t][head[t]] < line[best][head[best]]))
                    best = t;
            if (best < 0) break;
            waits[best][served_waits[best]++] = now;
            start(free_clerk[best], line[best][head[best]++], now);
        }
    }

    puts_("Bank closed: served ");
    put_int(customers);
    puts_(customers == 1 ? " customer (" : " customers (");
    for (int t = 0; t < TASKS; t++) {
        if (t > 0) puts_(", ");
        puts_(task_id[t]);
        put(" ", 1);
        put_int(count[t]);
    }
    puts_(") in ");
    put_clock(now);
    puts_(" of business time.\n");
    for (int t = 0; t < TASKS; t++) {
        if (count[t] == 0) continue;
        double total = 0;
        int64_t longest = 0;
        for (int64_t i = 0; i < count[t]; i++) {
            total += (double)waits[t][i] * 1e6;
            if (waits[t][i] > longest) longest = waits[t][i];
        }
        double mean_ns = total / (double)count[t];
        int64_t mean_ms = (int64_t)(mean_ns + (mean_ns >= 0 ? 0.5 : -0.5)) / 1000000;
        puts_("  ");
        puts_(task_id[t]);
        puts_(" waited, ");
        put_int(count[t]);
        puts_(count[t] == 1 ? " customer: mean " : " customers: mean ");
        put_clock(mean_ms);
        puts_(" · p50 ");
        put_clock(nearest_rank(waits[t], count[t], 50));
        puts_(" · p95 ");
        put_clock(nearest_rank(waits[t], count[t], 95));
        puts_(" · max ");
        put_clock(longest);
        put("\n", 1);
    }
    puts_("All customers are served.\n");

    /* The desk table: columns as wide as their widest cell. */
    char served_text[TASKS + 1][24], clerks_text[TASKS][24];
    int served_width = 6;
    for (int t = 0; t <= TASKS; t++) {
        snprintf(served_text[t], sizeof served_text[t], "%lld", (long long)(t < TASKS ? count[t] : customers));
        if ((int)strlen(served_text[t]) > served_width) served_width = (int)strlen(served_text[t]);
    }
    for (int t = 0; t < TASKS; t++) snprintf(clerks_text[t], sizeof clerks_text[t], "%d", clerks_at[t]);
    pad_right("Desk", 7);
    puts_("  Clerks  ");
    pad_left("Served", served_width);
    put("\n", 1);
    for (int t = 0; t < TASKS; t++) {
        pad_right(desk_name[t], 7);
        puts_("  ");
        pad_left(clerks_text[t], 6);
        puts_("  ");
        pad_left(served_text[t], served_width);
        put("\n", 1);
    }
    pad_right("Total", 7);
    puts_("          ");
    pad_left(served_text[TASKS], served_width);
    put("\n", 1);
    puts_("Business time ");
    put_clock(now);
    puts_(".\n");
    flush_out();
    return 0;
}
