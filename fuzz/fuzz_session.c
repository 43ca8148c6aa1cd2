/* fuzz_session.c: the fuzz harness's sides and input loop (fuzz.h). An input is one or more
 * sequences (split at FZ_SPLIT), each read as up to FZ_MAX_CALLS calls. A call starts with a
 * pick (one or two bytes) of an entry of the generated table: a routine or one of the handle and
 * memory calls below (pointer mode, threads, workspace, copies, malloc/free), made on both sides and
 * checked. Each sequence starts from the same handle state. */
#define _POSIX_C_SOURCE 200809L /* posix_memalign, setenv, unsetenv */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

enum { FZ_MAX_CALLS = 1024, FZ_MAX_COPY_BYTES = 1 << 18 };

static void session_problem(int *problems, const char *what, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void session_problem(int *problems, const char *what, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "gblas-fuzz: %s: ", what);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    (*problems)++;
    if (fz_fatal) abort();
}

static uint8_t next(fz_input *in) {
    if (in->left == 0) return 0;
    in->left--;
    return *in->in++;
}

/* ---- sides -------------------------------------------------------------------------------- */
/* Creates a handle with GBLAS_CPU_PATH set to path (NULL: unset) at creation. */
static int open_side(fz_side *sd, const char *name, gblas_backend_t backend, const char *path) {
    memset(sd, 0, sizeof *sd);
    sd->name = name;
    sd->device = backend == GBLAS_BACKEND_CUDA;
    if (path)
        setenv("GBLAS_CPU_PATH", path, 1);
    else
        unsetenv("GBLAS_CPU_PATH");
    const gblas_status_t st = gblas_create(&sd->h, backend);
    unsetenv("GBLAS_CPU_PATH");
    if (st != GBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "gblas-fuzz: cannot create the %s side: %s\n", name,
                gblas_last_error(NULL));
        return 0;
    }
    return 1;
}

fz_side *fz_open_sides(const char *pair) {
    fz_trace = getenv("GBLAS_FUZZ_TRACE") != NULL;
    fz_side *sides = calloc(FZ_SIDES, sizeof *sides);
    if (sides == NULL) return NULL;
    int ok;
    /* GBLAS_FUZZ_CPU_PATH: the CPU path to test against the reference (default: the best) */
    const char *path = getenv("GBLAS_FUZZ_CPU_PATH");
    if (strcmp(pair, "cpu") == 0)
        ok = open_side(&sides[0], "cpu-reference", GBLAS_BACKEND_CPU, "reference") &&
             open_side(&sides[1], path ? path : "cpu", GBLAS_BACKEND_CPU, path);
    else if (strcmp(pair, "cuda") == 0)
        ok = open_side(&sides[0], "cpu", GBLAS_BACKEND_CPU, NULL) &&
             open_side(&sides[1], "cuda", GBLAS_BACKEND_CUDA, NULL);
    else
        ok = 0;
    if (!ok) {
        fz_close_sides(sides);
        return NULL;
    }
    for (int s = 0; s < FZ_SIDES; s++) gblas_get_num_threads(sides[s].h, &sides[s].threads);
    return sides;
}

static void free_workspace(fz_side *sd) {
    if (sd->workspace == NULL) return;
    if (sd->device)
        gblas_free(sd->h, sd->workspace);
    else
        free(sd->workspace);
    sd->workspace = NULL;
}

void fz_close_sides(fz_side *sides) {
    for (int s = 0; s < FZ_SIDES; s++) {
        free_workspace(&sides[s]);
        gblas_destroy(sides[s].h);
    }
    free(sides);
}

/* The state every input starts from: host pointer mode, the default threads, own workspace. */
static void reset(fz_side *sides) {
    for (int s = 0; s < FZ_SIDES; s++) {
        gblas_set_pointer_mode(sides[s].h, GBLAS_POINTER_MODE_HOST);
        gblas_set_num_threads(sides[s].h, sides[s].threads > 0 ? sides[s].threads : 1);
        gblas_set_workspace(sides[s].h, NULL, 0);
        free_workspace(&sides[s]);
    }
}

/* ---- handle and memory calls ---------------------------------------------------------------- */
/* Both sides' statuses equal want; a failure's messages name the call and, with same_text, are
 * the same text (pointers aside). */
static void expect_both(int *problems, fz_side *sides, const char *what,
                        const gblas_status_t st[FZ_SIDES], gblas_status_t want, int same_text) {
    for (int s = 0; s < FZ_SIDES; s++)
        if (st[s] != want)
            session_problem(problems, what, "%s returned %s (%s), want %s", sides[s].name,
                            gblas_status_name(st[s]), gblas_last_error(sides[s].h),
                            gblas_status_name(want));
    if (want != GBLAS_STATUS_SUCCESS) {
        char m[FZ_SIDES][600];
        for (int s = 0; s < FZ_SIDES; s++)
            snprintf(m[s], sizeof m[s], "%s", gblas_last_error(sides[s].h));
        const size_t len = strlen(what);
        for (int s = 0; s < FZ_SIDES; s++)
            if (strncmp(m[s], what, len) != 0 || m[s][len] != ':')
                session_problem(problems, what, "%s's message \"%s\" does not name the call",
                                sides[s].name, m[s]);
        if (same_text && !fz_same_message(m[0], m[1]))
            session_problem(problems, what, "messages \"%s\" and \"%s\"", m[0], m[1]);
    }
}

static void pointer_mode_call(int *problems, fz_side *sides, fz_input *in, int *mode) {
    static const int MODES[4] = {GBLAS_POINTER_MODE_HOST, GBLAS_POINTER_MODE_DEVICE, 2, -1};
    const int m = MODES[next(in) % 4];
    gblas_status_t st[FZ_SIDES];
    for (int s = 0; s < FZ_SIDES; s++)
        st[s] = gblas_set_pointer_mode(sides[s].h, (gblas_pointer_mode_t)m);
    const int valid = m == GBLAS_POINTER_MODE_HOST || m == GBLAS_POINTER_MODE_DEVICE;
    expect_both(problems, sides, "gblas_set_pointer_mode", st,
                valid ? GBLAS_STATUS_SUCCESS : GBLAS_STATUS_INVALID_VALUE, 1);
    if (valid) *mode = m;
}

static void threads_call(int *problems, fz_side *sides, fz_input *in) {
    static const int COUNTS[12] = {1, 2, 3, 4, 1, 2, 0, -1, GBLAS_MAX_THREADS + 1, INT_MAX,
                                   100000, INT_MIN};
    const int n = COUNTS[next(in) % 12];
    gblas_status_t st[FZ_SIDES];
    for (int s = 0; s < FZ_SIDES; s++) st[s] = gblas_set_num_threads(sides[s].h, n);
    const int valid = n >= 1 && n <= GBLAS_MAX_THREADS;
    expect_both(problems, sides, "gblas_set_num_threads", st,
                valid ? GBLAS_STATUS_SUCCESS : GBLAS_STATUS_INVALID_VALUE, 1);
}

/* Backend memory of bytes for a workspace (256-aligned), or NULL. */
static void *workspace_alloc(fz_side *sd, size_t bytes) {
    void *p = NULL;
    if (sd->device) return gblas_malloc(sd->h, &p, bytes) == GBLAS_STATUS_SUCCESS ? p : NULL;
    return posix_memalign(&p, 256, bytes) == 0 ? p : NULL;
}

/* Restore the own workspace, set one of exactly the minimum size (so a routine that writes past
 * its scratch is caught), or offer a misaligned, short or NULL one (refused, nothing kept). */
static void workspace_call(int *problems, fz_side *sides, fz_input *in) {
    const int kind = next(in) % 6;
    gblas_status_t st[FZ_SIDES];
    for (int s = 0; s < FZ_SIDES; s++) {
        fz_side *sd = &sides[s];
        size_t min = 0;
        gblas_workspace_size(sd->h, &min);
        void *ws = NULL;
        switch (kind) {
        case 0:
            st[s] = gblas_set_workspace(sd->h, NULL, 0);
            free_workspace(sd);
            break;
        case 1:
        case 2:
        case 3:
        case 4: {
            const size_t bytes = kind == 4 ? min - 1 : kind == 3 ? min + 64 : min;
            ws = workspace_alloc(sd, bytes);
            if (ws == NULL) abort();
            void *given = kind == 3 ? (char *)ws + 64 : ws;
            st[s] = gblas_set_workspace(sd->h, given, kind == 3 ? min : bytes);
            if (st[s] == GBLAS_STATUS_SUCCESS) {
                free_workspace(sd);
                sd->workspace = ws;
            } else if (sd->device) {
                gblas_free(sd->h, ws);
            } else {
                free(ws);
            }
            break;
        }
        default: st[s] = gblas_set_workspace(sd->h, NULL, 16); break;
        }
    }
    /* the minimum size in a message is the backend's own */
    expect_both(problems, sides, "gblas_set_workspace", st,
                kind <= 2 ? GBLAS_STATUS_SUCCESS : GBLAS_STATUS_INVALID_VALUE, 0);
}

/* A size for the copies: small, or an edge value. */
static int64_t copy_size(fz_input *in) {
    static const int64_t EDGE[8] = {0, 1, -1, INT64_MAX, (int64_t)1 << 40, INT64_MIN, 3, 64};
    const uint8_t b = next(in);
    return b < 224 ? b % 40 : EDGE[b % 8];
}

/* Elements a layout spans (rows + (cols - 1) * ld), 0 when that overflows. */
static uint64_t layout_span(int64_t rows, int64_t cols, int64_t ld) {
    const uint64_t c = (uint64_t)cols - 1;
    if (c != 0 && (uint64_t)ld > (UINT64_MAX - (uint64_t)rows) / c) return 0;
    return (uint64_t)rows + c * (uint64_t)ld;
}

/* set (host -> backend) then get (backend -> host) of a rows x cols matrix, or of an n-vector,
 * of elem-byte elements; the data must come back, the gaps of the destination untouched. */
static void copy_call(int *problems, fz_side *sides, fz_input *in) {
    static const size_t ELEMS[8] = {1, 2, 3, 4, 8, 16, 0, 5};
    const int vector = next(in) & 1, async = next(in) & 1;
    const int64_t rows = vector ? 1 : copy_size(in), cols = copy_size(in);
    const size_t elem = ELEMS[next(in) % 8];
    const int64_t base = rows > 1 ? rows : 1;
    int64_t ld[2];
    for (int i = 0; i < 2; i++) {
        const uint8_t b = next(in);
        ld[i] = b < 224 ? (base <= INT64_MAX - 2 ? base + b % 3 : base)
                        : (int64_t[8]){0, -1, base - 1, (int64_t)1 << 40, INT64_MAX, 2, 1,
                                       (int64_t)1 << 60}[b % 8];
    }
    const int work = rows > 0 && cols > 0;
    int bad = rows < 0 || cols < 0 || elem == 0;
    for (int i = 0; i < 2; i++) bad |= vector ? ld[i] <= 0 : ld[i] < base;
    uint64_t n = work && !bad ? layout_span(rows, cols, ld[0] > ld[1] ? ld[0] : ld[1]) : 1;
    if (work && !bad && (n == 0 || n > ((uint64_t)1 << 47) / elem)) bad = 1; /* past the end */
    if (!bad && n * elem > FZ_MAX_COPY_BYTES) return;                          /* too large */
    const size_t bytes = bad ? 16 : (size_t)n * elem;
    const char *set_name = vector ? (async ? "gblas_set_vector_async" : "gblas_set_vector")
                                  : (async ? "gblas_set_matrix_async" : "gblas_set_matrix");
    unsigned char *src = malloc(bytes), *dst = malloc(bytes), *marks = malloc(bytes);
    if (!src || !dst || !marks) abort();
    for (size_t b = 0; b < bytes; b++) {
        src[b] = (unsigned char)(b * 7 + 1);
        marks[b] = (unsigned char)(b * 13 + 5);
    }
    gblas_status_t st[FZ_SIDES];
    for (int s = 0; s < FZ_SIDES; s++) {
        fz_side *sd = &sides[s];
        void *dev = sd->device ? NULL : malloc(bytes);
        if (sd->device && gblas_malloc(sd->h, &dev, bytes) != GBLAS_STATUS_SUCCESS) abort();
        memcpy(dst, marks, bytes);
        gblas_handle_t h = sd->h;
        if (vector)
            st[s] = async ? gblas_set_vector_async(h, cols, elem, src, ld[0], dev, ld[1])
                          : gblas_set_vector(h, cols, elem, src, ld[0], dev, ld[1]);
        else
            st[s] = async ? gblas_set_matrix_async(h, rows, cols, elem, src, ld[0], dev, ld[1])
                          : gblas_set_matrix(h, rows, cols, elem, src, ld[0], dev, ld[1]);
        if (st[s] == GBLAS_STATUS_SUCCESS) {
            gblas_status_t g = vector ? gblas_get_vector(h, cols, elem, dev, ld[1], dst, ld[0])
                                      : gblas_get_matrix(h, rows, cols, elem, dev, ld[1], dst,
                                                         ld[0]);
            if (g == GBLAS_STATUS_SUCCESS && async) g = gblas_synchronize(h);
            if (g != GBLAS_STATUS_SUCCESS)
                session_problem(problems, set_name, "%s: the get back failed: %s", sd->name,
                                gblas_last_error(h));
            /* element e of the destination is (e % ld, e / ld): copied when its row < rows */
            const uint64_t ldh = ld[0] > 0 ? (uint64_t)ld[0] : 1;
            for (size_t e = 0; g == GBLAS_STATUS_SUCCESS && e < bytes / elem; e++) {
                const unsigned char *want = e % ldh < (uint64_t)rows && e / ldh < (uint64_t)cols
                                                ? src + e * elem
                                                : marks + e * elem;
                if (memcmp(dst + e * elem, want, elem) != 0) {
                    session_problem(problems, set_name,
                                    "%s: %lldx%lld elem %zu ld %lld/%lld: element %zu wrong",
                                    sd->name, (long long)rows, (long long)cols, elem,
                                    (long long)ld[0], (long long)ld[1], e);
                    break;
                }
            }
        }
        if (sd->device)
            gblas_free(h, dev);
        else
            free(dev);
    }
    expect_both(problems, sides, set_name, st,
                bad ? GBLAS_STATUS_INVALID_VALUE : GBLAS_STATUS_SUCCESS, 1);
    free(src);
    free(dst);
    free(marks);
}

/* gblas_malloc, a round trip through the block, gblas_free, then a second gblas_free and a free
 * of a pointer gblas_malloc never returned (both refused). */
static void memory_call(int *problems, fz_side *sides, fz_input *in) {
    static const size_t SIZES[6] = {0, 1, 7, 64, 1000, 4096};
    const size_t bytes = SIZES[next(in) % 6];
    unsigned char pattern[4096], back[4096];
    for (size_t b = 0; b < bytes; b++) pattern[b] = (unsigned char)(b * 31 + 3);
    for (int s = 0; s < FZ_SIDES; s++) {
        gblas_handle_t h = sides[s].h;
        void *p = back;
        gblas_status_t st = gblas_malloc(h, &p, bytes);
        if (st != GBLAS_STATUS_SUCCESS || (bytes == 0) != (p == NULL)) {
            session_problem(problems, "gblas_malloc", "%s: %zu bytes: %s, %p", sides[s].name,
                            bytes, gblas_status_name(st), p);
            continue;
        }
        if (bytes > 0 &&
            (gblas_set_vector(h, (int64_t)bytes, 1, pattern, 1, p, 1) != GBLAS_STATUS_SUCCESS ||
             gblas_get_vector(h, (int64_t)bytes, 1, p, 1, back, 1) != GBLAS_STATUS_SUCCESS ||
             memcmp(pattern, back, bytes) != 0))
            session_problem(problems, "gblas_malloc", "%s: the block does not hold its data",
                            sides[s].name);
        if (gblas_free(h, p) != GBLAS_STATUS_SUCCESS)
            session_problem(problems, "gblas_free", "%s: %s", sides[s].name,
                            gblas_last_error(h));
        void *foreign[2] = {p, pattern};
        for (int f = bytes > 0 ? 0 : 1; f < 2; f++)
            if (gblas_free(h, foreign[f]) != GBLAS_STATUS_INVALID_VALUE)
                session_problem(problems, "gblas_free", "%s: %s accepted", sides[s].name,
                                f == 0 ? "a second free" : "a pointer not from gblas_malloc");
    }
}

/* ---- the input loop ------------------------------------------------------------------------ */
/* A pick: the id of a fz_entries entry, a number that never changes meaning (routines/
 * gen_fuzz.py), in one byte (0-127) or two (128 + ((b - 128) << 8 | the next byte)); a value
 * past the last id folds modulo the count, so every input picks something. Sets *value to the
 * value read. */
static int take_pick(fz_input *in, unsigned *value) {
    const uint8_t b = next(in);
    *value = b < 128 ? b : 128 + ((unsigned)(b - 128) << 8 | next(in));
    return (int)(*value % (unsigned)fz_entry_count);
}

static int run_sequence(fz_side *sides, const uint8_t *data, size_t size) {
    fz_input in = {data, size};
    int problems = 0, mode = GBLAS_POINTER_MODE_HOST;
    reset(sides);
    for (int c = 0; c < FZ_MAX_CALLS && in.left > 0; c++) {
        const size_t at = size - in.left;
        unsigned value;
        const int pick = take_pick(&in, &value);
        const fz_entry *e = &fz_entries[pick];
        if (fz_trace)
            fprintf(stderr, "gblas-fuzz: call at byte %zu: pick %u = id %d: %s\n", at, value,
                    pick, e->name);
        if (fz_canonical && value != (unsigned)pick)
            session_problem(&problems, e->name,
                            "the pick at byte %zu of its sequence reads %u, past the last id "
                            "%d: not canonical (fuzz/canonical-picks rewrites it to %d)", at,
                            value, fz_entry_count - 1, pick);
        switch (e->call) {
        case FZ_CALL_MODE: pointer_mode_call(&problems, sides, &in, &mode); continue;
        case FZ_CALL_THREADS: threads_call(&problems, sides, &in); continue;
        case FZ_CALL_WORKSPACE: workspace_call(&problems, sides, &in); continue;
        case FZ_CALL_COPY: copy_call(&problems, sides, &in); continue;
        case FZ_CALL_MEMORY: memory_call(&problems, sides, &in); continue;
        case FZ_CALL_ROUTINE: break;
        }
        fz_call *z = calloc(1, sizeof *z);
        if (z == NULL) abort();
        for (int s = 0; s < FZ_SIDES; s++) z->side[s] = &sides[s];
        z->input = &in;
        z->routine = e->name;
        z->type = e->type;
        z->pointer_mode = mode;
        z->data_seed = next(&in);
        e->run(z);
        problems += z->problems;
        free(z);
    }
    reset(sides);
    return problems;
}

/* An input may hold several sequences, each ending at FZ_SPLIT: the committed corpus packs many
 * small ones into a few files, each still decoded (and ended: reads past its end give 0) as it
 * was found. */
static const uint8_t FZ_SPLIT[4] = {0xff, 'g', 'b', '|'};

int fz_run_input(fz_side *sides, const uint8_t *data, size_t size) {
    int problems = 0;
    size_t start = 0;
    for (size_t i = 0; i + sizeof FZ_SPLIT <= size; i++)
        if (memcmp(data + i, FZ_SPLIT, sizeof FZ_SPLIT) == 0) {
            if (fz_trace) fprintf(stderr, "gblas-fuzz: sequence at byte %zu\n", start);
            problems += run_sequence(sides, data + start, i - start);
            start = i + sizeof FZ_SPLIT;
            i = start - 1;
        }
    if (fz_trace) fprintf(stderr, "gblas-fuzz: sequence at byte %zu\n", start);
    return problems + run_sequence(sides, data + start, size - start);
}
