/* level1_avx2.c: DOT, NRM2, AXPY, SCAL and COPY in single and double precision for AVX2 + FMA,
 * written once in level1_body.h. */
#include <math.h>
#include <string.h>

#include "cpu_paths.h"
#include "simd_avx2.h"

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
#define FN_DOT avx2_sdot
#define FN_NRM2 avx2_snrm2
#define FN_AXPY avx2_saxpy
#define FN_SCAL avx2_sscal
#define FN_COPY avx2_scopy
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
#define FN_DOT avx2_ddot
#define FN_NRM2 avx2_dnrm2
#define FN_AXPY avx2_daxpy
#define FN_SCAL avx2_dscal
#define FN_COPY avx2_dcopy
#include "level1_body.h"

void gblas_avx2_fill_level1(gblas_ops *ops) {
    ops->sdot = avx2_sdot;
    ops->ddot = avx2_ddot;
    ops->snrm2 = avx2_snrm2;
    ops->dnrm2 = avx2_dnrm2;
    ops->saxpy = avx2_saxpy;
    ops->daxpy = avx2_daxpy;
    ops->sscal = avx2_sscal;
    ops->dscal = avx2_dscal;
    ops->scopy = avx2_scopy;
    ops->dcopy = avx2_dcopy;
}
