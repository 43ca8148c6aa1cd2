/* gemv_avx512.c: SGEMV and DGEMV (N and T) for AVX-512 (F, VL, DQ), written once in gemv_body.h. */
#include "cpu_paths.h"
#include "simd_avx512.h"

#define CPU_ISA avx512
#include "gemv_instances.h"
