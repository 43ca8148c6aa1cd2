/* level1_avx512.c: DOT, NRM2, AXPY, SCAL and COPY in single and double precision for AVX-512
 * (F, VL, DQ), written once in level1_body.h. */
#include <math.h>
#include <string.h>

#include "cpu_paths.h"
#include "simd_avx512.h"

#define T float
#define VT vec_f
#define VL VEC_F_LANES
#define SQRT sqrtf
#define BLUE_TSML GBLAS_BLUE_TSML_F
#define BLUE_TBIG GBLAS_BLUE_TBIG_F
#define BLUE_SSML GBLAS_BLUE_SSML_F
#define BLUE_SBIG GBLAS_BLUE_SBIG_F
#define DOT_CHUNK sdot_chunk
#define REF_DOT_CHUNK gblas_ref_sdot_chunk
#define REF_NRM2_CHUNK gblas_ref_snrm2_chunk
#define NRM2_CHUNK snrm2_chunk
#define REDUCE_CHUNKS sreduce_chunks
#define AXPY_CHUNK saxpy_chunk
#define SCAL_CHUNK sscal_chunk
#define L1_TASK sl1_task
#define L1_BLOCK sl1_block
#define FN_DOT avx512_sdot
#define FN_NRM2 avx512_snrm2
#define FN_AXPY avx512_saxpy
#define FN_SCAL avx512_sscal
#define FN_COPY avx512_scopy
#include "level1_body.h"

#define T double
#define VT vec_d
#define VL VEC_D_LANES
#define SQRT sqrt
#define BLUE_TSML GBLAS_BLUE_TSML_D
#define BLUE_TBIG GBLAS_BLUE_TBIG_D
#define BLUE_SSML GBLAS_BLUE_SSML_D
#define BLUE_SBIG GBLAS_BLUE_SBIG_D
#define DOT_CHUNK ddot_chunk
#define REF_DOT_CHUNK gblas_ref_ddot_chunk
#define REF_NRM2_CHUNK gblas_ref_dnrm2_chunk
#define NRM2_CHUNK dnrm2_chunk
#define REDUCE_CHUNKS dreduce_chunks
#define AXPY_CHUNK daxpy_chunk
#define SCAL_CHUNK dscal_chunk
#define L1_TASK dl1_task
#define L1_BLOCK dl1_block
#define FN_DOT avx512_ddot
#define FN_NRM2 avx512_dnrm2
#define FN_AXPY avx512_daxpy
#define FN_SCAL avx512_dscal
#define FN_COPY avx512_dcopy
#include "level1_body.h"

void gblas_avx512_fill_level1(gblas_ops *ops) {
    ops->sdot = avx512_sdot;
    ops->ddot = avx512_ddot;
    ops->snrm2 = avx512_snrm2;
    ops->dnrm2 = avx512_dnrm2;
    ops->saxpy = avx512_saxpy;
    ops->daxpy = avx512_daxpy;
    ops->sscal = avx512_sscal;
    ops->dscal = avx512_dscal;
    ops->scopy = avx512_scopy;
    ops->dcopy = avx512_dcopy;
}
