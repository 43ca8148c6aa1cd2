/* fuzz_core.c: the hand-written part of the fuzz harness (fuzz.h): decoding values from the
 * input, the two sides' buffers (each operand allocated to exactly the extent a valid call may
 * touch, so a read past it is an AddressSanitizer or compute-sanitizer error), the prediction
 * of whether a call is valid, and the checks after it:
 *   - both sides return the same status; an invalid call returns INVALID_VALUE with the same
 *     message naming the routine on both sides and touches nothing;
 *   - a valid call returns SUCCESS, leaves its inputs bitwise alone, writes only the elements it
 *     owns (strided gaps and rows past m keep their bits; of a structured operand, only the
 *     elements it references: a symmetric update's other triangle, a band's storage outside
 *     the band, a unit diagonal keep theirs), and the owned elements agree between the sides
 *     within a tolerance (data are small dyadic numbers, so most sums are exact in any order);
 *   - a structured operand's unreferenced elements hold NaN: with finite data and scalars, a
 *     call whose operands include one must write finite values only (a NaN there means a side
 *     read what the routine may not reference);
 * plus the handle and memory calls (pointer mode, threads, workspace, copies, malloc/free). */
#define _POSIX_C_SOURCE 200809L /* posix_memalign, setenv */
#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

enum { FZ_MAX_ELEMS = 1 << 16 }; /* a valid call's operand larger than this is not made */
#define FZ_ADDRESS_TOP ((uint64_t)1 << 47) /* the API's address-space top (x86-64 user space) */

int fz_fatal, fz_trace, fz_canonical;

/* ---- reporting ------------------------------------------------------------------------------ */
int fz_same_message(const char *a, const char *b) {
    /* pointers ("0x7f...") differ between the sides' buffers: compared as "0x" */
    for (;;) {
        if (a[0] == '0' && a[1] == 'x' && b[0] == '0' && b[1] == 'x') {
            a += 2;
            b += 2;
            while (isxdigit((unsigned char)*a)) a++;
            while (isxdigit((unsigned char)*b)) b++;
            continue;
        }
        if (*a != *b) return 0;
        if (*a == '\0') return 1;
        a++;
        b++;
    }
}

static void problem(fz_call *z, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void problem(fz_call *z, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "gblas-fuzz: %s [%s vs %s] %s: ", z->routine, z->side[0]->name,
            z->side[1]->name, z->desc);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    z->problems++;
    if (fz_fatal) abort(); /* libFuzzer keeps the input */
}

static void describe(fz_call *z, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void describe(fz_call *z, const char *fmt, ...) {
    const size_t used = strlen(z->desc);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(z->desc + used, sizeof z->desc - used, fmt, ap);
    va_end(ap);
}

/* ---- decoding ------------------------------------------------------------------------------- */
static uint8_t take(fz_input *in) {
    if (in->left == 0) return 0;
    in->left--;
    return *in->in++;
}

/* Scalars and arrays: exact small values, the edges of the BLAS rules (0, 1, -1, -0), and
 * values that overflow, underflow or are not numbers. */
static const double VALUES[32] = {0,    1,     -1,    2,     -2,   0.5,     -0.5,     3,
                                  0.25, -0.75, 1.5,   -3,    4,    0.125,   -0.0,     1,
                                  0,    2,     -1,    0.5,   1e-3, 1e3,     -1e3,     1e-20,
                                  1e20, NAN,   INFINITY, -INFINITY, 1.0 / 3, 0.1, 5, -4};

static const int64_t EDGE_SIZES[32] = {0,  1,   2,   3,   4,       5,          7,
                                       8,  9,   15,  16,  17,      31,         32,
                                       33, 63,  64,  65,  127,     128,        129,
                                       -1, -2,  INT64_MIN, INT64_MAX, INT64_MAX - 1,
                                       (int64_t)1 << 31, ((int64_t)1 << 31) + 16,
                                       (int64_t)1 << 32, (int64_t)1 << 40, (int64_t)1 << 62,
                                       INT32_MAX};

static const int64_t INCS[32] = {1, 1, 1, 1, 2, 3, -1, -1, -2, -3, 4, 7, -7, 0, 16, -16,
                                 (int64_t)1 << 20, -((int64_t)1 << 20), (int64_t)1 << 31,
                                 -((int64_t)1 << 31), (int64_t)1 << 40, -((int64_t)1 << 40),
                                 (int64_t)1 << 62, -((int64_t)1 << 62), INT64_MAX, INT64_MIN,
                                 INT64_MIN + 1, INT64_MAX / 2, 1, 2, -1, 5};

int64_t fz_size(fz_call *z, const char *name) {
    const uint8_t b = take(z->input);
    int64_t v;
    if (b < 128)
        v = b % 24;
    else if (b < 192)
        v = 24 + (b - 128);
    else if (b < 224)
        v = 88 + (b - 192) * 2;
    else
        v = EDGE_SIZES[b - 224];
    if (v < 0) z->bad = 1;
    if (v > z->work_size && v <= FZ_MAX_ELEMS) z->work_size = v;
    describe(z, "%s=%lld ", name, (long long)v);
    return v;
}

gblas_operation_t fz_op(fz_call *z) {
    static const int OPS[8] = {GBLAS_OP_N, GBLAS_OP_T, GBLAS_OP_C, GBLAS_OP_N,
                               GBLAS_OP_T, GBLAS_OP_C, GBLAS_OP_N, 99};
    const int op = OPS[take(z->input) % 8];
    if (op == 99) z->bad = 1;
    describe(z, "op=%d ", op);
    return (gblas_operation_t)op;
}

/* uplo, diag and side: mostly their two values, now and then one outside the enumeration. */
static int take_enum(fz_call *z, const char *name) {
    static const int BAD[5] = {2, -1, 99, INT32_MAX, INT32_MIN};
    const uint8_t b = take(z->input);
    const int v = b % 8 == 7 ? BAD[(b >> 3) % 5] : b % 2;
    if (v != 0 && v != 1) z->bad = 1;
    describe(z, "%s=%d ", name, v);
    return v;
}

gblas_fill_mode_t fz_uplo(fz_call *z) { return (gblas_fill_mode_t)take_enum(z, "uplo"); }
gblas_diag_type_t fz_diag(fz_call *z) { return (gblas_diag_type_t)take_enum(z, "diag"); }
gblas_side_mode_t fz_side_mode(fz_call *z) { return (gblas_side_mode_t)take_enum(z, "side"); }

int64_t fz_inc(fz_call *z) { return INCS[take(z->input) % 32]; }

int64_t fz_ld(fz_call *z, int64_t rows) {
    const uint8_t b = take(z->input);
    const int64_t base = rows > 1 ? rows : 1;
    if (b < 200) return base <= INT64_MAX - 3 ? base + b % 4 : base;
    static const int64_t EDGE[7] = {0, -1, 1, (int64_t)1 << 20, (int64_t)1 << 31,
                                    (int64_t)1 << 40, INT64_MAX};
    if (b % 8 == 7) return rows > INT64_MIN ? rows - 1 : rows;
    return EDGE[b % 8];
}

static fz_arg *add_arg(fz_call *z, const char *name, fz_kind kind, char elem_kind, int need,
                       int out) {
    if (z->nargs == FZ_MAX_ARGS) abort(); /* the table outgrew the harness */
    fz_arg *a = &z->args[z->nargs++];
    memset(a, 0, sizeof *a);
    a->name = name;
    a->kind = kind;
    a->elem_kind = elem_kind;
    a->need = need;
    a->out = out;
    a->rows = a->cols = a->ld = a->count = 1;
    return a;
}

/* An argument given to the call, with its choice byte (NULL or not). */
static fz_arg *new_arg(fz_call *z, const char *name, fz_kind kind, char elem_kind, int need,
                       int out) {
    fz_arg *a = add_arg(z, name, kind, elem_kind, need, out);
    a->choice = take(z->input);
    return a;
}

static int is_complex(fz_type t) { return t == FZ_C || t == FZ_Z; }

/* Real components per element of the argument. */
static size_t comps_per_elem(const fz_call *z, const fz_arg *a) {
    return a->elem_kind == 'T' && is_complex(z->type) ? 2 : 1;
}

static void take_values(fz_call *z, fz_arg *a, int count) {
    for (int i = 0; i < count && i < FZ_MAX_VALUES; i++) a->value[i] = VALUES[take(z->input) % 32];
}

fz_arg *fz_scalar(fz_call *z, const char *name, char kind, int need, int out) {
    fz_arg *a = new_arg(z, name, FZ_SCALAR, kind, need, out);
    take_values(z, a, (int)comps_per_elem(z, a));
    describe(z, "%s=%g ", name, a->value[0]);
    return a;
}

fz_arg *fz_result(fz_call *z, const char *name, char kind) {
    return new_arg(z, name, FZ_RESULT, kind, 1, 1);
}

fz_arg *fz_array(fz_call *z, const char *name, int length, int out) {
    fz_arg *a = new_arg(z, name, FZ_ARRAY, 'T', 1, out);
    a->cols = length;
    take_values(z, a, length * (int)comps_per_elem(z, a));
    describe(z, "%s=[%g %g %g %g %g] ", name, a->value[0], a->value[1], a->value[2], a->value[3],
             a->value[4]);
    return a;
}

fz_arg *fz_vec(fz_call *z, const char *name, int64_t n, int64_t inc, int need, int out) {
    fz_arg *a = new_arg(z, name, FZ_VEC, 'T', need, out);
    a->cols = n;
    a->ld = inc;
    if (inc == 0) z->bad = 1;
    describe(z, "%s(inc=%lld%s) ", name, (long long)inc, need ? "" : ",unused");
    return a;
}

fz_arg *fz_mat(fz_call *z, const char *name, int64_t rows, int64_t cols, int64_t ld,
               int64_t ld_rows, int need, int out) {
    fz_arg *a = new_arg(z, name, FZ_MAT, 'T', need, out);
    a->rows = rows;
    a->cols = cols;
    a->ld = ld;
    if (ld < 1 || ld < ld_rows) z->bad = 1;
    describe(z, "%s(%lldx%lld,ld=%lld%s) ", name, (long long)rows, (long long)cols,
             (long long)ld, need ? "" : ",unused");
    return a;
}

fz_arg *fz_packed(fz_call *z, const char *name, int64_t n, int need, int out) {
    fz_arg *a = new_arg(z, name, FZ_PACKED, 'T', need, out);
    a->cols = n;
    describe(z, "%s(packed%s) ", name, need ? "" : ",unused");
    return a;
}

/* ---- batches ------------------------------------------------------------------------------ */
/* Elements of one rows x cols matrix with leading dimension ld (rows + (cols - 1) ld), saturated
 * at INT64_MAX; 0 when it is empty or ld is not valid. */
static int64_t mat_extent(int64_t rows, int64_t cols, int64_t ld) {
    if (rows <= 0 || cols <= 0 || ld < rows) return 0;
    if (ld > (INT64_MAX - rows) / (cols > 1 ? cols - 1 : 1)) return INT64_MAX;
    return rows + (cols - 1) * ld;
}

int64_t fz_count(fz_call *z, const char *name) {
    static const int64_t EDGE[8] = {-1, -2, INT64_MIN, INT64_MAX, (int64_t)1 << 31,
                                    (int64_t)1 << 40, FZ_MAX_BATCH + 1, 1000};
    const uint8_t b = take(z->input);
    const int64_t v = b < 160 ? b % 6 : b < 232 ? 6 + (b - 160) % (FZ_MAX_BATCH - 5) : EDGE[b % 8];
    if (v < 0) z->bad = 1;
    describe(z, "%s=%lld ", name, (long long)v);
    return v;
}

int64_t fz_stride(fz_call *z, const char *name, int64_t rows, int64_t cols, int64_t ld) {
    static const int64_t EDGE[8] = {-1, INT64_MIN, (int64_t)1 << 31, (int64_t)1 << 40,
                                    (int64_t)1 << 62, INT64_MAX, -((int64_t)1 << 40), 1};
    const uint8_t b = take(z->input);
    const int64_t extent = mat_extent(rows, cols, ld), small = b >> 4;
    int64_t v;
    switch (b % 16) {
    case 9: v = 0; break;                                     /* one matrix for all */
    case 10: v = extent > 0 ? extent - 1 : 0; break;          /* neighbours overlap */
    case 11: v = small; break;                                /* most overlap */
    case 12: v = ld; break;                                   /* a column apart */
    case 13: v = EDGE[small % 8]; break;
    case 14:
    case 15: v = extent < INT64_MAX - 16 ? extent + 1 + small : INT64_MAX; break; /* gaps */
    default: v = extent; break;                               /* one after another */
    }
    describe(z, "%s=%lld ", name, (long long)v);
    return v;
}

void fz_strided(fz_call *z, fz_arg *a, int64_t count, int64_t stride) {
    a->stride = stride;
    if (stride < 0) z->bad = 1;
    if (!a->need || count <= 1) return; /* one matrix (or none read): the stride moves nothing */
    a->count = count;
    /* outputs apart: the API's rule (a stride below one matrix's extent) when it can reckon
     * that extent; past the address space it fails the extent check (fz_prepare) */
    const int64_t extent = mat_extent(a->rows, a->cols, a->ld);
    if (a->out && stride < extent && extent < INT64_MAX) z->bad = 1;
}

/* A member of an array: a matrix the call reaches through the array only. */
static fz_arg *new_member(fz_call *z, const fz_arg *array, int64_t rows, int64_t cols,
                          int64_t ld, int out) {
    fz_arg *m = add_arg(z, array->name, FZ_MAT, 'T', 1, out);
    m->rows = rows;
    m->cols = cols;
    m->ld = ld;
    m->member = 1;
    return m;
}

fz_arg *fz_mat_array(fz_call *z, const char *name, int64_t rows, int64_t cols, int64_t ld,
                     int64_t ld_rows, int64_t count, int need, int out, const fz_arg *share) {
    fz_arg *a = new_arg(z, name, FZ_POINTERS, 'P', need, out);
    a->count = 0; /* entries with members */
    a->cols = count > 0 ? count : 1;
    const int ld_ok = ld >= 1 && ld >= ld_rows;
    if (!ld_ok) z->bad = 1;
    describe(z, "%s(%lld of %lldx%lld,ld=%lld%s) ", name, (long long)count, (long long)rows,
             (long long)cols, (long long)ld, need ? "" : ",unused");
    if (!need || count <= 0 || !ld_ok) return a;
    const int64_t extent = mat_extent(rows, cols, ld) > 0 ? mat_extent(rows, cols, ld) : 1;
    if (count > FZ_MAX_BATCH || extent > FZ_MAX_ELEMS / count) {
        a->too_many = 1; /* valid, but more than the harness makes */
        return a;
    }
    for (int64_t i = 0; i < count; i++) {
        int m = -1;
        if (!out) { /* an input: a fresh matrix, an earlier entry's, or one of share's */
            const uint8_t b = take(z->input);
            if (b % 4 == 1 && i > 0) m = a->members[(b >> 2) % i];
            if (b % 4 == 2 && share != NULL && share->count > 0) {
                const int o = share->members[(b >> 2) % share->count];
                if (z->args[o].rows == rows && z->args[o].cols == cols && z->args[o].ld == ld)
                    m = o;
            }
        }
        if (m < 0) m = (int)(new_member(z, a, rows, cols, ld, out) - z->args);
        a->members[i] = (uint8_t)m;
        describe(z, "%d", m);
        describe(z, i + 1 < count ? "," : " ");
    }
    a->count = count;
    return a;
}

void fz_in_place(fz_call *z, fz_arg *out, fz_arg *in, int valid) {
    const uint8_t b = take(z->input);
    if (!valid || b % 4 != 0 || out->alias != NULL) return;
    out->alias = in;
    in->out = 1;
    in->need |= out->need;
    in->in_place = 1;
    describe(z, "[%s is %s] ", out->name, in->name);
}

/* Beyond any operand the harness makes: bounds kept here stay clear of overflow. */
#define FZ_BIG ((int64_t)1 << 40)
static int64_t clip(int64_t v) { return v < 0 ? 0 : v > FZ_BIG ? FZ_BIG : v; }

void fz_band(fz_call *z, fz_arg *a, int64_t m, int64_t kl, int64_t ku, int unit, int solve) {
    a->shape = FZ_SHAPE_BAND;
    a->shape_m = clip(m);
    a->shape_kl = clip(kl);
    a->shape_ku = clip(ku);
    a->shape_off = clip(ku);
    a->unit = unit;
    a->solve = solve;
    describe(z, "[band %lldx%lld kl=%lld ku=%lld%s] ", (long long)m, (long long)a->cols,
             (long long)kl, (long long)ku, unit ? " unit" : "");
}

void fz_triangle(fz_call *z, fz_arg *a, gblas_fill_mode_t uplo, int unit, int solve) {
    if (a->kind == FZ_POINTERS) { /* each member; a shared one gets the same twice */
        for (int64_t i = 0; i < a->count; i++)
            fz_triangle(z, &z->args[a->members[i]], uplo, unit, solve);
        if (unit) describe(z, "[unit] ");
        return;
    }
    const int upper = uplo == GBLAS_FILL_MODE_UPPER, lower = uplo == GBLAS_FILL_MODE_LOWER;
    if (a->kind == FZ_PACKED) {
        a->shape = lower ? FZ_SHAPE_PACKED_LOWER : FZ_SHAPE_PACKED_UPPER;
        a->shape_m = clip(a->cols);
    } else { /* a full matrix: unbounded on the triangle's side */
        a->shape = FZ_SHAPE_FULL;
        a->shape_m = clip(a->rows);
        a->shape_kl = upper ? 0 : FZ_BIG; /* an invalid uplo (the call fails): all of it */
        a->shape_ku = lower ? 0 : FZ_BIG;
        a->shape_off = 0;
    }
    a->unit = unit;
    a->solve = solve;
    if (unit && !a->member) describe(z, "[unit] ");
}

int fz_scalar_is(const fz_call *z, const fz_arg *a, double v) {
    if (z->pointer_mode != GBLAS_POINTER_MODE_HOST) return 0;
    const int single = z->type == FZ_S || z->type == FZ_C;
    const double re = single ? (double)(float)a->value[0] : a->value[0];
    return re == v && (!is_complex(z->type) || a->value[1] == 0);
}

/* ---- the sides' memory ------------------------------------------------------------------ */
/* Data in backend memory (vectors, matrices, packed triangles, arrays of pointers). */
static int is_data(const fz_arg *a) {
    return a->kind == FZ_VEC || a->kind == FZ_MAT || a->kind == FZ_PACKED ||
           a->kind == FZ_POINTERS;
}

/* Backend memory on a device side is device memory; everything else is host memory. */
static int on_device(const fz_call *z, int s, const fz_arg *a) {
    return z->side[s]->device && (is_data(a) || z->pointer_mode == GBLAS_POINTER_MODE_DEVICE);
}

static void *side_alloc(fz_side *sd, int device, size_t bytes) {
    void *p = NULL;
    if (!device) return malloc(bytes);
    return gblas_malloc(sd->h, &p, bytes) == GBLAS_STATUS_SUCCESS ? p : NULL;
}

static void side_free(fz_side *sd, int device, void *p) {
    if (device)
        gblas_free(sd->h, p);
    else
        free(p);
}

static int side_put(fz_side *sd, int device, void *dst, const void *src, size_t bytes) {
    if (!device) {
        memcpy(dst, src, bytes);
        return 1;
    }
    return gblas_set_vector(sd->h, (int64_t)bytes, 1, src, 1, dst, 1) == GBLAS_STATUS_SUCCESS;
}

static int side_get(fz_side *sd, int device, void *dst, const void *src, size_t bytes) {
    if (!device) {
        memcpy(dst, src, bytes);
        return 1;
    }
    return gblas_get_vector(sd->h, (int64_t)bytes, 1, src, 1, dst, 1) == GBLAS_STATUS_SUCCESS;
}

/* ---- operand extents and contents ------------------------------------------------------- */
/* Elements an operand spans from its first to its last element (vectors by |inc|; a strided
 * batch to its last matrix's last element), or 0 when that overflows 64 bits. */
static uint64_t span(const fz_arg *a) {
    if (a->kind == FZ_PACKED) { /* n (n + 1) / 2; from 2^32 on, past any address space */
        if (a->cols <= 0) return 1;
        if ((uint64_t)a->cols >= (uint64_t)1 << 32) return 0;
        return (uint64_t)a->cols * ((uint64_t)a->cols + 1) / 2;
    }
    if (a->kind != FZ_VEC && a->kind != FZ_MAT) return (uint64_t)a->cols;
    if (a->rows <= 0 || a->cols <= 0) return 1;
    const uint64_t step = a->ld < 0 ? 0 - (uint64_t)a->ld : (uint64_t)a->ld;
    const uint64_t c = (uint64_t)a->cols - 1;
    if (c != 0 && step > (UINT64_MAX - (uint64_t)a->rows) / c) return 0;
    const uint64_t one = (uint64_t)a->rows + c * step, more = (uint64_t)a->count - 1;
    if (a->count <= 1) return one;
    if (a->stride < 0 || (uint64_t)a->stride > (UINT64_MAX - one) / more) return 0;
    return one + more * (uint64_t)a->stride;
}

/* Whether element e of the allocation is one the routine may write. */
static int owned(const fz_arg *a, uint64_t e) {
    if (a->map) return a->map[e] != 0;
    if (a->kind == FZ_VEC) {
        const uint64_t step = a->ld < 0 ? 0 - (uint64_t)a->ld : (uint64_t)a->ld;
        return step != 0 && e % step == 0 && e / step < (uint64_t)a->cols;
    }
    if (a->kind == FZ_MAT) {
        if (a->ld <= 0) return 0;
        if (a->count > 1 && a->stride > 0) { /* a valid batch's outputs lie apart */
            const uint64_t i = e / (uint64_t)a->stride;
            if (i >= (uint64_t)a->count) return 0;
            e -= i * (uint64_t)a->stride;
        }
        return e % (uint64_t)a->ld < (uint64_t)a->rows && e / (uint64_t)a->ld < (uint64_t)a->cols;
    }
    return 1;
}

/* A structured operand's map (fuzz.h) over its elems allocated elements. */
static void build_map(fz_arg *a, size_t elems) {
    a->map = calloc(elems, 1);
    if (a->map == NULL) abort();
    if (a->shape == FZ_SHAPE_FULL || a->shape == FZ_SHAPE_BAND) {
        if (a->ld < 1) return; /* an invalid call */
        const uint64_t ld = (uint64_t)a->ld;
        for (size_t e = 0; e < elems; e++) {
            const int64_t r = (int64_t)(e % ld), j = (int64_t)(e / ld);
            if (r >= a->rows) continue;
            const int64_t i = a->shape == FZ_SHAPE_FULL ? r : r + j - a->shape_off;
            const int64_t lo = j - a->shape_ku > 0 ? j - a->shape_ku : 0;
            const int64_t hi = j + a->shape_kl < a->shape_m - 1 ? j + a->shape_kl : a->shape_m - 1;
            if (i < lo || i > hi || (i == j && a->unit)) continue;
            a->map[e] = i == j ? 2 : 1;
        }
        return;
    }
    /* packed by columns: upper, rows 0..j of column j; lower, rows j..n-1 */
    const int upper = a->shape == FZ_SHAPE_PACKED_UPPER;
    size_t e = 0;
    for (int64_t j = 0; j < a->shape_m && e < elems; j++)
        for (int64_t i = upper ? 0 : j; i <= (upper ? j : a->shape_m - 1) && e < elems; i++, e++)
            a->map[e] = i == j ? (a->unit ? 0 : 2) : 1;
}

/* The off-diagonal terms of a row or column of a structured operand (its band's width). */
static int64_t off_diagonals(const fz_arg *a) {
    const int64_t n = a->shape_m > 0 ? a->shape_m - 1 : 0;
    if (a->shape != FZ_SHAPE_BAND && a->shape != FZ_SHAPE_FULL) return n;
    const int64_t w = a->shape_kl > a->shape_ku ? a->shape_kl : a->shape_ku;
    return w < n ? w : n;
}

static uint64_t mix(uint64_t *s) {
    uint64_t v = (*s += 0x9E3779B97F4A7C15ull);
    v = (v ^ (v >> 30)) * 0xBF58476D1CE4E5B9ull;
    v = (v ^ (v >> 27)) * 0x94D049BB133111EBull;
    return v ^ (v >> 31);
}

static void put_comp(unsigned char *buf, size_t bytes, size_t i, double v) {
    if (bytes == 4) {
        const float f = (float)v;
        memcpy(buf + 4 * i, &f, 4);
    } else {
        memcpy(buf + 8 * i, &v, 8);
    }
}

static double get_comp(const unsigned char *buf, size_t bytes, size_t i) {
    if (bytes == 4) {
        float f;
        memcpy(&f, buf + 4 * i, 4);
        return f;
    }
    double v;
    memcpy(&v, buf + 8 * i, 8);
    return v;
}

/* Whether the call's beta (a scalar named so) is zero: its output must then be written without
 * being read, so it starts as NaN. */
static int beta_is_zero(const fz_call *z) {
    for (int i = 0; i < z->nargs; i++)
        if (z->args[i].kind == FZ_SCALAR && strcmp(z->args[i].name, "beta") == 0)
            return z->args[i].value[0] == 0 && z->args[i].value[1] == 0;
    return 0;
}

/* The host image of an argument before the call. */
static void fill(const fz_call *z, fz_arg *a, int index) {
    const size_t per = comps_per_elem(z, a);
    if (a->kind == FZ_SCALAR || a->kind == FZ_ARRAY) {
        for (size_t i = 0; i < a->comps; i++) put_comp(a->before, a->comp_bytes, i, a->value[i]);
        return;
    }
    if (a->kind == FZ_RESULT) { /* a marker the routine must overwrite */
        memset(a->before, 0x5a, a->comps * a->comp_bytes);
        return;
    }
    if (a->kind == FZ_POINTERS) { /* each side's own: pointer_image */
        memset(a->before, 0, a->comps * a->comp_bytes);
        return;
    }
    uint64_t seed = (uint64_t)z->data_seed * 1000003u + (uint64_t)index;
    /* an output that is also an input keeps its values: beta == 0 says nothing of the input */
    const int specials = z->data_seed & 0x80, poison = a->out && !a->in_place && beta_is_zero(z);
    /* a solve's off-diagonal elements: k/16 scaled by 2^-p, 2^p >= 4 (terms per row) */
    double scale = 1;
    if (a->map && a->solve)
        for (int64_t w = off_diagonals(a); scale * 4 * (double)w > 1;) scale /= 2;
    for (size_t i = 0; i < a->comps; i++) {
        const uint64_t r = mix(&seed);
        double v = (double)((int64_t)(r % 65) - 32) / 16.0; /* k/16 in [-2, 2] */
        if (a->map && a->map[i / per] == 0) {
            v = NAN; /* never referenced */
        } else {
            if (a->map && a->solve) /* diagonal +-[1, 2] */
                v = a->map[i / per] == 2 ? ((r >> 8) & 1 ? -1 : 1) * (1 + (double)(r % 17) / 16)
                                         : v * scale;
            if (specials && (r >> 32) % 16 == 0) v = VALUES[25 + (r >> 40) % 3]; /* NaN, +-Inf */
        }
        if (poison && owned(a, i / per)) v = NAN;
        put_comp(a->before, a->comp_bytes, i, v);
    }
}

/* An array of pointers as side s gives it: each entry its member's allocation on that side
 * (NULL where it has none: an array the call must not read). */
static void pointer_image(const fz_call *z, const fz_arg *a, int s, unsigned char *image) {
    for (size_t i = 0; i < a->comps; i++) {
        void *p = i < (size_t)a->count ? z->args[a->members[i]].p[s] : NULL;
        memcpy(image + i * sizeof p, &p, sizeof p);
    }
}

/* Allocates argument a on both sides and puts its image there. */
static void place(fz_call *z, fz_arg *a, int index) {
    const size_t bytes = a->comps * a->comp_bytes;
    a->before = malloc(bytes);
    if (a->before == NULL) abort();
    if (a->shape != FZ_SHAPE_NONE) build_map(a, a->comps / comps_per_elem(z, a));
    fill(z, a, index);
    for (int s = 0; s < FZ_SIDES; s++) {
        const int dev = on_device(z, s, a);
        a->p[s] = side_alloc(z->side[s], dev, bytes);
        a->after[s] = malloc(bytes);
        if (a->after[s] != NULL && a->kind == FZ_POINTERS) pointer_image(z, a, s, a->after[s]);
        if (a->p[s] == NULL || a->after[s] == NULL ||
            !side_put(z->side[s], dev, a->p[s], a->kind == FZ_POINTERS ? a->after[s] : a->before,
                      bytes)) {
            fprintf(stderr, "gblas-fuzz: could not allocate %zu bytes on %s\n", bytes,
                    z->side[s]->name);
            abort();
        }
    }
}

int fz_prepare(fz_call *z) {
    if (fz_trace) fprintf(stderr, "gblas-fuzz: %s %s(mode %d)\n", z->routine, z->desc, z->pointer_mode);
    const size_t real_bytes = z->type == FZ_S || z->type == FZ_C ? 4 : 8;
    int too_big = 0;
    for (int i = 0; i < z->nargs; i++) {
        fz_arg *a = &z->args[i];
        const int null = a->choice >= 248;
        if (a->alias) { /* the input's buffer, placed with it */
            a->comps = 0;
            continue;
        }
        a->comp_bytes = a->elem_kind == 'I' || a->elem_kind == 'P' ? 8 : real_bytes;
        const size_t elem_bytes = a->comp_bytes * comps_per_elem(z, a);
        uint64_t elems;
        if (null) {
            elems = 0;
            if (a->need) z->bad = 1;
        } else if (!a->need) {
            elems = is_data(a) ? 1 : span(a); /* never read */
        } else {
            const uint64_t n = span(a);
            if ((n == 0 || n - 1 > (FZ_ADDRESS_TOP - 1) / elem_bytes) && !a->member) {
                z->bad = 1; /* past the end of any address space: INVALID_VALUE */
                elems = 1;
            } else if (n == 0 || n > FZ_MAX_ELEMS || a->too_many ||
                       (a->kind == FZ_MAT && a->count > 1 &&
                        (a->count > FZ_MAX_BATCH ||
                         (uint64_t)mat_extent(a->rows, a->cols, a->ld) >
                             FZ_MAX_ELEMS / (uint64_t)a->count))) {
                /* valid, but too large to make (an operand, or a batch's matrices together,
                 * shared ones counted once per use); a member's extent is never checked (the
                 * caller's to get right) */
                too_big = 1;
                elems = 1;
            } else {
                elems = n;
            }
        }
        a->comps = (size_t)elems * comps_per_elem(z, a);
    }
    if (too_big && !z->bad) return 0;
    for (int pass = 0; pass < 2; pass++) /* an array's members first, then the array */
        for (int i = 0; i < z->nargs; i++)
            if (z->args[i].comps != 0 && (z->args[i].kind == FZ_POINTERS) == pass)
                place(z, &z->args[i], i);
    for (int i = 0; i < z->nargs; i++)
        if (z->args[i].alias)
            for (int s = 0; s < FZ_SIDES; s++) z->args[i].p[s] = z->args[i].alias->p[s];
    return 1;
}

/* ---- checks ------------------------------------------------------------------------------- */
/* The tolerance of an owned element: data are at most 2 in magnitude, scalars at most S. */
static double tolerance(const fz_call *z) {
    double s = 1;
    for (int i = 0; i < z->nargs; i++) {
        const fz_arg *a = &z->args[i];
        if (a->kind != FZ_SCALAR && a->kind != FZ_ARRAY) continue;
        for (int j = 0; j < FZ_MAX_VALUES; j++)
            if (isfinite(a->value[j]) && fabs(a->value[j]) > s) s = fabs(a->value[j]);
    }
    const double eps = z->type == FZ_S || z->type == FZ_C ? FLT_EPSILON : DBL_EPSILON;
    const double k = (double)z->work_size;
    return 8 * (k + 2) * eps * s * s * 4 * (k + 1);
}

static int agree(double a, double b, double tol, double eps) {
    if (isnan(a) && isnan(b)) return 1;
    if (!isfinite(a) || !isfinite(b)) return !isfinite(a) && !isfinite(b);
    return fabs(a - b) <= tol + 64 * eps * fmax(fabs(a), fabs(b));
}

/* Whether a valid call must write finite values only: one of its operands is structured (its
 * unreferenced elements NaN), its data hold no NaN or Inf, its scalars are finite (data and
 * scalars are small enough that nothing overflows). */
static int finite_expected(const fz_call *z) {
    if (z->data_seed & 0x80) return 0;
    int structured = 0;
    for (int i = 0; i < z->nargs; i++) {
        const fz_arg *a = &z->args[i];
        structured |= a->shape != FZ_SHAPE_NONE;
        if (a->kind == FZ_SCALAR || a->kind == FZ_ARRAY)
            for (int j = 0; j < FZ_MAX_VALUES; j++)
                if (!isfinite(a->value[j])) return 0;
    }
    return structured;
}

/* An array of pointers must come back as each side gave it. */
static void check_pointers(fz_call *z, const fz_arg *a) {
    unsigned char *image = malloc(a->comps * a->comp_bytes);
    if (image == NULL) abort();
    for (int s = 0; s < FZ_SIDES; s++) {
        pointer_image(z, a, s, image);
        if (memcmp(image, a->after[s], a->comps * a->comp_bytes) != 0) {
            problem(z, "%s changed the array %s", z->side[s]->name, a->name);
            break;
        }
    }
    free(image);
}

static void check_arg(fz_call *z, const fz_arg *a, double tol) {
    if (a->kind == FZ_POINTERS) {
        check_pointers(z, a);
        return;
    }
    const size_t bytes = a->comps * a->comp_bytes, per = comps_per_elem(z, a);
    char name[64]; /* a member by its argument number, as the description lists them */
    snprintf(name, sizeof name, a->member ? "%s member %d" : "%s", a->name, (int)(a - z->args));
    const double eps = a->comp_bytes == 4 ? FLT_EPSILON : DBL_EPSILON;
    const int writable = !z->bad && a->out && a->need;
    const int finite = writable && a->elem_kind != 'I' && finite_expected(z);
    for (size_t i = 0; i < a->comps; i++) {
        const int mine = writable && owned(a, i / per);
        for (int s = 0; s < FZ_SIDES && !mine; s++)
            if (memcmp(a->after[s] + i * a->comp_bytes, a->before + i * a->comp_bytes,
                       a->comp_bytes) != 0) {
                problem(z, "%s changed %s component %zu (%s)", z->side[s]->name, name, i,
                        writable ? "not an element it owns" : "it must not write it");
                return;
            }
        if (!mine) continue;
        if (a->elem_kind == 'I') {
            int64_t u, v;
            memcpy(&u, a->after[0] + 8 * i, 8);
            memcpy(&v, a->after[1] + 8 * i, 8);
            if (u != v) {
                problem(z, "%s: %lld vs %lld", name, (long long)u, (long long)v);
                return;
            }
            continue;
        }
        const double u = get_comp(a->after[0], a->comp_bytes, i),
                     v = get_comp(a->after[1], a->comp_bytes, i);
        if (finite && (!isfinite(u) || !isfinite(v))) {
            problem(z, "%s component %zu of %zu: %.17g vs %.17g from finite data (a side read "
                    "an unreferenced element, NaN)", name, i, bytes / a->comp_bytes, u, v);
            return;
        }
        if (!agree(u, v, tol, eps)) {
            problem(z, "%s component %zu of %zu: %.17g vs %.17g (tolerance %.3g)", name, i,
                    bytes / a->comp_bytes, u, v, tol);
            return;
        }
    }
}

/* An extent check depends on where the operand lies (device and host buffers sit at different
 * addresses), so two sides may reject one call naming different operands. */
static int address_dependent(const char *msg) {
    return strstr(msg, "reaches past the end of the address space") != NULL;
}

void fz_check(fz_call *z) {
    char msg[FZ_SIDES][600];
    for (int s = 0; s < FZ_SIDES; s++) {
        snprintf(msg[s], sizeof msg[s], "%s", gblas_last_error(z->side[s]->h));
        for (int i = 0; i < z->nargs; i++) {
            fz_arg *a = &z->args[i];
            if (a->comps && !side_get(z->side[s], on_device(z, s, a), a->after[s], a->p[s],
                                      a->comps * a->comp_bytes))
                problem(z, "reading %s back on %s failed", a->name, z->side[s]->name);
        }
    }
    const size_t len = strlen(z->routine);
    if (fz_trace)
        fprintf(stderr, "gblas-fuzz: %s returned %s%s\n", z->routine,
                gblas_status_name(z->status[0]), z->bad ? " (invalid)" : "");
    if (z->status[0] != z->status[1]) {
        problem(z, "statuses differ: %s (%s) vs %s (%s)", gblas_status_name(z->status[0]),
                msg[0], gblas_status_name(z->status[1]), msg[1]);
    } else if (z->bad) {
        if (z->status[0] != GBLAS_STATUS_INVALID_VALUE)
            problem(z, "an invalid call returned %s", gblas_status_name(z->status[0]));
        else if (strncmp(msg[0], z->routine, len) != 0 || msg[0][len] != ':' ||
                 (!fz_same_message(msg[0], msg[1]) && !address_dependent(msg[0]) &&
                  !address_dependent(msg[1])))
            problem(z, "messages \"%s\" and \"%s\"", msg[0], msg[1]);
    } else if (z->status[0] != GBLAS_STATUS_SUCCESS) {
        problem(z, "a valid call returned %s: %s", gblas_status_name(z->status[0]), msg[0]);
    }
    if (z->problems == 0) {
        const double tol = tolerance(z);
        for (int i = 0; i < z->nargs && z->problems == 0; i++)
            if (z->args[i].comps) check_arg(z, &z->args[i], tol);
    }
    for (int i = 0; i < z->nargs; i++) {
        fz_arg *a = &z->args[i];
        if (a->comps == 0) continue;
        for (int s = 0; s < FZ_SIDES; s++) {
            side_free(z->side[s], on_device(z, s, a), a->p[s]);
            free(a->after[s]);
        }
        free(a->before);
        free(a->map);
    }
}
