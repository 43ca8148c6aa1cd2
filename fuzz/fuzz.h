/* fuzz.h: the fuzz harness over gblas's public API. An input is a sequence of calls; each call
 * is decoded from the input's bytes (a routine of the routine table, its type and arguments, or
 * a handle/memory call) and made on two sides, two handles that must agree: under libFuzzer
 * the CPU reference path against the CPU's default path, in the replay (scripts/gpu-check) the
 * CPU against CUDA. fuzz_core.c is the hand-written part (decoding of values, buffers sized to
 * exactly what a valid call may touch, the checks); fuzz_calls_gen.c, generated from the
 * routine table, decodes and calls each routine. */
#ifndef GBLAS_FUZZ_H
#define GBLAS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "gblas.h"

/* FZ_MAX_BATCH: the most matrices of a batch the harness makes (a larger valid batch is not
 * made); FZ_MAX_ARGS: three arrays of pointers with their matrices, and the scalars. */
enum { FZ_SIDES = 2, FZ_MAX_BATCH = 24, FZ_MAX_ARGS = 3 * (FZ_MAX_BATCH + 1) + 4,
       FZ_MAX_VALUES = 8 };

/* Element types, as the routine table's s d c z. */
typedef enum { FZ_S, FZ_D, FZ_C, FZ_Z } fz_type;

/* FZ_POINTERS: an array of pointers to matrices in backend memory (a pointer-array batch). */
typedef enum { FZ_VEC, FZ_MAT, FZ_SCALAR, FZ_RESULT, FZ_ARRAY, FZ_PACKED, FZ_POINTERS } fz_kind;

/* A structured operand (fz_band, fz_triangle): which of its elements the routine references. */
typedef enum {
    FZ_SHAPE_NONE,
    FZ_SHAPE_FULL, /* A(i, j) at row i of column j */
    FZ_SHAPE_BAND, /* A(i, j) at row off + i - j of column j */
    FZ_SHAPE_PACKED_UPPER,
    FZ_SHAPE_PACKED_LOWER
} fz_shape;

/* One handle a call is made on, with where its backend memory lives. */
typedef struct {
    gblas_handle_t h;
    int device;       /* backend memory is device memory (CUDA): reached through copies */
    const char *name; /* "cpu-reference", "cpu", "cuda" */
    void *workspace;  /* a user workspace set on h, or NULL */
    int threads;      /* h's thread count at creation */
} fz_side;

/* A pointer argument of a routine call. Vectors are 1 x n with ld = inc; scalars, results and
 * arrays are 1 x len; a packed triangle is 1 x n (n (n + 1) / 2 elements); a strided batch is
 * count matrices rows x cols, the i-th at element i * stride; an array of pointers is 1 x count,
 * each entry pointing to a member: an argument of its own (a matrix allocated to its extent,
 * never given to the call itself), which several entries may share. */
typedef struct fz_arg {
    const char *name;
    fz_kind kind;
    char elem_kind; /* 'T' the element type, 'R' its real type, 'I' an int64_t index */
    int out;        /* the routine may write it */
    int need;       /* the routine's rule says the call reads or writes it */
    int64_t rows, cols, ld;
    double value[FZ_MAX_VALUES]; /* scalars and arrays: decoded from the input */
    uint8_t choice;              /* from the input: give the call NULL */
    int64_t count, stride;       /* a strided batch (count 1: one matrix) */
    int member;                  /* an array's member: its extent is the caller's, not checked */
    int too_many;                /* an array needed with more members than the harness makes */
    struct fz_arg *alias;        /* an in-place call: the input whose buffer this output is */
    int in_place;                /* an input some output is (fz_in_place) */
    uint8_t members[FZ_MAX_BATCH]; /* an array's entries: the index of each one's member */
    /* A structured operand: element (r, j) of a full or band matrix's storage (row r of column
     * j) is A(i, j), i = r (full) or r + j - off (band), referenced when max(0, j - ku) <= i <=
     * min(m - 1, j + kl) (a full triangle: kl or ku unbounded), not the diagonal when unit; a
     * packed triangle as its uplo says. Unreferenced elements hold NaN and belong to no one; solve:
     * the referenced elements are diagonally dominant (|A(i, i)| >= 1, off-diagonal sums <=
     * 1/2). */
    fz_shape shape;
    int64_t shape_m, shape_kl, shape_ku, shape_off;
    int unit, solve;
    /* filled by fz_prepare */
    size_t comps;                      /* real components allocated (0: NULL) */
    size_t comp_bytes;                 /* 4 or 8 (an index or a pointer: 8) */
    void *p[FZ_SIDES];                 /* what each side's call is given */
    unsigned char *before, *after[FZ_SIDES]; /* contents before, and each side's after */
    unsigned char *map; /* a structured operand's elements: 0 unreferenced, 1 referenced, 2
                           the referenced diagonal */
} fz_arg;

/* The input bytes not read yet; reads past the end give 0. */
typedef struct {
    const uint8_t *in;
    size_t left;
} fz_input;

typedef struct {
    fz_side *side[FZ_SIDES];
    fz_input *input;
    const char *routine; /* the public name */
    fz_type type;
    int bad;             /* a size, op, increment or leading-dimension rule fails */
    int64_t work_size;   /* the largest size argument the call works over (tolerance) */
    int pointer_mode;    /* the sides' current gblas_pointer_mode_t */
    uint8_t data_seed;   /* seeds the operands' contents; bit 7: put NaN and Inf in them */
    fz_arg args[FZ_MAX_ARGS];
    int nargs;
    gblas_status_t status[FZ_SIDES];
    int problems;
    char desc[512]; /* the decoded arguments, for the report */
} fz_call;

/* Argument decoders, in the order the routine takes its arguments. */
int64_t fz_size(fz_call *z, const char *name);
gblas_operation_t fz_op(fz_call *z);
gblas_fill_mode_t fz_uplo(fz_call *z);
gblas_diag_type_t fz_diag(fz_call *z);
gblas_side_mode_t fz_side_mode(fz_call *z); /* the Side role (fz_side names a call's side) */
int64_t fz_inc(fz_call *z);
int64_t fz_ld(fz_call *z, int64_t rows);
fz_arg *fz_scalar(fz_call *z, const char *name, char kind, int need, int out);
fz_arg *fz_result(fz_call *z, const char *name, char kind);
fz_arg *fz_array(fz_call *z, const char *name, int length, int out);
fz_arg *fz_vec(fz_call *z, const char *name, int64_t n, int64_t inc, int need, int out);
fz_arg *fz_mat(fz_call *z, const char *name, int64_t rows, int64_t cols, int64_t ld,
               int64_t ld_rows, int need, int out);
fz_arg *fz_packed(fz_call *z, const char *name, int64_t n, int need, int out);
/* Batches. fz_count decodes a batch count (a Size that counts matrices: small, or an edge
 * value); fz_stride a stride of rows x cols matrices with leading dimension ld, mostly one
 * matrix's extent, else 0, overlapping, gapped or an edge value; fz_strided makes the matrix of
 * a fz_mat a strided batch. fz_mat_array: an array of count pointers to rows x cols matrices;
 * an input's entries may share a member with an earlier entry, or with an entry of `share` (an
 * earlier input array of the call, NULL: none) whose members have the same shape; an output's
 * entries are all distinct from each other and from every input's (only valid aliasing). */
int64_t fz_count(fz_call *z, const char *name);
int64_t fz_stride(fz_call *z, const char *name, int64_t rows, int64_t cols, int64_t ld);
void fz_strided(fz_call *z, fz_arg *a, int64_t count, int64_t stride);
fz_arg *fz_mat_array(fz_call *z, const char *name, int64_t rows, int64_t cols, int64_t ld,
                     int64_t ld_rows, int64_t count, int need, int out, const fz_arg *share);
/* An in-place call, after the output's fz_mat: where valid (the routine allows output `out` to
 * be input `in`, which has its shape and leading dimension), now and then gives the call in's
 * buffer for out; in is then written (and owned as out would be). */
void fz_in_place(fz_call *z, fz_arg *out, fz_arg *in, int valid);
/* Structured operands, after fz_mat, fz_packed or fz_mat_array (then of each member): a band
 * of an m-row matrix (its storage rows fz_band_rows(kl, ku)), a full matrix's or a packed uplo
 * triangle. unit: the diagonal is not referenced; solve: a triangular solve's matrix. */
void fz_band(fz_call *z, fz_arg *a, int64_t m, int64_t kl, int64_t ku, int unit, int solve);
void fz_triangle(fz_call *z, fz_arg *a, gblas_fill_mode_t uplo, int unit, int solve);
/* The rows of a band matrix's storage, kl + ku + 1, saturated at INT64_MAX: the rule of the
 * library's gblas_band_rows (src/api/check.h), kept here since the harness sees only the public
 * API. The library never evaluates it with a negative size (the size check fails first); the
 * decoders do, for an invalid call: 0 then. */
static inline int64_t fz_band_rows(int64_t kl, int64_t ku) {
    if (kl < 0 || ku < 0) return 0;
    return kl >= INT64_MAX - ku ? INT64_MAX : kl + ku + 1;
}
/* gblas_scalar_is as the API layer sees it: the value in host pointer mode, else unknown (0). */
int fz_scalar_is(const fz_call *z, const fz_arg *a, double v);

/* Allocates and fills every argument on both sides; 0 when the call is skipped (a valid call
 * whose operands are too large to allocate). */
int fz_prepare(fz_call *z);
/* Checks the sides' statuses, messages and outputs against each other and the inputs, then
 * frees the arguments. */
void fz_check(fz_call *z);

typedef void fz_routine_fn(fz_call *z);
/* What a pick calls: a routine (run), or one of the handle and memory calls of fuzz_session.c. */
typedef enum {
    FZ_CALL_ROUTINE,
    FZ_CALL_MODE,
    FZ_CALL_THREADS,
    FZ_CALL_WORKSPACE,
    FZ_CALL_COPY,
    FZ_CALL_MEMORY
} fz_call_kind;
typedef struct {
    const char *name;
    fz_type type;
    fz_routine_fn *run;
    fz_call_kind call;
} fz_entry;
/* fuzz_calls_gen.c: indexed by pick id, a stable number per entry (routines/gen_fuzz.py) */
extern const fz_entry fz_entries[];
extern const int fz_entry_count;

/* Whether two messages are the same text, pointers ("0x...") aside. */
int fz_same_message(const char *a, const char *b);
/* Set before any input runs: fz_fatal, a problem aborts the process (libFuzzer then keeps the
 * input) instead of being counted; fz_canonical (the replay sets it), a pick that folds (a value
 * past the last id, fuzz_session.c) is a problem, since what it calls moves when routines are
 * added. fz_trace (fz_open_sides sets it when GBLAS_FUZZ_TRACE is in the environment): each
 * sequence's and call's byte offset, the pick's value and the call it picks are printed, and
 * each routine call's decoded arguments before it runs and its status after. */
extern int fz_fatal, fz_trace, fz_canonical;

/* The two sides of a run (FZ_SIDES of them, allocated): "cpu" (the CPU reference path against
 * the default path, or the one GBLAS_FUZZ_CPU_PATH names) or "cuda" (the CPU's default path against CUDA). NULL with a message on
 * stderr when one cannot be made. Sets GBLAS_CPU_PATH around each creation: call it from one
 * thread at a time. */
fz_side *fz_open_sides(const char *pair);
void fz_close_sides(fz_side *sides);
/* Runs one input on the sides; returns the problems found (each printed to stderr). Threads
 * may run inputs at once on different sides. */
int fz_run_input(fz_side *sides, const uint8_t *data, size_t size);

#endif /* GBLAS_FUZZ_H */
