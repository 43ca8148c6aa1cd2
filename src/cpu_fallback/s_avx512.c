/* s_avx512.c: the CPU backend's single-precision routines for AVX-512 (F, VL, DQ): the family
 * bodies written in simd_avx512.h's vocabulary, for float, with tuning_avx512.h's GEMM tiles. */
#include <math.h>
#include <string.h>
#include <threads.h>

#include <omp.h>

#include "cpu_paths.h"
#include "simd_avx512.h"
#include "tuning_avx512.h"
#include "type_s.h"

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

void gblas_cpu_fill_avx512_s(gblas_ops *ops) { level_fill(ops); }
