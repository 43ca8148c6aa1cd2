/* simd_common.h: 256-bit (AVX) helpers that both instruction-set levels of the CPU backend use
 * (every level at or above AVX2 has them): the register transposes behind GEMM's packing and
 * the fixed-order lane sums and the lane max / min behind the reductions. Included by simd_avx2.h and simd_avx512.h. */
#ifndef GBLAS_SIMD_COMMON_H
#define GBLAS_SIMD_COMMON_H

#include <immintrin.h>
#include <stdint.h>

/* dst[q * ds + p] = src[p * ss + q] for p, q < 8: eight rows of src become eight columns. */
static inline void simd_transpose_8x8_f(const float *src, int64_t ss, float *dst, int64_t ds) {
    __m256 r[8], t[8], s[8];
    for (int p = 0; p < 8; p++) r[p] = _mm256_loadu_ps(src + p * ss);
    for (int p = 0; p < 8; p += 2) {
        t[p] = _mm256_unpacklo_ps(r[p], r[p + 1]); /* (p,0) (p+1,0) (p,1) (p+1,1) | cols +4 */
        t[p + 1] = _mm256_unpackhi_ps(r[p], r[p + 1]);
    }
    for (int h = 0; h < 8; h += 4) {
        s[h + 0] = _mm256_shuffle_ps(t[h + 0], t[h + 2], _MM_SHUFFLE(1, 0, 1, 0)); /* col 0, 4 */
        s[h + 1] = _mm256_shuffle_ps(t[h + 0], t[h + 2], _MM_SHUFFLE(3, 2, 3, 2)); /* col 1, 5 */
        s[h + 2] = _mm256_shuffle_ps(t[h + 1], t[h + 3], _MM_SHUFFLE(1, 0, 1, 0)); /* col 2, 6 */
        s[h + 3] = _mm256_shuffle_ps(t[h + 1], t[h + 3], _MM_SHUFFLE(3, 2, 3, 2)); /* col 3, 7 */
    }
    for (int q = 0; q < 4; q++) {
        _mm256_storeu_ps(dst + q * ds, _mm256_permute2f128_ps(s[q], s[q + 4], 0x20));
        _mm256_storeu_ps(dst + (q + 4) * ds, _mm256_permute2f128_ps(s[q], s[q + 4], 0x31));
    }
}

/* dst[q * ds + p] = src[p * ss + q] for p, q < 4. */
static inline void simd_transpose_4x4_f(const float *src, int64_t ss, float *dst, int64_t ds) {
    __m128 r0 = _mm_loadu_ps(src), r1 = _mm_loadu_ps(src + ss);
    __m128 r2 = _mm_loadu_ps(src + 2 * ss), r3 = _mm_loadu_ps(src + 3 * ss);
    _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
    _mm_storeu_ps(dst, r0);
    _mm_storeu_ps(dst + ds, r1);
    _mm_storeu_ps(dst + 2 * ds, r2);
    _mm_storeu_ps(dst + 3 * ds, r3);
}

/* dst[q * ds + p] = src[p * ss + q] for p, q < 4. */
static inline void simd_transpose_4x4_d(const double *src, int64_t ss, double *dst, int64_t ds) {
    const __m256d r0 = _mm256_loadu_pd(src), r1 = _mm256_loadu_pd(src + ss);
    const __m256d r2 = _mm256_loadu_pd(src + 2 * ss), r3 = _mm256_loadu_pd(src + 3 * ss);
    const __m256d t0 = _mm256_unpacklo_pd(r0, r1), t1 = _mm256_unpackhi_pd(r0, r1);
    const __m256d t2 = _mm256_unpacklo_pd(r2, r3), t3 = _mm256_unpackhi_pd(r2, r3);
    _mm256_storeu_pd(dst, _mm256_permute2f128_pd(t0, t2, 0x20));
    _mm256_storeu_pd(dst + ds, _mm256_permute2f128_pd(t1, t3, 0x20));
    _mm256_storeu_pd(dst + 2 * ds, _mm256_permute2f128_pd(t0, t2, 0x31));
    _mm256_storeu_pd(dst + 3 * ds, _mm256_permute2f128_pd(t1, t3, 0x31));
}

/* dst[q * ds + p] = src[p * ss + q] for p, q < 2. */
static inline void simd_transpose_2x2_d(const double *src, int64_t ss, double *dst, int64_t ds) {
    const __m128d r0 = _mm_loadu_pd(src), r1 = _mm_loadu_pd(src + ss);
    _mm_storeu_pd(dst, _mm_unpacklo_pd(r0, r1));
    _mm_storeu_pd(dst + ds, _mm_unpackhi_pd(r0, r1));
}

/* The square transposes by element type: a block of 32 bytes a row (8 floats, 4 doubles) and a
 * half block (4 floats, 2 doubles). */
#define v_transpose_block(src, ss, dst, ds)                                                   \
    _Generic((src), const float *: simd_transpose_8x8_f, const double *: simd_transpose_4x4_d)( \
        src, ss, dst, ds)
#define v_transpose_half_block(src, ss, dst, ds)                                              \
    _Generic((src), const float *: simd_transpose_4x4_f, const double *: simd_transpose_2x2_d)( \
        src, ss, dst, ds)

/* Sum of the 8 (4) lanes: 128-bit halves first, then pairs, then the last two. */
static inline float simd_reduce_add_m256(__m256 v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}
static inline double simd_reduce_add_m256d(__m256d v) {
    __m128d s = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
    s = _mm_add_sd(s, _mm_unpackhi_pd(s, s));
    return _mm_cvtsd_f64(s);
}

/* Largest (smallest) of the 8 (4) lanes: exact, so the order does not matter. */
static inline float simd_reduce_max_m256(__m256 v) {
    __m128 s = _mm_max_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_max_ps(s, _mm_movehl_ps(s, s));
    return _mm_cvtss_f32(_mm_max_ss(s, _mm_movehdup_ps(s)));
}
static inline double simd_reduce_max_m256d(__m256d v) {
    const __m128d s = _mm_max_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
    return _mm_cvtsd_f64(_mm_max_sd(s, _mm_unpackhi_pd(s, s)));
}
static inline float simd_reduce_min_m256(__m256 v) {
    __m128 s = _mm_min_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_min_ps(s, _mm_movehl_ps(s, s));
    return _mm_cvtss_f32(_mm_min_ss(s, _mm_movehdup_ps(s)));
}
static inline double simd_reduce_min_m256d(__m256d v) {
    const __m128d s = _mm_min_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
    return _mm_cvtsd_f64(_mm_min_sd(s, _mm_unpackhi_pd(s, s)));
}

#endif /* GBLAS_SIMD_COMMON_H */
