/* gemm_instances.h: SGEMM and DGEMM of the gemm_*_body.h files with the tiles and tuning that
 * the including gemm_<level>.c defines (SGEMM_/DGEMM_MR_V, _NR, _SHAPES, GEMM_HALF_TILES,
 * GEMM_IN_PLACE_BYTES, GEMM_CONFLICT_BYTES, GEMM_THREAD_VFMAS), and CPU_ISA_NAME(fill_gemm)
 * (see cpu_paths.h). */
#include <threads.h>

#include <omp.h>

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
#define FN_GEMM cpu_sgemm
#define GEMM_BLOCKS sgemm_blocks
#define FN_GEMV CPU_ISA_NAME(sgemv)
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
#define FN_GEMM cpu_dgemm
#define GEMM_BLOCKS dgemm_blocks
#define FN_GEMV CPU_ISA_NAME(dgemv)
#include "gemm_kernel_body.h"
#include "gemm_pack_body.h"
#include "gemm_driver_body.h"

void CPU_ISA_NAME(fill_gemm)(gblas_ops *ops) {
    ops->sgemm = cpu_sgemm;
    ops->dgemm = cpu_dgemm;
    call_once(&gemm_blocks_once, gemm_blocks_init);
    gblas_cpu_gemm_reserve(ops, sgemm_blocks, dgemm_blocks);
}
