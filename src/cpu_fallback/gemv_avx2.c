/* gemv_avx2.c: SGEMV and DGEMV (N and T) for AVX2 + FMA, written once in gemv_body.h. */
#include "cpu_paths.h"
#include "simd_avx2.h"

#define CPU_ISA avx2
#include "gemv_instances.h"
