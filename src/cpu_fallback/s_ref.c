/* s_ref.c: the CPU backend's reference routines in single precision: portable C for every
 * routine of the table (ref_fill_gen.h), the fill every level starts from. */
#include <math.h>

#include "common/rot_setup.h"
#include "cpu_paths.h"
#include "type_s.h"

#include "level1_chunks_body.h"
#include "ref_level1_body.h"
#include "ref_gemv_body.h"
#include "ref_level2_mv_body.h"
#include "ref_level2_tri_body.h"
#include "ref_level2_update_body.h"
#include "ref_gemm_body.h"
#include "ref_geam_dgmm_body.h"
#include "ref_level3_sym_body.h"
#include "ref_level3_tri_body.h"
#define GEMM_BATCH_ONE ref_gemm
#define GEMM_BATCH_NAME(name) ref_##name
#include "gemm_batched_body.h"
#undef GEMM_BATCH_ONE
#undef GEMM_BATCH_NAME
#include "ref_fill_gen.h"

void gblas_cpu_fill_ref_s(gblas_ops *ops) { ref_fill(ops); }
