/* simd_avx512.h: the vector vocabulary of the CPU backend's shared bodies (gemm_*_body.h,
 * gemv_body.h, level1_*_body.h) for AVX-512: one name per operation, resolved at compile time for
 * float (__m512, 16 lanes) or double (__m512d, 8 lanes) by C11 _Generic on its argument.
 * simd_avx2.h spells the same names for AVX2; a translation unit includes exactly one of them.
 * Complex types would use the same real vectors with interleaved pairs (type_s.h says how). */
#ifndef GBLAS_SIMD_H
#define GBLAS_SIMD_H

#include <immintrin.h>
#include <stdint.h>

#include "simd_common.h"

typedef __m512 vec_f;
typedef __m512d vec_d;
#define VEC_F_LANES 16
#define VEC_D_LANES 8
/* Half vectors (ymm): a GEMM tile's last rows when they fill at most half a vector. Zen 4
 * runs a ymm FMA in half the issue slots of a zmm one. */
typedef __m256 hvec_f;
typedef __m256d hvec_d;

/* Lanes [0, n) of p, zeros above; nothing beyond p[n - 1] is read (0 <= n <= lanes). */
static inline __m512 simd_load_n_f(const float *p, int n) {
    return _mm512_maskz_loadu_ps((__mmask16)((1u << n) - 1), p);
}
static inline __m512d simd_load_n_d(const double *p, int n) {
    return _mm512_maskz_loadu_pd((__mmask8)((1u << n) - 1), p);
}
/* Writes lanes [0, n) of v to p; nothing beyond p[n - 1] is touched. */
static inline void simd_store_n_f(float *p, __m512 v, int n) {
    _mm512_mask_storeu_ps(p, (__mmask16)((1u << n) - 1), v);
}
static inline void simd_store_n_d(double *p, __m512d v, int n) {
    _mm512_mask_storeu_pd(p, (__mmask8)((1u << n) - 1), v);
}

/* Lane-wise x > t ? a : b and x < t ? a : b (false for NaN x). */
static inline __m512 simd_select_gt_f(__m512 x, __m512 t, __m512 a, __m512 b) {
    return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(x, t, _CMP_GT_OQ), b, a);
}
static inline __m512d simd_select_gt_d(__m512d x, __m512d t, __m512d a, __m512d b) {
    return _mm512_mask_blend_pd(_mm512_cmp_pd_mask(x, t, _CMP_GT_OQ), b, a);
}
static inline __m512 simd_select_lt_f(__m512 x, __m512 t, __m512 a, __m512 b) {
    return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(x, t, _CMP_LT_OQ), b, a);
}
static inline __m512d simd_select_lt_d(__m512d x, __m512d t, __m512d a, __m512d b) {
    return _mm512_mask_blend_pd(_mm512_cmp_pd_mask(x, t, _CMP_LT_OQ), b, a);
}
/* Whether a lane of x (x >= 0 or NaN) lies outside [lo, hi]; zero and NaN lanes count as
 * inside. */
static inline int simd_any_outside_f(__m512 x, __m512 lo, __m512 hi) {
    const __mmask16 low = _mm512_cmp_ps_mask(x, lo, _CMP_LT_OQ) &
                          _mm512_cmp_ps_mask(x, _mm512_setzero_ps(), _CMP_NEQ_OQ);
    return (low | _mm512_cmp_ps_mask(x, hi, _CMP_GT_OQ)) != 0;
}
static inline int simd_any_outside_d(__m512d x, __m512d lo, __m512d hi) {
    const __mmask8 low = _mm512_cmp_pd_mask(x, lo, _CMP_LT_OQ) &
                         _mm512_cmp_pd_mask(x, _mm512_setzero_pd(), _CMP_NEQ_OQ);
    return (low | _mm512_cmp_pd_mask(x, hi, _CMP_GT_OQ)) != 0;
}
/* Sum of the lanes in a fixed tree order (halves added until one lane is left). */
static inline float simd_reduce_add_f(__m512 v) {
    const __m256 h = _mm256_add_ps(_mm512_castps512_ps256(v), _mm512_extractf32x8_ps(v, 1));
    return simd_reduce_add_m256(h);
}
static inline double simd_reduce_add_d(__m512d v) {
    const __m256d h = _mm256_add_pd(_mm512_castpd512_pd256(v), _mm512_extractf64x4_pd(v, 1));
    return simd_reduce_add_m256d(h);
}

static inline __m256 simd_hload_n_f(const float *p, int n) {
    return _mm256_maskz_loadu_ps((__mmask8)((1u << n) - 1), p);
}
static inline __m256d simd_hload_n_d(const double *p, int n) {
    return _mm256_maskz_loadu_pd((__mmask8)((1u << n) - 1), p);
}
static inline void simd_hstore_n_f(float *p, __m256 v, int n) {
    _mm256_mask_storeu_ps(p, (__mmask8)((1u << n) - 1), v);
}
static inline void simd_hstore_n_d(double *p, __m256d v, int n) {
    _mm256_mask_storeu_pd(p, (__mmask8)((1u << n) - 1), v);
}

/* Largest (smallest) lane of v, in any order (max and min are exact). */
static inline float simd_reduce_max_f(__m512 v) {
    return simd_reduce_max_m256(
        _mm256_max_ps(_mm512_castps512_ps256(v), _mm512_extractf32x8_ps(v, 1)));
}
static inline double simd_reduce_max_d(__m512d v) {
    return simd_reduce_max_m256d(
        _mm256_max_pd(_mm512_castpd512_pd256(v), _mm512_extractf64x4_pd(v, 1)));
}
static inline float simd_reduce_min_f(__m512 v) {
    return simd_reduce_min_m256(
        _mm256_min_ps(_mm512_castps512_ps256(v), _mm512_extractf32x8_ps(v, 1)));
}
static inline double simd_reduce_min_d(__m512d v) {
    return simd_reduce_min_m256d(
        _mm256_min_pd(_mm512_castpd512_pd256(v), _mm512_extractf64x4_pd(v, 1)));
}
/* Bit l set where lane l of a equals lane l of b (never for NaN). */
static inline unsigned simd_eq_bits_f(__m512 a, __m512 b) {
    return (unsigned)_mm512_cmp_ps_mask(a, b, _CMP_EQ_OQ);
}
static inline unsigned simd_eq_bits_d(__m512d a, __m512d b) {
    return (unsigned)_mm512_cmp_pd_mask(a, b, _CMP_EQ_OQ);
}

#define v_loadu(p)                                                                            \
    _Generic((p), float *: _mm512_loadu_ps, const float *: _mm512_loadu_ps,                  \
             double *: _mm512_loadu_pd, const double *: _mm512_loadu_pd)(p)
#define v_storeu(p, v) _Generic((p), float *: _mm512_storeu_ps, double *: _mm512_storeu_pd)(p, v)
#define v_load_n(p, n)                                                                        \
    _Generic((p), float *: simd_load_n_f, const float *: simd_load_n_f,                      \
             double *: simd_load_n_d, const double *: simd_load_n_d)(p, n)
#define v_store_n(p, v, n) _Generic((p), float *: simd_store_n_f, double *: simd_store_n_d)(p, v, n)
#define v_set1(x) _Generic((x), float: _mm512_set1_ps, double: _mm512_set1_pd)(x)
#define v_fma(a, b, c) _Generic((a), __m512: _mm512_fmadd_ps, __m512d: _mm512_fmadd_pd)(a, b, c)
#define v_mul(a, b) _Generic((a), __m512: _mm512_mul_ps, __m512d: _mm512_mul_pd)(a, b)
#define v_add(a, b) _Generic((a), __m512: _mm512_add_ps, __m512d: _mm512_add_pd)(a, b)
#define v_sub(a, b) _Generic((a), __m512: _mm512_sub_ps, __m512d: _mm512_sub_pd)(a, b)
/* Lane-wise max and min; where either lane is NaN the lane of b (x86's rule), so
 * v_max(x, m) passes over a NaN in x. */
#define v_max(a, b) _Generic((a), __m512: _mm512_max_ps, __m512d: _mm512_max_pd)(a, b)
#define v_min(a, b) _Generic((a), __m512: _mm512_min_ps, __m512d: _mm512_min_pd)(a, b)
#define v_reduce_max(v) _Generic((v), __m512: simd_reduce_max_f, __m512d: simd_reduce_max_d)(v)
#define v_reduce_min(v) _Generic((v), __m512: simd_reduce_min_f, __m512d: simd_reduce_min_d)(v)
#define v_eq_bits(a, b) _Generic((a), __m512: simd_eq_bits_f, __m512d: simd_eq_bits_d)(a, b)
#define v_abs(a) _Generic((a), __m512: _mm512_abs_ps, __m512d: _mm512_abs_pd)(a)
#define v_select_gt(x, t, a, b)                                                               \
    _Generic((x), __m512: simd_select_gt_f, __m512d: simd_select_gt_d)(x, t, a, b)
#define v_select_lt(x, t, a, b)                                                               \
    _Generic((x), __m512: simd_select_lt_f, __m512d: simd_select_lt_d)(x, t, a, b)
#define v_any_outside(x, lo, hi)                                                              \
    _Generic((x), __m512: simd_any_outside_f, __m512d: simd_any_outside_d)(x, lo, hi)
#define v_reduce_add(v) _Generic((v), __m512: simd_reduce_add_f, __m512d: simd_reduce_add_d)(v)

#define h_loadu(p)                                                                            \
    _Generic((p), float *: _mm256_loadu_ps, const float *: _mm256_loadu_ps,                  \
             double *: _mm256_loadu_pd, const double *: _mm256_loadu_pd)(p)
#define h_storeu(p, v) _Generic((p), float *: _mm256_storeu_ps, double *: _mm256_storeu_pd)(p, v)
#define h_load_n(p, n)                                                                        \
    _Generic((p), float *: simd_hload_n_f, const float *: simd_hload_n_f,                    \
             double *: simd_hload_n_d, const double *: simd_hload_n_d)(p, n)
#define h_store_n(p, v, n)                                                                    \
    _Generic((p), float *: simd_hstore_n_f, double *: simd_hstore_n_d)(p, v, n)
#define h_set1(x) _Generic((x), float: _mm256_set1_ps, double: _mm256_set1_pd)(x)
#define h_fma(a, b, c) _Generic((a), __m256: _mm256_fmadd_ps, __m256d: _mm256_fmadd_pd)(a, b, c)
#define h_mul(a, b) _Generic((a), __m256: _mm256_mul_ps, __m256d: _mm256_mul_pd)(a, b)
#define h_add(a, b) _Generic((a), __m256: _mm256_add_ps, __m256d: _mm256_add_pd)(a, b)

#endif /* GBLAS_SIMD_H */
