/* ref_level1.c: the CPU backend's reference level-1 routines (DOT, NRM2, AXPY, SCAL, COPY) in
 * single and double precision, written once in ref_level1_body.h. DOT and NRM2 reduce in fixed
 * chunks whose partials are combined in chunk order, so results never depend on the thread
 * count; NRM2 uses Blue's algorithm, free of overflow and underflow. */
#include <math.h>

#include "cpu_paths.h"

/* Blue's constants, as nrm2.f90 (reference BLAS 3.10) derives them from the type's radix (2),
 * minimum exponent emin, maximum exponent emax and digits t:
 *   TSML = 2^ceil((emin - 1) / 2)       values below it are summed scaled up by SSML
 *   TBIG = 2^floor((emax - t + 1) / 2)  values above it are summed scaled down by SBIG
 *   SSML = 2^-floor((emin - t) / 2)
 *   SBIG = 2^-ceil((emax + t - 1) / 2)
 * float: emin = -125, emax = 128, t = 24.  double: emin = -1021, emax = 1024, t = 53. */

#define T float
#define ABS fabsf
#define SQRT sqrtf
#define BLUE_TSML 0x1p-63f
#define BLUE_TBIG 0x1p52f
#define BLUE_SSML 0x1p75f
#define BLUE_SBIG 0x1p-76f
#define DOT_CHUNK ref_sdot_chunk
#define NRM2_CHUNK ref_snrm2_chunk
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
#define BLUE_TSML 0x1p-511
#define BLUE_TBIG 0x1p486
#define BLUE_SSML 0x1p537
#define BLUE_SBIG 0x1p-538
#define DOT_CHUNK ref_ddot_chunk
#define NRM2_CHUNK ref_dnrm2_chunk
#define REDUCE_CHUNKS ref_dreduce_chunks
#define FN_DOT gblas_ref_ddot
#define FN_NRM2 gblas_ref_dnrm2
#define FN_AXPY gblas_ref_daxpy
#define FN_SCAL gblas_ref_dscal
#define FN_COPY gblas_ref_dcopy
#include "ref_level1_body.h"
