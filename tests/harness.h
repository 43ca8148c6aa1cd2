/* harness.h: what every gblas test body is built on. A test body runs once per backend case
 * (Criterion parameterized tests: one process per case), opens a handle for its case (or is
 * reported as skipped with the reason), keeps its data on the host as double arrays (values
 * exactly representable in the precision under test), moves them through gblas_set_matrix /
 * gblas_get_matrix, and checks results against long double references with a scaled bound. */
#ifndef GBLAS_TEST_HARNESS_H
#define GBLAS_TEST_HARNESS_H

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdint.h>

#include "gblas.h"

/* ---- backend cases ------------------------------------------------------------------------ */
/* A parameter crosses into the test's own process: it holds only an index into harness.c's
 * table of cases (names, GBLAS_CPU_PATH, thread counts live there). */
typedef struct {
    int id;
} hcase;

/* Every backend case: cpu reference 1 thread; avx2 1 and 2; avx512 1 and 2; cuda. */
struct criterion_test_params harness_all_cases(void);
/* The cases for tests of the API layer: the CPU backend's default path, and cuda. */
struct criterion_test_params harness_api_cases(void);

#define BACKEND_TEST(Suite, Name)                                                                  \
    ParameterizedTestParameters(Suite, Name) { return harness_all_cases(); }                       \
    ParameterizedTest(const hcase *hc, Suite, Name)
#define API_TEST(Suite, Name)                                                                      \
    ParameterizedTestParameters(Suite, Name) { return harness_api_cases(); }                       \
    ParameterizedTest(const hcase *hc, Suite, Name)

typedef struct {
    gblas_handle_t h;
    const char *name; /* "cpu-avx2-2t", "cuda", ... : prefixes every failure message */
    int is_cuda;
    int threads; /* threads set on a CPU handle; 0 on cuda */
} hctx;

/* Creates the case's handle; skips the test (never passes it) when the backend or ISA level
 * is missing, with gblas_last_error(NULL) as the reason. */
void harness_open(hctx *t, const hcase *hc);
/* The cuda case alone, for plain Test()s of the GPU-only files. */
void harness_open_cuda(hctx *t);
void harness_close(hctx *t);

/* ---- precision ---------------------------------------------------------------------------- */
/* PREC_C and PREC_Z are named by the generated dispatch (routines_gen.h) for the complex types
 * to come; the data helpers below (rng, dbuf, prec_round) handle PREC_S and PREC_D only. */
typedef enum { PREC_S, PREC_D, PREC_C, PREC_Z } prec_t;
double prec_eps(prec_t p);       /* of the real type */
const char *prec_name(prec_t p); /* "s", "d", "c" or "z" */
size_t prec_size(prec_t p);      /* bytes of one element */
/* Rounds v to the precision (identity for d). */
double prec_round(prec_t p, double v);

/* ---- random data -------------------------------------------------------------------------- */
typedef struct {
    uint64_t s;
} rng_t;
/* Fixed seed per test, different data per shape: tag names the test, a..d the shape. */
rng_t rng_for(const char *tag, int64_t a, int64_t b, int64_t c, int64_t d);
uint64_t rng_next(rng_t *r);
int64_t rng_range(rng_t *r, int64_t lo, int64_t hi); /* uniform in [lo, hi] */
/* Uniform in [-1, 1), rounded to the precision. */
double rng_value(rng_t *r, prec_t p);
void rng_fill(rng_t *r, prec_t p, double *v, int64_t n);

/* ---- host buffers -------------------------------------------------------------------------- */
double *hbuf(int64_t n); /* calloc'd, asserts; n = 0 still gives a valid pointer */
double poison_nan(void);
/* Marker for elements a routine must not touch (strided gaps, rows beyond m): exact in float,
 * different per position, far outside the test data's range. */
double gap_value(int64_t i);
/* Fills the n-element strided vector v (1 + (n-1)|inc| slots) with gap markers off the vector. */
void fill_gaps(double *v, int64_t len, int64_t n, int64_t inc);
int64_t vec_len(int64_t n, int64_t inc);              /* slots a strided vector spans (>= 1) */
int64_t vec_index(int64_t n, int64_t inc, int64_t i); /* slot of element i (reference BLAS) */
/* Element i of the strided vector v. */
double vec_elem(const double *v, int64_t n, int64_t inc, int64_t i);
/* A random strided vector (vec_len(n, inc) slots, values of the precision) with gap markers
 * between its elements; seeded by tag, p, n, inc and salt. Free with free(). */
double *strided(prec_t p, const char *tag, int64_t n, int64_t inc, int64_t salt);
/* Asserts every slot off the strided vector came back bit for bit (got against before). */
void check_gaps(const char *desc, const double *got, const double *before, int64_t n,
                int64_t inc);

/* ---- backend buffers ---------------------------------------------------------------------- */
typedef struct {
    void *p;
    int64_t len;
    prec_t prec;
} dbuf;
/* Allocates len elements of backend memory and copies host (len doubles, converted) into it
 * through gblas_set_matrix. len = 0 still allocates, so the pointer is never NULL. */
dbuf dbuf_upload(hctx *t, prec_t p, const double *host, int64_t len);
/* Copies the whole buffer back through gblas_get_matrix, converted to double. */
void dbuf_download(hctx *t, const dbuf *b, double *host);
void dbuf_free(hctx *t, dbuf *b);

/* ---- checks ------------------------------------------------------------------------------- */
/* The bound every computed element must meet:
 *   |got - ref| <= TOL_C * (k + 2) * eps * scale + (the precision's smallest subnormal),
 * scale = |alpha| sum |a||b| + |beta||c| for that element (the last term covers rounding into
 * the subnormal range). NaN never passes. */
#define TOL_C 2.0L
int within_tol(prec_t p, double got, long double ref, long double scale, int64_t k);
/* within_tol for references that may not be finite: a NaN reference wants a NaN, an infinite
 * one the same infinity. */
int matches_ref(prec_t p, double got, long double ref, long double scale, int64_t k);
/* Asserts bitwise equality of two host arrays of doubles (NaN compares by bits). */
int same_bits(double a, double b);

/* ---- error paths -------------------------------------------------------------------------- */
/* Asserts that call returned want and that gblas_last_error(h) (h may be NULL) is exactly the
 * printf-formatted message; failures name the caller's line and the call's text. */
#define EXPECT_ERR(h, call, want, ...)                                                             \
    expect_error_at(__FILE__, __LINE__, #call, (h), (call), (want), __VA_ARGS__)
void expect_error_at(const char *file, int line, const char *call_text, gblas_handle_t h,
                     gblas_status_t got, gblas_status_t want, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;
/* Asserts that call returned SUCCESS, with the handle's message on failure. */
#define EXPECT_OK(h, call) expect_ok_at(__FILE__, __LINE__, #call, (h), (call))
void expect_ok_at(const char *file, int line, const char *call_text, gblas_handle_t h,
                  gblas_status_t got);

#endif /* GBLAS_TEST_HARNESS_H */
