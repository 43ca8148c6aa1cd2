/* test_abi_level3.c: every Level-3 routine through the Fortran ABI (column-major) and CBLAS
 * (row-major), s and d, on each CPU path, checked at every element of the output against a
 * long double oracle. The reference testers' checker (xMMCH) keeps the error ratio of the last
 * column of C only, so a wrong column elsewhere passes them unless it is gross: here each
 * element has its own bound, |err| <= 8 (k + 2) eps (|alpha| |op(A)| |op(B)| + |beta| |C|)
 * (TRSM: the residual of op(A) X = alpha B against |op(A)| |X|), and what a routine must not
 * write (the other triangle of SYRK/SYR2K's C, the gaps past each column) is compared bitwise. */
#include <math.h>

#include "abi_test.h"

enum { GEMM, SYMM, SYRK, SYR2K, TRMM, TRSM };
static const char *const names[] = {"gemm", "symm", "syrk", "syr2k", "trmm", "trsm"};

typedef struct {
    int routine, single, row_major;
    char side, uplo, ta, tb, diag;
    int m, n, k;
    double alpha, beta;
} l3case;

/* A stored matrix: logical rows x cols, its layout's leading dimension two past the minimum. */
typedef struct {
    int rows, cols, ld, row_major;
    double *v;  /* the values, as double */
    void *data; /* what the routine sees: float or double */
} mat;

static void mat_make(mat *x, int rows, int cols, const l3case *c, uint64_t *rng, double scale) {
    x->rows = rows, x->cols = cols, x->row_major = c->row_major;
    x->ld = (c->row_major ? cols : rows) + 2;
    const size_t count = (size_t)x->ld * (c->row_major ? rows : cols) + 1;
    x->v = malloc(count * sizeof(double));
    x->data = malloc(count * sizeof(double));
    cr_assert(x->v && x->data);
    for (size_t i = 0; i < count; i++) x->v[i] = 777.0; /* the gaps */
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            x->v[abi_at(c->row_major, x->ld, i, j)] = abi_rand(rng, c->single) * scale;
}
static size_t mat_count(const mat *x) {
    return (size_t)x->ld * (x->row_major ? x->rows : x->cols) + 1;
}
static double get(const mat *x, int i, int j) { return x->v[abi_at(x->row_major, x->ld, i, j)]; }
static void to_data(mat *x, int single) {
    for (size_t i = 0; i < mat_count(x); i++)
        if (single) ((float *)x->data)[i] = (float)x->v[i];
        else ((double *)x->data)[i] = x->v[i];
}
static double from_data(const mat *x, int single, size_t i) {
    return single ? ((const float *)x->data)[i] : ((const double *)x->data)[i];
}
static void mat_free(mat *x) { free(x->v), free(x->data); }

static CBLAS_TRANSPOSE cb_op(char t) { return t == 'N' ? CblasNoTrans : t == 'T' ? CblasTrans : CblasConjTrans; }
static CBLAS_UPLO cb_uplo(char u) { return u == 'U' ? CblasUpper : CblasLower; }
static CBLAS_SIDE cb_side(char s) { return s == 'L' ? CblasLeft : CblasRight; }
static CBLAS_DIAG cb_diag(char d) { return d == 'U' ? CblasUnit : CblasNonUnit; }

static void call(const l3case *c, mat *A, mat *B, mat *C) {
    const float fa = (float)c->alpha, fb = (float)c->beta;
    const double *da = &c->alpha, *db = &c->beta;
    const CBLAS_LAYOUT L = CblasRowMajor;
    void *a = A->data, *b = B ? B->data : NULL, *cc = C ? C->data : NULL;
    const int *m = &c->m, *n = &c->n, *k = &c->k;
    const int *lda = &A->ld, *ldb = B ? &B->ld : NULL, *ldc = C ? &C->ld : NULL;
    switch (c->routine * 4 + c->single * 2 + c->row_major) {
    case GEMM * 4 + 0: dgemm_(&c->ta, &c->tb, m, n, k, da, a, lda, b, ldb, db, cc, ldc); break;
    case GEMM * 4 + 1: cblas_dgemm(L, cb_op(c->ta), cb_op(c->tb), *m, *n, *k, *da, a, *lda, b, *ldb, *db, cc, *ldc); break;
    case GEMM * 4 + 2: sgemm_(&c->ta, &c->tb, m, n, k, &fa, a, lda, b, ldb, &fb, cc, ldc); break;
    case GEMM * 4 + 3: cblas_sgemm(L, cb_op(c->ta), cb_op(c->tb), *m, *n, *k, fa, a, *lda, b, *ldb, fb, cc, *ldc); break;
    case SYMM * 4 + 0: dsymm_(&c->side, &c->uplo, m, n, da, a, lda, b, ldb, db, cc, ldc); break;
    case SYMM * 4 + 1: cblas_dsymm(L, cb_side(c->side), cb_uplo(c->uplo), *m, *n, *da, a, *lda, b, *ldb, *db, cc, *ldc); break;
    case SYMM * 4 + 2: ssymm_(&c->side, &c->uplo, m, n, &fa, a, lda, b, ldb, &fb, cc, ldc); break;
    case SYMM * 4 + 3: cblas_ssymm(L, cb_side(c->side), cb_uplo(c->uplo), *m, *n, fa, a, *lda, b, *ldb, fb, cc, *ldc); break;
    case SYRK * 4 + 0: dsyrk_(&c->uplo, &c->ta, n, k, da, a, lda, db, cc, ldc); break;
    case SYRK * 4 + 1: cblas_dsyrk(L, cb_uplo(c->uplo), cb_op(c->ta), *n, *k, *da, a, *lda, *db, cc, *ldc); break;
    case SYRK * 4 + 2: ssyrk_(&c->uplo, &c->ta, n, k, &fa, a, lda, &fb, cc, ldc); break;
    case SYRK * 4 + 3: cblas_ssyrk(L, cb_uplo(c->uplo), cb_op(c->ta), *n, *k, fa, a, *lda, fb, cc, *ldc); break;
    case SYR2K * 4 + 0: dsyr2k_(&c->uplo, &c->ta, n, k, da, a, lda, b, ldb, db, cc, ldc); break;
    case SYR2K * 4 + 1: cblas_dsyr2k(L, cb_uplo(c->uplo), cb_op(c->ta), *n, *k, *da, a, *lda, b, *ldb, *db, cc, *ldc); break;
    case SYR2K * 4 + 2: ssyr2k_(&c->uplo, &c->ta, n, k, &fa, a, lda, b, ldb, &fb, cc, ldc); break;
    case SYR2K * 4 + 3: cblas_ssyr2k(L, cb_uplo(c->uplo), cb_op(c->ta), *n, *k, fa, a, *lda, b, *ldb, fb, cc, *ldc); break;
    case TRMM * 4 + 0: dtrmm_(&c->side, &c->uplo, &c->ta, &c->diag, m, n, da, a, lda, b, ldb); break;
    case TRMM * 4 + 1: cblas_dtrmm(L, cb_side(c->side), cb_uplo(c->uplo), cb_op(c->ta), cb_diag(c->diag), *m, *n, *da, a, *lda, b, *ldb); break;
    case TRMM * 4 + 2: strmm_(&c->side, &c->uplo, &c->ta, &c->diag, m, n, &fa, a, lda, b, ldb); break;
    case TRMM * 4 + 3: cblas_strmm(L, cb_side(c->side), cb_uplo(c->uplo), cb_op(c->ta), cb_diag(c->diag), *m, *n, fa, a, *lda, b, *ldb); break;
    case TRSM * 4 + 0: dtrsm_(&c->side, &c->uplo, &c->ta, &c->diag, m, n, da, a, lda, b, ldb); break;
    case TRSM * 4 + 1: cblas_dtrsm(L, cb_side(c->side), cb_uplo(c->uplo), cb_op(c->ta), cb_diag(c->diag), *m, *n, *da, a, *lda, b, *ldb); break;
    case TRSM * 4 + 2: strsm_(&c->side, &c->uplo, &c->ta, &c->diag, m, n, &fa, a, lda, b, ldb); break;
    case TRSM * 4 + 3: cblas_strsm(L, cb_side(c->side), cb_uplo(c->uplo), cb_op(c->ta), cb_diag(c->diag), *m, *n, fa, a, *lda, b, *ldb); break;
    }
}

/* op(X)(i, l) of a general matrix. */
static double op_of(const mat *x, char t, int i, int l) { return t == 'N' ? get(x, i, l) : get(x, l, i); }
/* The full symmetric matrix of SYMM's stored triangle. */
static double sym(const mat *a, char uplo, int i, int j) {
    return (uplo == 'U') == (i <= j) ? get(a, i, j) : get(a, j, i);
}
/* op(T)(i, j) of TRMM/TRSM's triangular A. */
static double tri(const l3case *c, const mat *a, int i, int j) {
    if (c->ta != 'N') { const int t = i; i = j, j = t; }
    if (i == j) return c->diag == 'U' ? 1.0 : get(a, i, i);
    return (c->uplo == 'U') == (i < j) ? get(a, i, j) : 0.0;
}

/* Left factor (i, l) and right factor (l, j) of the product the routine forms (SYR2K's second
 * term swaps A and B), and its inner size. */
static double left(const l3case *c, const mat *A, const mat *B, int term, int i, int l) {
    switch (c->routine) {
    case GEMM: return op_of(A, c->ta, i, l);
    case SYMM: return c->side == 'L' ? sym(A, c->uplo, i, l) : get(B, i, l);
    case SYRK: return op_of(A, c->ta, i, l);
    case SYR2K: return op_of(term ? B : A, c->ta, i, l);
    default: return c->side == 'L' ? tri(c, A, i, l) : get(B, i, l);
    }
}
static double right(const l3case *c, const mat *A, const mat *B, int term, int l, int j) {
    switch (c->routine) {
    case GEMM: return op_of(B, c->tb, l, j);
    case SYMM: return c->side == 'L' ? get(B, l, j) : sym(A, c->uplo, l, j);
    case SYRK: return op_of(A, c->ta, j, l);
    case SYR2K: return op_of(term ? A : B, c->ta, j, l);
    default: return c->side == 'L' ? get(B, l, j) : tri(c, A, l, j);
    }
}

/* Runs one case and checks every element of the output. */
static void run_case(l3case *c, uint64_t *rng) {
    const int rows = c->routine == SYRK || c->routine == SYR2K ? c->n : c->m;
    const int inner = c->routine == GEMM || c->routine == SYRK || c->routine == SYR2K ? c->k
                      : c->side == 'L' ? c->m : c->n;
    const int trans_a = c->ta != 'N';
    mat A, B, C;
    const int structured = c->routine == SYMM || c->routine >= TRMM;
    const double scale = c->routine == TRSM ? 1.0 / inner : 1.0; /* keeps op(A) well conditioned */
    if (structured) mat_make(&A, inner, inner, c, rng, scale);
    else if (c->routine == GEMM) mat_make(&A, trans_a ? c->k : c->m, trans_a ? c->m : c->k, c, rng, 1);
    else mat_make(&A, trans_a ? c->k : c->n, trans_a ? c->n : c->k, c, rng, 1);
    if (c->routine == TRSM)
        for (int i = 0; i < inner; i++) A.v[abi_at(c->row_major, A.ld, i, i)] += 2.0;
    if (c->routine == GEMM) mat_make(&B, c->tb != 'N' ? c->n : c->k, c->tb != 'N' ? c->k : c->n, c, rng, 1);
    else if (c->routine == SYR2K) mat_make(&B, A.rows, A.cols, c, rng, 1);
    else mat_make(&B, c->m, c->n, c, rng, 1);
    const int has_c = c->routine <= SYR2K;
    mat *out = has_c ? &C : &B;
    if (has_c) {
        mat_make(&C, rows, c->n, c, rng, 1);
        if (c->beta == 0)
            for (int i = 0; i < rows; i++)
                for (int j = 0; j < c->n; j++) C.v[abi_at(c->row_major, C.ld, i, j)] = NAN;
    }
    to_data(&A, c->single), to_data(&B, c->single);
    if (has_c) to_data(&C, c->single);
    call(c, &A, &B, has_c ? &C : NULL);

    const double eps = c->single ? 0x1p-24 : 0x1p-53;
    const int tri_out = c->routine == SYRK || c->routine == SYR2K;
    const char *where = c->row_major ? "cblas row-major" : "fortran";
    for (int i = 0; i < rows; i++) {
        for (int j = 0; j < c->n; j++) {
            const size_t at = abi_at(c->row_major, out->ld, i, j);
            const double got = from_data(out, c->single, at);
            if (tri_out && !(c->uplo == 'U' ? i <= j : i >= j)) {
                const double before = c->single ? (double)(float)out->v[at] : out->v[at];
                cr_assert(got == before || (isnan(got) && isnan(before)),
                          "%s %c%s: C(%d, %d) outside the uplo triangle was written", where,
                          c->single ? 's' : 'd', names[c->routine], i, j);
                continue;
            }
            long double sum = 0, bound = 0;
            if (c->routine == TRSM) {
                /* residual: op(A) X (left) or X op(A) (right) against alpha B */
                for (int l = 0; l < inner; l++) {
                    const long double p = c->side == 'L'
                        ? (long double)tri(c, &A, i, l) * from_data(out, c->single, abi_at(c->row_major, out->ld, l, j))
                        : (long double)from_data(out, c->single, abi_at(c->row_major, out->ld, i, l)) * tri(c, &A, l, j);
                    sum += p, bound += fabsl(p);
                }
                const long double want = (long double)c->alpha * get(&B, i, j);
                bound += fabsl(want);
                cr_assert(fabsl(sum - want) <= 8.0L * (inner + 2) * eps * bound,
                          "%s %ctrsm side %c uplo %c trans %c diag %c m %d n %d: residual at (%d, %d) "
                          "%Lg, bound %Lg", where, c->single ? 's' : 'd', c->side, c->uplo, c->ta,
                          c->diag, c->m, c->n, i, j, fabsl(sum - want), 8.0L * (inner + 2) * eps * bound);
                continue;
            }
            for (int term = 0; term < (c->routine == SYR2K ? 2 : 1); term++)
                for (int l = 0; l < inner; l++) {
                    const long double p = (long double)left(c, &A, &B, term, i, l) * right(c, &A, &B, term, l, j);
                    sum += p, bound += fabsl(p);
                }
            long double want = c->alpha * sum;
            bound *= fabs(c->alpha);
            if (has_c && c->beta != 0) {
                want += (long double)c->beta * get(&C, i, j);
                bound += fabsl((long double)c->beta * get(&C, i, j));
            }
            cr_assert(fabsl(got - want) <= 8.0L * (inner + 2) * eps * bound,
                      "%s %c%s side %c uplo %c ta %c tb %c diag %c m %d n %d k %d alpha %g beta %g: "
                      "(%d, %d) = %.17g, want %.17Lg", where, c->single ? 's' : 'd',
                      names[c->routine], c->side, c->uplo, c->ta, c->tb, c->diag, c->m, c->n, c->k,
                      c->alpha, c->beta, i, j, got, want);
        }
    }
    /* the gaps past each column (row) of the output are untouched */
    for (size_t at = 0; at < mat_count(out); at++) {
        const size_t line = at / out->ld, pos = at % out->ld;
        const int inside = line < (size_t)(c->row_major ? rows : c->n) &&
                           pos < (size_t)(c->row_major ? c->n : rows);
        if (!inside)
            cr_assert(from_data(out, c->single, at) == 777.0, "%s %s: the gap at %zu was written",
                      where, names[c->routine], at);
    }
    mat_free(&A), mat_free(&B);
    if (has_c) mat_free(&C);
}

static const int sizes[][3] = {{1, 1, 1}, {5, 3, 7}, {33, 17, 9}, {70, 65, 40}, {130, 3, 129}};

static void run_routine(int routine, const char *path) {
    abi_use_path(path);
    uint64_t rng = 12345 + (uint64_t)routine;
    const int has_side = routine == SYMM || routine >= TRMM, has_uplo = routine != GEMM;
    const int has_ta = routine != SYMM, has_tb = routine == GEMM, has_diag = routine >= TRMM;
    const double ab[][2] = {{0.7, -1.3}, {1.1, 0.0}, {0.0, 0.5}};
    int cases = 0;
    for (int single = 0; single < 2; single++)
    for (int row_major = 0; row_major < 2; row_major++)
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
    for (int side = 0; side < (has_side ? 2 : 1); side++)
    for (int uplo = 0; uplo < (has_uplo ? 2 : 1); uplo++)
    for (int ta = 0; ta < (has_ta ? 3 : 1); ta++)
    for (int tb = 0; tb < (has_tb ? 3 : 1); tb++)
    for (int diag = 0; diag < (has_diag ? 2 : 1); diag++)
    for (int v = 0; v < 3; v++) {
        l3case c = {routine, single, row_major, "LR"[side], "UL"[uplo], "NTC"[ta], "NTC"[tb],
                    "NU"[diag], sizes[s][0], sizes[s][1], sizes[s][2], ab[v][0], ab[v][1]};
        run_case(&c, &rng);
        cases++;
    }
    cr_log_info("%s on %s: %d cases", names[routine], path, cases);
}

typedef struct {
    int routine, path;
} l3param;

ParameterizedTestParameters(abi_level3, every_element) {
    static l3param params[6 * 3];
    for (int r = 0; r < 6; r++)
        for (int p = 0; p < 3; p++) params[r * 3 + p] = (l3param){r, p};
    return cr_make_param_array(l3param, params, 6 * 3);
}
ParameterizedTest(const l3param *p, abi_level3, every_element) {
    static const char *const paths[] = ABI_PATHS;
    run_routine(p->routine, paths[p->path]);
}
