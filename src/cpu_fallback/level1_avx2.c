/* level1_avx2.c: DOT, NRM2, AXPY, SCAL and COPY in single and double precision for
 * AVX2 + FMA, written once in level1_body.h. */
#include "cpu_paths.h"
#include "simd_avx2.h"

#define CPU_ISA avx2
#include "level1_instances.h"
