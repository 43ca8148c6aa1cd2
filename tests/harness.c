/* harness.c: backend cases, handle set-up, random data, host/backend buffers and the scaled
 * tolerance shared by every test file (see harness.h). Also a report hook that lists skipped
 * test runs with their reasons, since Criterion's summary line does not count skips. */
#define _POSIX_C_SOURCE 200809L /* setenv, unsetenv, strdup */
#include "harness.h"

#include <criterion/hooks.h>
#include <criterion/options.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- backend cases ------------------------------------------------------------------------ */
typedef struct {
    const char *name;
    gblas_backend_t backend;
    const char *cpu_path; /* GBLAS_CPU_PATH; NULL: unset (the best path of this host) */
    int threads;          /* 0: leave the handle's default */
} case_desc;

enum {
    CASE_CPU_DEFAULT,
    CASE_REF_1,
    CASE_AVX2_1,
    CASE_AVX2_2,
    CASE_AVX512_1,
    CASE_AVX512_2,
    CASE_CUDA,
    CASE_COUNT
};

static const case_desc CASES[CASE_COUNT] = {
    [CASE_CPU_DEFAULT] = {"cpu-default", GBLAS_BACKEND_CPU, NULL, 0},
    [CASE_REF_1] = {"cpu-reference-1t", GBLAS_BACKEND_CPU, "reference", 1},
    [CASE_AVX2_1] = {"cpu-avx2-1t", GBLAS_BACKEND_CPU, "avx2", 1},
    [CASE_AVX2_2] = {"cpu-avx2-2t", GBLAS_BACKEND_CPU, "avx2", 2},
    [CASE_AVX512_1] = {"cpu-avx512-1t", GBLAS_BACKEND_CPU, "avx512", 1},
    [CASE_AVX512_2] = {"cpu-avx512-2t", GBLAS_BACKEND_CPU, "avx512", 2},
    [CASE_CUDA] = {"cuda", GBLAS_BACKEND_CUDA, NULL, 0},
};

struct criterion_test_params harness_all_cases(void) {
    static hcase all[] = {{CASE_REF_1},    {CASE_AVX2_1},   {CASE_AVX2_2},
                          {CASE_AVX512_1}, {CASE_AVX512_2}, {CASE_CUDA}};
    return cr_make_param_array(hcase, all, sizeof all / sizeof all[0]);
}

struct criterion_test_params harness_api_cases(void) {
    static hcase api[] = {{CASE_CPU_DEFAULT}, {CASE_CUDA}};
    return cr_make_param_array(hcase, api, sizeof api / sizeof api[0]);
}

void harness_open(hctx *t, const hcase *hc) {
    cr_assert(hc->id >= 0 && hc->id < CASE_COUNT, "bad case id %d", hc->id);
    const case_desc *c = &CASES[hc->id];
    memset(t, 0, sizeof *t);
    t->name = c->name;
    t->is_cuda = c->backend == GBLAS_BACKEND_CUDA;
    if (c->cpu_path)
        setenv("GBLAS_CPU_PATH", c->cpu_path, 1);
    else
        unsetenv("GBLAS_CPU_PATH");
    gblas_status_t st = gblas_create(&t->h, c->backend);
    if (st == GBLAS_STATUS_NOT_SUPPORTED) {
        cr_assert(t->h == NULL, "[%s] failed gblas_create left *h non-NULL", c->name);
        cr_skip_test("%s: %s", c->name, gblas_last_error(NULL));
    }
    cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] gblas_create: %s: %s", c->name,
              gblas_status_name(st), gblas_last_error(NULL));
    gblas_backend_t b = GBLAS_BACKEND_AUTO;
    cr_assert(gblas_get_backend(t->h, &b) == GBLAS_STATUS_SUCCESS && b == c->backend,
              "[%s] gblas_get_backend gave %d", c->name, (int)b);
    const char *detail = gblas_backend_detail(t->h);
    cr_assert(detail && detail[0], "[%s] empty gblas_backend_detail", c->name);
    if (c->cpu_path) /* the path asked for must be the one that runs */
        cr_assert(strstr(detail, c->cpu_path) != NULL,
                  "[%s] GBLAS_CPU_PATH=%s but gblas_backend_detail = \"%s\"", c->name, c->cpu_path,
                  detail);
    if (c->threads > 0) {
        st = gblas_set_num_threads(t->h, c->threads);
        cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] gblas_set_num_threads: %s", c->name,
                  gblas_last_error(t->h));
        t->threads = c->threads;
    }
}

void harness_open_cuda(hctx *t) {
    const hcase cuda = {CASE_CUDA};
    harness_open(t, &cuda);
}

void harness_close(hctx *t) {
    gblas_status_t st = gblas_destroy(t->h);
    t->h = NULL;
    cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] gblas_destroy: %s", t->name, gblas_status_name(st));
}

/* ---- precision ---------------------------------------------------------------------------- */
double prec_eps(prec_t p) { return p == PREC_S || p == PREC_C ? FLT_EPSILON : DBL_EPSILON; }
const char *prec_name(prec_t p) {
    static const char *const names[] = {"s", "d", "c", "z"};
    return names[p];
}
size_t prec_size(prec_t p) {
    static const size_t bytes[] = {sizeof(float), sizeof(double), 2 * sizeof(float),
                                   2 * sizeof(double)};
    return bytes[p];
}
double prec_round(prec_t p, double v) { return p == PREC_S ? (double)(float)v : v; }

/* ---- random data: splitmix64 -------------------------------------------------------------- */
uint64_t rng_next(rng_t *r) {
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

rng_t rng_for(const char *tag, int64_t a, int64_t b, int64_t c, int64_t d) {
    uint64_t hsh = 0xCBF29CE484222325ull; /* FNV-1a over the tag */
    for (const char *s = tag; *s; s++) hsh = (hsh ^ (unsigned char)*s) * 0x100000001B3ull;
    rng_t r = {hsh};
    const int64_t shape[4] = {a, b, c, d};
    for (int i = 0; i < 4; i++) {
        r.s ^= (uint64_t)shape[i];
        rng_next(&r);
    }
    return r;
}

int64_t rng_range(rng_t *r, int64_t lo, int64_t hi) {
    return lo + (int64_t)(rng_next(r) % (uint64_t)(hi - lo + 1));
}

double rng_value(rng_t *r, prec_t p) {
    if (p == PREC_S) /* 24 random bits: exact in float */
        return ((double)(rng_next(r) >> 40) - 8388608.0) / 8388608.0;
    return (double)(rng_next(r) >> 11) / 4503599627370496.0 - 1.0;
}

void rng_fill(rng_t *r, prec_t p, double *v, int64_t n) {
    for (int64_t i = 0; i < n; i++) v[i] = rng_value(r, p);
}

/* ---- host buffers ------------------------------------------------------------------------- */
double *hbuf(int64_t n) {
    double *v = calloc((size_t)(n > 0 ? n : 1), sizeof(double));
    cr_assert(v != NULL, "host calloc of %lld doubles failed", (long long)n);
    return v;
}

/* A quiet NaN whose payload sits in the high mantissa bits, so it survives double -> float ->
 * double unchanged and a bitwise "untouched" check works in both precisions. */
double poison_nan(void) {
    const uint64_t bits = 0x7FFA5A5A00000000ull;
    double v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

double gap_value(int64_t i) { return -(1048576.0 + (double)(i % 4096) * 2.0); }

int64_t vec_len(int64_t n, int64_t inc) {
    int64_t a = inc < 0 ? -inc : inc;
    return n > 0 ? 1 + (n - 1) * a : 1;
}

int64_t vec_index(int64_t n, int64_t inc, int64_t i) {
    return (inc < 0 ? (1 - n) * inc : 0) + i * inc;
}

void fill_gaps(double *v, int64_t len, int64_t n, int64_t inc) {
    int64_t a = inc < 0 ? -inc : inc;
    for (int64_t j = 0; j < len; j++)
        if (n == 0 || j % a != 0 || j / a >= n) v[j] = gap_value(j);
}

double vec_elem(const double *v, int64_t n, int64_t inc, int64_t i) {
    return v[vec_index(n, inc, i)];
}

double *strided(prec_t p, const char *tag, int64_t n, int64_t inc, int64_t salt) {
    int64_t len = vec_len(n, inc);
    double *v = hbuf(len);
    rng_t r = rng_for(tag, p, n, inc, salt);
    rng_fill(&r, p, v, len);
    fill_gaps(v, len, n, inc);
    return v;
}

void check_gaps(const char *desc, const double *got, const double *before, int64_t n,
                int64_t inc) {
    int64_t len = vec_len(n, inc), a = inc < 0 ? -inc : inc;
    for (int64_t j = 0; j < len; j++)
        if (n == 0 || j % a != 0 || j / a >= n)
            cr_assert(same_bits(got[j], before[j]), "%s: slot %lld off the vector changed to %g",
                      desc, (long long)j, got[j]);
}

/* ---- backend buffers ---------------------------------------------------------------------- */
dbuf dbuf_upload(hctx *t, prec_t p, const double *host, int64_t len) {
    dbuf b = {NULL, len, p};
    size_t es = prec_size(p), cap = (size_t)(len > 0 ? len : 1);
    gblas_status_t st = gblas_malloc(t->h, &b.p, cap * es);
    cr_assert(st == GBLAS_STATUS_SUCCESS && b.p, "[%s] gblas_malloc(%zu): %s", t->name, cap * es,
              gblas_last_error(t->h));
    if (len == 0) return b;
    void *tmp = malloc(cap * es);
    cr_assert(tmp != NULL, "host malloc failed");
    for (int64_t i = 0; i < len; i++) {
        if (p == PREC_S)
            ((float *)tmp)[i] = (float)host[i];
        else
            ((double *)tmp)[i] = host[i];
    }
    st = gblas_set_matrix(t->h, len, 1, es, tmp, len, b.p, len);
    free(tmp);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] gblas_set_matrix: %s", t->name,
              gblas_last_error(t->h));
    return b;
}

void dbuf_download(hctx *t, const dbuf *b, double *host) {
    if (b->len == 0) return;
    size_t es = prec_size(b->prec);
    void *tmp = malloc((size_t)b->len * es);
    cr_assert(tmp != NULL, "host malloc failed");
    gblas_status_t st = gblas_get_matrix(t->h, b->len, 1, es, b->p, b->len, tmp, b->len);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] gblas_get_matrix: %s", t->name,
              gblas_last_error(t->h));
    for (int64_t i = 0; i < b->len; i++)
        host[i] = b->prec == PREC_S ? (double)((float *)tmp)[i] : ((double *)tmp)[i];
    free(tmp);
}

void dbuf_free(hctx *t, dbuf *b) {
    gblas_status_t st = gblas_free(t->h, b->p);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] gblas_free: %s", t->name, gblas_last_error(t->h));
    b->p = NULL;
}

/* ---- checks ------------------------------------------------------------------------------- */
int within_tol(prec_t p, double got, long double ref, long double scale, int64_t k) {
    if (isnan(got)) return 0;
    /* plus one unit of gradual underflow: a result in the subnormal range is rounded to it */
    long double tiny = p == PREC_S ? FLT_TRUE_MIN : DBL_TRUE_MIN;
    long double bound = TOL_C * (long double)(k + 2) * (long double)prec_eps(p) * scale + tiny;
    return fabsl((long double)got - ref) <= bound;
}

int matches_ref(prec_t p, double got, long double ref, long double scale, int64_t k) {
    if (isnan(ref)) return isnan(got);
    if (isinf(ref)) return (long double)got == ref;
    return within_tol(p, got, ref, scale, k);
}

int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* ---- error paths -------------------------------------------------------------------------- */
void expect_error_at(const char *file, int line, const char *call_text, gblas_handle_t h,
                     gblas_status_t got, gblas_status_t want, const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const char *last = gblas_last_error(h);
    cr_assert(got == want, "%s:%d: %s returned %s, want %s (message \"%s\")", file, line, call_text,
              gblas_status_name(got), gblas_status_name(want), last ? last : "(null)");
    cr_assert(last != NULL && strcmp(last, msg) == 0,
              "%s:%d: %s: message\n    \"%s\"\n  want\n    \"%s\"", file, line, call_text,
              last ? last : "(null)", msg);
}

void expect_ok_at(const char *file, int line, const char *call_text, gblas_handle_t h,
                  gblas_status_t got) {
    cr_assert(got == GBLAS_STATUS_SUCCESS, "%s:%d: %s returned %s: %s", file, line, call_text,
              gblas_status_name(got), gblas_last_error(h));
}

/* ---- sanitizer defaults ------------------------------------------------------------------- */
/* Under AddressSanitizer an impossible allocation aborts the process instead of returning NULL;
 * the ALLOC_FAILED tests need malloc's real behaviour. Read by ASan only (ASAN_OPTIONS adds to
 * it); an unused function in other builds. */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "allocator_may_return_null=1"; }

/* ---- skip report -------------------------------------------------------------------------- */
/* Criterion's summary counts no skips: list them (grouped by reason) after the run. */
#define SKIP_REASONS 16
static struct {
    char *reason;
    size_t count;
} skips[SKIP_REASONS];

ReportHook(POST_TEST)(struct criterion_test_stats *stats) {
    if (stats->test_status != CR_STATUS_SKIPPED) return;
    const char *why = stats->message ? stats->message : "(no reason given)";
    for (int i = 0; i < SKIP_REASONS; i++) {
        if (!skips[i].reason) skips[i].reason = strdup(why);
        if (skips[i].reason && strcmp(skips[i].reason, why) == 0) {
            skips[i].count++;
            return;
        }
    }
}

ReportHook(POST_ALL)(struct criterion_global_stats *stats) {
    if (stats->tests_skipped == 0) return;
    size_t listed = 0;
    fprintf(stderr, "[SKIP] %zu test runs skipped:\n", stats->tests_skipped);
    for (int i = 0; i < SKIP_REASONS && skips[i].reason; i++) {
        fprintf(stderr, "[SKIP]   %zu x %s\n", skips[i].count, skips[i].reason);
        listed += skips[i].count;
    }
    if (listed < stats->tests_skipped)
        fprintf(stderr, "[SKIP]   %zu x not selected (--filter)\n", stats->tests_skipped - listed);
}
