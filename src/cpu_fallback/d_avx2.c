/* d_avx2.c: the CPU backend's double-precision routines for AVX2 + FMA: the family bodies
 * written in simd_avx2.h's vocabulary, for double, with tuning_avx2.h's GEMM tiles. */
#include <math.h>
#include <string.h>
#include <threads.h>

#include <omp.h>

#include "cpu_paths.h"
#include "simd_avx2.h"
#include "tuning_avx2.h"
#include "type_d.h"

#include "level1_chunks_body.h"
#include "level1_reduce_body.h"
#include "level1_map_body.h"
#include "gemv_body.h"
#include "level2_mv_body.h"
#include "level2_tri_body.h"
#include "level2_update_body.h"
#include "gemm_kernel_body.h"
#include "gemm_pack_body.h"
#include "gemm_driver_body.h"
#define GEMM_BATCH_ONE gemm
#define GEMM_BATCH_NAME(name) name
#include "gemm_batched_body.h"
#undef GEMM_BATCH_ONE
#undef GEMM_BATCH_NAME
#include "level3_sym_body.h"
#include "level3_tri_body.h"
#include "level_fill_body.h"

void gblas_cpu_fill_avx2_d(gblas_ops *ops) { level_fill(ops); }
