/* level1_instances.h: DOT, NRM2, AXPY, SCAL and COPY of level1_body.h in single and double
 * precision, and CPU_ISA_NAME(fill_level1), for the level1_<level>.c that includes it (see
 * cpu_paths.h). */
#include <math.h>
#include <string.h>

#define T float
#define VT vec_f
#define VL VEC_F_LANES
#define SQRT sqrtf
#define BLUE_TSML GBLAS_BLUE_TSML_F
#define BLUE_TBIG GBLAS_BLUE_TBIG_F
#define BLUE_SSML GBLAS_BLUE_SSML_F
#define BLUE_SBIG GBLAS_BLUE_SBIG_F
#define DOT_CHUNK sdot_chunk
#define DOT_CHUNKED sdot_chunked
#define REF_DOT_CHUNK gblas_ref_sdot_chunk
#define REF_NRM2_CHUNK gblas_ref_snrm2_chunk
#define NRM2_CHUNK snrm2_chunk
#define REDUCE_CHUNKS sreduce_chunks
#define AXPY_CHUNK saxpy_chunk
#define SCAL_CHUNK sscal_chunk
#define L1_TASK sl1_task
#define L1_BLOCK sl1_block
#define FN_DOT cpu_sdot
#define FN_NRM2 cpu_snrm2
#define FN_AXPY cpu_saxpy
#define FN_SCAL cpu_sscal
#define FN_COPY cpu_scopy
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
#define DOT_CHUNKED ddot_chunked
#define REF_DOT_CHUNK gblas_ref_ddot_chunk
#define REF_NRM2_CHUNK gblas_ref_dnrm2_chunk
#define NRM2_CHUNK dnrm2_chunk
#define REDUCE_CHUNKS dreduce_chunks
#define AXPY_CHUNK daxpy_chunk
#define SCAL_CHUNK dscal_chunk
#define L1_TASK dl1_task
#define L1_BLOCK dl1_block
#define FN_DOT cpu_ddot
#define FN_NRM2 cpu_dnrm2
#define FN_AXPY cpu_daxpy
#define FN_SCAL cpu_dscal
#define FN_COPY cpu_dcopy
#include "level1_body.h"

void CPU_ISA_NAME(fill_level1)(gblas_ops *ops) {
    ops->sdot = cpu_sdot;
    ops->ddot = cpu_ddot;
    ops->snrm2 = cpu_snrm2;
    ops->dnrm2 = cpu_dnrm2;
    ops->saxpy = cpu_saxpy;
    ops->daxpy = cpu_daxpy;
    ops->sscal = cpu_sscal;
    ops->dscal = cpu_dscal;
    ops->scopy = cpu_scopy;
    ops->dcopy = cpu_dcopy;
}
