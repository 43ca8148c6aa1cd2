/* level1_avx512.c: DOT, NRM2, AXPY, SCAL and COPY in single and double precision for
 * AVX-512 (F, VL, DQ), written once in level1_body.h. */
#include "cpu_paths.h"
#include "simd_avx512.h"

#define CPU_ISA avx512
#include "level1_instances.h"
