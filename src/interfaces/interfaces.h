/* interfaces.h: what the Fortran BLAS and CBLAS entry points share: the engine's handle, the
 * reports to xerbla_ / cblas_xerbla, the decoding of BLAS characters and CBLAS enumerations
 * into gblas's values (-1 for an invalid one), and the flips of a row-major call. Internal to
 * libgblas_blas (hidden symbols); the entry points are generated (routines/gen_interfaces.py). */
#ifndef GBLAS_INTERFACES_H
#define GBLAS_INTERFACES_H

#include <stdint.h>

#include "gblas.h"
#include "gblas_cblas.h"

/* What blas_run_* returns when gblas refused a call the reference BLAS accepts. */
#define BLAS_FAILED (-1)

#define BLAS_SWAP(type, a, b) \
    do {                      \
        type swap_ = (a);     \
        (a) = (b);            \
        (b) = swap_;          \
    } while (0)

/* The handle that runs a host-pointer call of the given BLAS level (1, 2 or 3), created on
 * first use; NULL when it could not be created (blas_status then reports why). */
gblas_handle_t blas_engine(int level);

/* 0 for SUCCESS; else BLAS_FAILED, keeping the handle's message (or the engine's creation
 * failure when h is NULL) for the calling thread's next report. */
int blas_status(gblas_handle_t h, gblas_status_t s);

/* info from blas_run_*: 0 returns; a position goes to xerbla_(srname, &info); BLAS_FAILED to
 * xerbla_ with info 0 (the default handler prints the kept message). */
void blas_fortran_report(const char *srname, int info);
/* The same for CBLAS: a position p goes to cblas_xerbla(p + 1, routine, "") (the layout is
 * parameter 1), BLAS_FAILED as position 0 with the kept message. row_major: the call was, so
 * the default handler swaps the position back for its message. */
void cblas_report(const char *routine, int row_major, int info);
/* The ILP64 library's forms of the two (blas_ilp64.c): to xerbla_64_ and cblas_xerbla64_. */
void blas_fortran_report64(const char *srname, int info);
void cblas_report64(const char *routine, int row_major, int info);
/* The message of the calling thread's last call that gblas refused (blas_status). */
const char *blas_failure_message(void);
/* The true position of a row-major call's parameter that the reference reports as position
 * (generated from the row-major swaps, cblas_gen.c). */
int blas_cblas_row_major_position(const char *routine, int position);

/* The rows of a band matrix's storage (kl, ku come from 32-bit integers: no overflow). */
static inline int64_t blas_band_rows(int64_t kl, int64_t ku) { return kl + ku + 1; }

/* The offset of the i-th of n elements of a vector with increment inc, as the reference walks
 * it (from the far end for a negative increment; the first element for a zero one). */
static inline int64_t blas_at(int64_t i, int64_t n, int64_t inc) {
    return inc >= 0 ? i * inc : (n - 1 - i) * -inc;
}

/* BLAS characters, either case. */
static inline int blas_upper(char c) { return c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c; }
static inline int blas_op_of_char(char c) {
    switch (blas_upper(c)) {
    case 'N': return GBLAS_OP_N;
    case 'T': return GBLAS_OP_T;
    case 'C': return GBLAS_OP_C;
    default: return -1;
    }
}
static inline int blas_uplo_of_char(char c) {
    switch (blas_upper(c)) {
    case 'U': return GBLAS_FILL_MODE_UPPER;
    case 'L': return GBLAS_FILL_MODE_LOWER;
    default: return -1;
    }
}
static inline int blas_diag_of_char(char c) {
    switch (blas_upper(c)) {
    case 'N': return GBLAS_DIAG_NON_UNIT;
    case 'U': return GBLAS_DIAG_UNIT;
    default: return -1;
    }
}
static inline int blas_side_of_char(char c) {
    switch (blas_upper(c)) {
    case 'L': return GBLAS_SIDE_LEFT;
    case 'R': return GBLAS_SIDE_RIGHT;
    default: return -1;
    }
}

/* CBLAS enumerations. */
static inline int blas_op_of_cblas(CBLAS_TRANSPOSE v) {
    return v == CblasNoTrans ? GBLAS_OP_N : v == CblasTrans ? GBLAS_OP_T
                                          : v == CblasConjTrans ? GBLAS_OP_C : -1;
}
static inline int blas_uplo_of_cblas(CBLAS_UPLO v) {
    return v == CblasUpper ? GBLAS_FILL_MODE_UPPER : v == CblasLower ? GBLAS_FILL_MODE_LOWER : -1;
}
static inline int blas_diag_of_cblas(CBLAS_DIAG v) {
    return v == CblasNonUnit ? GBLAS_DIAG_NON_UNIT : v == CblasUnit ? GBLAS_DIAG_UNIT : -1;
}
static inline int blas_side_of_cblas(CBLAS_SIDE v) {
    return v == CblasLeft ? GBLAS_SIDE_LEFT : v == CblasRight ? GBLAS_SIDE_RIGHT : -1;
}

/* A row-major matrix is the column-major storage of its transpose: its triangle and side flip,
 * and op(A) of a one-matrix routine becomes op(A)^T (for the real types C is T). */
static inline int blas_flip_op(int op) { return op == GBLAS_OP_N ? GBLAS_OP_T : GBLAS_OP_N; }
static inline int blas_flip_uplo(int uplo) {
    return uplo == GBLAS_FILL_MODE_UPPER ? GBLAS_FILL_MODE_LOWER : GBLAS_FILL_MODE_UPPER;
}
static inline int blas_flip_side(int side) {
    return side == GBLAS_SIDE_LEFT ? GBLAS_SIDE_RIGHT : GBLAS_SIDE_LEFT;
}

#endif /* GBLAS_INTERFACES_H */
