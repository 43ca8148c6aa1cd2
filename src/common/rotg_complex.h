/* rotg_complex.h: the scalar numerics of CROTG and ZROTG, shared by the CPU backend (plain C)
 * and the CUDA backend (nvcc: __host__ __device__), so both run the same code.
 * rotg_complex_body.h is written once and instantiated here for gblas_complex_float
 * (gblas_rotg_c) and gblas_complex_double (gblas_rotg_z). */
#ifndef GBLAS_COMMON_ROTG_COMPLEX_H
#define GBLAS_COMMON_ROTG_COMPLEX_H

#include <math.h>

#include "gblas.h"
#include "common/rot_setup.h" /* GBLAS_HD */

/* RC_SAFMIN, RC_SAFMAX: rotg.f90's radix**max(minexponent - 1, 1 - maxexponent) and
 * radix**max(1 - minexponent, maxexponent - 1) of the real type. */
#define RC_T gblas_complex_float
#define RC_R float
#define RC_ROTG gblas_rotg_c
#define RC_ABS fabsf
#define RC_SQRT sqrtf
#define RC_SAFMIN 0x1p-126f
#define RC_SAFMAX 0x1p127f
#include "common/rotg_complex_body.h"

#define RC_T gblas_complex_double
#define RC_R double
#define RC_ROTG gblas_rotg_z
#define RC_ABS fabs
#define RC_SQRT sqrt
#define RC_SAFMIN 0x1p-1022
#define RC_SAFMAX 0x1p1023
#include "common/rotg_complex_body.h"

#ifndef __cplusplus
/* C callers name one routine for both types (CUDA C++ picks gblas_rotg_c / _z by its type). */
#define gblas_rotg_complex(a, b, c, s)                                                        \
    _Generic((a), gblas_complex_float *: gblas_rotg_c, gblas_complex_double *: gblas_rotg_z)( \
        a, b, c, s)
#endif

#endif /* GBLAS_COMMON_ROTG_COMPLEX_H */
