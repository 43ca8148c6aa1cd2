/* gemv_instances.h: SGEMV and DGEMV (N and T) of gemv_body.h with the blocking below, and
 * CPU_ISA_NAME(fill_gemv), for the gemv_<level>.c that includes it (see cpu_paths.h). */

/* N: rows of y one thread owns and keeps in L1 (32 KiB of them) while the columns of A stream
 * past. */
#define GEMV_ROWS ((int64_t)(32768 / sizeof(T)))
/* Columns of A per pass: N updates each vector of y with this many columns; T computes this
 * many dot products sharing each load of x. */
#define GEMV_N_COLS 8
#define GEMV_T_COLS 4
/* N: a block of at most this many vectors is kept in registers (GEMV_N_REGS). */
#define GEMV_N_REG_VECS 4
/* N: how far ahead of its loads each column of A is prefetched (the hardware prefetcher alone
 * trails with GEMV_N_COLS streams at once). */
#define GEMV_PREFETCH_BYTES 512

#define T float
#define VT vec_f
#define VL VEC_F_LANES
#define GEMV_TASK sgemv_task
#define GEMV_N_REGS sgemv_n_regs
#define GEMV_N_BLOCK sgemv_n_block
#define GEMV_T_COLUMNS sgemv_t_columns
#define FN_GEMV CPU_ISA_NAME(sgemv)
#include "gemv_body.h"

#define T double
#define VT vec_d
#define VL VEC_D_LANES
#define GEMV_TASK dgemv_task
#define GEMV_N_REGS dgemv_n_regs
#define GEMV_N_BLOCK dgemv_n_block
#define GEMV_T_COLUMNS dgemv_t_columns
#define FN_GEMV CPU_ISA_NAME(dgemv)
#include "gemv_body.h"

void CPU_ISA_NAME(fill_gemv)(gblas_ops *ops) {
    ops->sgemv = CPU_ISA_NAME(sgemv);
    ops->dgemv = CPU_ISA_NAME(dgemv);
}
