/* ref_level1.c: the CPU backend's reference level-1 routines (DOT, NRM2, AXPY, SCAL, COPY) in
 * single and double precision, written once in ref_level1_body.h. DOT and NRM2 reduce in fixed
 * chunks whose partials are combined in chunk order, so results never depend on the thread
 * count; NRM2 uses Blue's algorithm, free of overflow and underflow. */
#include <math.h>

#include "cpu_paths.h"

#define T float
#define ABS fabsf
#define SQRT sqrtf
#define BLUE_TSML GBLAS_BLUE_TSML_F
#define BLUE_TBIG GBLAS_BLUE_TBIG_F
#define BLUE_SSML GBLAS_BLUE_SSML_F
#define BLUE_SBIG GBLAS_BLUE_SBIG_F
#define DOT_CHUNK gblas_ref_sdot_chunk
#define NRM2_CHUNK gblas_ref_snrm2_chunk
#define REDUCE_CHUNKS ref_sreduce_chunks
#define FN_DOT gblas_ref_sdot
#define FN_NRM2 gblas_ref_snrm2
#define FN_AXPY gblas_ref_saxpy
#define FN_SCAL gblas_ref_sscal
#define FN_COPY gblas_ref_scopy
#include "ref_level1_body.h"

#define T double
#define ABS fabs
#define SQRT sqrt
#define BLUE_TSML GBLAS_BLUE_TSML_D
#define BLUE_TBIG GBLAS_BLUE_TBIG_D
#define BLUE_SSML GBLAS_BLUE_SSML_D
#define BLUE_SBIG GBLAS_BLUE_SBIG_D
#define DOT_CHUNK gblas_ref_ddot_chunk
#define NRM2_CHUNK gblas_ref_dnrm2_chunk
#define REDUCE_CHUNKS ref_dreduce_chunks
#define FN_DOT gblas_ref_ddot
#define FN_NRM2 gblas_ref_dnrm2
#define FN_AXPY gblas_ref_daxpy
#define FN_SCAL gblas_ref_dscal
#define FN_COPY gblas_ref_dcopy
#include "ref_level1_body.h"
