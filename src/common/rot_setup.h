/* rot_setup.h: the scalar numerics of ROTG and ROTMG, shared by the CPU backend (plain C) and
 * the CUDA backend (compiled by nvcc: __host__ __device__), so that both run the same code.
 * rot_setup_body.h is written once and instantiated here for float (gblas_rotg_s,
 * gblas_rotmg_s) and double (gblas_rotg_d, gblas_rotmg_d). */
#ifndef GBLAS_COMMON_ROT_SETUP_H
#define GBLAS_COMMON_ROT_SETUP_H

#include <math.h>

#if defined(__CUDACC__)
#define GBLAS_HD static inline __host__ __device__
#else
#define GBLAS_HD static inline
#endif

/* RS_SAFMIN, RS_SAFMAX: rotg.f90's radix**max(minexponent - 1, 1 - maxexponent) and its
 * inverse. RS_GAM, RS_GAMSQ, RS_RGAMSQ: drotmg.f's scaling constants, spelled as there (in
 * double RGAMSQ is the decimal 5.9604645e-8, a little above 2^-24). */
#define RS_T float
#define RS_ROTG gblas_rotg_s
#define RS_ROTMG gblas_rotmg_s
#define RS_ABS fabsf
#define RS_SQRT sqrtf
#define RS_COPYSIGN copysignf
#define RS_ISFINITE(v) (RS_ABS(v) <= 0x1.fffffep127f)
#define RS_SAFMIN 0x1p-126f
#define RS_SAFMAX 0x1p127f
#define RS_GAM 4096.0f
#define RS_GAMSQ 16777216.0f
#define RS_RGAMSQ 5.9604645e-8f
#include "common/rot_setup_body.h"

#define RS_T double
#define RS_ROTG gblas_rotg_d
#define RS_ROTMG gblas_rotmg_d
#define RS_ABS fabs
#define RS_SQRT sqrt
#define RS_COPYSIGN copysign
#define RS_ISFINITE(v) (RS_ABS(v) <= 0x1.fffffffffffffp1023)
#define RS_SAFMIN 0x1p-1022
#define RS_SAFMAX 0x1p1023
#define RS_GAM 4096.0
#define RS_GAMSQ 16777216.0
#define RS_RGAMSQ 5.9604645e-8
#include "common/rot_setup_body.h"

#ifndef __cplusplus
/* C callers name one routine for both types (CUDA C++ picks gblas_rotg_s / _d by its type). */
#define gblas_rotg(a, b, c, s)                                                                \
    _Generic((a), float *: gblas_rotg_s, double *: gblas_rotg_d)(a, b, c, s)
#define gblas_rotmg(d1, d2, x1, y1, param)                                                    \
    _Generic((d1), float *: gblas_rotmg_s, double *: gblas_rotmg_d)(d1, d2, x1, y1, param)
#endif

#endif /* GBLAS_COMMON_ROT_SETUP_H */
