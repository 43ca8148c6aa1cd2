/* gemm_avx2.c: SGEMM and DGEMM for AVX2 + FMA, the BLIS design of gemm_driver_body.h around
 * register tiles of 2 ymm columns (16 floats / 8 doubles) by 6 columns: 12 accumulators, the
 * two A vectors and the broadcast of B in 15 of the 16 ymm registers. Edge tiles load and store
 * C through vmaskmov lane masks. */
#include <threads.h>

#include <omp.h>

#include "cpu_paths.h"
#include "simd_avx2.h"

/* Small-matrix path: an operand is read in place, not packed, when the micro-tiles that
 * would reuse its packed copy span at most this many bytes of C (B: m rows, A: n columns).
 * Measured here: in place wins up to 512 floats / 256 doubles, packing from twice that. */
#define GEMM_IN_PLACE_BYTES 2048
/* Size of B up to which it is packed anyway when its columns collide in L1 (see
 * gemm_in_place): 64^3 with ldb = 4096 floats packs (8% faster), 33 x 2048 x 2048 does not. */
#define GEMM_CONFLICT_BYTES ((size_t)1 << 20)
/* Register tiles: MR_V vectors by NR columns, and every edge shape below them (X(hv, nc): hv
 * half vectors of rows, see gemm_kernel_body.h). Whole vectors only: an xmm half vector would
 * cost what a ymm vector does. */
#define GEMM_HALF_TILES 0
#define SGEMM_MR_V 2
#define SGEMM_NR 6
#define SGEMM_SHAPES(X) GEMM_COLS_6(X, 2) GEMM_COLS_6(X, 4)
#define DGEMM_MR_V 2
#define DGEMM_NR 6
#define DGEMM_SHAPES(X) GEMM_COLS_6(X, 2) GEMM_COLS_6(X, 4)
/* Vector multiply-adds (m n k / lanes) per thread below which another thread costs more than
 * it gains: measured here, 2 threads win from 56^3 floats and 40^3 doubles on. */
#define GEMM_THREAD_VFMAS 3500.0

/* Cache blocks of each type for this level's tiles, derived once from the cache sizes. */
static gblas_gemm_blocks sgemm_blocks, dgemm_blocks;
static once_flag gemm_blocks_once = ONCE_FLAG_INIT;
static void gemm_blocks_init(void) {
    sgemm_blocks = gblas_cpu_gemm_blocks(SGEMM_MR_V * VEC_F_LANES, SGEMM_NR, sizeof(float));
    dgemm_blocks = gblas_cpu_gemm_blocks(DGEMM_MR_V * VEC_D_LANES, DGEMM_NR, sizeof(double));
}

#define T float
#define VT vec_f
#define HVT hvec_f
#define VL VEC_F_LANES
#define MR_V SGEMM_MR_V
#define NR SGEMM_NR
#define TILE_SHAPES(X) SGEMM_SHAPES(X)
#define TILE_STORE sgemm_tile_store
#define TILE_BODY sgemm_tile
#define TILE_PACKED sgemm_tile_packed
#define TILE_STRIDED sgemm_tile_strided
#define PACK_SLIVER sgemm_pack_sliver
#define PACK_PANEL sgemm_pack_panel
#define GEMM_CALL sgemm_call
#define GEMM_GRID sgemm_grid
#define GEMM_THREAD sgemm_thread
#define GEMM_SCALE_TASK sgemm_scale_task
#define GEMM_SCALE sgemm_scale
#define FN_GEMM avx2_sgemm
#define GEMM_BLOCKS sgemm_blocks
#define FN_GEMV gblas_avx2_sgemv
#include "gemm_kernel_body.h"
#include "gemm_pack_body.h"
#include "gemm_driver_body.h"

#define T double
#define VT vec_d
#define HVT hvec_d
#define VL VEC_D_LANES
#define MR_V DGEMM_MR_V
#define NR DGEMM_NR
#define TILE_SHAPES(X) DGEMM_SHAPES(X)
#define TILE_STORE dgemm_tile_store
#define TILE_BODY dgemm_tile
#define TILE_PACKED dgemm_tile_packed
#define TILE_STRIDED dgemm_tile_strided
#define PACK_SLIVER dgemm_pack_sliver
#define PACK_PANEL dgemm_pack_panel
#define GEMM_CALL dgemm_call
#define GEMM_GRID dgemm_grid
#define GEMM_THREAD dgemm_thread
#define GEMM_SCALE_TASK dgemm_scale_task
#define GEMM_SCALE dgemm_scale
#define FN_GEMM avx2_dgemm
#define GEMM_BLOCKS dgemm_blocks
#define FN_GEMV gblas_avx2_dgemv
#include "gemm_kernel_body.h"
#include "gemm_pack_body.h"
#include "gemm_driver_body.h"

void gblas_avx2_fill_gemm(gblas_ops *ops) {
    ops->sgemm = avx2_sgemm;
    ops->dgemm = avx2_dgemm;
    call_once(&gemm_blocks_once, gemm_blocks_init);
    gblas_cpu_gemm_reserve(ops, sgemm_blocks, dgemm_blocks);
}
