/* simd_avx2.h: the vector vocabulary of the CPU backend's shared bodies for AVX2 + FMA: the
 * names simd_avx512.h defines, resolved for float (__m256, 8 lanes) or double (__m256d,
 * 4 lanes). Partial vectors use vmaskmov, whose masked-off lanes are never accessed. A
 * translation unit includes exactly one of the two headers. Complex types would use the same
 * real vectors with interleaved pairs (type_s.h says how they plug in). */
#ifndef GBLAS_SIMD_H
#define GBLAS_SIMD_H

#include <immintrin.h>
#include <stdint.h>

#include "simd_common.h"

typedef __m256 vec_f;
typedef __m256d vec_d;
#define VEC_F_LANES 8
#define VEC_D_LANES 4
/* Half vectors (xmm), for the shared GEMM kernel's edge shapes; the AVX2 level does not use
 * them (an xmm FMA costs what a ymm one does on the cores it runs on). */
typedef __m128 hvec_f;
typedef __m128d hvec_d;

/* All-ones in the lanes below n. */
static inline __m256i simd_mask_f(int n) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}
static inline __m256i simd_mask_d(int n) {
    return _mm256_cmpgt_epi64(_mm256_set1_epi64x(n), _mm256_setr_epi64x(0, 1, 2, 3));
}
/* Lanes [0, n) of p, zeros above; nothing beyond p[n - 1] is read (0 <= n <= lanes). */
static inline __m256 simd_load_n_f(const float *p, int n) {
    return _mm256_maskload_ps(p, simd_mask_f(n));
}
static inline __m256d simd_load_n_d(const double *p, int n) {
    return _mm256_maskload_pd(p, simd_mask_d(n));
}
/* Writes lanes [0, n) of v to p; nothing beyond p[n - 1] is touched. */
static inline void simd_store_n_f(float *p, __m256 v, int n) {
    _mm256_maskstore_ps(p, simd_mask_f(n), v);
}
static inline void simd_store_n_d(double *p, __m256d v, int n) {
    _mm256_maskstore_pd(p, simd_mask_d(n), v);
}

static inline __m256 simd_abs_f(__m256 v) { return _mm256_andnot_ps(_mm256_set1_ps(-0.0f), v); }
static inline __m256d simd_abs_d(__m256d v) { return _mm256_andnot_pd(_mm256_set1_pd(-0.0), v); }

/* Lane-wise x > t ? a : b and x < t ? a : b (false for NaN x). */
static inline __m256 simd_select_gt_f(__m256 x, __m256 t, __m256 a, __m256 b) {
    return _mm256_blendv_ps(b, a, _mm256_cmp_ps(x, t, _CMP_GT_OQ));
}
static inline __m256d simd_select_gt_d(__m256d x, __m256d t, __m256d a, __m256d b) {
    return _mm256_blendv_pd(b, a, _mm256_cmp_pd(x, t, _CMP_GT_OQ));
}
static inline __m256 simd_select_lt_f(__m256 x, __m256 t, __m256 a, __m256 b) {
    return _mm256_blendv_ps(b, a, _mm256_cmp_ps(x, t, _CMP_LT_OQ));
}
static inline __m256d simd_select_lt_d(__m256d x, __m256d t, __m256d a, __m256d b) {
    return _mm256_blendv_pd(b, a, _mm256_cmp_pd(x, t, _CMP_LT_OQ));
}
/* Whether a lane of x (x >= 0 or NaN) lies outside [lo, hi]; zero and NaN lanes count as
 * inside. */
static inline int simd_any_outside_f(__m256 x, __m256 lo, __m256 hi) {
    const __m256 low = _mm256_and_ps(_mm256_cmp_ps(x, lo, _CMP_LT_OQ),
                                     _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_NEQ_OQ));
    return _mm256_movemask_ps(_mm256_or_ps(low, _mm256_cmp_ps(x, hi, _CMP_GT_OQ))) != 0;
}
static inline int simd_any_outside_d(__m256d x, __m256d lo, __m256d hi) {
    const __m256d low = _mm256_and_pd(_mm256_cmp_pd(x, lo, _CMP_LT_OQ),
                                      _mm256_cmp_pd(x, _mm256_setzero_pd(), _CMP_NEQ_OQ));
    return _mm256_movemask_pd(_mm256_or_pd(low, _mm256_cmp_pd(x, hi, _CMP_GT_OQ))) != 0;
}

/* Bit l set where lane l of a equals lane l of b (never for NaN). */
static inline unsigned simd_eq_bits_f(__m256 a, __m256 b) {
    return (unsigned)_mm256_movemask_ps(_mm256_cmp_ps(a, b, _CMP_EQ_OQ));
}
static inline unsigned simd_eq_bits_d(__m256d a, __m256d b) {
    return (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(a, b, _CMP_EQ_OQ));
}

#define v_loadu(p)                                                                            \
    _Generic((p), float *: _mm256_loadu_ps, const float *: _mm256_loadu_ps,                  \
             double *: _mm256_loadu_pd, const double *: _mm256_loadu_pd)(p)
#define v_storeu(p, v) _Generic((p), float *: _mm256_storeu_ps, double *: _mm256_storeu_pd)(p, v)
#define v_load_n(p, n)                                                                        \
    _Generic((p), float *: simd_load_n_f, const float *: simd_load_n_f,                      \
             double *: simd_load_n_d, const double *: simd_load_n_d)(p, n)
#define v_store_n(p, v, n) _Generic((p), float *: simd_store_n_f, double *: simd_store_n_d)(p, v, n)
#define v_set1(x) _Generic((x), float: _mm256_set1_ps, double: _mm256_set1_pd)(x)
#define v_fma(a, b, c) _Generic((a), __m256: _mm256_fmadd_ps, __m256d: _mm256_fmadd_pd)(a, b, c)
#define v_mul(a, b) _Generic((a), __m256: _mm256_mul_ps, __m256d: _mm256_mul_pd)(a, b)
#define v_add(a, b) _Generic((a), __m256: _mm256_add_ps, __m256d: _mm256_add_pd)(a, b)
#define v_sub(a, b) _Generic((a), __m256: _mm256_sub_ps, __m256d: _mm256_sub_pd)(a, b)
/* Lane-wise max and min; where either lane is NaN the lane of b (x86's rule), so
 * v_max(x, m) passes over a NaN in x. */
#define v_max(a, b) _Generic((a), __m256: _mm256_max_ps, __m256d: _mm256_max_pd)(a, b)
#define v_min(a, b) _Generic((a), __m256: _mm256_min_ps, __m256d: _mm256_min_pd)(a, b)
#define v_reduce_max(v)                                                                       \
    _Generic((v), __m256: simd_reduce_max_m256, __m256d: simd_reduce_max_m256d)(v)
#define v_reduce_min(v)                                                                       \
    _Generic((v), __m256: simd_reduce_min_m256, __m256d: simd_reduce_min_m256d)(v)
#define v_eq_bits(a, b) _Generic((a), __m256: simd_eq_bits_f, __m256d: simd_eq_bits_d)(a, b)
#define v_abs(a) _Generic((a), __m256: simd_abs_f, __m256d: simd_abs_d)(a)
#define v_select_gt(x, t, a, b)                                                               \
    _Generic((x), __m256: simd_select_gt_f, __m256d: simd_select_gt_d)(x, t, a, b)
#define v_select_lt(x, t, a, b)                                                               \
    _Generic((x), __m256: simd_select_lt_f, __m256d: simd_select_lt_d)(x, t, a, b)
#define v_any_outside(x, lo, hi)                                                              \
    _Generic((x), __m256: simd_any_outside_f, __m256d: simd_any_outside_d)(x, lo, hi)
#define v_reduce_add(v)                                                                       \
    _Generic((v), __m256: simd_reduce_add_m256, __m256d: simd_reduce_add_m256d)(v)

static inline __m128 simd_hload_n_f(const float *p, int n) {
    return _mm_maskload_ps(p, _mm256_castsi256_si128(simd_mask_f(n)));
}
static inline __m128d simd_hload_n_d(const double *p, int n) {
    return _mm_maskload_pd(p, _mm256_castsi256_si128(simd_mask_d(n)));
}
static inline void simd_hstore_n_f(float *p, __m128 v, int n) {
    _mm_maskstore_ps(p, _mm256_castsi256_si128(simd_mask_f(n)), v);
}
static inline void simd_hstore_n_d(double *p, __m128d v, int n) {
    _mm_maskstore_pd(p, _mm256_castsi256_si128(simd_mask_d(n)), v);
}
#define h_loadu(p)                                                                            \
    _Generic((p), float *: _mm_loadu_ps, const float *: _mm_loadu_ps, double *: _mm_loadu_pd, \
             const double *: _mm_loadu_pd)(p)
#define h_storeu(p, v) _Generic((p), float *: _mm_storeu_ps, double *: _mm_storeu_pd)(p, v)
#define h_load_n(p, n)                                                                        \
    _Generic((p), float *: simd_hload_n_f, const float *: simd_hload_n_f,                    \
             double *: simd_hload_n_d, const double *: simd_hload_n_d)(p, n)
#define h_store_n(p, v, n)                                                                    \
    _Generic((p), float *: simd_hstore_n_f, double *: simd_hstore_n_d)(p, v, n)
#define h_set1(x) _Generic((x), float: _mm_set1_ps, double: _mm_set1_pd)(x)
#define h_fma(a, b, c) _Generic((a), __m128: _mm_fmadd_ps, __m128d: _mm_fmadd_pd)(a, b, c)
#define h_mul(a, b) _Generic((a), __m128: _mm_mul_ps, __m128d: _mm_mul_pd)(a, b)
#define h_add(a, b) _Generic((a), __m128: _mm_add_ps, __m128d: _mm_add_pd)(a, b)

#endif /* GBLAS_SIMD_H */
