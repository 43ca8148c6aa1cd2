/* gemv_instances.h: SGEMV and DGEMV (N and T) of gemv_body.h with the blocking below, and
 * CPU_ISA_NAME(fill_gemv), for the gemv_<level>.c that includes it (see cpu_paths.h). */

/* N: rows of y per block: 128 KiB of them (kept in L2) when y is updated in place, so that each
 * column of A is read in runs that long; 32 KiB when a strided y is gathered into a block on
 * the stack. Each load of a column is preceded by a prefetcht0 of the same line: on Zen 4 that
 * measured faster than no prefetch (sgemv N 4096 0.93 -> 1.01x OpenBLAS) and than prefetching
 * 64-512 bytes ahead; the VM exposes no counters to say why (bench/cpu-log.md section 7). */
#define GEMV_ROWS ((int64_t)(131072 / sizeof(T)))
#define GEMV_GATHER_ROWS ((int64_t)(32768 / sizeof(T)))
/* Columns of A per pass: N updates each vector of y with this many columns; T computes this
 * many dot products sharing each load of x. */
#define GEMV_N_COLS 8
#define GEMV_T_COLS 4
/* T: 8 columns per pass where x is longer than this: x no longer stays in L2, and each pass
 * reads it again (bench/cpu-log.md section 8). */
#define GEMV_T_COLS_WIDE 8
#define GEMV_T_WIDE_X_BYTES ((size_t)512 * 1024)
/* N: a block of at most this many vectors is kept in registers (GEMV_N_REGS). */
#define GEMV_N_REG_VECS 4

#define T float
#define VT vec_f
#define VL VEC_F_LANES
#define GEMV_TASK sgemv_task
#define GEMV_N_REGS sgemv_n_regs
#define GEMV_N_BLOCK sgemv_n_block
#define GEMV_T_DOTS sgemv_t_dots
#define GEMV_T_COLUMNS sgemv_t_columns
#define FN_GEMV CPU_ISA_NAME(sgemv)
#include "gemv_body.h"

#define T double
#define VT vec_d
#define VL VEC_D_LANES
#define GEMV_TASK dgemv_task
#define GEMV_N_REGS dgemv_n_regs
#define GEMV_N_BLOCK dgemv_n_block
#define GEMV_T_DOTS dgemv_t_dots
#define GEMV_T_COLUMNS dgemv_t_columns
#define FN_GEMV CPU_ISA_NAME(dgemv)
#include "gemv_body.h"

void CPU_ISA_NAME(fill_gemv)(gblas_ops *ops) {
    ops->sgemv = CPU_ISA_NAME(sgemv);
    ops->dgemv = CPU_ISA_NAME(dgemv);
}
