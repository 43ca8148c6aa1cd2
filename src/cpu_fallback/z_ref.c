/* z_ref.c: the CPU backend's reference routines in double-precision complex: portable C for
 * every routine of the table in that type (ref_fill_gen.h), the only complex path of every
 * level for now (the vector levels override none of them). */
#include <math.h>

#include "common/rotg_complex.h"
#include "cpu_paths.h"
#include "type_z.h"

#include "ref_level1_complex_body.h"
#include "ref_gemm_complex_body.h"
#include "ref_fill_gen.h"

void gblas_cpu_fill_ref_z(gblas_ops *ops) { ref_fill(ops); }
